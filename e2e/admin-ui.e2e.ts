import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { callFrom, createOwner, OWNER } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Every /config screen of the admin design system at desktop and phone width: no serious
 * or critical axe violations, nothing wider than the phone, and a screenshot of each in
 * e2e/screenshots/admin-<screen>-desktop.png and -phone.png to look at.
 */
describe('the admin screens at desktop and phone width (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: DESKTOP,
  });

  const call = (method: string, path: string, body?: unknown) => callFrom(page, method, path, body);

  /**
   * Checks the screen as it is at both widths and saves both screenshots; `ready` is
   * awaited after each resize (a phone menu or dialog may need a moment to settle).
   */
  async function checkBothWidths(
    screen: string,
    { ready, isModal = false }: { ready?: () => Promise<void>; isModal?: boolean } = {},
  ) {
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await ready?.();
      // Animations and fonts settle before the picture.
      await page.waitForTimeout(250);
      expect(await seriousA11yViolations(page), `${screen} at ${width}`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${screen} at ${width} scrolls sideways`).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `admin-${screen}-${width}`, { isFullPage: !isModal });
    }
    await page.setViewportSize(DESKTOP);
  }

  /** Opens a screen from the navigation, through the Menu button on a phone. */
  async function open(name: string) {
    // The last screen's toasts would cover this one's picture.
    for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) {
      await dismiss.click();
    }
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name }).click();
  }

  it('shows the create-owner card on a fresh install', async () => {
    await page.goto(`${server.baseUrl}/config`);
    await page.getByRole('heading', { name: 'Create the owner of this website' }).waitFor();
    await checkBothWidths('create-owner');
  });

  it('lists pages in the shell, with the menu behind a button on a phone', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    for (const title of ['Workshops', 'Journal', 'Old offers', 'Gift cards']) {
      const created = await call('POST', '/api/config/pages', { title });
      expect(created.status).toBe(201);
      if (title !== 'Journal') {
        await call('POST', `/api/config/pages/${created.json.id}/publish`, {
          baseRevision: created.json.draftRevision,
        });
      }
    }
    await page.reload();
    await page.getByRole('button', { name: 'Move Workshops up' }).waitFor();
    await checkBothWidths('pages');

    // The phone's menu is a disclosure: closed, then open with every item.
    await page.setViewportSize(PHONE);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const item of ['Pages', 'Products', 'Header & footer', 'Files', 'Settings', 'Developer']) {
      await nav.getByRole('button', { name: item, exact: true }).waitFor();
    }
    await nav.getByRole('link', { name: /View site/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-menu-phone', { isFullPage: false });
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await page.setViewportSize(DESKTOP);
  });

  it('sorts and pages all pages in the data table', async () => {
    await page.getByRole('tab', { name: 'All pages' }).click();
    const table = page.getByRole('table', { name: 'All pages' });
    await table.waitFor();
    await table.getByRole('button', { name: 'Title' }).click();
    expect(await table.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(await table.getByRole('rowheader').first().textContent()).toMatch(/^About/);
    await page.getByRole('checkbox', { name: 'Select Journal' }).check();
    await page.getByRole('button', { name: 'Delete selected' }).waitFor();
    await checkBothWidths('pages-table');
    // A popover explains the statuses; Escape closes it and focus returns to its button.
    const help = page.getByRole('button', { name: 'Who sees each status' });
    await help.click();
    expect(await help.getAttribute('aria-expanded')).toBe('true');
    await page
      .getByRole('dialog', { name: 'Who sees each status' })
      .getByText('Nobody yet.')
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-status-popover-desktop', { isFullPage: false });
    await page.keyboard.press('Escape');
    expect(await help.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('checkbox', { name: 'Select Journal' }).uncheck();
    await page.getByRole('tab', { name: 'Site menu' }).click();
  });

  it("shows a page's settings in a dialog", async () => {
    await page.getByRole('button', { name: 'Settings of Workshops' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of Workshops' });
    await dialog.getByLabel('URL slug').waitFor();
    await checkBothWidths('page-settings', {
      isModal: true,
      ready: () => dialog.getByLabel('URL slug').waitFor(),
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('asks before deleting a page, with a red confirm button', async () => {
    await page.getByRole('button', { name: 'Delete Old offers' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the page “Old offers”?' });
    await confirm.waitFor();
    // Focus starts on Cancel, so a stray Enter deletes nothing.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await checkBothWidths('confirm-delete', { isModal: true });
    await confirm.getByRole('button', { name: 'Delete page' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted Old offers.' }).first().waitFor();
  });

  it('shows the header & footer screen in the shell', async () => {
    await open('Header & footer');
    await page.getByRole('heading', { level: 1, name: 'Header & footer' }).waitFor();
    await checkBothWidths('header-footer');
  });

  it('shows the files screen with a file chosen', async () => {
    await open('Files');
    await page.getByRole('heading', { level: 1, name: 'Files' }).waitFor();
    await page.getByRole('tab', { name: 'Manage' }).click();
    const png = await sharp({
      create: { width: 640, height: 400, channels: 3, background: '#7c8db5' },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel('Upload File')
      .setInputFiles({ name: 'studio-window.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('heading', { name: 'File Detail' }).waitFor();
    await checkBothWidths('files');
  });

  it('shows the settings screen with its members table', async () => {
    await open('Settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('table', { name: 'Members' }).waitFor();
    await page.getByLabel('Site title').fill('Atelier Studio');
    await page.getByRole('button', { name: 'Save site settings' }).click();
    // A toast confirms, read politely.
    await page.getByText('Site settings saved.').first().waitFor();
    await checkBothWidths('settings');
  });

  it("shows developer mode's chrome around CodeMirror", async () => {
    await open('Developer');
    await page.getByRole('heading', { level: 1, name: 'Developer mode' }).waitFor();
    await page.locator('.cm-content').waitFor();
    await checkBothWidths('developer');
  });

  it('signs out to the sign-in card', async () => {
    await open('Pages');
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the editor' }).waitFor();
    await checkBothWidths('sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    expect(errors).toEqual([]);
  });
});
