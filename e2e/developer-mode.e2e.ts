import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

const LIST_TEMPLATE = `<section class="dev-list">
  <h1>Hand-picked: {collection.title}</h1>
  <ul>
  {.repeated section items}<li class="dev-item"><a href="{fullUrl}">{title}</a></li>{.end}
  </ul>
</section>`;

const BROKEN_TEMPLATE = `<h1>{collection.title}</h1>
{.repeated section items}
<p>{title|nosuch}</p>`;

describe('developer mode in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started));

  /** The public list page as a visitor with no session sees it. */
  async function visitShop() {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const response = await visitor.goto(`${server.baseUrl}/shop`);
    const main = (await visitor.locator('main').innerHTML()) ?? '';
    const items = await visitor.locator('main .dev-item').allTextContents();
    await context.close();
    return { status: response?.status(), main, items };
  }

  /** Replaces the whole CodeMirror document, as pasting over a selection would. */
  async function replaceSource(text: string) {
    const editor = page.getByRole('textbox', { name: /template$/ });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(text);
  }

  it('opens developer mode for the owner, with no serious accessibility violations', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByRole('button', { name: 'Developer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Developer mode' }).waitFor();
    await page.getByRole('navigation', { name: 'Template slots' }).waitFor();
    await page.locator('.cm-content').waitFor();
    // CodeMirror's run-time stylesheet got past the CSP (by the shell's nonce).
    expect(await page.locator('.cm-editor').evaluate((el) => getComputedStyle(el).display)).toBe(
      'flex',
    );
    // One screen at a time: the Pages screen is not shown beside it.
    expect(await page.getByRole('heading', { level: 1, name: 'Pages' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('saves a custom product-list template and the public list page changes', async () => {
    const before = await visitShop();
    expect(before.status).toBe(200);
    expect(before.items).toEqual([]);

    await replaceSource(LIST_TEMPLATE);
    await page.getByRole('button', { name: 'Save template' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'It is live now.' }).count())
      .toBe(1);
    expect(await page.getByRole('alert').textContent()).toBe('');

    const after = await visitShop();
    expect(after.status).toBe(200);
    expect(after.main).toContain('<section class="dev-list">');
    expect(after.main).toMatch(/<h1>Hand-picked: [^<]+<\/h1>/);
    expect(after.items.length).toBeGreaterThan(0);
    expect(after.items).toContain('Linen Work Shirt');
    await saveScreenshot(page, 'developer-mode-saved');
  });

  it('shows an invalid template its errors with line and column and keeps the live page', async () => {
    const live = await visitShop();
    await replaceSource(BROKEN_TEMPLATE);
    await page.keyboard.press('ControlOrMeta+s');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.locator('li').count()).toBe(2);
    expect(await alert.locator('li').allTextContents()).toEqual([
      'Line 2, column 1: SyntaxError: Reached EOF in the middle of REPEATED',
      "Line 3, column 11: SyntaxError: Formatter 'nosuch' is unknown",
    ]);
    expect(await alert.textContent()).toContain('Nothing was saved');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'developer-mode-errors');

    const after = await visitShop();
    expect(after.main).toBe(live.main);
    expect(after.items).toContain('Linen Work Shirt');
  });

  it('saves a template whose partial is missing and shows the render warning as a status, not an alert', async () => {
    await replaceSource(
      '<section class="dev-list">\n{.repeated section items}\n<p class="dev-item">{@|apply card}</p>\n{.end}\n</section>',
    );
    await page.getByRole('button', { name: 'Save template' }).click();
    const status = page.getByRole('status').filter({ hasText: 'It is live now.' });
    await expect.poll(() => status.locator('li').count()).toBe(1);
    expect(await status.locator('li').textContent()).toBe(
      "Line 3, column 30: RuntimeError: Attempt to apply partial 'card' which could not be found.",
    );
    expect(await page.getByRole('alert').textContent()).toBe('');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'developer-mode-warnings');
    // Saved and live: the list renders, without the missing part.
    expect((await visitShop()).main).toContain('<section class="dev-list">');
  });

  it('removes the custom template and the default list page returns', async () => {
    await page.getByRole('button', { name: 'Remove custom template' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove template' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'default rendering again' }).count())
      .toBe(1);
    const after = await visitShop();
    expect(after.main).not.toContain('dev-list');
    expect(after.items).toEqual([]);
  });

  it('keeps unsaved template text while the owner visits the pages and comes back', async () => {
    await replaceSource('<p class="draft">{collection.title}</p>');
    await page.getByRole('button', { name: 'Pages', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Developer mode' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Developer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Developer mode' }).waitFor();
    expect(await page.locator('.cm-content').textContent()).toBe(
      '<p class="draft">{collection.title}</p>',
    );
    expect(await page.getByRole('button', { name: /unsaved changes/ }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
