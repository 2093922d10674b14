import { readFile } from 'node:fs/promises';
import { parseCsv, toCsvLine, unguardFormula } from '@atelier/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Products as CSV (issue 18), as the owner of the demo store uses it: Export CSV downloads
 * the catalogue; importing that very file reports 0 changes; a file with bad rows lists
 * each row's reason and saves nothing until the owner confirms, skipping the refused rows.
 * Screenshots: e2e/screenshots/admin-products-csv-{desktop,phone}.png.
 */
describe('products as CSV (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: DESKTOP,
    consoleErrors: true,
  });
  let exported = '';

  const dialog = () => page.getByRole('dialog', { name: 'Import products from CSV' });
  async function chooseFile(name: string, text: string) {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog()
      .getByLabel('CSV file')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await dialog().getByRole('button', { name: 'Check file' }).click();
  }

  it('downloads every product as CSV from the Products screen', async () => {
    await createOwner(page, server.baseUrl);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    exported = await readFile(await download.path(), 'utf8');
    expect(exported.startsWith('\uFEFFProduct ID,Product Type,Product URL,Title')).toBe(true);
    expect(exported).toContain('LWS-M');
  });

  it('re-imports the exported file as 0 changes', async () => {
    await chooseFile('products.csv', exported);
    await dialog()
      .getByRole('status')
      .filter({ hasText: /^0 changes · \d+ unchanged$/ })
      .waitFor();
    await dialog().getByText('The file matches the store').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog().getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('lists each bad row with its reason, and saves the good one only when confirmed', async () => {
    const records = parseCsv(exported).records.map((r) => r.cells.map(unguardFormula));
    const header = records[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    const rowOf = (sku: string) => [...(records.find((r) => r[col('SKU')] === sku) ?? [])];
    const stockOf = async (sku: string) => {
      const answer = await page.request.get(
        `${server.baseUrl}/api/catalog/collections/shop/products`,
      );
      const products = (await answer.json()).products as {
        variants: { sku: string; qtyInStock: number }[];
      }[];
      return products.flatMap((p) => p.variants).find((v) => v.sku === sku)?.qtyInStock;
    };
    const good = rowOf('LWS-M-SAND');
    good[col('Stock')] = '42';
    const badPrice = rowOf('MUG-OAT');
    badPrice[col('Price')] = 'twelve';
    const newProduct = header.map(() => '');
    newProduct[col('SKU')] = 'NEW-1';
    newProduct[col('Price')] = '5.00';
    const file = [header, good, badPrice, newProduct].map(toCsvLine).join('');
    const stockBefore = await stockOf('LWS-M-SAND');

    await chooseFile('bad-rows.csv', file);
    await dialog().getByRole('status').filter({ hasText: '1 change' }).waitFor();
    await dialog().getByRole('alert').filter({ hasText: '2 rows are refused' }).waitFor();
    const table = dialog().getByRole('table', { name: 'Rows of the file' });
    await table.getByText('Price: Enter an amount such as 12.50').waitFor();
    await table.getByText('Title: enter a title').waitFor();
    const importButton = dialog().getByRole('button', { name: 'Import 1 change' });
    expect(await importButton.isDisabled()).toBe(true);
    expect(await stockOf('LWS-M-SAND')).toBe(stockBefore);
    await dialog().getByLabel('Show').selectOption('all');
    await table.getByText('Stock: ').first().waitFor();

    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      expect(await seriousA11yViolations(page), width).toEqual([]);
      // What the person sees: the dialog over the screen, not the page under it.
      await saveScreenshot(page, `admin-products-csv-${width}`, { isFullPage: false });
    }
    await page.setViewportSize(DESKTOP);

    await dialog().getByRole('switch', { name: 'Skip refused rows' }).click();
    await importButton.click();
    await dialog()
      .getByRole('status')
      .filter({ hasText: 'Imported: 0 products created, 1 updated.' })
      .waitFor();
    expect(await stockOf('LWS-M-SAND')).toBe(42);
    expect(await stockOf('NEW-1')).toBeUndefined();
    await dialog().getByRole('button', { name: 'Done' }).click();
  });

  it('shows a real progress bar while the file uploads and saves', async () => {
    // A bigger file (the export with new products) so the bar is seen moving.
    const records = parseCsv(exported).records.map((r) => r.cells.map(unguardFormula));
    const header = records[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    const rows = Array.from({ length: 40 }, (_, n) => {
      const cells = header.map(() => '');
      cells[col('Title')] = `Bulk Towel ${n}`;
      cells[col('SKU')] = `BULK-${n}`;
      cells[col('Price')] = '9.50';
      cells[col('Stock')] = String(n);
      cells[col('Collection')] = 'shop';
      return cells;
    });
    await chooseFile('bulk.csv', [header, ...rows].map(toCsvLine).join(''));
    await dialog().getByRole('status').filter({ hasText: '40 changes' }).waitFor();
    await dialog().getByRole('button', { name: 'Import 40 changes' }).click();
    const bar = dialog().getByRole('progressbar');
    // The bar may already be past 0 when first seen; it always carries its value.
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    await dialog()
      .getByRole('status')
      .filter({ hasText: 'Imported: 40 products created, 0 updated.' })
      .waitFor();
  });

  it('raised no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
