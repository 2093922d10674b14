import type { EditorPage } from '@atelier/contract';
import { capabilitiesOf, ROLE_LABELS, ROLE_ORDER, Role } from '@atelier/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NoScreensNotice } from './NoScreensNotice.tsx';
import { PageView, VIEW_ONLY_NOTICE } from './PageViewer.tsx';
import { screensFor, startScreen } from './screens.ts';

// What /config opens for each role of the permission matrix: the navigation, the screen a
// member lands on, the notice for roles with nothing of the site to open, and the page a
// viewer reads without a control to change it.

const keysOf = (role: Role) => screensFor(capabilitiesOf(role)).map((item) => item.key);

describe('screens per role', () => {
  it('gives every role “Your account”, and lands only the roles with nothing else nowhere', () => {
    const landsNowhere = ROLE_ORDER.filter(
      (role) => startScreen(screensFor(capabilitiesOf(role)), undefined) === null,
    );
    for (const role of ROLE_ORDER) expect(keysOf(role)).toContain('account');
    // Their jobs (comments, appointments) are not built yet; None has no access.
    expect(landsNowhere.map((role) => ROLE_LABELS[role]).sort()).toEqual(
      [
        Role.moderator,
        Role.commenter,
        Role.scheduling,
        Role.schedulingEditor,
        Role.schedulingViewer,
        Role.none,
      ]
        .map((role) => ROLE_LABELS[role])
        .sort(),
    );
    for (const role of landsNowhere) expect(keysOf(role)).toEqual(['account']);
  });

  it('lands a reporting member on Analytics, their only screen of the site', () => {
    expect(keysOf(Role.reporting)).toEqual(['analytics', 'account']);
    expect(startScreen(screensFor(capabilitiesOf(Role.reporting)), undefined)).toBe('analytics');
    expect(startScreen(screensFor(capabilitiesOf(Role.reporting)), 'orders')).toBe('analytics');
    // Administrators and website managers open it too, and still land on Pages.
    for (const role of [Role.admin, Role.websiteManager]) {
      expect(keysOf(role)).toContain('analytics');
      expect(startScreen(screensFor(capabilitiesOf(role)), undefined)).toBe('pages');
    }
    expect(keysOf(Role.storeManager)).not.toContain('analytics');
  });

  it('opens Design to those who may change it, beside Header & footer, and not to a viewer', () => {
    for (const role of ROLE_ORDER) {
      const keys = keysOf(role);
      expect(keys.includes('design'), ROLE_LABELS[role]).toBe(
        capabilitiesOf(role).includes('design.edit'),
      );
    }
    expect(keysOf(Role.admin)).toContain('design');
    const admin = keysOf(Role.admin);
    expect(admin.indexOf('design') + 1).toBe(admin.indexOf('header-footer'));
  });

  it('opens Pages and Files to a viewer, and lands on Pages', () => {
    expect(keysOf(Role.viewer)).toEqual(['pages', 'files', 'account']);
    expect(startScreen(screensFor(capabilitiesOf(Role.viewer)), undefined)).toBe('pages');
  });

  it('lands a store manager on Products, and on an address’s screen only if it opens', () => {
    const screens = screensFor(capabilitiesOf(Role.storeManager));
    expect(startScreen(screens, undefined)).toBe('products');
    expect(startScreen(screens, 'orders')).toBe('orders');
    expect(startScreen(screens, 'developer')).toBe('products');
    // "Your account" by address still opens for anyone.
    expect(startScreen(screensFor(capabilitiesOf(Role.none)), 'account')).toBe('account');
  });
});

describe('NoScreensNotice', () => {
  it('says what a moderator’s role is for, and offers their own account', () => {
    const markup = renderToStaticMarkup(
      <NoScreensNotice
        role={Role.moderator}
        capabilities={capabilitiesOf(Role.moderator)}
        onOpenAccount={() => undefined}
      />,
    );
    expect(markup).toContain('You are signed in as Moderator.');
    expect(markup).toContain('Approve, hide and delete comments');
    expect(markup).toContain('Open your account');
    expect(markup).not.toContain('Your own sign-in');
  });

  it('tells a member with role None that the role gives no access', () => {
    const markup = renderToStaticMarkup(
      <NoScreensNotice
        role={Role.none}
        capabilities={capabilitiesOf(Role.none)}
        onOpenAccount={() => undefined}
      />,
    );
    expect(markup).toContain('Your role gives no access to this site’s editor.');
    expect(markup).not.toContain('view the site');
  });
});

describe('a page for a role that may only read it', () => {
  const page: EditorPage = {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'About us',
    urlSlug: 'about',
    description: '',
    status: 'published',
    isInNavigation: true,
    navigationIndex: 1,
    kind: 'page',
    folderBehavior: null,
    parentPageId: null,
    seoTitle: '',
    socialImageId: null,
    hasUnpublishedChanges: true,
    publishedAt: null,
    publishAt: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    draftBlocks: [{ type: 'heading', version: 1, text: 'Hello', level: 2 }],
    draftRevision: 3,
    data: { media: {}, collections: {} },
  };

  it('shows the page, says it cannot be changed, and offers nothing that changes it', () => {
    const markup = renderToStaticMarkup(
      <PageView
        page={page}
        site={null}
        device="desktop"
        onDeviceChange={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(markup).toContain('About us</h1>');
    expect(markup).toContain(VIEW_ONLY_NOTICE);
    expect(markup).toContain('It shows the latest draft, not yet published.');
    expect(markup).toContain('aria-label="Canvas"');
    // Its only controls: back to the list and the canvas width.
    const buttons = [...markup.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) =>
      (m[1] ?? '').replace(/<[^>]+>/g, '').trim(),
    );
    expect(buttons).toEqual(['← Pages', 'Desktop', 'Tablet', 'Phone']);
    expect(markup).not.toMatch(/<(input|textarea|select|form|details)\b/);
    expect(markup).not.toContain('Add a block');
    expect(markup).not.toContain('data-palette');
    expect(markup).not.toContain('data-settings');
  });
});
