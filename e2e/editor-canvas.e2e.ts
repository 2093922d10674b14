import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import {
  addPage,
  blockTypesOn,
  canvasOf,
  createOwner,
  dragTo,
  dropLineOn,
} from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Issue 17's "Done means", tried as a new owner would: the page is edited on the canvas
// itself (a frame at the chosen device width). Blocks are dragged from the palette onto
// the page, text is typed where it stands, a word becomes a link, a block is dragged to
// another place, undone and redone, the page is seen at phone width and published; then
// the same again with the keyboard alone.

describe('editing the page on the canvas, as a new owner would (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    viewport: { width: 1400, height: 1000 },
  });

  it('creates the owner and adds a page, which opens on an empty canvas', async () => {
    await createOwner(page, server.baseUrl);
    await addPage(page, 'Studio Notes');
    await canvasOf(page).getByText('Drag a block here from the left').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('drags a heading and a text block onto the page and types into them in place', async () => {
    const canvas = canvasOf(page);
    await dragTo(
      page,
      page.locator('[data-palette-type="heading"]'),
      canvas.getByText('Drag a block here from the left'),
      'middle',
      dropLineOn(page),
    );
    const heading = canvas.getByRole('textbox', { name: 'Heading text' });
    await heading.waitFor();
    await heading.press('Control+a');
    await page.keyboard.type('Made by hand');

    await dragTo(
      page,
      page.locator('[data-palette-type="text"]'),
      canvas.locator('[data-block-key]').first(),
      'bottom',
      dropLineOn(page),
    );
    const text = canvas.getByRole('textbox', { name: 'Text', exact: true });
    await text.waitFor();
    await expect.poll(() => text.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.type('Visit our studio on Saturdays');
    expect(await blockTypesOn(page)).toEqual(['heading', 'text']);
    expect(await canvas.locator('[data-block-type="heading"] h2').textContent()).toBe(
      'Made by hand',
    );
  });

  it('selects a word on the canvas and makes it a link from the floating toolbar', async () => {
    const canvas = canvasOf(page);
    await page.keyboard.press('Control+End');
    for (let i = 0; i < ' on Saturdays'.length; i += 1) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 'studio'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    const toolbar = canvas.getByRole('toolbar', { name: 'Text formatting' });
    await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add link' });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Web Address' }).click();
    await dialog.getByRole('textbox', { name: 'Web address' }).fill('example.com/studio');
    await dialog.getByRole('button', { name: 'Apply link' }).click();
    await dialog.waitFor({ state: 'detached' });
    const link = canvas.locator('[data-block-type="text"] a');
    expect(await link.textContent()).toBe('studio');
    expect(await link.getAttribute('href')).toBe('https://example.com/studio');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'editor-canvas-text');
  });

  it('drags an image onto the page, chooses a file, then drags it above the text', async () => {
    const canvas = canvasOf(page);
    await dragTo(
      page,
      page.locator('[data-palette-type="image"]'),
      canvas.locator('[data-block-type="text"]'),
      'bottom',
      dropLineOn(page),
    );
    await expect.poll(() => blockTypesOn(page)).toEqual(['heading', 'text', 'image']);
    const settings = page.locator('[data-settings]');
    await settings.getByRole('button', { name: /studio-fabrics\.png/ }).click();
    await settings.getByRole('button', { name: 'Choose File' }).click();
    await settings.getByText('Chosen: studio-fabrics.png').waitFor();
    // The autosave brings the image's renditions onto the canvas.
    await canvas.locator('[data-block-type="image"] img').waitFor({ timeout: 10_000 });

    await dragTo(
      page,
      canvas.getByRole('button', { name: /^Drag Image block/ }),
      canvas.locator('[data-block-type="text"]'),
      'top',
      dropLineOn(page),
    );
    await expect.poll(() => blockTypesOn(page)).toEqual(['heading', 'image', 'text']);
  });

  it('undoes and redoes the move with the keyboard', async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+z');
    await expect.poll(() => blockTypesOn(page)).toEqual(['heading', 'text', 'image']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => blockTypesOn(page)).toEqual(['heading', 'image', 'text']);
  });

  it('shows the page at phone width with the storefront’s phone layout', async () => {
    await page.getByRole('button', { name: 'Phone', exact: true }).click();
    const frame = page.locator('iframe.canvas-frame');
    await expect.poll(async () => (await frame.boundingBox())?.width).toBe(390);
    const frameWidth = await canvasOf(page)
      .locator('body')
      .evaluate(() => window.innerWidth);
    expect(frameWidth).toBe(390);
    await saveScreenshot(page, 'editor-canvas-phone');
    await page.getByRole('button', { name: 'Tablet', exact: true }).click();
    // Laid out at 768 px (drawn smaller when the editor has less room).
    await expect
      .poll(() =>
        canvasOf(page)
          .locator('body')
          .evaluate(() => window.innerWidth),
      )
      .toBe(768);
    await page.getByRole('button', { name: 'Desktop', exact: true }).click();
  });

  it('publishes, and a visitor sees the same page', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Published. The page is live.' }).count(),
      )
      .toBe(1);
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const response = await visitor.goto(`${server.baseUrl}/studio-notes`);
    expect(response?.status()).toBe(200);
    const main = visitor.locator('main');
    expect(
      await main.locator('.block').evaluateAll((blocks) => blocks.map((b) => b.className)),
    ).toEqual(['block block--heading', 'block block--image', 'block block--text']);
    expect(await main.locator('h2').textContent()).toBe('Made by hand');
    expect(await main.locator('.block--text').textContent()).toBe('Visit our studio on Saturdays');
    expect(await main.getByRole('link', { name: 'studio' }).getAttribute('href')).toBe(
      'https://example.com/studio',
    );
    await context.close();
  });

  it('adds and moves a block with the keyboard alone, with spoken feedback', async () => {
    const canvas = canvasOf(page);
    // The palette adds after the selected block; nothing is selected, so at the end.
    await page.keyboard.press('Escape');
    await page.locator('[data-palette-type="quote"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => blockTypesOn(page)).toEqual(['heading', 'image', 'text', 'quote']);
    const quote = canvas.locator('[data-block-type="quote"]');
    await expect
      .poll(() => quote.evaluate((node) => node === node.ownerDocument.activeElement))
      .toBe(true);
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => blockTypesOn(page)).toEqual(['heading', 'quote', 'image', 'text']);
    await page.getByText('Quote moved to position 2 of 4.').waitFor();
    // Focus stayed on the moved block: Tab reaches its toolbar, Delete removes it.
    await expect
      .poll(() => quote.evaluate((node) => node === node.ownerDocument.activeElement))
      .toBe(true);
    await page.keyboard.press('Delete');
    await expect.poll(() => blockTypesOn(page)).toEqual(['heading', 'image', 'text']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => blockTypesOn(page)).toEqual(['heading', 'quote', 'image', 'text']);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('duplicates with Ctrl+D and saves now with Ctrl+S, the save state in view', async () => {
    const canvas = canvasOf(page);
    await canvas.locator('[data-block-type="image"]').click();
    await page.keyboard.press('Control+d');
    await expect
      .poll(() => blockTypesOn(page))
      .toEqual(['heading', 'quote', 'image', 'image', 'text']);
    await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
    await page.locator('.save-state', { hasText: 'Saved' }).waitFor();
  });

  it('leaving at once after an edit saves it first, so nothing is lost', async () => {
    const canvas = canvasOf(page);
    await canvas.locator('[data-block-type="heading"]').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' in Lisbon');
    await page.getByRole('button', { name: 'Pages', exact: true }).click();
    await page.getByRole('button', { name: /^Studio Notes/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Studio Notes' }).waitFor();
    await expect
      .poll(() => canvasOf(page).locator('[data-block-type="heading"] h2').textContent())
      .toBe('Made by hand in Lisbon');
  });

  it('schedules a new page from the top bar', async () => {
    await page.getByRole('button', { name: 'Pages', exact: true }).click();
    await addPage(page, 'Spring Sale');
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.getByText('Schedule…').click();
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16);
    await page.getByLabel('Publish at (your time)').fill(local);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Scheduled to publish at' }).waitFor();
    await page.locator('.status-badge', { hasText: 'Scheduled' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
