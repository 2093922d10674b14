import { mkdir } from 'node:fs/promises';
import { formMessages } from '@atelier/core';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousA11yViolations, useChromium } from './support/browser.ts';
import { callFrom, canvasOf, createOwner } from './support/editor.ts';
import { resendSubmission, seedContactForm } from './support/forms.ts';
import type { RunningServer } from './support/server.ts';

// Issue 20's visitor side, tried as an owner and a visitor would: a contact form (made
// here in the database, as the form builder is built beside this) put on a page in a
// form block and published; the visitor types a bad email and sees SPEC's words above the
// field, fixes it, sends, sees 'Submitting…' then the submission message; the key the
// browser used is refused a second time.

const SHOTS = '/tmp/shots-visitor';

describe('a site form on a page, as an owner and a visitor would use it (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    prepare: seedContactForm,
    consoleErrors: true,
  });
  let visitor: Page;
  let usedBody = '';
  let pageId = '';
  let contactId = '';
  const formBlock = () => visitor.locator('.block--form');
  const newsletterBlock = () => visitor.locator('.block--newsletter');

  it('puts the form on a new page in a form block and publishes it', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByLabel('New page title').waitFor();
    const choices = await callFrom(page, 'GET', '/api/config/form-choices');
    expect(choices.status, JSON.stringify(choices.json)).toBe(200);
    const contact = choices.json.forms.find((f: { name: string }) => f.name === 'Contact');
    expect(contact).toBeDefined();
    const newsletter = choices.json.forms.find((f: { name: string }) => f.name === 'Newsletter');

    const created = await callFrom(page, 'POST', '/api/config/pages', { title: 'Write to us' });
    expect(created.status).toBe(201);
    pageId = created.json.id;
    contactId = contact.id;
    const saved = await callFrom(page, 'PUT', `/api/config/pages/${created.json.id}/draft`, {
      blocks: [
        {
          type: 'form',
          version: 1,
          formId: contact.id,
          title: 'Write to us',
          description: 'Questions about an order or a lesson? Ask away.',
        },
        {
          type: 'newsletter',
          version: 1,
          formId: newsletter.id,
          title: 'Letters from the studio',
          description: 'One email a month: new patterns and class dates.',
          buttonLabel: 'Subscribe',
        },
      ],
      baseRevision: created.json.draftRevision,
    });
    expect(saved.status).toBe(200);
    const published = await callFrom(page, 'POST', `/api/config/pages/${created.json.id}/publish`, {
      baseRevision: saved.json.draftRevision,
    });
    expect(published.status).toBe(200);
  });

  it('shows the chosen form in the editor: its picker and the canvas', async () => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(`${server.baseUrl}/config/pages/${pageId}`);
    const canvas = canvasOf(page);
    await canvas.locator('[data-block-type="form"]').getByText('Send message').waitFor();
    await canvas.locator('[data-block-type="form"]').click();
    const picker = page.locator('[data-settings]').getByLabel('Form', { exact: true });
    await expect.poll(() => picker.inputValue()).toBe(contactId);
    expect(await seriousA11yViolations(page, '[data-settings]')).toEqual([]);
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/editor-form-block.png` });
  });

  it('shows the form to a visitor, with no serious accessibility problem', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    visitor = await context.newPage();
    visitor.on('pageerror', (error) => errors.push(error.message));
    visitor.on('request', (request) => {
      if (request.url().endsWith('/api/form/SaveFormSubmission')) {
        usedBody = request.postData() ?? '';
      }
    });
    await visitor.goto(`${server.baseUrl}/write-to-us`);
    await visitor.getByRole('heading', { name: 'Write to us', level: 2 }).waitFor();
    const send = visitor.getByRole('button', { name: 'Send message' });
    // Enabled once the island has hydrated.
    await expect.poll(() => send.isEnabled()).toBe(true);
    expect(await seriousA11yViolations(visitor)).toEqual([]);
  });

  it('puts SPEC’s email error above the field and focuses it', async () => {
    await formBlock().getByLabel('Email').fill('not-an-email');
    await formBlock().getByLabel('Message').fill('Do you teach on Sundays?');
    await visitor.getByText('24 / 200').waitFor();
    await visitor.getByRole('button', { name: 'Send message' }).click();
    const error = formBlock().getByText(formMessages.emailInvalid('user@domain.com'));
    await error.waitFor();
    // Above the field's title: the error comes first in its field.
    const order = await formBlock()
      .locator('.form-field', { has: visitor.getByLabel('Email') })
      .evaluate((field) => [...field.children].map((child) => child.tagName.toLowerCase()));
    expect(order.slice(0, 2)).toEqual(['p', 'label']);
    await visitor.getByText(formMessages.problemAbove).waitFor();
    await visitor.getByText(formMessages.problemBelow).waitFor();
    expect(await visitor.evaluate(() => document.activeElement?.getAttribute('type'))).toBe(
      'email',
    );
    expect(await formBlock().getByLabel('Email').getAttribute('aria-describedby')).toBeTruthy();
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await mkdir(SHOTS, { recursive: true });
    await visitor.screenshot({ path: `${SHOTS}/form-errors-desktop.png`, fullPage: true });
    await visitor.setViewportSize(PHONE);
    await visitor.screenshot({ path: `${SHOTS}/form-errors-phone.png`, fullPage: true });
    await visitor.setViewportSize(DESKTOP);
  });

  it('gives the newsletter block its own label and no problem notices', async () => {
    const block = newsletterBlock();
    await block.getByLabel('Email').fill('nope');
    await block.getByRole('button', { name: 'Subscribe' }).click();
    await block.getByText(formMessages.emailInvalid('user@domain.com')).waitFor();
    expect(await block.getByText(formMessages.problemAbove).count()).toBe(0);
    expect(await block.getByText(formMessages.problemBelow).count()).toBe(0);
    await block.getByLabel('Email').fill('news@example.com');
    await block.getByRole('button', { name: 'Subscribe' }).click();
    await block.getByText('You are on the list.').waitFor();
    await block.screenshot({ path: `${SHOTS}/newsletter-sent-desktop.png` });
  });

  it('tells the visitor SPEC’s words when the key, the network or the server fails', async () => {
    const send = formBlock().getByRole('button', { name: 'Send message' });
    const status = formBlock().locator('.site-form__status');
    await formBlock().getByLabel('Email').fill('ada@example.com');
    const KEY = '**/api/form/FormSubmissionKey';
    const SAVE = '**/api/form/SaveFormSubmission';

    await visitor.route(KEY, (route) => route.fulfill({ status: 503, body: '' }));
    await send.click();
    await status.getByText(formMessages.submissionKeyFailed).waitFor();
    await visitor.unroute(KEY);

    const cases: [number | 'abort', string][] = [
      ['abort', formMessages.submitFailed],
      [500, formMessages.serverError],
      [401, formMessages.unauthorized],
      [404, formMessages.notConfigured],
      [429, formMessages.rateLimited],
      [502, formMessages.unknownError],
    ];
    for (const [answer, words] of cases) {
      await visitor.route(SAVE, (route) =>
        answer === 'abort'
          ? route.abort()
          : route.fulfill({
              status: answer,
              contentType: 'application/json',
              body: JSON.stringify({ error: 'from the server', code: 'X' }),
            }),
      );
      // Unlocked again after each failure (this form has no captcha).
      await expect.poll(() => send.isEnabled()).toBe(true);
      await send.click();
      await status.getByText(words, { exact: true }).waitFor();
      await visitor.unroute(SAVE);
    }
  });

  it('sends the fixed form: Submitting…, then the submission message', async () => {
    // Held a moment on the way, so the locked button can be seen.
    await visitor.route('**/api/form/SaveFormSubmission', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await formBlock().getByLabel('Email').fill('ada@example.com');
    await visitor.getByRole('button', { name: 'Send message' }).click();
    const locked = visitor.getByRole('button', { name: 'Submitting…' });
    await locked.waitFor();
    expect(await locked.isDisabled()).toBe(true);
    await visitor.getByText('Thank you, we will write back within two days.').waitFor();
    await visitor.getByRole('link', { name: 'browse the shop' }).waitFor();
    expect(await formBlock().getByLabel('Email').count()).toBe(0);
    await visitor.screenshot({ path: `${SHOTS}/form-sent-desktop.png` });
    await visitor.setViewportSize(PHONE);
    await visitor.screenshot({ path: `${SHOTS}/form-sent-phone.png` });
    await visitor.setViewportSize(DESKTOP);
    await visitor.unroute('**/api/form/SaveFormSubmission');
  });

  it('refuses a second submission with the same key', async () => {
    expect(JSON.parse(usedBody)).toMatchObject({ form: { email: 'ada@example.com' } });
    const again = await resendSubmission(visitor, usedBody);
    expect(again.status).toBe(403);
    expect(again.json.error).toBe(formMessages.submissionKeyFailed);
  });

  it('shows the fresh form at phone width too', async () => {
    await visitor.setViewportSize(PHONE);
    await visitor.goto(`${server.baseUrl}/write-to-us`);
    await visitor.getByRole('button', { name: 'Send message' }).waitFor();
    const scrolls = await visitor.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(scrolls).toBe(false);
    await visitor.screenshot({ path: `${SHOTS}/form-phone.png`, fullPage: true });
    await visitor.setViewportSize(DESKTOP);
    await visitor.screenshot({ path: `${SHOTS}/form-desktop.png`, fullPage: true });
  });

  it('raised no error in either browser', () => {
    expect(errors).toEqual([]);
  });
});
