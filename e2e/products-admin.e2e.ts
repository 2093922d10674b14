import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The merchant's product list in /config (issue 18), tried as the owner of the demo store
 * would: find a product by name or SKU, filter the sold-out ones, sort by price and page.
 * Screenshots: e2e/screenshots/admin-products-desktop.png and -phone.png.
 */
describe('the Products screen (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: DESKTOP,
    consoleErrors: true,
  });

  const call = (method: string, path: string, body?: unknown) => callFrom(page, method, path, body);

  const table = () => page.getByRole('table', { name: 'Products' });
  const titles = () => table().locator('tbody th[scope="row"] .products__title').allTextContents();
  const rowOf = (title: string) =>
    table()
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: title }) });
  const count = () => page.locator('.ui-list__count');
  /** Waits until the table shows exactly these rows, in this order. */
  async function expectTitles(expected: string[]) {
    await expect.poll(titles, { timeout: 5_000 }).toEqual(expected);
  }

  it('lists the demo store’s products with prices and stock badges', async () => {
    await createOwner(page, server.baseUrl);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.waitFor();
    // Five more, so a page of 10 has a second page.
    const session = await call('GET', '/api/config/session');
    const shop = await call('GET', '/api/catalog/collections/shop/products');
    const base = `/api/content-service/product/1.1/websites/${session.json.websiteId}`;
    for (const n of [1, 2, 3, 4, 5]) {
      const created = await call('POST', `${base}/products`, {
        collectionId: shop.json.collection.id,
        productType: 1,
        title: `Tea Towel ${n}`,
        variants: [{ sku: `TOWEL-${n}`, priceMoney: { value: `${14 + n}.00` }, qtyInStock: n }],
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
    }

    await nav.getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await rowOf('Linen Work Shirt').waitFor();
    await expect.poll(() => count().textContent()).toBe('12 products');
    // The shirt's cheapest variant is on sale at $54.
    expect(await rowOf('Linen Work Shirt').textContent()).toContain('$54.00');
    expect(await rowOf('Linen Work Shirt').textContent()).toContain('In stock');
    expect(await rowOf('Waxed Canvas Apron').textContent()).toContain('Sold out');
    expect(await rowOf('Tea Towel 2').textContent()).toContain('Low');
    expect(await rowOf('Everyday Tote Sewing Pattern').textContent()).toContain('Unlimited');
    // Thumbnails load (the demo's images).
    await expect
      .poll(() =>
        rowOf('Stoneware Mug')
          .locator('img')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);

    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      expect(await seriousA11yViolations(page), width).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
      // Nor does the table inside its frame: every column fits at both widths.
      const tableOverflow = await page
        .locator('.ui-table__scroll')
        .evaluate((frame) => frame.scrollWidth - frame.clientWidth);
      expect(tableOverflow, `the table scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `admin-products-${width}`);
    }
    await page.setViewportSize(DESKTOP);
  });

  it('finds a product by name and by SKU, and offers to clear a search that finds none', async () => {
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('mug');
    await expectTitles(['Stoneware Mug']);
    expect(await count().textContent()).toBe('1 product');
    await search.fill('lws-m');
    await expectTitles(['Linen Work Shirt']);
    await search.fill('APRON-OLIVE');
    await expectTitles(['Waxed Canvas Apron']);

    await search.fill('velvet curtains');
    await page.getByText('No products match').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => count().textContent()).toBe('12 products');
    expect(await search.inputValue()).toBe('');
  });

  it('filters the sold-out products', async () => {
    await page.getByRole('combobox', { name: 'Stock' }).selectOption('sold-out');
    await expectTitles(['Waxed Canvas Apron']);
    await page.getByRole('combobox', { name: 'Stock' }).selectOption('low');
    await expect.poll(() => count().textContent()).toBe('5 products');
    await page.getByRole('combobox', { name: 'Stock' }).selectOption('');
    await expect.poll(() => count().textContent()).toBe('12 products');
  });

  it('sorts by price both ways, and pages 10 at a time', async () => {
    const price = table().getByRole('button', { name: 'Price' });
    await price.click();
    await expect
      .poll(() => table().locator('th[aria-sort]').getAttribute('aria-sort'))
      .toBe('ascending');
    // The pattern at $12 is the cheapest of all.
    await expect.poll(async () => (await titles())[0]).toBe('Everyday Tote Sewing Pattern');
    await price.click();
    await expect.poll(async () => (await titles())[0]).toBe('Waxed Canvas Apron');

    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
    await expect.poll(async () => (await titles()).length).toBe(10);
    await page.getByText('Page 1', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2', { exact: true }).waitFor();
    await expect.poll(async () => (await titles()).length).toBe(2);
    // Most expensive first: the last two are the cheapest.
    expect(await titles()).toEqual(['Tea Towel 1', 'Everyday Tote Sewing Pattern']);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('hides, publishes and deletes the selected products in bulk', async () => {
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
    await page.getByLabel('Search').fill('tea towel');
    await expect.poll(() => count().textContent()).toBe('5 products');
    await page.getByRole('checkbox', { name: 'Select Tea Towel 1' }).check();
    await page.getByRole('checkbox', { name: 'Select Tea Towel 2' }).check();
    const bulk = page.getByRole('toolbar', { name: 'Selected products' });
    await bulk.getByText('2 selected').waitFor();
    await bulk.getByRole('button', { name: 'Hide' }).click();
    await page.getByText('2 products hidden.').first().waitFor();
    await page.getByRole('combobox', { name: 'Visibility' }).selectOption('hidden');
    await expectTitles(['Tea Towel 2', 'Tea Towel 1']);
    await page.getByRole('checkbox', { name: 'Select Tea Towel 2' }).check();
    await bulk.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('1 product published.').first().waitFor();
    await expectTitles(['Tea Towel 1']);
    await page.getByRole('combobox', { name: 'Visibility' }).selectOption('');

    await page.getByRole('checkbox', { name: 'Select Tea Towel 1' }).check();
    await bulk.getByRole('button', { name: 'Delete…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 1 product?' });
    await confirm.getByText(/Tea Towel 1 will be deleted/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('1 product deleted.').first().waitFor();
    await expect.poll(() => count().textContent()).toBe('4 products');
  });

  it('raised no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
