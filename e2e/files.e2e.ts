// Issue 7's files beyond images, in Chromium as an owner would use them: a PDF size guide
// uploaded in the link editor's File tab and linked from rich text, an MP3 uploaded in the
// audio block's file manager, a product chosen from the store's list instead of a typed id,
// and a visitor's page that links and plays those files from /files.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { addPage, canvasOf, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);
const mp3 = Buffer.concat([
  Buffer.from([0x49, 0x44, 0x33, 0x04, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(413),
]);

describe('documents, audio and catalog pickers in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started));

  it('links an uploaded PDF, plays an uploaded MP3 and shows a chosen product on the public page', async () => {
    await createOwner(page, server.baseUrl);
    await addPage(page, 'Downloads');

    // Rich text whose last words link to a PDF uploaded in the link editor's File tab.
    await page.locator('[data-palette-type="text"]').click();
    const text = canvasOf(page).getByRole('textbox', { name: 'Text', exact: true });
    await text.waitFor();
    await text.click();
    await page.keyboard.type('Read the size guide');
    for (let i = 0; i < 'size guide'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await canvasOf(page).getByRole('button', { name: 'Link', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add link' });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'File' }).click();
    await dialog.getByRole('tab', { name: 'Manage' }).click();
    // The File tab takes any kind of file: documents are offered beside images.
    expect(await dialog.getByLabel('Upload File').getAttribute('accept')).toContain(
      'application/pdf',
    );
    await dialog
      .getByLabel('Upload File')
      .setInputFiles({ name: 'size-guide.pdf', mimeType: 'application/pdf', buffer: pdf });
    await dialog.getByText('Uploaded size-guide.pdf.').waitFor();
    // Listed with an icon, its name and size, not a broken thumbnail.
    const tile = dialog.getByRole('button', { name: /size-guide\.pdf/ });
    expect(await tile.locator('img').count()).toBe(0);
    expect(await tile.textContent()).toBe(`size-guide.pdf${pdf.length} Bytes`);
    expect(await seriousA11yViolations(page, '.link-dialog')).toEqual([]);
    await saveScreenshot(page, 'files-link-editor-pdf');
    await dialog.getByRole('button', { name: 'Link to this file' }).click();
    const address = dialog.getByLabel('File address', { exact: true });
    await expect.poll(() => address.inputValue()).toMatch(/^\/files\/.+\/file\.pdf$/);
    const pdfUrl = await address.inputValue();
    await dialog.getByRole('button', { name: 'Apply link' }).click();
    await dialog.waitFor({ state: 'detached' });

    // An audio block: its file manager lists and takes audio only.
    await page.locator('[data-palette-type="audio"]').click();
    const settings = page.locator('[data-settings]');
    await settings.getByRole('tab', { name: 'Manage' }).waitFor();
    expect(await settings.getByRole('button', { name: /size-guide\.pdf/ }).count()).toBe(0);
    await settings.getByRole('tab', { name: 'Manage' }).click();
    const upload = settings.getByLabel('Upload File');
    expect(await upload.getAttribute('accept')).not.toContain('application/pdf');
    // A PDF offered to the audio block is refused before it is sent, with the spec's sentence.
    await upload.setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: pdf });
    await settings.getByText('The file menu.pdf does not appear to be a supported file').waitFor();
    await upload.setInputFiles({ name: 'Shop theme.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
    await settings.getByText('Uploaded Shop theme.mp3.').waitFor();
    expect(await seriousA11yViolations(page, '[data-settings]')).toEqual([]);
    await settings.getByRole('button', { name: 'Use this track' }).click();
    expect(await settings.getByLabel('Track title').inputValue()).toBe('Shop theme');
    const mp3Url = await settings.getByLabel('Audio file address').inputValue();
    expect(mp3Url).toMatch(/^\/files\/.+\/file\.mp3$/);

    // A product block: the collection and the product come from selects, not typed ids.
    await page.locator('[data-palette-type="product"]').click();
    const product = settings.getByLabel('Product', { exact: true });
    await expect
      .poll(() => product.locator('option').count(), { timeout: 10_000 })
      .toBeGreaterThan(1);
    const firstProduct = await product.locator('option').nth(1).getAttribute('value');
    await product.selectOption(firstProduct ?? '');
    expect(await seriousA11yViolations(page, '[data-settings]')).toEqual([]);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Published. The page is live.' }).count(),
      )
      .toBe(1);

    // A visitor's page links the PDF, plays the MP3 from /files, and shows the product.
    const context = await browser.newContext();
    const visitor = await context.newPage();
    expect((await visitor.goto(`${server.baseUrl}/downloads`))?.status()).toBe(200);
    const link = visitor.locator('main .block--text').getByRole('link', { name: 'size guide' });
    expect(await link.getAttribute('href')).toBe(pdfUrl);
    const audio = visitor.locator('main .block--audio audio');
    expect(await audio.getAttribute('src')).toBe(mp3Url);
    expect(await audio.getAttribute('aria-label')).toBe('Shop theme');
    expect(await visitor.locator('main .block--product').count()).toBe(1);
    await context.close();

    const served = await fetch(`${server.baseUrl}${pdfUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const track = await fetch(`${server.baseUrl}${mp3Url}`);
    expect(track.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await track.arrayBuffer()).equals(mp3)).toBe(true);
    expect(errors).toEqual([]);
  });
});
