import { formMessages, ProductType, restockMessages } from '@atelier/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';
import { solve } from '../captcha/captcha-test-kit.ts';

// Restock notifications (issue 21) through HTTP on a real database: the shopper's sign-up
// with its captcha and messages, the merchant's lists and sends, and the automatic waves
// a restock starts — each sign-up emailed exactly once.

const SIGN_UP = '/api/site-users/account/notifications/restock';

describe(`restock notifications (${testDialect})`, () => {
  let t: TestApp;
  let key: KeyFixture;
  let catalogBase: string;
  let restockBase: string;
  let address = 0;

  type Product = { id: string; variants: { id: string; sku: string }[] };

  async function createProduct(title: string, stocks: number[]): Promise<Product> {
    const shop = await t.app.services.catalog.getCollectionList(key.websiteId, 'shop');
    const created = await t.app.inject({
      method: 'POST',
      url: `${catalogBase}/products`,
      headers: key.headers,
      payload: {
        collectionId: shop.collection.id,
        productType: ProductType.physical,
        title,
        variantOptionOrdering: ['Size'],
        variants: stocks.map((qtyInStock, i) => ({
          sku: `${title.replace(/\W/g, '').slice(0, 8)}-${i}`,
          priceMoney: { value: '10.00', currency: 'USD' },
          qtyInStock,
          optionValues: [{ optionName: 'Size', value: `S${i}` }],
        })),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json();
  }

  async function token(scope = 'PRODUCT_WAITLIST_SUBMISSION'): Promise<string> {
    address += 1;
    const challenge = await t.app.inject({
      url: `/api/captcha/challenge?scope=${scope}`,
      headers: { host: 'localhost' },
      remoteAddress: `198.51.100.${address % 250}`,
    });
    expect(challenge.statusCode, challenge.body).toBe(200);
    return solve(challenge.json());
  }

  async function signUp(
    product: Product,
    email: string,
    options: {
      variant?: number;
      captcha?: string | null;
      from?: string;
      joinList?: boolean;
    } = {},
  ) {
    const captcha = options.captcha === undefined ? await token() : options.captcha;
    address += 1;
    return t.app.inject({
      method: 'POST',
      url: SIGN_UP,
      headers: { host: 'localhost' },
      remoteAddress: options.from ?? `203.0.113.${address % 250}`,
      payload: {
        productId: product.id,
        variantId: product.variants[options.variant ?? 0]?.id,
        siteVisitorEmail: email,
        isJoinMailingList: options.joinList ?? false,
        ...(captcha !== null && { recaptchaEnterpriseV3Token: captcha }),
      },
    });
  }

  const adjustStock = async (product: Product, adjustBy: number, variant = 0) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `${catalogBase}/products/${product.id}/variants/${product.variants[variant]?.id}/stock`,
      headers: key.headers,
      payload: { adjustBy },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const setInventorySettings = async (values: Record<string, unknown>) => {
    const current = await t.app.services.preferences.inventory(key.websiteId);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/commerce-preferences/inventory',
      headers: key.headers,
      payload: { ...current, ...values },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const restockMails = async (productTitle: string) =>
    (
      await t.database.db
        .selectFrom('mail_outbox')
        .select(['to_email', 'subject', 'body_text'])
        .where('website_id', '=', key.websiteId)
        .where('kind', '=', 'restock-notification')
        // A wave's emails share their transaction's time: within one, by address, so a
        // test reads who was emailed, not the order rows happened to come back in.
        .orderBy('created_at')
        .orderBy('to_email')
        .execute()
    ).filter((mail) => mail.subject.includes(productTitle));

  const groupOf = async (product: Product, variant = 0) => {
    const response = await t.app.inject({
      url: `${restockBase}/groups`,
      headers: key.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json()
      .signUpGroups.find(
        (g: { variantId: string }) => g.variantId === product.variants[variant]?.id,
      );
  };

  beforeAll(async () => {
    t = await createTestApp();
    key = await createKey(t);
    catalogBase = `/api/content-service/product/1.1/websites/${key.websiteId}`;
    restockBase = `/api/content-service/commerce/1.1/websites/${key.websiteId}/restock`;
  });
  afterAll(() => t.close());

  it("answers a blank or malformed email with the spec's messages, and signs up a good one", async () => {
    const product = await createProduct('Linen Apron', [0]);
    const blank = await signUp(product, '   ', { captcha: null });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      code: 'RESTOCK_EMAIL_INVALID',
      error: 'Email cannot be blank',
      errors: { siteVisitorEmail: 'Email cannot be blank' },
    });
    const invalid = await signUp(product, 'not-an-email', { captcha: null });
    expect(invalid.json()).toMatchObject({
      code: 'RESTOCK_EMAIL_INVALID',
      error: 'Email is invalid',
    });
    const ok = await signUp(product, ' ada@example.com ');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: 'Signed up!' });
  });

  it('accepts a repeat of a waiting sign-up without adding a second one', async () => {
    const product = await createProduct('Wool Socks', [0]);
    expect((await signUp(product, 'bo@example.com')).statusCode).toBe(200);
    const again = await signUp(product, 'BO@example.com');
    expect(again.statusCode, again.body).toBe(200);
    const group = await groupOf(product);
    expect(group).toMatchObject({ waitingCount: 1, notifiedCount: 0, productTitle: 'Wool Socks' });
  });

  it('queues a restock.signed_up webhook event with a new sign-up, not with a repeat', async () => {
    const product = await createProduct('Linen Napkins', [0]);
    await t.database.db
      .insertInto('webhook_endpoints')
      .values({
        website_id: key.websiteId,
        url: 'https://hooks.example.com/restock',
        events: sql<string[]>`array['restock.signed_up']`,
        secret: 'whsec_dGVzdA==',
        created_by: 'owner@example.com',
      })
      .execute();
    const events = () =>
      t.database.db
        .selectFrom('webhook_deliveries')
        .select('body')
        .where('website_id', '=', key.websiteId)
        .where('event_type', '=', 'restock.signed_up')
        .execute();
    expect((await signUp(product, 'eve@example.com')).statusCode).toBe(200);
    expect((await signUp(product, 'EVE@example.com')).statusCode).toBe(200);
    const queued = await events();
    expect(queued).toHaveLength(1);
    expect(JSON.parse(queued[0]?.body ?? '{}')).toMatchObject({
      type: 'restock.signed_up',
      data: { productId: product.id, variantId: product.variants[0]?.id, email: 'eve@example.com' },
    });
    await t.database.db
      .deleteFrom('webhook_endpoints')
      .where('website_id', '=', key.websiteId)
      .execute();
  });

  it('refuses a sign-up without a captcha, with a forged one, or one solved for another form', async () => {
    const product = await createProduct('Clay Mug', [0]);
    const missing = await signUp(product, 'cy@example.com', { captcha: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'RESTOCK_CAPTCHA_REQUIRED',
      error: formMessages.completeCaptcha,
    });
    const forged = await signUp(product, 'cy@example.com', { captcha: 'bm90IGEgc29sdXRpb24=' });
    expect(forged.json().code).toBe('RESTOCK_CAPTCHA_FAILED');
    const otherScope = await signUp(product, 'cy@example.com', {
      captcha: await token('FORM_BLOCK_SUBMISSION'),
    });
    expect(otherScope.json().code).toBe('RESTOCK_CAPTCHA_FAILED');
    const solved = await token();
    expect((await signUp(product, 'cy@example.com', { captcha: solved })).statusCode).toBe(200);
    // A solution is spent once it verifies.
    const replayed = await signUp(product, 'dee@example.com', { captcha: solved });
    expect(replayed.json().code).toBe('RESTOCK_CAPTCHA_FAILED');
    expect(await groupOf(product)).toMatchObject({ waitingCount: 1 });
  });

  it('refuses variants in stock and products that take no sign-ups, with a clear 409', async () => {
    const product = await createProduct('Oak Board', [0, 4]);
    const inStock = await signUp(product, 'ed@example.com', { variant: 1 });
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json()).toMatchObject({
      code: 'RESTOCK_NOT_OFFERED',
      error: restockMessages.inStock,
    });
    await t.database.db
      .updateTable('product_merchandising')
      .set({ is_restock_notification_enabled: false })
      .where('website_id', '=', key.websiteId)
      .where('product_id', '=', product.id)
      .execute();
    const off = await signUp(product, 'ed@example.com');
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe(restockMessages.notOffered);
  });

  it("shows the merchant's own success text once set", async () => {
    const product = await createProduct('Tea Towel', [0]);
    await setInventorySettings({ restockSuccessText: "We'll email you the moment it's back." });
    const ok = await signUp(product, 'fay@example.com');
    expect(ok.json()).toEqual({ message: "We'll email you the moment it's back." });
    await setInventorySettings({ restockSuccessText: '' });
  });

  it('adds a shopper who ticks "join" to the chosen list, pending their confirmation', async () => {
    const list = await t.database.db
      .insertInto('mailing_lists')
      .values({ website_id: key.websiteId, name: 'Back in stock fans' })
      .returning('list_id')
      .executeTakeFirstOrThrow();
    const product = await createProduct('Joinable Mitt', [0]);
    // Offered but no list chosen: the checkbox is not on the page, and a tick joins nothing.
    await setInventorySettings({ restockMailingListSignUp: true, restockMailingListId: '' });
    expect((await signUp(product, 'gil@example.com', { joinList: true })).statusCode).toBe(200);
    await setInventorySettings({ restockMailingListId: list.list_id });
    expect((await signUp(product, 'hal@example.com', { joinList: true })).statusCode).toBe(200);
    expect((await signUp(product, 'ivy@example.com')).statusCode).toBe(200);
    const joined = await t.database.db
      .selectFrom('mailing_list_subscribers')
      .select(['email', 'status', 'source'])
      .where('list_id', '=', list.list_id)
      .execute();
    expect(joined).toEqual([{ email: 'hal@example.com', status: 'pending', source: 'restock' }]);
    const confirmations = await t.database.db
      .selectFrom('mail_outbox')
      .select('to_email')
      .where('kind', '=', 'newsletter-confirmation')
      .where('to_email', 'in', ['gil@example.com', 'hal@example.com', 'ivy@example.com'])
      .execute();
    expect(confirmations).toEqual([{ to_email: 'hal@example.com' }]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/commerce-preferences/inventory',
      headers: key.headers,
      payload: {
        ...(await t.app.services.preferences.inventory(key.websiteId)),
        restockMailingListId: 'nope',
      },
    });
    expect(bad.statusCode).toBe(400);
    await setInventorySettings({ restockMailingListSignUp: false, restockMailingListId: '' });
  });

  it('limits sign-ups per visitor address', async () => {
    const product = await createProduct('Rate Limited', [0]);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await signUp(product, '', { captcha: null, from: '192.0.2.77' })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address is not held back by the first.
    expect((await signUp(product, 'gil@example.com', { from: '192.0.2.78' })).statusCode).toBe(200);
  });

  it('restocking 2 units with 3 waiting emails the first two; the next restock the third; nobody twice', async () => {
    await setInventorySettings({ restockAutoSend: true });
    const product = await createProduct('Indigo <Scarf>', [0]);
    for (const email of ['first@example.com', 'second@example.com', 'third@example.com']) {
      expect((await signUp(product, email)).statusCode).toBe(200);
    }
    await adjustStock(product, 2);
    await t.app.services.commerce.jobs.runDueJobs();
    let mails = await restockMails('Indigo <Scarf>');
    expect(mails.map((m) => m.to_email)).toEqual(['first@example.com', 'second@example.com']);
    expect(await groupOf(product)).toMatchObject({ waitingCount: 1, notifiedCount: 2 });

    const mail = mails[0];
    expect(mail?.body_text).toContain('Indigo &lt;Scarf&gt; (S0)');
    expect(mail?.body_text).toMatch(/Get it here: https?:\/\/[^/\s]+\/shop\/p\/\S+/);

    // Stock moving while above 0 starts no wave; selling out and restocking again does.
    await adjustStock(product, 3);
    await t.app.services.commerce.jobs.runDueJobs();
    expect(await restockMails('Indigo <Scarf>')).toHaveLength(2);
    await adjustStock(product, -5);
    await adjustStock(product, 1);
    await t.app.services.commerce.jobs.runDueJobs();
    await t.app.services.commerce.jobs.runDueJobs();
    mails = await restockMails('Indigo <Scarf>');
    expect(mails.map((m) => m.to_email)).toEqual([
      'first@example.com',
      'second@example.com',
      'third@example.com',
    ]);
    expect(await groupOf(product)).toMatchObject({ waitingCount: 0, notifiedCount: 3 });
    await setInventorySettings({ restockAutoSend: false });
  });

  it('starts a wave whatever writes the stock (an order restock, a CSV import: any update)', async () => {
    await setInventorySettings({ restockAutoSend: true });
    const product = await createProduct('Felt Slippers', [0]);
    for (const email of ['f1@example.com', 'f2@example.com']) {
      expect((await signUp(product, email)).statusCode).toBe(200);
    }
    await t.database.db
      .updateTable('product_variants')
      .set({ qty_in_stock: 1 })
      .where('website_id', '=', key.websiteId)
      .where('variant_id', '=', product.variants[0]?.id ?? '')
      .execute();
    await t.app.services.commerce.jobs.runDueJobs();
    expect((await restockMails('Felt Slippers')).map((m) => m.to_email)).toEqual([
      'f1@example.com',
    ]);
    // Turning the variant unlimited emails everyone still waiting.
    await t.database.db
      .updateTable('product_variants')
      .set({ is_unlimited: true })
      .where('website_id', '=', key.websiteId)
      .where('variant_id', '=', product.variants[0]?.id ?? '')
      .execute();
    await t.app.services.commerce.jobs.runDueJobs();
    expect(await restockMails('Felt Slippers')).toHaveLength(2);
    await setInventorySettings({ restockAutoSend: false });
  });

  it('sends nothing by itself when automatic sending is off; the merchant sends once', async () => {
    const product = await createProduct('Hand Soap', [0]);
    for (const email of ['h1@example.com', 'h2@example.com']) {
      expect((await signUp(product, email)).statusCode).toBe(200);
    }
    await adjustStock(product, 1);
    await t.app.services.commerce.jobs.runDueJobs();
    expect(await restockMails('Hand Soap')).toHaveLength(0);

    const body = { productId: product.id, variantId: product.variants[0]?.id };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${restockBase}/send`,
        headers: key.headers,
        payload: body,
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect((a?.json().sentCount ?? 0) + (b?.json().sentCount ?? 0)).toBe(2);
    expect((await send()).json()).toEqual({ sentCount: 0 });
    expect((await restockMails('Hand Soap')).map((m) => m.to_email).sort()).toEqual([
      'h1@example.com',
      'h2@example.com',
    ]);
    // A new sign-up after the send waits for the next one.
    await adjustStock(product, -1);
    expect((await signUp(product, 'h1@example.com')).statusCode).toBe(200);
    expect(await groupOf(product)).toMatchObject({ waitingCount: 1, notifiedCount: 2 });
  });

  it('sends for several variants at once and refuses an unknown one without sending', async () => {
    const product = await createProduct('Candle Set', [0, 0]);
    expect((await signUp(product, 'c1@example.com', { variant: 0 })).statusCode).toBe(200);
    expect((await signUp(product, 'c2@example.com', { variant: 1 })).statusCode).toBe(200);
    const requests = product.variants.map((v) => ({ productId: product.id, variantId: v.id }));
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${restockBase}/send/all`,
      headers: key.headers,
      payload: {
        sendRequests: [
          ...requests,
          { productId: product.id, variantId: '00000000-0000-4000-8000-000000000000' },
        ],
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await restockMails('Candle Set')).toHaveLength(0);
    const all = await t.app.inject({
      method: 'POST',
      url: `${restockBase}/send/all`,
      headers: key.headers,
      payload: { sendRequests: requests },
    });
    expect(all.json()).toEqual({ sentCount: 2 });
  });

  it('runs a wave job once even when it is run again after a crash', async () => {
    await setInventorySettings({ restockAutoSend: true });
    const product = await createProduct('Copper Pot', [0]);
    for (const email of ['p1@example.com', 'p2@example.com', 'p3@example.com']) {
      expect((await signUp(product, email)).statusCode).toBe(200);
    }
    const job = {
      website_id: key.websiteId,
      job_id: '11111111-1111-4111-8111-111111111111',
      kind: 'restock.send-wave',
      payload: { productId: product.id, variantId: product.variants[0]?.id, units: 1 },
      run_at: new Date(),
      attempts: 1,
      last_error: null,
      created_at: new Date(),
    };
    await t.app.services.restock.sendWave(job);
    await t.app.services.restock.sendWave(job);
    expect((await restockMails('Copper Pot')).map((m) => m.to_email)).toEqual(['p1@example.com']);
    // Two waves at once (two restocks' jobs in two workers) take different sign-ups.
    await Promise.all([
      t.app.services.restock.sendWave({ ...job, job_id: '22222222-2222-4222-8222-222222222222' }),
      t.app.services.restock.sendWave({ ...job, job_id: '33333333-3333-4333-8333-333333333333' }),
    ]);
    expect((await restockMails('Copper Pot')).map((m) => m.to_email).sort()).toEqual([
      'p1@example.com',
      'p2@example.com',
      'p3@example.com',
    ]);
    await setInventorySettings({ restockAutoSend: false });
  });

  it("pages a variant's sign-ups in the order they came", async () => {
    const product = await createProduct('Many Waiting', [0]);
    const variantId = product.variants[0]?.id ?? '';
    await t.database.db
      .insertInto('restock_sign_ups')
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          website_id: key.websiteId,
          product_id: product.id,
          variant_id: variantId,
          email: `w${i}@example.com`,
          email_key: `w${i}@example.com`,
          created_at: new Date(Date.UTC(2026, 10, 1, 0, 0, i)),
        })),
      )
      .execute();
    const url = `${restockBase}?productId=${product.id}&variantId=${variantId}`;
    const first = (await t.app.inject({ url, headers: key.headers })).json();
    expect(first.signUps).toHaveLength(50);
    expect(first.signUps[0].email).toBe('w0@example.com');
    expect(first.hasNextPage).toBe(true);
    const second = (
      await t.app.inject({
        url: `${url}&cursor=${first.nextPageCursor}`,
        headers: key.headers,
      })
    ).json();
    expect(second.signUps.map((s: { email: string }) => s.email)).toEqual(
      Array.from({ length: 5 }, (_, i) => `w${50 + i}@example.com`),
    );
    expect(second).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    const bad = await t.app.inject({ url: `${url}&cursor=nonsense`, headers: key.headers });
    expect(bad.statusCode).toBe(400);
  });
});
