import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

describe('navigation and files in /config, seen on the public site (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started));

  /** A JSON call of the editor API from the signed-in page (or another), with its crumb. */
  const call = (method: string, path: string, body?: unknown, from: Page = page) =>
    callFrom(from, method, path, body);

  /** The header menu's text as a visitor with no session sees it. */
  async function publicMenu(): Promise<string> {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${server.baseUrl}/`);
    const text = (await visitor.getByRole('navigation', { name: 'Main' }).textContent()) ?? '';
    await context.close();
    return text.replace(/\s+/g, ' ');
  }
  const order = (text: string, a: string, b: string) => text.indexOf(a) < text.indexOf(b);
  const status = (text: string) => page.getByRole('status').filter({ hasText: text });

  it('creates the owner and shows Main Navigation and Not Linked', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    for (const title of ['Alpha Page', 'Beta Page']) {
      const created = await call('POST', '/api/config/pages', { title });
      expect(created.status).toBe(201);
      const published = await call('POST', `/api/config/pages/${created.json.id}/publish`, {
        baseRevision: created.json.draftRevision,
      });
      expect(published.status).toBe(200);
    }
    await page.reload();
    const panel = page.getByRole('main');
    await panel.getByRole('heading', { name: 'Main Navigation' }).waitFor();
    await panel.getByRole('heading', { name: 'Not Linked' }).waitFor();
    await panel.getByRole('button', { name: 'Move Beta Page up' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(order(await publicMenu(), 'Alpha Page', 'Beta Page')).toBe(true);
  });

  it('reorders the main navigation and the public menu changes', async () => {
    await page.getByRole('button', { name: 'Move Beta Page up' }).click();
    await expect.poll(() => status('Moved Beta Page up.').count()).toBe(1);
    await expect.poll(async () => order(await publicMenu(), 'Beta Page', 'Alpha Page')).toBe(true);

    // The same by dragging, with the keyboard: pick up, move up one place, drop.
    await page.getByRole('button', { name: 'Drag Alpha Page' }).focus();
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      // dnd-kit measures the list and animates between steps.
      await page.waitForTimeout(300);
    }
    await expect.poll(() => status('Moved Alpha Page.').count()).toBe(1);
    await expect.poll(async () => order(await publicMenu(), 'Alpha Page', 'Beta Page')).toBe(true);
  });

  it('adds a folder, nests a page in it, and the public site shows it as a menu', async () => {
    await page.getByLabel('New folder title').fill('Studio');
    await page.getByLabel('Folder link').selectOption('index');
    await page.getByRole('button', { name: 'Add folder' }).click();
    await expect.poll(() => status('Added Studio.').count()).toBe(1);
    await page.getByLabel('Move Alpha Page into folder').selectOption({ label: 'In Studio' });
    await expect.poll(() => status('Moved Alpha Page into Studio.').count()).toBe(1);
    await page.getByRole('list', { name: 'Pages in Studio' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'editor-navigation');

    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${server.baseUrl}/`);
    const nav = visitor.getByRole('navigation', { name: 'Main' });
    // index behaviour: the folder's own link opens its first page.
    expect(await nav.getByRole('link', { name: 'Studio' }).getAttribute('href')).toBe(
      '/alpha-page',
    );
    const menu = nav.getByRole('list', { name: 'Studio' });
    expect(await menu.isVisible()).toBe(false);
    await nav.locator('summary').first().focus();
    await visitor.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Alpha Page' }).waitFor({ state: 'visible' });
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await context.close();
  });

  it('uploads, renames and deletes a file in the file manager', async () => {
    await page.getByRole('button', { name: 'Settings of Beta Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of Beta Page' });
    await dialog.getByRole('button', { name: 'Choose image' }).click();
    await dialog.getByRole('tab', { name: 'Manage' }).click();
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    await dialog
      .getByLabel('Upload File')
      .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('heading', { name: 'File Detail' }).waitFor();
    expect(
      await dialog.getByRole('tab', { name: 'Existing Files' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'editor-file-manager');

    await dialog.getByLabel('File name').fill('');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await dialog.getByText('Please enter a file name').waitFor();
    await dialog.getByLabel('File name').fill('Harbour at dusk.png');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await dialog.getByText('Renamed to Harbour at dusk.png.').waitFor();
    await dialog.getByRole('button', { name: /Harbour at dusk\.png/ }).waitFor();

    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    // Deleting asks first, in a dialog of its own over the settings.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete file' }).click();
    await dialog.getByText('Deleted Harbour at dusk.png.').waitFor();
    const files = await call('GET', '/api/config/media');
    expect(
      files.json.files.some((f: { filename: string }) => f.filename === 'Harbour at dusk.png'),
    ).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows Settings to the owner but not to an editor, whom the server refuses too', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).waitFor();
    const added = await call('POST', '/api/config/members', {
      email: 'editor@example.com',
      password: 'editor password 1',
      role: 4,
    });
    expect(added.status).toBe(201);
    const context = await browser.newContext();
    const editor = await context.newPage();
    await editor.goto(`${server.baseUrl}/config`);
    await editor.getByLabel('Email').fill('editor@example.com');
    await editor.getByLabel('Password').fill('editor password 1');
    await editor.getByRole('button', { name: 'Sign in' }).click();
    await editor.getByRole('navigation', { name: 'Admin' }).waitFor();
    expect(await editor.getByRole('button', { name: 'Settings', exact: true }).count()).toBe(0);
    expect((await call('GET', '/api/config/settings', undefined, editor)).status).toBe(403);
    // Editors write pages, not the catalog.
    expect(await editor.getByRole('button', { name: 'Products', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('gives a store manager the products and files, and no pages', async () => {
    const added = await call('POST', '/api/config/members', {
      email: 'shop@example.com',
      password: 'store password 1',
      role: 8,
    });
    expect(added.status).toBe(201);
    const context = await browser.newContext();
    const manager = await context.newPage();
    await manager.goto(`${server.baseUrl}/config`);
    await manager.getByLabel('Email').fill('shop@example.com');
    await manager.getByLabel('Password').fill('store password 1');
    await manager.getByRole('button', { name: 'Sign in' }).click();
    const nav = manager.getByRole('navigation', { name: 'Admin' });
    await nav.waitFor();
    // Their first screen is the products.
    await manager.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await manager.getByRole('table', { name: 'Products' }).waitFor();
    for (const hidden of ['Pages', 'Header & footer', 'Settings', 'Webhooks', 'Developer']) {
      expect(await nav.getByRole('button', { name: hidden, exact: true }).count(), hidden).toBe(0);
    }
    await nav.getByRole('button', { name: 'Files', exact: true }).waitFor();
    expect(await seriousA11yViolations(manager)).toEqual([]);
    await context.close();
    expect(errors).toEqual([]);
  });
});
