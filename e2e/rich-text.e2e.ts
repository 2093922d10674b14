import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { addPage, canvasOf, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

describe('rich text and the link editor in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started));

  it('formats text, adds a checked email link and a new-window web link, and publishes them', async () => {
    await createOwner(page, server.baseUrl);
    await addPage(page, 'Rich Text');

    await page.locator('[data-palette-type="text"]').click();
    // The text is edited on the canvas, where it stands; its toolbar floats above it.
    const canvas = canvasOf(page);
    const text = canvas.getByRole('textbox', { name: 'Text', exact: true });
    await text.waitFor();
    await text.click();
    // Text typed first, then formatted by selecting with the keyboard (Control+Home and
    // Control+End: Home and End would stop at a wrapped line).
    await page.keyboard.type('Made by hand in Lisbon. Write to us');
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 'Made by '.length; i += 1) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 'hand'.length; i += 1) await page.keyboard.press('Shift+ArrowRight');
    await canvas.getByRole('button', { name: 'Bold' }).click();
    expect(await canvas.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.keyboard.press('Control+End');
    for (let i = 0; i < 'Write to us'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');

    // The email tab: a malformed address shows the spec's message under the field.
    await canvas.getByRole('button', { name: 'Link', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add link' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page, '.link-dialog')).toEqual([]);
    await dialog.getByRole('tab', { name: 'Email' }).click();
    await dialog.getByLabel('Email address', { exact: true }).fill('studio@');
    await dialog.getByRole('button', { name: 'Apply link' }).click();
    await dialog.getByText('Emails must be formatted as name@example.com').waitFor();
    // The field at fault takes focus in the frame after its message renders.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    expect(await seriousA11yViolations(page, '.link-dialog')).toEqual([]);
    await saveScreenshot(page, 'link-editor-email-error');
    await dialog.getByLabel('Email address', { exact: true }).fill('studio@example.com');
    await dialog.getByLabel('Subject').fill('Hello there');
    await dialog.getByRole('button', { name: 'Apply link' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => text.evaluate((node) => node === document.activeElement)).toBe(true);

    // The web address tab: a bad address, then a good one opening in a new window.
    await page.keyboard.press('Control+End');
    await page.keyboard.type('. Visit the shop');
    for (let i = 0; i < 'the shop'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await canvas.getByRole('button', { name: 'Link', exact: true }).click();
    await dialog.waitFor();
    // The File tab holds the file manager; the dialog stays accessible with it.
    await dialog.getByRole('tab', { name: 'File' }).click();
    await dialog.getByLabel('File address', { exact: true }).waitFor();
    expect(await seriousA11yViolations(page, '.link-dialog')).toEqual([]);
    await dialog.getByRole('tab', { name: 'Web Address' }).click();
    await dialog.getByLabel('Web address', { exact: true }).fill('not a link');
    await dialog.getByRole('button', { name: 'Apply link' }).click();
    await dialog
      .getByText('Links must be formatted as example.com or https://example.com')
      .waitFor();
    await dialog.getByLabel('Web address', { exact: true }).fill('example.com/shop');
    await dialog.getByLabel('Open in New Window').check();
    await dialog.getByRole('button', { name: 'Apply link' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(await seriousA11yViolations(page, '.rich-text')).toEqual([]);
    await saveScreenshot(page, 'rich-text-editor');

    // A button's link: an unsafe address is flagged at once; the link editor makes a tel: link.
    await page.locator('[data-palette-type="button"]').click();
    const buttonLink = page.getByLabel('Link', { exact: true });
    await buttonLink.fill('javascript:alert(1)');
    await page.getByText('Links must be formatted as example.com or https://example.com').waitFor();
    await page.getByRole('button', { name: 'Edit link in the link editor' }).click();
    const buttonDialog = page.getByRole('dialog', { name: 'Edit link' });
    await buttonDialog.getByRole('tab', { name: 'Phone' }).click();
    await buttonDialog.getByLabel('Phone number').fill('+1 (555) 010-0100');
    expect(await buttonDialog.getByLabel('Open in New Window').count()).toBe(0);
    await buttonDialog.getByRole('button', { name: 'Apply link' }).click();
    await buttonDialog.waitFor({ state: 'detached' });
    expect(await buttonLink.inputValue()).toBe('tel:+15550100100');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Published. The page is live.' }).count(),
      )
      .toBe(1);

    // A visitor (a new browser context, no session) sees exactly that.
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const response = await visitor.goto(`${server.baseUrl}/rich-text`);
    expect(response?.status()).toBe(200);
    const block = visitor.locator('main .block--text');
    expect(await block.textContent()).toBe('Made by hand in Lisbon. Write to us. Visit the shop');
    expect(await block.locator('strong').textContent()).toBe('hand');
    const email = block.getByRole('link', { name: 'Write to us' });
    expect(await email.getAttribute('href')).toBe(
      'mailto:studio@example.com?subject=Hello%20there',
    );
    expect(await email.getAttribute('target')).toBeNull();
    const shop = block.getByRole('link', { name: 'the shop' });
    expect(await shop.getAttribute('href')).toBe('https://example.com/shop');
    expect(await shop.getAttribute('target')).toBe('_blank');
    expect(await shop.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await visitor.locator('main .block--button a').getAttribute('href')).toBe(
      'tel:+15550100100',
    );
    await context.close();

    // The editor reloads the stored (server-sanitized) document with its formatting.
    // The open page's address is /config/pages/<id>: a reload opens it again.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Rich Text' }).waitFor();
    await canvasOf(page).locator('[data-block-type="text"]').click();
    const reloaded = canvasOf(page).getByRole('textbox', { name: 'Text', exact: true });
    await reloaded.locator('strong', { hasText: 'hand' }).waitFor();
    expect(await reloaded.locator('a[href="https://example.com/shop"]').textContent()).toBe(
      'the shop',
    );
    expect(errors).toEqual([]);
  });
});
