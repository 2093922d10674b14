import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// The inventory panel (SPEC §2, issue 18) on the demo store: find the shirt, open it into
// its variants, set one variant's stock, add a delivery to another, and see a set based on
// a stock that changed meanwhile refused rather than undoing that change.

describe('the inventory panel (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: { width: 1280, height: 800 },
  });

  /** The shirt's variants as the staff API reads them, by SKU. */
  async function stockBySku(): Promise<Record<string, number>> {
    const session = await callFrom(page, 'GET', '/api/config/session');
    const base = `/api/content-service/product/1.1/websites/${session.json.websiteId}`;
    const list = await callFrom(page, 'GET', `${base}/products?q=LWS`);
    const shirt = await callFrom(page, 'GET', `${base}/products/${list.json.products[0].id}`);
    return Object.fromEntries(
      shirt.json.variants.map((v: { sku: string; qtyInStock: number }) => [v.sku, v.qtyInStock]),
    );
  }

  it('finds a product and opens it into its variants', async () => {
    await createOwner(page, server.baseUrl);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Inventory' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    await page.getByLabel('Search').fill('shirt');
    const show = page.getByRole('button', { name: 'Show 6 variants of Linen Work Shirt' });
    await show.click();
    await page.getByRole('list', { name: 'Variants of Linen Work Shirt' }).waitFor();
    const hide = page.getByRole('button', { name: 'Hide the variants of Linen Work Shirt' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-inventory-desktop');
  });

  it('sets one variant’s stock and adds a delivery to another', async () => {
    const sSand = page.getByRole('group', { name: 'S / Sand' });
    await sSand.getByLabel('Set to').fill('6');
    await sSand.getByRole('button', { name: 'Set' }).click();
    await page.getByText('S / Sand: stock set to 6.').first().waitFor();
    const mSand = page.getByRole('group', { name: 'M / Sand' });
    await mSand.getByLabel('Received').fill('10');
    await mSand.getByRole('button', { name: 'Add' }).click();
    await page.getByText('M / Sand: added 10.').first().waitFor();
    await expect.poll(stockBySku).toMatchObject({ 'LWS-S-SAND': 6, 'LWS-M-SAND': 22 });
    await mSand.getByText('22 in stock').waitFor();
  });

  it('refuses a set based on a stock that a sale changed meanwhile, and shows the new stock', async () => {
    // A sale elsewhere (here: the API) takes the stock from 6 to 4 after the screen read 6.
    const session = await callFrom(page, 'GET', '/api/config/session');
    const base = `/api/content-service/product/1.1/websites/${session.json.websiteId}`;
    const list = await callFrom(page, 'GET', `${base}/products?q=LWS`);
    const shirt = await callFrom(page, 'GET', `${base}/products/${list.json.products[0].id}`);
    const variant = shirt.json.variants.find((v: { sku: string }) => v.sku === 'LWS-S-SAND');
    const sold = await callFrom(
      page,
      'PUT',
      `${base}/products/${shirt.json.id}/variants/${variant.id}/stock`,
      { adjustBy: -2 },
    );
    expect(sold.status).toBe(200);
    const sSand = page.getByRole('group', { name: 'S / Sand' });
    await sSand.getByLabel('Set to').fill('9');
    await sSand.getByRole('button', { name: 'Set' }).click();
    const sRow = page.getByRole('listitem').filter({ has: sSand });
    await sRow.getByText('The stock changed to 4 meanwhile: check it and try again.').waitFor();
    await sSand.getByText('4 in stock').waitFor();
    expect((await stockBySku())['LWS-S-SAND']).toBe(4);
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-inventory-phone');
    // The refused set (409) is the only failed request the page made.
    expect(errors).toEqual([]);
  });
});
