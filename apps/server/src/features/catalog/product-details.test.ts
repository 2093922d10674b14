import { randomUUID } from 'node:crypto';
import { ProductType } from '@atelier/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';
import {
  approvedCard,
  createShopper,
  fillDetails,
  injectSend,
} from '../checkout/commerce-test-kit.ts';
import { signDownload } from '../orders/downloads.ts';

// The product details of issue 18's editor, end to end through the staff API and the
// shop: search engine texts and social image, rich-text descriptions, scheduled
// publication, renamed products' redirects, parcel size, a digital product's file and
// its signed download, and the store-wide scarcity settings.

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

function fileBody(filename: string, data: Buffer, contentType: string) {
  const boundary = `----atelier${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`product details in the catalog admin (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let base: string;
  let collectionId: string;
  let pdfId: string;
  let imageId: string;

  const upload = async (name: string, data: Buffer, type: string) => {
    const body = fileBody(name, data, type);
    const response = await owner.call('POST', '/api/config/media', body.payload, body.headers);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const create = (payload: object) => owner.call('POST', `${base}/products`, payload);
  const patch = (id: string, payload: object) =>
    owner.call('PATCH', `${base}/products/${id}`, payload);
  const page = (url: string) => t.app.inject({ url });
  /** A shopper buys one of the product's first variant with the test card. */
  async function buyOne(product: { id: string; variants: { sku: string }[] }) {
    const shopper = createShopper(injectSend(t.app));
    await shopper.visit();
    await shopper.add({ itemId: product.id, sku: product.variants[0]?.sku ?? '' }, 1);
    const checkoutId = (await shopper.start()).body.checkout.id;
    await fillDetails(shopper, checkoutId);
    const placed = await shopper.place(checkoutId, randomUUID(), approvedCard);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed;
  }

  const physical = (title: string, extra: object = {}) =>
    create({
      collectionId,
      productType: ProductType.physical,
      title,
      variants: [{ priceMoney: { value: '10' }, qtyInStock: 3 }],
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
    const session = await owner.call('GET', '/api/config/session');
    const websiteId: string = session.json().websiteId;
    base = `/api/content-service/product/1.1/websites/${websiteId}`;
    collectionId = (await t.app.services.catalog.getCollectionList(websiteId, 'shop')).collection
      .id;
    pdfId = await upload('tote-pattern.pdf', pdf, 'application/pdf');
    const png = await sharp({
      create: { width: 1400, height: 800, channels: 3, background: '#8a5a44' },
    })
      .png()
      .toBuffer();
    imageId = await upload('share.png', png, 'image/png');
  });
  afterAll(() => t.close());

  it('shows the search engine title, description and social image on the product page', async () => {
    const created = await physical('Waxed Apron', {
      seoTitle: '  Waxed canvas apron | Atelier  ',
      seoDescription: 'A heavy apron that shrugs off paint.',
      socialImageId: imageId,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      seo: { title: 'Waxed canvas apron | Atelier', socialImageId: imageId },
      socialImage: { id: imageId, src: expect.stringContaining(imageId) },
    });
    const html = (await page(created.json().fullUrl)).body;
    expect(html).toContain('<title>Waxed canvas apron | Atelier');
    expect(html).toContain('content="A heavy apron that shrugs off paint."');
    expect(html).toMatch(new RegExp(`property="og:image" content="[^"]*${imageId}`));

    // A PDF is no social image.
    const refused = await patch(created.json().id, { socialImageId: pdfId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.socialImageId).toBe('Choose an image uploaded to this website');
  });

  it('keeps rich text descriptions, with anything unsafe taken out', async () => {
    const created = await physical('Linen Napkins', {
      description:
        '<p>Set of <strong>four</strong>.</p><script>alert(1)</script><p onclick="x()">Soft</p>',
    });
    expect(created.json().description).toBe('<p>Set of <strong>four</strong>.</p><p>Soft</p>');
    const html = (await page(created.json().fullUrl)).body;
    expect(html).toContain('<p>Set of <strong>four</strong>.</p><p>Soft</p>');
    expect(html).not.toContain('alert(1)');
    // The meta description is the words, not the markup.
    expect(html).toContain('content="Set of four . Soft"');
  });

  it('publishes a scheduled product at its time, and not before', async () => {
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();
    const created = await physical('Spring Scarf', { isVisible: false, publishAt: soon });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ isVisible: false, publishAt: soon });
    expect((await page(created.json().fullUrl)).statusCode).toBe(404);

    // Not due yet: the job leaves it hidden.
    await t.app.services.commerce.jobs.runDueJobs();
    expect((await page(created.json().fullUrl)).statusCode).toBe(404);

    // Moving the time into the past publishes it now.
    const now = await patch(created.json().id, {
      isVisible: false,
      publishAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(now.json()).toMatchObject({ isVisible: true, publishAt: null });
    expect((await page(created.json().fullUrl)).statusCode).toBe(200);

    // A schedule with Visible on is a contradiction the merchant is told about.
    const both = await patch(created.json().id, { isVisible: true, publishAt: soon });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.publishAt).toMatch(/scheduled product stays hidden/);
  });

  it('runs the publication job once the time has come', async () => {
    const created = await physical('Autumn Hat', {
      isVisible: false,
      publishAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect((await page(created.json().fullUrl)).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await t.app.services.commerce.jobs.runDueJobs()).toBeGreaterThanOrEqual(1);
    const shown = await page(created.json().fullUrl);
    expect(shown.statusCode).toBe(200);
    const product = (await owner.call('GET', `${base}/products/${created.json().id}`)).json();
    expect(product).toMatchObject({ isVisible: true, publishAt: null });
  });

  it('redirects the old address of a renamed product to its new one', async () => {
    const created = await physical('Canvas Bag', { urlId: 'canvas-bag' });
    const renamed = await patch(created.json().id, { urlId: 'canvas-market-bag' });
    expect(renamed.json()).toMatchObject({
      fullUrl: '/shop/p/canvas-market-bag',
      formerUrlIds: ['canvas-bag'],
    });
    const old = await page('/shop/p/canvas-bag');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/shop/p/canvas-market-bag');
    // A new product may take the old address; it then stops redirecting.
    const taker = await physical('Canvas Bag Two', { urlId: 'canvas-bag' });
    expect(taker.statusCode, taker.body).toBe(201);
    expect((await page('/shop/p/canvas-bag')).statusCode).toBe(200);
  });

  it('keeps a parcel size for physical products only', async () => {
    const created = await physical('Stool', {
      shipping: { weightGrams: 2400, lengthMm: 400, widthMm: 300, heightMm: 450 },
    });
    expect(created.json().shipping).toEqual({
      weightGrams: 2400,
      lengthMm: 400,
      widthMm: 300,
      heightMm: 450,
    });
    const negative = await patch(created.json().id, { shipping: { weightGrams: -1 } });
    expect(negative.statusCode).toBe(400);
    const service = await create({
      collectionId,
      productType: ProductType.service,
      title: 'Fitting',
      variants: [{ priceMoney: { value: '30' } }],
      shipping: { weightGrams: 10 },
    });
    expect(service.statusCode).toBe(400);
    expect(service.json().errors.shipping).toBe(
      'Only physical products have a shipping weight and size',
    );
  });

  it('rates shipping by the product’s weight when its variants have none', async () => {
    const session = await owner.call('GET', '/api/config/session');
    const websiteId: string = session.json().websiteId;
    await t.app.services.commerce.settings.insertShippingOption({
      website_id: websiteId,
      name: 'By weight',
      kind: 'by_weight',
      price_cents: 100,
      per_kg_cents: 1000,
      display_index: 9,
    });
    const created = await physical('Cast Iron Pan', { shipping: { weightGrams: 2500 } });
    const product = created.json();
    const shopper = createShopper(injectSend(t.app));
    await shopper.visit();
    await shopper.add({ itemId: product.id, sku: product.variants[0].sku }, 2);
    const checkoutId = (await shopper.start()).body.checkout.id;
    const filled = await fillDetails(shopper, checkoutId);
    const byWeight = filled.body.checkout.shippingOptions.find(
      (o: { name: string }) => o.name === 'By weight',
    );
    // 2 × 2.5 kg at $10 a kg, plus the option's $1.
    expect(byWeight.priceCents).toBe(5100);
  });

  it('delivers a digital product’s file through a signed link that expires', async () => {
    const refused = await create({
      collectionId,
      productType: ProductType.digital,
      title: 'Apron Pattern',
      priceMoney: { value: '8' },
      digitalFileId: imageId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.digitalFileId).toMatch(/document, audio or ZIP/);
    const created = await create({
      collectionId,
      productType: ProductType.digital,
      title: 'Apron Pattern',
      priceMoney: { value: '8' },
      digitalFileId: pdfId,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().digitalFile).toMatchObject({
      id: pdfId,
      filename: 'tote-pattern.pdf',
      contentType: 'application/pdf',
    });
    // The file is the buyer's, never part of what the shop shows.
    expect((await page(`${created.json().fullUrl}?format=json`)).body).not.toContain(pdfId);

    const product = created.json();
    const placed = await buyOne(product);
    const order = placed.body.order;
    const line = order.items.find(
      (i: { productName: string }) => i.productName === 'Apron Pattern',
    );
    expect(line.download.url).toMatch(/^\/commerce\/downloads\//);

    const file = await page(line.download.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('tote-pattern.pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(pdf)).toBe(true);

    // The order status page, read later, signs a fresh link too.
    const status = await t.app.inject({
      url: `/commerce/orders/${order.id}?token=${placed.body.token}`,
    });
    expect(status.body).toContain('Download Apron Pattern');

    // Change the signature's first character to another one (1 time in 64 it was an X).
    const tampered = await page(
      line.download.url.replace(
        /sig=(.)/,
        (_: string, c: string) => `sig=${c === 'X' ? 'Y' : 'X'}`,
      ),
    );
    expect(tampered.statusCode).toBe(404);
    const lineNumber = Number(line.download.url.split('/')[4]?.split('?')[0]);
    const old = signDownload(
      { orderId: order.id, lineNumber, secretToken: placed.body.token },
      Date.now() - 100 * 3600_000,
    );
    const expired = await page(old.url);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatch(/expired/);

    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('kind', '=', 'order-confirmation')
      .where('to_email', '=', 'ada@example.com')
      .execute();
    expect(
      mail.some((m) => m.body_text.includes('Download: http://localhost:3000/commerce/downloads/')),
    ).toBe(true);
  });

  it('keeps the merchant’s link hours and download limit with each purchase', async () => {
    const invalid = await create({
      collectionId,
      productType: ProductType.digital,
      title: 'Quilt Pattern',
      priceMoney: { value: '6' },
      digitalFileId: pdfId,
      digitalDelivery: { linkHours: 0, downloadLimit: 2 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors['digitalDelivery.linkHours']).toBe(
      'A link works for at least 1 hour',
    );
    const physicalOnly = await physical('Quilt Kit', {
      variants: [{ priceMoney: { value: '12' }, qtyInStock: 3 }],
      digitalDelivery: { linkHours: 24, downloadLimit: 2 },
    });
    expect(physicalOnly.statusCode).toBe(400);
    const created = await create({
      collectionId,
      productType: ProductType.digital,
      title: 'Quilt Pattern',
      priceMoney: { value: '6' },
      digitalFileId: pdfId,
      digitalDelivery: { linkHours: 24, downloadLimit: 2 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().digitalDelivery).toEqual({ linkHours: 24, downloadLimit: 2 });

    const product = created.json();
    const placed = await buyOne(product);
    const line = placed.body.order.items[0];
    expect(line.download.remaining).toBe(2);
    // A link works for the product's 24 hours, not the default 72.
    expect(line.download.expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(line.download.expiresAt - Date.now()).toBeGreaterThan(23 * 3600_000);

    // The merchant's later change does not take back what was bought.
    const changed = await owner.call('PATCH', `${base}/products/${product.id}`, {
      digitalDelivery: { linkHours: 1, downloadLimit: 1 },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // A link checker's HEAD downloads nothing, so it uses up nothing.
    const head = await t.app.inject({ method: 'HEAD', url: line.download.url });
    expect(head.statusCode).toBe(200);
    const statusPage = () =>
      t.app.inject({
        url: `/commerce/orders/${placed.body.order.id}?token=${placed.body.token}`,
      });
    expect((await statusPage()).body).toContain('(2 downloads left)');
    expect((await page(line.download.url)).statusCode).toBe(200);
    expect((await statusPage()).body).toContain('(1 download left)');
    const second = await page(line.download.url);
    expect(second.statusCode).toBe(200);
    const third = await page(line.download.url);
    expect(third.statusCode).toBe(410);
    expect(third.json()).toMatchObject({ code: 'DOWNLOAD_LIMIT_REACHED' });
    const page2 = await statusPage();
    expect(page2.body).toContain('Every download this purchase allows has been used.');
    expect(page2.body).not.toContain('Download Quilt Pattern');
  });

  it('shows scarcity where the store settings say, at the store threshold', async () => {
    const created = await physical('Last Few Mugs', {
      variants: [{ priceMoney: { value: '12' }, qtyInStock: 7 }],
      merchandising: { scarcityEnabled: true, scarcityText: 'Only {qty} left' },
    });
    const shopJson = async () =>
      (await page('/api/catalog/collections/shop/products'))
        .json()
        .products.find((p: { id: string }) => p.id === created.json().id);
    const productJson = async () =>
      (await page(`/api/catalog/collections/shop/products/${created.json().urlId}`)).json();
    // Defaults: product page on (threshold 5), blocks off.
    expect((await shopJson()).scarcity).toBeNull();

    const put = await owner.call('PUT', '/api/v1/commerce-preferences/inventory', {
      scarcityOnProductPage: false,
      scarcityInBlocks: true,
      scarcityThreshold: 10,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await shopJson()).scarcity).toEqual({ text: 'Only {qty} left', threshold: 10 });
    expect((await productJson()).scarcity).toBeNull();
    await owner.call('PUT', '/api/v1/commerce-preferences/inventory', {
      scarcityOnProductPage: true,
      scarcityInBlocks: false,
      scarcityThreshold: 8,
    });
    expect((await productJson()).scarcity).toEqual({ text: 'Only {qty} left', threshold: 8 });
    expect((await shopJson()).scarcity).toBeNull();

    const bad = await owner.call('PUT', '/api/v1/commerce-preferences/inventory', {
      scarcityOnProductPage: true,
      scarcityInBlocks: true,
      scarcityThreshold: 0,
    });
    expect(bad.statusCode).toBe(400);
  });
});
