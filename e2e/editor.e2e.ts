import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
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
    const text = page.getByRole('textbox', { name: 'Text', exact: true });
    await text.click();
    await page.keyboard.type('We weave in small batches.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Visit us on Saturdays.');

    const preview = page.getByRole('region', { name: 'Preview' });
    expect(await preview.getByRole('heading', { name: 'Made by hand' }).count()).toBe(1);
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

  it('moves blocks with the keyboard and keeps focus on the moved block', async () => {
    const moveDown = page.getByRole('button', { name: 'Move down, block 1' });
    await moveDown.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move up, block 2');
    expect(await page.locator('[data-select]').first().textContent()).toBe('1. Text');
  });

  it('undoes and redoes with the buttons and the keyboard', async () => {
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await page.locator('[data-select]').first().textContent()).toBe('1. Heading');
    await page.getByRole('button', { name: 'Redo' }).click();
    expect(await page.locator('[data-select]').first().textContent()).toBe('1. Text');
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('Control+z');
    expect(await page.locator('[data-select]').first().textContent()).toBe('1. Heading');
    await page.keyboard.press('Control+Shift+z');
    expect(await page.locator('[data-select]').first().textContent()).toBe('1. Text');
  });

  it('previews the page at desktop, tablet and phone widths', async () => {
    const frame = page.locator('.device-preview .preview-frame');
    const phone = page.getByRole('button', { name: 'Phone' });
    await phone.click();
    expect(await phone.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await frame.boundingBox())?.width).toBeLessThanOrEqual(432);
    await page.getByRole('button', { name: 'Tablet' }).click();
    await expect.poll(async () => (await frame.boundingBox())?.width).toBe(768);
    await page.getByRole('button', { name: 'Desktop' }).click();
    expect(await phone.getAttribute('aria-pressed')).toBe('false');
  });

  it('adds a section and moves a block into it with a keyboard drag', async () => {
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('region', { name: 'Section 2' }).waitFor();
    const handle = page.getByRole('button', { name: 'Drag Heading block 2' });
    await handle.focus();
    // dnd-kit measures the droppables after the pick-up and animates each step: give it frames.
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(400);
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByRole('region', { name: 'Section 2' }).locator('[data-select]').count())
      .toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
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
    expect(await seriousA11yViolations(page)).toEqual([]);
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
