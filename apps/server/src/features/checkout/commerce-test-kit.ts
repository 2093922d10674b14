import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Product } from '@atelier/contract';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { copyDemoData, createTestDatabase, testDialect } from '../../test/test-app.ts';
import type { CommerceOptions } from './commerce.ts';

// Helpers for checkout tests: the real app (demo store seeded) with commerce options,
// and a shopper that keeps cookies and the CSRF crumb like a browser page does. The
// shopper speaks through `send`, so one test can use app.inject and another real HTTP.

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely, as a browser script would.
export type Sent = { status: number; body: any; setCookie: string[] };
export type Send = (request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}) => Promise<Sent>;

export async function createCommerceTestApp(commerce: CommerceOptions = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-checkout-'));
  // The shoppers below name themselves in X-Forwarded-For as a local proxy would; both
  // app.inject and real HTTP arrive from loopback.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TRUST_PROXY: 'loopback' });
  const testDatabase = await createTestDatabase({ withDemo: true });
  await copyDemoData(dataDir);
  const database = await testDatabase.open();
  const app = await buildApp({ config, database, commerce });
  const seconds: App[] = [];
  const list = await app.inject('/api/catalog/collections/shop/products');
  const products: Product[] = list.json().products;
  const websiteId = (await app.services.websites.resolveByHost('localhost'))?.id ?? '';
  return {
    app,
    websiteId,
    /** The database itself, for tests that check rows a migration writes. */
    db: database.db,
    /** itemId, sku and variant id of a seeded variant. */
    variant(sku: string) {
      for (const p of products) {
        const v = p.variants.find((x) => x.sku === sku);
        if (v) return { itemId: p.id, sku, variantId: v.id };
      }
      throw new Error(`no variant ${sku}`);
    },
    stockOf: (variantId: string) =>
      app.services.commerce.store.inventory.stockOf(websiteId, variantId),
    /**
     * A second server on the same database, as a second instance behind a load balancer:
     * on PostgreSQL its own pool; the embedded database has one connection per process,
     * so there the two apps share it (and the second is closed with the first).
     */
    async secondServer(options: CommerceOptions = commerce): Promise<App> {
      const second = await buildApp({
        config,
        database: testDialect === 'postgres' ? await testDatabase.open() : database,
        commerce: options,
      });
      if (testDialect === 'postgres') seconds.push(second);
      return second;
    },
    close: async () => {
      for (const second of seconds) await second.close();
      await app.close();
      await testDatabase.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const injectSend =
  (app: App): Send =>
  async ({ method, url, headers, body }) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(body !== undefined && { payload: body as object }),
    });
    return {
      status: response.statusCode,
      body: response.body ? response.json() : null,
      setCookie: [response.headers['set-cookie'] ?? []].flat().map(String),
    };
  };

export const httpSend =
  (baseUrl: string): Send =>
  async ({ method, url, headers, body }) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      setCookie: response.headers.getSetCookie(),
    };
  };

export const approvedCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  nameOnCard: 'Ada Lovelace',
};

export const nyAddress = {
  name: 'Ada Lovelace',
  line1: '1 Main St',
  city: 'New York',
  region: 'NY',
  postalCode: '10001',
  country: 'US',
};

export const caAddress = { ...nyAddress, city: 'Los Angeles', region: 'CA', postalCode: '90001' };

let shopperCount = 0;

/**
 * Each shopper comes from its own address (X-Forwarded-For, which counts only where the
 * app trusts a loopback proxy: createCommerceTestApp does, createTestApp does not),
 * as 50 real shoppers would, so the per-address rate limits see 50 people, not one.
 */
export function createShopper(send: Send) {
  shopperCount += 1;
  const ip = `10.${(shopperCount >> 16) & 255}.${(shopperCount >> 8) & 255}.${shopperCount & 255}`;
  const cookies: Record<string, string> = {};
  const remember = (lines: string[]) => {
    for (const line of lines) {
      const [pair] = line.split(';');
      const index = (pair ?? '').indexOf('=');
      if (index > 0) cookies[(pair ?? '').slice(0, index)] = (pair ?? '').slice(index + 1);
    }
  };
  const call = async (
    method: string,
    url: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Sent> => {
    const headers: Record<string, string> = {
      cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      'x-csrf-token': cookies.crumb ?? '',
      'x-forwarded-for': ip,
      ...extra,
    };
    const sent = await send({ method, url, headers, body });
    remember(sent.setCookie);
    return sent;
  };
  return {
    cookies,
    call,
    /** Loads the cart once, as a page's script does, to get the crumb. */
    visit: () => call('GET', '/api/commerce/shopping-cart'),
    add: (item: { itemId: string; sku: string }, quantity = 1, additionalFields?: string) =>
      call('POST', '/api/commerce/shopping-cart/entries', {
        ...item,
        quantity,
        ...(additionalFields !== undefined && { additionalFields }),
      }),
    start: () => call('POST', '/api/commerce/checkout'),
    put: (checkoutId: string, path: string, body: unknown) =>
      call('PUT', `/api/commerce/checkout/${checkoutId}${path}`, body),
    get: (checkoutId: string) => call('GET', `/api/commerce/checkout/${checkoutId}`),
    place: (checkoutId: string, key: string, card: unknown = approvedCard) =>
      call(
        'POST',
        `/api/commerce/checkout/${checkoutId}/orders`,
        { card },
        { 'idempotency-key': key },
      ),
  };
}

export type Shopper = ReturnType<typeof createShopper>;

/** Email, address and the first offered shipping option: ready to pay. */
export async function fillDetails(shopper: Shopper, checkoutId: string, address = nyAddress) {
  await shopper.put(checkoutId, '/email', { email: 'ada@example.com' });
  const withAddress = await shopper.put(checkoutId, '/shipping-address', {
    shippingAddress: address,
  });
  const option = withAddress.body.checkout.shippingOptions.find(
    (o: { isAvailable: boolean }) => o.isAvailable,
  );
  if (option) return shopper.put(checkoutId, '/shipping-option', { optionId: option.id });
  return withAddress;
}
