import { CUSTOMER_NOTE_MAX } from '@atelier/contract';
import { customerMessages, parseCsv, Role, unguardFormula } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-app.ts';
import { type EditorClient, editorClient, ownerClient } from '../auth/editor-client.ts';
import {
  caAddress,
  createCommerceTestApp,
  createShopper,
  injectSend,
} from '../checkout/commerce-test-kit.ts';

// Issue 19: customers are the orders grouped by email. Shoppers buy through the real
// checkout; the owner reads the customers, writes a note and exports them.

describe(`customers (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  let owner: EditorClient;
  let base = '';
  let orderCount = 0;

  beforeAll(async () => {
    kit = await createCommerceTestApp({ reservationMs: 0 });
    owner = await ownerClient({ app: kit.app } as TestApp);
    base = `/api/content-service/commerce/1.1/websites/${kit.websiteId}`;
  });
  afterAll(() => kit.close());

  /** A paid order of `quantity` mugs shipped to California under `name`. */
  async function buy(email: string, name: string, quantity = 1) {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    expect((await shopper.add(kit.variant('MUG-OAT'), quantity)).status).toBe(200);
    const id: string = (await shopper.start()).body.checkout.id;
    await shopper.put(id, '/email', { email });
    const addressed = await shopper.put(id, '/shipping-address', {
      shippingAddress: { ...caAddress, name },
    });
    const option = addressed.body.checkout.shippingOptions.find(
      (o: { isAvailable: boolean }) => o.isAvailable,
    );
    await shopper.put(id, '/shipping-option', { optionId: option.id });
    orderCount += 1;
    const placed = await shopper.place(id, `customer-order-${orderCount}`);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.order as { id: string; grandTotalCents: number; orderNumber: number };
  }

  const customerPath = (email: string) => `${base}/customers/${encodeURIComponent(email)}`;
  let first: { id: string; grandTotalCents: number };
  let second: { id: string; grandTotalCents: number };
  let refundedCents = 0;

  beforeAll(async () => {
    first = await buy('Ada.Lovelace@Example.com', 'Ada Byron', 1);
    second = await buy('ada.lovelace@example.com', 'Ada Lovelace', 2);
    await buy('grace+shop@example.com', '=HYPERLINK("http://evil.example")', 1);
    const refund = await owner.call(
      'POST',
      `${base}/orders/${second.id}/refunds`,
      { amountCents: 500 },
      { 'idempotency-key': 'customer-refund-1' },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    refundedCents = refund.json().order.refundedCardCents;
  });

  it('groups orders by email in any case, with lifetime value net of refunds', async () => {
    const list = await owner.call('GET', `${base}/customers`);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    const ada = body.customers.find(
      (c: { email: string }) => c.email === 'ada.lovelace@example.com',
    );
    expect(refundedCents).toBe(500);
    expect(ada).toMatchObject({
      // The latest order's name.
      name: 'Ada Lovelace',
      ordersCount: 2,
      // The test gateway's orders are test-mode orders: counted, and marked.
      testOrdersCount: 2,
      lifetimeValueCents: first.grandTotalCents + second.grandTotalCents - 500,
      currency: 'USD',
      newsletter: 'not_subscribed',
      hasNote: false,
    });
    expect(ada.lastOrderAt).toBeGreaterThanOrEqual(ada.firstOrderAt);
    // Newest last order first by default.
    expect(body.customers[0].email).toBe('grace+shop@example.com');
  });

  it('searches by email or by any name ordered under, in any case, and sorts', async () => {
    const emails = async (query: string) =>
      (await owner.call('GET', `${base}/customers?${query}`))
        .json()
        .customers.map((c: { email: string }) => c.email);
    expect(await emails('q=ADA.LOVE')).toEqual(['ada.lovelace@example.com']);
    expect(await emails('q=byron')).toEqual(['ada.lovelace@example.com']);
    expect(await emails('q=grace%2B')).toEqual(['grace+shop@example.com']);
    // A wildcard is only a character.
    expect(await emails('q=%25')).toEqual([]);
    expect(await emails('sort=email&direction=asc')).toEqual([
      'ada.lovelace@example.com',
      'grace+shop@example.com',
    ]);
    expect(await emails('sort=orders&direction=desc&pageSize=10')).toEqual([
      'ada.lovelace@example.com',
      'grace+shop@example.com',
    ]);
    const paged = await owner.call('GET', `${base}/customers?pageSize=10&page=2`);
    expect(paged.json()).toMatchObject({ customers: [], total: 2, page: 2 });
    const bad = await owner.call('GET', `${base}/customers?sort=nonsense`);
    expect(bad.statusCode).toBe(400);
  });

  it('shows one customer with their orders and the latest address', async () => {
    const answer = await owner.call('GET', customerPath('ADA.lovelace@example.com'));
    expect(answer.statusCode, answer.body).toBe(200);
    const customer = answer.json().customer;
    expect(customer.orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(customer.address).toMatchObject({ name: 'Ada Lovelace', region: 'CA' });
    expect(customer).toMatchObject({ note: '', noteUpdatedAt: null, otherCurrencyOrdersCount: 0 });
    const missing = await owner.call('GET', customerPath('nobody@example.com'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'CUSTOMER_NOT_FOUND',
      error: customerMessages.notFound,
    });
  });

  it('saves, replaces and clears a note, and refuses one that is too long', async () => {
    const path = `${customerPath('grace+shop@example.com')}/note`;
    const saved = await owner.call('PUT', path, { note: 'Prefers gift wrap.\nCall first.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().customer).toMatchObject({
      note: 'Prefers gift wrap.\nCall first.',
      noteUpdatedBy: 'owner@example.com',
      hasNote: true,
    });
    const listed = await owner.call('GET', `${base}/customers?q=grace`);
    expect(listed.json().customers[0].hasNote).toBe(true);

    const tooLong = await owner.call('PUT', path, { note: 'x'.repeat(CUSTOMER_NOTE_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'REQUEST_INVALID',
      errors: { note: customerMessages.noteTooLong(CUSTOMER_NOTE_MAX) },
    });
    const kept = await owner.call('GET', customerPath('grace+shop@example.com'));
    expect(kept.json().customer.note).toBe('Prefers gift wrap.\nCall first.');

    const unknown = await owner.call('PUT', `${customerPath('nobody@example.com')}/note`, {
      note: 'hello',
    });
    expect(unknown.statusCode).toBe(404);

    const cleared = await owner.call('PUT', path, { note: '   ' });
    expect(cleared.json().customer).toMatchObject({ note: '', hasNote: false });
    await owner.call('PUT', path, { note: '=1+1, "quoted"' });
  });

  it('says who is subscribed to a mailing list, in any case of their address', async () => {
    const list = await owner.call('POST', '/api/newsletter/1.0/lists', { name: 'Customers' });
    const added = await owner.call(
      'POST',
      `/api/newsletter/1.0/lists/${list.json().id}/subscribers`,
      {
        email: 'Ada.Lovelace@Example.com',
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    const one = await owner.call('GET', customerPath('ada.lovelace@example.com'));
    expect(one.json().customer.newsletter).toBe('subscribed');
    const all = await owner.call('GET', `${base}/customers`);
    const newsletterOf = (email: string) =>
      all.json().customers.find((c: { email: string }) => c.email === email)?.newsletter;
    expect(newsletterOf('ada.lovelace@example.com')).toBe('subscribed');
    expect(newsletterOf('grace+shop@example.com')).toBe('not_subscribed');
  });

  it('exports every customer as CSV with quoting and formula guards', async () => {
    const answer = await owner.call('GET', `${base}/customers/export.csv`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="customers-/);
    expect(answer.body.startsWith('\uFEFFEmail,Name,Orders,')).toBe(true);
    // The spreadsheet sees text, not a formula.
    expect(answer.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const { records } = parseCsv(answer.body.slice(1));
    const rows = records.map((r) => r.cells.map(unguardFormula));
    expect(rows[0]).toEqual([
      'Email',
      'Name',
      'Orders',
      'Test orders',
      'Lifetime value',
      'Currency',
      'First order',
      'Last order',
      'Newsletter',
      'Note',
    ]);
    const ada = rows.find((r) => r[0] === 'ada.lovelace@example.com');
    const cents = first.grandTotalCents + second.grandTotalCents - 500;
    expect(ada?.slice(0, 6)).toEqual([
      'ada.lovelace@example.com',
      'Ada Lovelace',
      '2',
      '2',
      (cents / 100).toFixed(2),
      'USD',
    ]);
    const grace = rows.find((r) => r[0] === 'grace+shop@example.com');
    expect(grace?.[1]).toBe('=HYPERLINK("http://evil.example")');
    expect(grace?.[8]).toBe('Not subscribed');
    expect(ada?.[8]).toBe('Subscribed');
    expect(grace?.[9]).toBe('=1+1, "quoted"');
    expect(rows).toHaveLength(3);
  });

  it('lets store managers in, refuses editors, and holds a key to its orders scope', async () => {
    const clientOf = async (email: string, role: Role) => {
      const added = await owner.call('POST', '/api/config/members', {
        email,
        password: 'member password 1',
        role,
      });
      expect(added.statusCode, added.body).toBe(201);
      const client = await editorClient({ app: kit.app } as TestApp);
      const signedIn = await client.call('POST', '/api/config/session', {
        email,
        password: 'member password 1',
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      return client;
    };
    const editor = await clientOf('editor@example.com', Role.editor);
    const manager = await clientOf('manager@example.com', Role.storeManager);
    const notePath = `${customerPath('grace+shop@example.com')}/note`;
    for (const [method, url] of [
      ['GET', `${base}/customers`],
      ['GET', customerPath('grace+shop@example.com')],
      ['GET', `${base}/customers/export.csv`],
      ['PUT', notePath],
    ] as const) {
      const refused = await editor.call(method, url, method === 'PUT' ? { note: 'x' } : undefined);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    const managed = await manager.call('PUT', notePath, { note: 'From the manager' });
    expect(managed.statusCode, managed.body).toBe(200);
    expect(managed.json().customer.noteUpdatedBy).toBe('manager@example.com');

    const { secret } = await kit.app.services.apiKeys.create({
      websiteId: kit.websiteId,
      name: 'reporting',
      role: Role.admin,
      scopes: { orders: 'read' },
    });
    const headers = { authorization: `Bearer ${secret}` };
    const read = await kit.app.inject({ url: `${base}/customers`, headers });
    expect(read.statusCode, read.body).toBe(200);
    const write = await kit.app.inject({
      method: 'PUT',
      url: notePath,
      headers,
      payload: { note: 'nope' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('SCOPE_FORBIDDEN');
    const { secret: productsOnly } = await kit.app.services.apiKeys.create({
      websiteId: kit.websiteId,
      name: 'catalog',
      role: Role.admin,
      scopes: { products: 'write' },
    });
    const closed = await kit.app.inject({
      url: `${base}/customers`,
      headers: { authorization: `Bearer ${productsOnly}` },
    });
    expect(closed.statusCode).toBe(403);
  });
});
