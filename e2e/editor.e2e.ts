import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { blockTypesOn, canvasOf } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

describe('the editor at /config in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started));

  /** What a visitor with no session sees: a new browser context each time. */
  async function visitPublic(path: string) {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const response = await visitor.goto(`${server.baseUrl}${path}`);
    const main = (await visitor.locator('main').textContent()) ?? '';
    await context.close();
    return { status: response?.status(), main };
  }

  it('creates the owner on the first visit, with no serious accessibility violations', async () => {
    await page.goto(`${server.baseUrl}/config`);
    await page.getByRole('heading', { name: 'Create the owner of this website' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'editor-create-owner');
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create owner' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('adds a page with a heading and text, saves a draft the public cannot see, then publishes', async () => {
    await page.getByLabel('New page title').fill('Our Studio');
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Studio' }).waitFor();

    // The palette adds after the selected block and opens the new block's settings.
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.getByLabel('Heading text').fill('Made by hand');
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    const text = canvasOf(page).getByRole('textbox', { name: 'Text', exact: true });
    await text.click();
    await page.keyboard.type('We weave in small batches.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Visit us on Saturdays.');

    // The canvas is the page: the heading typed in the settings is on it.
    expect(await canvasOf(page).getByRole('heading', { name: 'Made by hand' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Draft saved' }).count())
      .toBe(1);
    await saveScreenshot(page, 'editor-page-draft');

    const before = await visitPublic('/our-studio');
    expect(before.status).toBe(404);
    expect(before.main).not.toContain('Made by hand');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: 'Published. The page is live.' }).count(),
      )
      .toBe(1);

    const after = await visitPublic('/our-studio');
    expect(after.status).toBe(200);
    expect(after.main.trim()).toBe('Made by handWe weave in small batches.Visit us on Saturdays.');
    expect(errors).toEqual([]);
  });

  it('moves blocks with the toolbar and keeps focus on the moved block', async () => {
    await page.keyboard.press('Escape');
    const heading = canvasOf(page).locator('[data-block-type="heading"]');
    await heading.click();
    await heading.getByRole('button', { name: 'Move down' }).click();
    await expect.poll(() => blockTypesOn(page)).toEqual(['text', 'heading']);
    await expect
      .poll(() => heading.evaluate((node) => node === node.ownerDocument.activeElement))
      .toBe(true);
    expect(await heading.getAttribute('aria-label')).toBe('Heading, block 2 of 2, selected');
  });

  it('undoes and redoes with the buttons and the keyboard', async () => {
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await blockTypesOn(page)).toEqual(['heading', 'text']);
    await page.getByRole('button', { name: 'Redo' }).click();
    expect(await blockTypesOn(page)).toEqual(['text', 'heading']);
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('Control+z');
    expect(await blockTypesOn(page)).toEqual(['heading', 'text']);
    await page.keyboard.press('Control+Shift+z');
    expect(await blockTypesOn(page)).toEqual(['text', 'heading']);
  });

  it('shows the canvas at desktop, tablet and phone widths', async () => {
    const frame = page.locator('iframe.canvas-frame');
    const widthInFrame = () =>
      canvasOf(page)
        .locator('body')
        .evaluate(() => window.innerWidth);
    const phone = page.getByRole('button', { name: 'Phone' });
    await phone.click();
    expect(await phone.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await frame.boundingBox())?.width).toBeLessThanOrEqual(432);
    await expect.poll(widthInFrame).toBe(390);
    await page.getByRole('button', { name: 'Tablet' }).click();
    await expect.poll(widthInFrame).toBe(768);
    await page.getByRole('button', { name: 'Desktop' }).click();
    expect(await phone.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(widthInFrame).toBeGreaterThanOrEqual(1100);
  });

  it('adds a section below and moves a block into it with Alt+Down', async () => {
    const canvas = canvasOf(page);
    await canvas.getByRole('button', { name: 'Section 1' }).click();
    await canvas.getByRole('button', { name: 'Add section below' }).click();
    await canvas.getByRole('button', { name: 'Section 2' }).waitFor();
    // Selected, the heading is typed into in place; Alt+Down still moves the block.
    await canvas.locator('[data-block-type="heading"]').click();
    await page.keyboard.press('Alt+ArrowDown');
    await expect
      .poll(() => canvas.locator('[data-section-key]').nth(1).locator('[data-block-key]').count())
      .toBe(1);
    await page.getByText('Heading moved to position 2 of 2.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('deletes a section with its blocks, and Undo in the notice brings it back', async () => {
    const canvas = canvasOf(page);
    await canvas.getByRole('button', { name: 'Section 2' }).click();
    await canvas.getByRole('button', { name: 'Delete section' }).click();
    await expect.poll(() => canvas.locator('[data-section-key]').count()).toBe(1);
    expect(await blockTypesOn(page)).toEqual(['text']);
    await page
      .getByRole('status')
      .filter({ hasText: 'Section deleted.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(() => canvas.locator('[data-section-key]').count()).toBe(2);
    expect(await blockTypesOn(page)).toEqual(['text', 'heading']);
  });

  it('gives a section a colour background, shown on the canvas as visitors will see it', async () => {
    const canvas = canvasOf(page);
    await canvas.getByRole('button', { name: 'Section 2' }).click();
    const settings = page.locator('[data-settings]');
    await settings.getByRole('heading', { name: 'Section settings' }).waitFor();
    await settings.getByRole('radio', { name: 'Colour', exact: true }).check();
    await settings.getByRole('radio', { name: 'Sand', exact: true }).check();
    await expect
      .poll(() =>
        canvas.locator('[data-section-key]').nth(1).locator('.page-section').getAttribute('class'),
      )
      .toContain('page-section--bg-sand');
    await saveScreenshot(page, 'editor-canvas-section');
  });

  it('edits the header and footer on the same canvas; a save shows them on every page', async () => {
    // The page editor is full-screen; Back (its address is /config/pages/<id>) leaves it.
    await page.goBack();
    await page.getByRole('button', { name: 'Header & footer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Header & footer' }).waitFor();
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.getByLabel('Heading text').fill('Free shipping over $50');
    await page.getByRole('button', { name: 'Footer', exact: true }).click();
    await page.getByRole('button', { name: 'Social links', exact: true }).click();
    await page.getByLabel('Service 1').fill('Instagram');
    await page.getByLabel('Profile address 1').fill('javascript:alert(1)');
    await page
      .getByText('Use a web address starting with https:// or a page of this site such as /about.')
      .waitFor();
    await page.getByLabel('Profile address 1').fill('https://instagram.com/atelier');
    // The footer's copyright line is the owner's, saved with the blocks (issue 29).
    await page.getByLabel('Copyright line').fill('© 2026 Atelier Studio Ltd.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'editor-header-footer-copyright');
    await page.getByRole('button', { name: 'Header', exact: true }).click();
    await page.getByRole('button', { name: 'Choose logo' }).waitFor();
    await saveScreenshot(page, 'editor-header-footer-logo');
    await page.getByRole('button', { name: 'Save header & footer' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Header and footer saved' }).count())
      .toBe(1);

    for (const path of ['/', '/our-studio']) {
      const context = await browser.newContext();
      const visitor = await context.newPage();
      await visitor.goto(`${server.baseUrl}${path}`);
      expect(await visitor.locator('header').textContent()).toContain('Free shipping over $50');
      const link = visitor.locator('footer').getByRole('link', { name: /Instagram/ });
      expect(await link.getAttribute('href')).toBe('https://instagram.com/atelier');
      expect(await visitor.locator('footer').textContent()).toContain('© 2026 Atelier Studio Ltd.');
      await context.close();
    }
  });

  it('signs out and signs back in', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the editor' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('wrong password here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await page.getByRole('button', { name: /^Our Studio/ }).waitFor();
  });
});
