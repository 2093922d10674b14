import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
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

// Issue 7's "Done means", tried as a new owner would: a fresh install, the owner created
// on the first visit, a page built by dragging blocks from the palette with the mouse,
// an uploaded image, and a visitor in a separate browser seeing exactly that once it is
// published (and not a draft edit before it is).

describe('building a page in the editor, as a new owner would (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    viewport: { width: 1400, height: 1000 },
  });

  /** What a visitor with no session sees: a new browser context each time. */
  async function visit(path: string) {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const response = await visitor.goto(`${server.baseUrl}${path}`);
    const main = visitor.locator('main');
    const seen = {
      status: response?.status(),
      text: ((await main.textContent()) ?? '').trim(),
      images: await main
        .locator('img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('src'))),
      links: await main
        .locator('a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      blocks: await main
        .locator('.block')
        .evaluateAll((blocks) => blocks.map((block) => block.className)),
    };
    await context.close();
    return seen;
  }

  it('creates the owner on a fresh install and adds a page', async () => {
    await createOwner(page, server.baseUrl);
    await addPage(page, 'Workshop');
  });

  it('drags a text block and an image block from the palette onto the page', async () => {
    const canvas = canvasOf(page);
    await dragTo(
      page,
      page.locator('[data-palette-type="text"]'),
      canvas.getByText('Drag a block here from the left'),
      'middle',
      dropLineOn(page),
    );
    const text = canvas.getByRole('textbox', { name: 'Text', exact: true });
    await text.waitFor();
    await text.click();
    await page.keyboard.type('Weaving classes every Saturday. Book a place');
    for (let i = 0; i < 'Book a place'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await canvas.getByRole('button', { name: 'Link', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add link' });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Web Address' }).click();
    await dialog.getByRole('textbox', { name: 'Web address' }).fill('example.com/classes');
    await dialog.getByRole('button', { name: 'Apply link' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Below the text block: its lower half.
    await dragTo(
      page,
      page.locator('[data-palette-type="image"]'),
      canvas.locator('[data-block-key]').first(),
      'bottom',
      dropLineOn(page),
    );
    await expect.poll(() => blockTypesOn(page)).toEqual(['text', 'image']);
  });

  it('uploads an image with the file manager and chooses it', async () => {
    const settings = page.locator('[data-settings]');
    await settings.getByRole('tab', { name: 'Manage' }).click();
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 90, b: 40 } },
    })
      .png()
      .toBuffer();
    await settings
      .getByLabel('Upload File')
      .setInputFiles({ name: 'loom.png', mimeType: 'image/png', buffer: png });
    await settings.getByText('Uploaded loom.png.').waitFor();
    await settings.getByRole('button', { name: 'Choose File' }).click();
    await settings.getByText('Chosen: loom.png').waitFor();
    // The autosave brings the image's renditions onto the canvas.
    await expect
      .poll(() => canvasOf(page).locator('[data-block-key] img').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'editor-flow-canvas');
  });

  it('publishes, and a visitor in a new browser sees exactly that content', async () => {
    expect((await visit('/workshop')).status).toBe(404);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Published. The page is live.' }).count(),
      )
      .toBe(1);
    const seen = await visit('/workshop');
    expect(seen.status).toBe(200);
    expect(seen.text).toBe('Weaving classes every Saturday. Book a place');
    expect(seen.blocks.map((c) => c.replace('block ', ''))).toEqual([
      'block--text',
      'block--image',
    ]);
    expect(seen.links).toEqual(['https://example.com/classes']);
    expect(seen.images).toHaveLength(1);
    // The uploaded file, served by the site.
    const src = seen.images[0] ?? '';
    expect(src).toMatch(/^\/files\/[0-9a-f-]+\/[0-9a-f-]+\/\d+\.\w+$/);
    const file = await fetch(`${server.baseUrl}${src}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^image\//);
  });

  it('keeps a draft edit off the public page until it is published', async () => {
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.getByLabel('Heading text').fill('Spring term');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Draft saved' }).count())
      .toBe(1);
    const before = await visit('/workshop');
    expect(before.text).toBe('Weaving classes every Saturday. Book a place');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Published. The page is live.' }).count(),
      )
      .toBe(1);
    const after = await visit('/workshop');
    // The heading went after the selected block (the image).
    expect(after.text).toBe('Weaving classes every Saturday. Book a placeSpring term');
    expect(errors).toEqual([]);
  });

  it('adds a gallery whose lightbox a visitor opens and closes with the keyboard', async () => {
    await page.getByRole('button', { name: 'Gallery', exact: true }).click();
    const settings = page.locator('[data-settings]');
    await settings.getByRole('button', { name: /loom\.png/ }).click();
    await settings.getByRole('button', { name: 'Add to gallery' }).click();
    await settings.getByRole('group', { name: 'Images (1)' }).waitFor();
    // The status already says Published from before: wait for this publish's answer.
    const published = page.waitForResponse(
      (r) => r.url().endsWith('/publish') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await published).status()).toBe(200);

    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${server.baseUrl}/workshop`);
    const open = visitor.getByRole('button', { name: /^Open image 1 of 1/ });
    // The island hydrates on load; until then the button does nothing.
    await visitor.locator('[data-island="GalleryLightbox"][data-hydrated="true"]').waitFor();
    await open.focus();
    await visitor.keyboard.press('Enter');
    const lightbox = visitor.getByRole('dialog', { name: 'Image 1 of 1' });
    await lightbox.waitFor();
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await visitor.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('embeds a video that asks nothing of YouTube until the visitor presses play', async () => {
    await page.getByRole('button', { name: 'Video', exact: true }).click();
    await page.getByLabel('Video link').fill('https://example.com/movie.mp4');
    await page.getByText('Use a YouTube or Vimeo link', { exact: false }).waitFor();
    await page.getByLabel('Video link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByLabel('Video title').fill('Warping the loom');
    const published = page.waitForResponse(
      (r) => r.url().endsWith('/publish') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await published).status()).toBe(200);

    const context = await browser.newContext();
    const asked: string[] = [];
    // Nothing leaves the machine in tests: third-party requests are noted and refused.
    await context.route(/youtube|ytimg|vimeo|google/, (route) => {
      asked.push(route.request().url());
      return route.abort();
    });
    const visitor = await context.newPage();
    await visitor.goto(`${server.baseUrl}/workshop`);
    await visitor.locator('[data-island="VideoFacade"][data-hydrated="true"]').waitFor();
    expect(await visitor.locator('iframe').count()).toBe(0);
    expect(asked).toEqual([]);
    await visitor.getByRole('button', { name: 'Play video: Warping the loom' }).click();
    const frame = visitor.locator('iframe[title="Warping the loom"]');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    await context.close();
  });

  it('edits code with CodeMirror, and with a plain text area on Android', async () => {
    await page.getByRole('button', { name: 'Code', exact: true }).click();
    const editor = page.locator('[data-settings] .cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('<b>bold?</b>');
    await expect
      .poll(() => canvasOf(page).locator('pre code').last().textContent())
      .toBe('<b>bold?</b>');
    expect(await canvasOf(page).locator('pre b').count()).toBe(0);

    const android = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile',
      storageState: await page.context().storageState(),
    });
    const phone = await android.newPage();
    await phone.goto(`${server.baseUrl}/config`);
    await phone.getByRole('button', { name: /^Workshop/ }).click();
    await phone.getByRole('heading', { level: 1, name: 'Workshop' }).waitFor();
    await phone.getByRole('button', { name: 'Code', exact: true }).click();
    await phone.getByText('Code editing is not available on Android.').waitFor();
    await phone.locator('[data-settings] textarea').fill('plain');
    expect(await phone.locator('[data-settings] .cm-editor').count()).toBe(0);
    await android.close();
  });
});
