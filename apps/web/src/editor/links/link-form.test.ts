import { describe, expect, it } from 'vitest';
import { initialLinkForm, type LinkFormState, submitLinkForm } from './link-form.ts';

const form = (changes: Partial<LinkFormState>): LinkFormState => ({
  ...initialLinkForm(null),
  ...changes,
});

describe('the link editor form', () => {
  it('opens a new link on Web Address with nothing filled in', () => {
    expect(initialLinkForm(null)).toMatchObject({ kind: 'web', address: '', isNewWindow: false });
  });

  it('opens an existing link on the tab that made it, with its fields', () => {
    expect(
      initialLinkForm({
        href: 'mailto:hi@example.com?subject=Order%20question&cc=a%40example.com',
        isNewWindow: false,
      }),
    ).toMatchObject({
      kind: 'email',
      email: 'hi@example.com',
      subject: 'Order question',
      cc: 'a@example.com',
    });
    expect(initialLinkForm({ href: '/our-studio', isNewWindow: true })).toMatchObject({
      kind: 'page',
      pagePath: '/our-studio',
      isNewWindow: true,
    });
    expect(initialLinkForm({ href: 'tel:+15550100', isNewWindow: false })).toMatchObject({
      kind: 'phone',
      phone: '+15550100',
    });
    expect(initialLinkForm({ href: '/files/a/b.pdf', isNewWindow: false })).toMatchObject({
      kind: 'file',
      filePath: '/files/a/b.pdf',
    });
    expect(initialLinkForm({ href: 'https://example.com', isNewWindow: false })).toMatchObject({
      kind: 'web',
      address: 'https://example.com',
    });
  });

  it('shows the spec messages for a bad email, an empty email and a bad web address', () => {
    expect(submitLinkForm(form({ kind: 'email', email: 'hello@' }))).toEqual({
      ok: false,
      error: { field: 'email', message: 'Emails must be formatted as name@example.com' },
    });
    expect(submitLinkForm(form({ kind: 'email', email: '' }))).toEqual({
      ok: false,
      error: { field: 'email', message: 'Please enter a valid email' },
    });
    expect(submitLinkForm(form({ kind: 'web', address: 'not a link' }))).toEqual({
      ok: false,
      error: {
        field: 'address',
        message: 'Links must be formatted as example.com or https://example.com',
      },
    });
    expect(submitLinkForm(form({ kind: 'web', address: '/bad page' }))).toEqual({
      ok: false,
      error: { field: 'page', message: '/bad page is not a valid page URL' },
    });
  });

  it('builds the href of the tab on show and keeps Open in New Window', () => {
    const state = form({
      kind: 'email',
      email: 'hi@example.com',
      subject: 'Hello',
      address: 'ignored.example.com',
      isNewWindow: true,
    });
    expect(submitLinkForm(state)).toEqual({
      ok: true,
      value: { href: 'mailto:hi@example.com?subject=Hello', isNewWindow: true },
    });
    expect(submitLinkForm(form({ kind: 'web', address: 'example.com' }))).toEqual({
      ok: true,
      value: { href: 'https://example.com', isNewWindow: false },
    });
    expect(submitLinkForm(form({ kind: 'page', pagePath: '/' }))).toEqual({
      ok: true,
      value: { href: '/', isNewWindow: false },
    });
    expect(submitLinkForm(form({ kind: 'phone', phone: '(555) 0100' }))).toEqual({
      ok: true,
      value: { href: 'tel:5550100', isNewWindow: false },
    });
    expect(submitLinkForm(form({ kind: 'file', filePath: '/files/w/m/1000.webp' }))).toEqual({
      ok: true,
      value: { href: '/files/w/m/1000.webp', isNewWindow: false },
    });
  });
});
