import type { AddCartEntryBody } from '@atelier/contract';
import { cartMessages } from '@atelier/core/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placeOrder, setEmail } from '../checkout/checkout-client.ts';
import { addToCart, CART_EVENT, type CartEventDetail, changeEntry } from './cart-client.ts';

// The storefront's calls as a shopper's browser makes them: a stubbed fetch, cookie jar
// and window, so the headers sent, the cart events and the sentences shown are checked.

type Sent = { url: string; init: RequestInit };
let sent: Sent[];
let events: string[];
let answers: Array<() => Response>;
const cookies = { value: '' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const mug: AddCartEntryBody = { itemId: '7f1a2b3c-0000-4000-8000-000000000001', quantity: 1 };
const cart = { id: 'cart-1', entries: [] };
const entry = { id: 'e1' };
const offline = () => {
  throw new TypeError('Failed to fetch');
};

beforeEach(() => {
  sent = [];
  events = [];
  answers = [];
  cookies.value = 'crumb=c1';
  const target = new EventTarget();
  target.addEventListener(CART_EVENT, (event) =>
    events.push((event as CustomEvent<CartEventDetail>).detail.type),
  );
  vi.stubGlobal('window', target);
  vi.stubGlobal('navigator', { cookieEnabled: true });
  vi.stubGlobal('document', {
    get cookie() {
      return cookies.value;
    },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected request to ${url}`);
    return answer();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the storefront cart client', () => {
  it('adds with the crumb and tells the page about the new entry', async () => {
    answers.push(() => json(200, { shoppingCart: cart, newlyAdded: entry }));
    const result = await addToCart(mug, 'Mug');
    expect(result).toEqual({ ok: true, cart, newlyAdded: entry });
    expect(sent[0]?.url).toBe('/api/commerce/shopping-cart/entries');
    expect(sent[0]?.init.headers).toMatchObject({ 'x-csrf-token': 'c1' });
    expect(events).toEqual(['recalculate-start', 'recalculate-end', 'item-added']);
  });

  it('reads the cart once for a crumb the page does not have yet', async () => {
    cookies.value = '';
    answers.push(
      () => {
        cookies.value = 'crumb=fresh';
        return json(200, { shoppingCart: cart });
      },
      () => json(200, { shoppingCart: cart, newlyAdded: entry }),
    );
    await addToCart(mug, 'Mug');
    expect(sent.map((s) => s.init.method)).toEqual(['GET', 'POST']);
    expect(sent[1]?.init.headers).toMatchObject({ 'x-csrf-token': 'fresh' });
    expect(events[0]).toBe('loading');
  });

  it('does not read the cart twice when cookies are off, and says to enable them', async () => {
    cookies.value = '';
    vi.stubGlobal('navigator', { cookieEnabled: false });
    answers.push(
      () => json(200, { shoppingCart: cart }),
      () => json(403, { error: 'CSRF check failed', code: 'CSRF_FAILED' }),
    );
    const result = await addToCart(mug, 'Mug');
    expect(sent.map((s) => s.init.method)).toEqual(['GET', 'POST']);
    expect(result).toEqual({ ok: false, message: cartMessages.enableCookies });
  });

  it("shows the server's words and fields for a refused add", async () => {
    answers.push(() =>
      json(409, { error: 'Sold out', errors: { quantity: 'Too many' }, code: 'OUT_OF_STOCK' }),
    );
    expect(await addToCart({ ...mug, quantity: 9 }, 'Mug')).toEqual({
      ok: false,
      message: 'Sold out',
      fieldErrors: { quantity: 'Too many' },
    });
    expect(events).toEqual(['recalculate-start', 'recalculate-end']);
  });

  it('asks to try again when an add gets no answer, but to check the connection on a change', async () => {
    answers.push(offline, offline);
    expect(await addToCart(mug, 'Mug')).toEqual({
      ok: false,
      message: cartMessages.pleaseTryAgain,
    });
    expect(await changeEntry('e1', { quantity: 2 })).toEqual({
      ok: false,
      message: cartMessages.checkConnection,
    });
  });

  it('changes a quantity with PUT and removes with DELETE', async () => {
    answers.push(
      () => json(200, { shoppingCart: cart }),
      () => json(200, { shoppingCart: cart }),
    );
    expect(await changeEntry('e 1', { quantity: 2 })).toEqual({ ok: true, cart });
    expect(await changeEntry('e1', 'remove')).toEqual({ ok: true, cart });
    expect(sent.map((s) => [s.init.method, s.url, s.init.body])).toEqual([
      ['PUT', '/api/commerce/shopping-cart/entries/e%201', '{"quantity":2}'],
      ['DELETE', '/api/commerce/shopping-cart/entries/e1', undefined],
    ]);
  });

  it('turns a failed CSRF check into the session-expired sentence', async () => {
    answers.push(() => json(403, { error: 'CSRF check failed', code: 'CSRF_FAILED' }));
    expect(await changeEntry('e1', 'remove')).toEqual({
      ok: false,
      message: cartMessages.sessionExpired,
    });
  });
});

describe('the storefront checkout client', () => {
  it('unwraps the re-priced checkout from each step', async () => {
    answers.push(() => json(200, { checkout: { id: 'k1', email: 'a@b.co' } }));
    expect(await setEmail('k1', 'a@b.co')).toEqual({
      ok: true,
      value: { id: 'k1', email: 'a@b.co' },
    });
    expect(sent[0]).toMatchObject({
      url: '/api/commerce/checkout/k1/email',
      init: { method: 'PUT', body: '{"email":"a@b.co"}' },
    });
  });

  it("places an order with its Idempotency-Key and reports the server's code", async () => {
    answers.push(() =>
      json(400, {
        error: 'Your card was declined.',
        errors: { card: 'Your card was declined.' },
        code: 'CARD_DECLINED',
      }),
    );
    const result = await placeOrder('k1', undefined, 'key-1');
    expect(sent[0]?.init.headers).toMatchObject({
      'idempotency-key': 'key-1',
      'x-csrf-token': 'c1',
    });
    expect(sent[0]?.init.body).toBe('{}');
    expect(result).toMatchObject({
      ok: false,
      failure: {
        status: 400,
        message: 'Your card was declined.',
        code: 'CARD_DECLINED',
        fields: { card: 'Your card was declined.' },
      },
    });
  });

  it('reports no answer with status 0 and the connection sentence', async () => {
    answers.push(offline);
    expect(await placeOrder('k1', undefined, 'key-1')).toMatchObject({
      ok: false,
      failure: { status: 0, message: cartMessages.checkConnection },
    });
  });
});
