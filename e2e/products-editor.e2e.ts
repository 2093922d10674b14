import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  checkAtBothWidths,
  DESKTOP,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

const VARIANTS = [
  { name: 'Sand / S', sku: 'SCARF-SAND-S', price: '24.50', stock: '5' },
  { name: 'Sand / M', sku: 'SCARF-SAND-M', price: '24.50', stock: '3' },
  { name: 'Sage / S', sku: 'SCARF-SAGE-S', price: '26.00', stock: '2' },
  { name: 'Sage / M', sku: 'SCARF-SAGE-M', price: '26.00', stock: '0' },
] as const;

/**
 * The product editor in /config (issue 18), tried as a new merchant would: add a physical
 * product with two options and four variants, two images from the file manager, publish
 * it, see it in the shop, change a price and see the product page follow at once.
 * Screenshots: e2e/screenshots/admin-product-editor-desktop.png and -phone.png.
 */
describe('the product editor (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: DESKTOP,
    consoleErrors: true,
  });
  let urlId = '';

  const variant = (name: string) => page.getByRole('group', { name, exact: true });

  async function addValues(option: number, name: string, values: string[]) {
    await page.getByLabel(`Option ${option} name`).fill(name);
    for (const value of values) {
      await page.getByLabel(`New ${name} value`).fill(value);
      await page
        .getByRole('button', { name: 'Add value' })
        .nth(option - 1)
        .click();
    }
  }

  /** Uploads a photo from the merchant's computer through the product's Add image. */
  async function uploadImage(filename: string, colour: string) {
    const photo = await sharp({
      create: { width: 900, height: 900, channels: 3, background: colour },
    })
      .jpeg()
      .toBuffer();
    await page.getByRole('button', { name: 'Add image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an image' });
    await dialog.getByRole('tab', { name: 'Manage' }).click();
    await dialog
      .getByLabel('Upload File')
      .setInputFiles({ name: filename, mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByText(`Uploaded ${filename}.`).waitFor();
    await dialog.getByRole('button', { name: new RegExp(filename.replace('.', '\\.')) }).click();
    await dialog.getByRole('button', { name: 'Add to product' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('adds a physical product with a 2 × 2 option matrix, images and stock', async () => {
    await createOwner(page, server.baseUrl);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();

    await page.getByRole('button', { name: 'Add product' }).first().click();
    const choose = page.getByRole('dialog', { name: 'Add a product' });
    await choose.getByRole('combobox', { name: 'Product type' }).selectOption('1');
    await choose.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'New physical product' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config/products/new');

    await page.getByLabel('Name', { exact: true }).fill('Linen Scarf');
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('A light scarf of washed linen.');
    await page.getByLabel('Tags').fill('linen, summer');
    await page.getByRole('button', { name: 'Add option' }).click();
    await addValues(1, 'Colour', ['Sand', 'Sage']);
    await page.getByRole('button', { name: 'Add option' }).click();
    await addValues(2, 'Size', ['S', 'M']);
    await page.getByRole('button', { name: /^Generate \d+ missing variants?$/ }).click();
    for (const { name, sku, price, stock } of VARIANTS) {
      const row = variant(name);
      await row.getByLabel('SKU').fill(sku);
      await row.getByLabel('Price', { exact: true }).fill(price);
      await row.getByLabel('Stock').fill(stock);
    }
    await uploadImage('scarf-sand.jpg', '#d8c7a5');
    await uploadImage('scarf-sage.jpg', '#9caf88');
    await page.getByLabel('Image 2 alt text').fill('Sage linen scarf, folded');
    // The second image becomes the first.
    await page.getByRole('button', { name: 'Move image 2 up' }).click();
    expect(await page.getByLabel('Image 1 alt text').inputValue()).toBe('Sage linen scarf, folded');
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('published');

    await checkAtBothWidths(page, [
      {
        name: 'admin-product-editor',
        scrollTo: page.getByRole('heading', { name: 'Options and variants' }),
      },
    ]);

    await page.getByRole('button', { name: 'Create product' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Linen Scarf' }).waitFor();
    await page.getByText('Linen Scarf created', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/config\/products\/[0-9a-f-]{36}$/);
    // Saved variants keep their SKUs (e2e/products-variants.e2e.ts edits a saved matrix).
    expect(await variant('Sage / M').getByLabel('SKU').inputValue()).toBe('SCARF-SAGE-M');

    const session = await callFrom(page, 'GET', '/api/config/session');
    const id = new URL(page.url()).pathname.split('/').pop();
    const saved = await callFrom(
      page,
      'GET',
      `/api/content-service/product/1.1/websites/${session.json.websiteId}/products/${id}`,
    );
    urlId = saved.json.urlId;
    expect(saved.json.variants.map((v: { qtyInStock: number }) => v.qtyInStock)).toEqual([
      5, 3, 2, 0,
    ]);
    expect(saved.json.tags).toEqual(['linen', 'summer']);
    expect(saved.json.images).toHaveLength(2);

    // Back returns to the list, which shows the new product.
    await page.getByRole('button', { name: '← Back to products' }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('rowheader', { name: /Linen Scarf/ }).waitFor();
  });

  it('shows the product to a visitor in the shop with its price', async () => {
    const visitor = await page.context().browser()!.newContext();
    try {
      const shop = await visitor.newPage();
      await shop.goto(`${server.baseUrl}/shop`);
      const card = shop.getByText('Linen Scarf').first();
      await card.waitFor();
      expect(await shop.locator('body').textContent()).toContain('$24.50');
      // The product page: its photos with their alt text, and the one variant out of stock.
      await shop.goto(`${server.baseUrl}/shop/p/${urlId}`);
      expect(await shop.locator('.product-gallery img').first().getAttribute('alt')).toBe(
        'Sage linen scarf, folded',
      );
      const availability = await shop.locator('.variant-table tbody tr').allTextContents();
      expect(availability.filter((row) => row.includes('Sold out'))).toEqual([
        expect.stringMatching(/^Sage\s*M/),
      ]);
    } finally {
      await visitor.close();
    }
  });

  it('changes a variant’s price and the product page shows it at once', async () => {
    await page.getByRole('link', { name: 'Linen Scarf' }).click();
    await page.getByRole('heading', { level: 1, name: 'Linen Scarf' }).waitFor();
    await variant('Sand / S').getByLabel('Price', { exact: true }).fill('21.00');
    await variant('Sand / M').getByLabel('Price', { exact: true }).fill('21.00');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Product saved', { exact: true }).waitFor();

    const visitor = await page.context().browser()!.newContext();
    try {
      const shop = await visitor.newPage();
      await shop.goto(`${server.baseUrl}/shop/p/${urlId}`);
      await shop.getByRole('heading', { name: 'Linen Scarf' }).waitFor();
      expect(await shop.locator('main').textContent()).toContain('$21.00');
    } finally {
      await visitor.close();
    }
  });

  it('shows the server’s message under an empty name', async () => {
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).first().click();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Enter a title').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('asks before a value takes variants away, shows a SKU clash, and deletes', async () => {
    // The emptied name is unsaved: Back asks first.
    await page.getByRole('button', { name: '← Back to products' }).click();
    await page
      .getByRole('alertdialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('button', { name: 'Add product' }).first().click();
    await page
      .getByRole('dialog', { name: 'Add a product' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'New physical product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Clash Scarf');
    await page.getByRole('button', { name: 'Add option' }).click();
    await addValues(1, 'Size', ['S', 'M']);
    await page.getByRole('button', { name: /^Generate \d+ missing variants?$/ }).click();
    await variant('M').waitFor();

    await page.getByRole('button', { name: 'Remove M' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove M?' });
    expect(await confirm.textContent()).toContain('These variants go: M.');
    await confirm.getByRole('button', { name: 'Remove M' }).click();
    await expect.poll(() => variant('M').count()).toBe(0);

    const row = variant('Price and stock');
    await row.getByLabel('SKU').fill('SCARF-SAND-S');
    await row.getByLabel('Price', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Create product' }).first().click();
    const sku = row.getByRole('textbox', { name: 'SKU' });
    await expect.poll(() => sku.getAttribute('aria-invalid')).toBe('true');
    expect(await row.textContent()).toContain('The SKU SCARF-SAND-S is already in use');

    await row.getByLabel('SKU').fill('CLASH-S');
    await page.getByRole('button', { name: 'Create product' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Clash Scarf' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Clash Scarf?' })
      .getByRole('button', { name: 'Delete product' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('rowheader', { name: /Linen Scarf/ }).waitFor();
    expect(await page.getByRole('rowheader', { name: /Clash Scarf/ }).count()).toBe(0);
  });

  it('reported no page errors', () => {
    // The refused saves above (empty name 400, SKU clash 409) are logged by the browser.
    expect(errors.filter((error) => !/status of 40(0|9)/.test(error))).toEqual([]);
  });
});
