import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAtBothWidths, saveScreenshot, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Issue 19 as a merchant who wants to start clean: Settings offers to remove the demo
// store's sample content, says what goes, and the shop is then empty but still works.

describe('remove demo content (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: { width: 1280, height: 800 },
  });
  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name }).click();

  it('removes the demo content from Settings after a confirmation', async () => {
    await createOwner(page, server.baseUrl);
    await nav('Settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const card = page.getByRole('heading', { name: 'Demo content' });
    await card.waitFor();
    await page.getByText(/It still holds 7 products, 5 categories, 3 pages, 9 images/).waitFor();
    await checkAtBothWidths(page, [{ name: 'admin-demo-content', scrollTo: card }]);

    await page.getByRole('button', { name: 'Remove demo content' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove demo content?' });
    await dialog.getByText(/This removes 7 products/).waitFor();
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Cancel' })
          .evaluate((b) => b === document.activeElement),
      )
      .toBe(true);
    await saveScreenshot(page, 'admin-demo-content-confirm-desktop', { isFullPage: false });
    await dialog.getByRole('button', { name: 'Remove demo content' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByText(/Demo content removed: 7 products/)
      .first()
      .waitFor();
    await page.getByText('The demo store’s sample content is gone.').waitFor();
    await checkAtBothWidths(page, [{ name: 'admin-demo-content-removed', scrollTo: card }]);

    // Gone for good: a reload shows no card at all.
    await page.reload();
    await nav('Settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Demo content' }).count()).toBe(0);
  });

  it('leaves an empty shop and a home page that still render', async () => {
    const shop = await page.goto(`${server.baseUrl}/shop`);
    expect(shop?.status()).toBe(200);
    await page.getByText('No products are available yet. Please check back soon.').waitFor();
    await checkAtBothWidths(page, [{ name: 'shop-after-demo-removal' }]);
    const home = await page.goto(`${server.baseUrl}/`);
    expect(home?.status()).toBe(200);
    expect(await page.getByText('Made slowly, worn for years').count()).toBe(0);
    await checkAtBothWidths(page, [{ name: 'home-after-demo-removal' }]);
    expect(errors).toEqual([]);
  });
});
