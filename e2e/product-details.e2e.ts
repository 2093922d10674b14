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
import { placeOrder } from './support/shopper.ts';

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The product details of issue 18's editor, tried as a merchant would: a rich-text
 * description, the search listing, a renamed address that still works, shipping size,
 * a schedule, a digital product's file bought and downloaded, and the inventory's
 * scarcity settings. Screenshots: admin-product-details-*, admin-inventory-settings-*.
 */
describe('product details in the editor (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: DESKTOP,
    consoleErrors: true,
  });

  const openProducts = async () => {
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Products', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
  };
  const openProduct = async (title: string) => {
    await openProducts();
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  };
  const save = async () => {
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Product saved', { exact: true }).first().waitFor();
  };
  const visit = async (path: string) => {
    const visitor = await page.context().browser()!.newContext();
    const shop = await visitor.newPage();
    const response = await shop.goto(`${server.baseUrl}${path}`);
    return { shop, response, close: () => visitor.close() };
  };

  it('writes a rich description and a search listing, and the shop shows them', async () => {
    await createOwner(page, server.baseUrl);
    await openProduct('Linen Work Shirt');
    const description = page.getByRole('textbox', { name: 'Description', exact: true });
    await description.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Washed linen that ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('softens');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type(' with every wash.');

    await page.getByLabel('Page title').fill('Linen work shirt, washed soft');
    await page.getByLabel('Meta description').fill('A shirt for every season.');
    const preview = page.getByRole('figure', { name: 'Search result preview' });
    expect(await preview.textContent()).toContain('Linen work shirt, washed soft');

    await page.getByLabel('Image 1 alt text').fill('Sand linen shirt, folded');
    // Already in Clothing; also in Workwear, nested under it.
    expect(await page.getByRole('checkbox', { name: 'Clothing', exact: true }).isChecked()).toBe(
      true,
    );
    await page.getByRole('checkbox', { name: 'Clothing › Workwear' }).check();
    const parcel = page.getByRole('region', { name: 'Shipping', exact: true });
    await parcel.getByLabel('Weight (kg)').fill('0.35');
    await parcel.getByLabel('Length (cm)').fill('30');
    await save();

    await checkAtBothWidths(page, [
      {
        name: 'admin-product-details',
        scrollTo: page.getByRole('heading', { name: 'Visibility' }),
      },
      {
        name: 'admin-product-seo',
        scrollTo: page.getByRole('heading', { name: 'Search engine listing' }),
      },
    ]);

    const workwear = await visit('/shop?category=workwear');
    try {
      await workwear.shop.getByText('Linen Work Shirt').first().waitFor();
    } finally {
      await workwear.close();
    }
    const { shop, close } = await visit('/shop/p/linen-work-shirt');
    try {
      expect(await shop.title()).toMatch(/^Linen work shirt, washed soft/);
      expect(await shop.locator('.product-description strong').textContent()).toBe('softens');
      expect(await shop.locator('meta[name="description"]').getAttribute('content')).toBe(
        'A shirt for every season.',
      );
      expect(await shop.locator('.product-gallery img').first().getAttribute('alt')).toBe(
        'Sand linen shirt, folded',
      );
    } finally {
      await close();
    }
  });

  it('shows and reads the parcel in the store units once the store is in lb and in', async () => {
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Store', exact: true })
      .click();
    await page.getByLabel('Weight unit').selectOption('lb');
    await page.getByLabel('Size unit').selectOption('in');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Store settings saved.').first().waitFor();

    // 350 g and 30 cm, saved above, in pounds and inches.
    await openProduct('Linen Work Shirt');
    const parcel = page.getByRole('region', { name: 'Shipping', exact: true });
    await expect.poll(() => parcel.getByLabel('Weight (lb)').inputValue()).toBe('0.772');
    expect(await parcel.getByLabel('Length (in)').inputValue()).toBe('11.8');
    await parcel.getByLabel('Weight (lb)').fill('2');
    await parcel.getByLabel('Length (in)').fill('12');
    await save();
    const id = new URL(page.url()).pathname.split('/').pop();
    const session = await callFrom(page, 'GET', '/api/config/session');
    const product = await callFrom(
      page,
      'GET',
      `/api/content-service/product/1.1/websites/${session.json.websiteId}/products/${id}`,
    );
    // 2 lb is kept as 907 g: what a shipping tier "up to 2 lb" is kept as, so it matches.
    expect(product.json.shipping).toMatchObject({ weightGrams: 907, lengthMm: 305 });
    // A variant's own weight is typed in pounds too, and kept in grams.
    const variants = page.getByRole('region', { name: 'Options and variants', exact: true });
    await variants.getByLabel('Weight (lb)').first().fill('1.5');
    await save();
    const again = await callFrom(
      page,
      'GET',
      `/api/content-service/product/1.1/websites/${session.json.websiteId}/products/${id}`,
    );
    expect(again.json.variants[0].weightGrams).toBe(680);
    await page.reload();
    await expect.poll(() => parcel.getByLabel('Weight (lb)').inputValue()).toBe('2');
    expect(await parcel.getByLabel('Length (in)').inputValue()).toBe('12');
    await checkAtBothWidths(page, [
      {
        name: 'admin-product-shipping-lb-in',
        scrollTo: page.getByRole('heading', { name: 'Shipping', exact: true }),
      },
    ]);
  });

  it('renames the address, and the old one leads to the new', async () => {
    await page.getByLabel('URL id').fill('washed-linen-shirt');
    await save();
    const { shop, close } = await visit('/shop/p/linen-work-shirt');
    try {
      expect(new URL(shop.url()).pathname).toBe('/shop/p/washed-linen-shirt');
      await shop.getByRole('heading', { name: 'Linen Work Shirt' }).waitFor();
    } finally {
      await close();
    }
  });

  it('schedules a product: hidden until its time', async () => {
    await page.getByRole('combobox', { name: 'Status' }).selectOption('scheduled');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Choose the date and time to publish').waitFor();
    const next = new Date(Date.now() + 2 * 86_400_000);
    const local = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}T09:30`;
    await page.getByLabel('Publish on').fill(local);
    await save();
    expect(await page.getByLabel('Publish on').inputValue()).toBe(local);
    const { response, close } = await visit('/shop/p/washed-linen-shirt');
    try {
      expect(response?.status()).toBe(404);
    } finally {
      await close();
    }
    await page.getByRole('combobox', { name: 'Status' }).selectOption('published');
    await save();
  });

  it('delivers a digital product’s file to its buyer', async () => {
    await openProduct('Everyday Tote Sewing Pattern');
    await page.getByRole('button', { name: 'Choose file' }).click();
    const dialog = page.getByRole('dialog', { name: 'File to deliver' });
    await dialog.getByRole('tab', { name: 'Manage' }).click();
    await dialog
      .getByLabel('Upload File')
      .setInputFiles({ name: 'tote-pattern.pdf', mimeType: 'application/pdf', buffer: pdf });
    await dialog.getByText('Uploaded tote-pattern.pdf.').waitFor();
    await dialog.getByRole('button', { name: /tote-pattern\.pdf/ }).click();
    await dialog.getByRole('button', { name: 'Deliver this file' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('tote-pattern.pdf', { exact: true }).waitFor();
    // The merchant's terms: a day per link, one download per purchase.
    await page.getByLabel('Each link works for (hours)').fill('24');
    await page.getByLabel('Downloads per purchase').fill('1');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await checkAtBothWidths(page, [
      {
        name: 'admin-product-digital-file',
        scrollTo: page.getByRole('heading', { name: 'File to deliver' }),
      },
    ]);
    await save();

    // A shopper buys it; the order page links to the file.
    const shopper = await page.context().browser()!.newContext();
    try {
      const shop = await shopper.newPage();
      const sent = await placeOrder(shop, server.baseUrl, {
        product: 'everyday-tote-sewing-pattern',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        isShipped: false,
      });
      expect(sent.order, JSON.stringify(sent)).toBeDefined();
      await shop.goto(`${server.baseUrl}/commerce/orders/${sent.order?.id}?token=${sent.token}`);
      const link = shop.getByRole('link', { name: 'Download Everyday Tote Sewing Pattern' });
      await link.waitFor();
      await shop.getByText('(1 download left)').waitFor();
      const href = (await link.getAttribute('href')) ?? '';
      const file = await shop.request.get(`${server.baseUrl}${href}`);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.from(await file.body()).equals(pdf)).toBe(true);
      // Its one download used, the page says so and the link is refused.
      await shop.reload();
      await shop.getByText('Every download this purchase allows has been used.').waitFor();
      expect((await shop.request.get(`${server.baseUrl}${href}`)).status()).toBe(410);
    } finally {
      await shopper.close();
    }
  });

  it('sets where low-stock messages show, and from how many', async () => {
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Inventory', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    await page.getByRole('button', { name: 'Inventory settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inventory settings' });
    const threshold = dialog.getByLabel('Show when stock is at or below');
    await expect.poll(() => threshold.inputValue()).toBe('5');
    await dialog.getByRole('switch', { name: 'Show in product lists' }).click();
    await threshold.fill('0');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.getByText('The threshold must be at least 1').waitFor();
    await threshold.fill('8');
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(200);
      expect(await seriousA11yViolations(page), width).toEqual([]);
      await saveScreenshot(page, `admin-inventory-settings-${width}`, { isFullPage: false });
    }
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Inventory settings saved').first().waitFor();
    const stored = await callFrom(page, 'GET', '/api/v1/commerce-preferences/inventory');
    expect(stored.json.preferences).toEqual({
      scarcityOnProductPage: true,
      scarcityInBlocks: true,
      scarcityThreshold: 8,
      restockAutoSend: false,
      restockSuccessText: '',
      restockMailingListSignUp: false,
      restockMailingListId: '',
      restockMailingListOptInByDefault: false,
    });
    // The refused threshold is the only failed request the page made.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
