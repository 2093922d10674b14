import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../test/test-app.ts';

// Issue 15: every per-address limit is keyed on the website the request resolved to and
// the client's address, and a client chooses neither by writing a header.

const ADD = '/api/commerce/shopping-cart/entries';
const PLACE = '/api/commerce/checkout/00000000-0000-4000-8000-000000000000/orders';

/** Sends `count` requests, each shaped by `vary(i)`, and returns their statuses. */
async function statusesOf(
  t: TestApp,
  count: number,
  url: string,
  vary: (i: number) => { headers?: Record<string, string>; remoteAddress?: string },
) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const { headers = {}, remoteAddress } = vary(i);
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: {},
      ...(remoteAddress && { remoteAddress }),
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const limitedAfter = (statuses: number[]) => statuses.indexOf(429);

/** An app with one bare website (no demo store to seed: these tests only count). */
async function createLimitTestApp(env: Record<string, string>) {
  const t = await createTestApp({ seedDemo: false, env });
  await t.app.services.websites.create({ title: 'Limits', hosts: ['localhost'] });
  return t;
}

describe(`per-address limits without a trusted proxy (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createLimitTestApp({ CART_RATE_LIMIT: '5', ORDER_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: 200 adds to cart from "different" addresses stop at 5', async () => {
    const statuses = await statusesOf(t, 200, ADD, (i) => ({
      headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
      remoteAddress: '203.0.113.7',
    }));
    expect(limitedAfter(statuses)).toBe(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });

  it('ignores the Host header: 200 adds to cart under different hosts stop at 5', async () => {
    const statuses = await statusesOf(t, 200, ADD, (i) => ({
      headers: { host: `shop-${i}.example` },
      remoteAddress: '203.0.113.8',
    }));
    expect(limitedAfter(statuses)).toBe(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });

  it('limits order placement by ORDER_RATE_LIMIT whatever the headers say', async () => {
    const statuses = await statusesOf(t, 200, PLACE, (i) => ({
      headers: { 'x-forwarded-for': `198.51.100.${i % 250}`, host: `shop-${i}.example` },
      remoteAddress: '203.0.113.9',
    }));
    expect(limitedAfter(statuses)).toBe(3);
    expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
  });

  it('still counts each real address on its own', async () => {
    const statuses = await statusesOf(t, 20, ADD, (i) => ({ remoteAddress: `192.0.2.${i}` }));
    expect(statuses).not.toContain(429);
  });
});

describe(`per-address limits behind a trusted proxy (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createLimitTestApp({ CART_RATE_LIMIT: '5', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('with TRUST_PROXY=1 the address the proxy forwarded is the client', async () => {
    const proxy = '10.0.0.2';
    const rotating = await statusesOf(t, 50, ADD, (i) => ({
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
      remoteAddress: proxy,
    }));
    expect(rotating).not.toContain(429);
    // One hop trusted: a client's own X-Forwarded-For entry before the proxy's is not.
    const oneClient = await statusesOf(t, 20, ADD, (i) => ({
      headers: { 'x-forwarded-for': `192.0.2.${i}, 198.51.100.200` },
      remoteAddress: proxy,
    }));
    expect(limitedAfter(oneClient)).toBe(5);
  });
});

describe(`per-address limits behind a named proxy (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createLimitTestApp({ CART_RATE_LIMIT: '5', TRUST_PROXY: '10.0.0.0/24' });
  });
  afterAll(() => t.close());

  it('trusts X-Forwarded-For only when the named proxy sent it', async () => {
    const viaProxy = await statusesOf(t, 20, ADD, (i) => ({
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
      remoteAddress: '10.0.0.9',
    }));
    expect(viaProxy).not.toContain(429);
    const direct = await statusesOf(t, 20, ADD, (i) => ({
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
      remoteAddress: '203.0.113.50',
    }));
    expect(limitedAfter(direct)).toBe(5);
  });
});
