import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkAtBothWidths,
  DESKTOP,
  PHONE,
  saveScreenshot,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

type SavedProduct = {
  title: string;
  version: number;
  variants: { sku: string; priceCents: number; optionValues: { value: string }[] }[];
};

/**
 * A saved product's option matrix and two people editing one product (issue 18): create a
 * shirt with Size × Colour, add a size to the saved product (its variants generated),
 * remove a size (the confirm names the variants that go), change a SKU; then a colleague
 * in another browser saves first and this editor's save shows what they changed.
 * Screenshots: e2e/screenshots/admin-variant-matrix-*.png, admin-product-conflict-*.png.
 */
describe('editing a saved product’s variants (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: DESKTOP,
    consoleErrors: true,
  });
  let productId = '';
  let websiteId = '';

  const variant = (name: string) => page.getByRole('group', { name, exact: true });
  const saved = async (): Promise<SavedProduct> =>
    (
      await callFrom(
        page,
        'GET',
        `/api/content-service/product/1.1/websites/${websiteId}/products/${productId}`,
      )
    ).json;
  const names = (product: SavedProduct) =>
    product.variants.map((v) => v.optionValues.map((o) => o.value).join(' / '));

  async function addValues(option: number, name: string, values: string[]) {
    await page.getByLabel(`Option ${option} name`).fill(name);
    for (const value of values) {
      await page.getByLabel(`New ${name} value`).fill(value);
      await page.getByLabel(`New ${name} value`).press('Enter');
    }
  }

  async function save() {
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await page.getByText('Product saved', { exact: true }).last().waitFor();
  }

  it('creates a physical product with two options and four variants', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await page.goto(`${server.baseUrl}/config/products/new?type=1`);
    await page.getByRole('heading', { level: 1, name: 'New physical product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Field Shirt');
    await page.getByRole('button', { name: 'Add option' }).click();
    await addValues(1, 'Size', ['S', 'M']);
    await page.getByRole('button', { name: 'Add option' }).click();
    await addValues(2, 'Colour', ['Red', 'Blue']);
    await page.getByRole('button', { name: 'Generate 3 missing variants' }).click();
    for (const name of ['S / Red', 'S / Blue', 'M / Red', 'M / Blue']) {
      const row = variant(name);
      await row.getByLabel('SKU').fill(`FS-${name.replace(' / ', '-').toUpperCase()}`);
      await row.getByLabel('Price', { exact: true }).fill('30');
      await row.getByLabel('Stock').fill('4');
    }
    await page.getByRole('button', { name: 'Create product' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Field Shirt' }).waitFor();
    productId = new URL(page.url()).pathname.split('/').pop() ?? '';
    websiteId = (await callFrom(page, 'GET', '/api/config/session')).json.websiteId;
    const product = await saved();
    expect(names(product)).toEqual(['S / Red', 'S / Blue', 'M / Red', 'M / Blue']);
    expect(product.version).toBe(1);
  });

  it('adds a value to the saved product and generates its variants', async () => {
    await addValues(1, 'Size', ['L']);
    await page.getByRole('button', { name: 'Generate 2 missing variants' }).click();
    await variant('L / Blue').waitFor();
    await variant('L / Red').getByLabel('SKU').fill('FS-L-RED');
    // Weights are typed in the store's unit (kg on a new store) and kept in grams.
    await variant('L / Red').getByLabel('Weight (kg)').fill('0.32');

    await checkAtBothWidths(page, [
      {
        name: 'admin-variant-matrix',
        scrollTo: page.getByRole('heading', { name: 'Options and variants' }),
      },
      { name: 'admin-variant-rows', scrollTo: variant('L / Red') },
    ]);

    await save();
    const product = await saved();
    expect(names(product)).toEqual([
      'S / Red',
      'S / Blue',
      'M / Red',
      'M / Blue',
      'L / Red',
      'L / Blue',
    ]);
    expect(product.variants[4]).toMatchObject({
      sku: 'FS-L-RED',
      priceCents: 3000,
      weightGrams: 320,
    });
    expect(product.version).toBe(2);
  });

  it('removes a value after a confirm naming the variants that go, and edits a SKU', async () => {
    await page.getByRole('button', { name: 'Remove M', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove M?' });
    expect(await confirm.textContent()).toContain('These variants go: M / Red, M / Blue.');
    expect(await seriousA11yViolations(page, '[role="alertdialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Remove M' }).click();
    await expect.poll(() => variant('M / Red').count()).toBe(0);
    await variant('S / Red').getByLabel('SKU').fill('FS-SMALL-RED');
    await save();
    const product = await saved();
    expect(names(product)).toEqual(['S / Red', 'S / Blue', 'L / Red', 'L / Blue']);
    expect(product.variants[0]?.sku).toBe('FS-SMALL-RED');
  });

  it('shows the second of two saves what the first changed', async () => {
    // A colleague signed in as well, in another browser, opens the same product.
    const colleague = await page
      .context()
      .browser()!
      .newContext({ storageState: await page.context().storageState(), viewport: DESKTOP });
    try {
      const other = await colleague.newPage();
      await other.goto(`${server.baseUrl}/config/products/${productId}`);
      await other.getByRole('heading', { level: 1, name: 'Field Shirt' }).waitFor();
      await other.getByLabel('Name', { exact: true }).fill('Field Shirt, linen');
      await other.getByRole('button', { name: 'Save', exact: true }).first().click();
      await other.getByText('Product saved', { exact: true }).waitFor();
    } finally {
      await colleague.close();
    }

    // This editor still shows the version before theirs; its save is refused and explained.
    await variant('S / Blue').getByLabel('Price', { exact: true }).fill('27.50');
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this product' });
    await dialog.waitFor();
    const changed = dialog.getByRole('list', { name: 'Fields they changed' });
    expect(await changed.textContent()).toContain('Field Shirt, linen');
    expect(await changed.textContent()).toContain('Unchanged by you: theirs is kept either way');
    expect(await seriousA11yViolations(page, '.conflict-dialog')).toEqual([]);
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      await saveScreenshot(page, `admin-product-conflict-${width}`, { isFullPage: false });
    }
    await page.setViewportSize(DESKTOP);

    await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
    await page.getByText('Product saved', { exact: true }).last().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Field Shirt, linen' }).waitFor();
    const product = await saved();
    // Their name and this editor's price both stand: nothing was lost silently.
    expect(product.title).toBe('Field Shirt, linen');
    expect(product.variants[1]?.priceCents).toBe(2750);
    expect(product.version).toBe(5);
  });

  it('keeps unsaved changes across a reload', async () => {
    await variant('L / Blue').getByLabel('SKU').fill('FS-L-BLUE-DRAFT');
    // The browser's own "leave site?" question is answered yes, as a person reloading would.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Field Shirt, linen' }).waitFor();
    await page.getByText('Your unsaved changes from an earlier visit are back.').waitFor();
    expect(await variant('L / Blue').getByLabel('SKU').inputValue()).toBe('FS-L-BLUE-DRAFT');
    await save();
    expect((await saved()).variants[3]?.sku).toBe('FS-L-BLUE-DRAFT');
  });

  it('reported no page errors', () => {
    // The refused save above (409) is logged by the browser.
    expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  });
});
