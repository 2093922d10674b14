import { checkoutMessages, orderAdminMessages, Role } from '@atelier/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillSql } from '../../db/migrations/0019-gift-card-admin.ts';
import type { TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-app.ts';
import { type EditorClient, editorClient, ownerClient } from '../auth/editor-client.ts';
import {
  caAddress,
  createCommerceTestApp,
  createShopper,
  injectSend,
} from '../checkout/commerce-test-kit.ts';

// Issue 19: the merchant's gift cards. The owner issues a card by hand; a shopper spends
// it through the real checkout; the order admin refunds onto it; the owner voids it; the
// card's history tells all of it and adds up to its balance.

type Event = { kind: string; amountCents: number; balanceAfterCents: number; actor: string };

describe(`gift cards admin (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  let owner: EditorClient;
  let base = '';
  let cards = '';
  let orderCount = 0;

  beforeAll(async () => {
    kit = await createCommerceTestApp({ reservationMs: 0 });
    owner = await ownerClient({ app: kit.app } as TestApp);
    base = `/api/content-service/commerce/1.1/websites/${kit.websiteId}`;
    cards = `${base}/gift-cards`;
  });
  afterAll(() => kit.close());

  const issue = (body: object, client = owner) => client.call('POST', cards, body);
  const detail = async (id: string) => (await owner.call('GET', `${cards}/${id}`)).json().giftCard;
  const outbox = () => kit.app.services.commerce.outbox.listOutbox(kit.websiteId);

  /** A shopper at the payment step with one mug in the cart and `code` applied. */
  async function checkoutWith(code: string) {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    await shopper.add(kit.variant('MUG-OAT'), 1);
    const id: string = (await shopper.start()).body.checkout.id;
    await shopper.put(id, '/email', { email: 'spender@example.com' });
    const addressed = await shopper.put(id, '/shipping-address', { shippingAddress: caAddress });
    const option = addressed.body.checkout.shippingOptions.find(
      (o: { isAvailable: boolean }) => o.isAvailable,
    );
    await shopper.put(id, '/shipping-option', { optionId: option.id });
    const applied = await shopper.put(id, '/gift-card', { code });
    return { shopper, id, applied };
  }

  /** Pays the rest with the test gateway's approved card. */
  async function pay(shopper: ReturnType<typeof createShopper>, checkoutId: string) {
    orderCount += 1;
    return shopper.place(checkoutId, `gift-order-${orderCount}`);
  }

  function expectHistoryAddsUp(card: { balanceCents: number; events: Event[] }) {
    const sum = card.events.reduce((total, e) => total + e.amountCents, 0);
    expect(sum).toBe(card.balanceCents);
    expect(card.events.at(-1)?.balanceAfterCents).toBe(card.balanceCents);
  }

  it('issues a card by hand, shows its code once and emails it when asked', async () => {
    const issued = await issue({
      actionId: 'issue-1',
      amount: '50.00',
      recipientName: 'Grace Hopper',
      recipientEmail: 'grace@example.com',
      message: 'Thank you!',
      sendEmail: true,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const { code, giftCard } = issued.json();
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(giftCard).toMatchObject({
      last4: code.slice(-4),
      initialCents: 5000,
      balanceCents: 5000,
      status: 'active',
      source: 'issued',
      issuedBy: 'owner@example.com',
      recipientEmail: 'grace@example.com',
    });
    expect(giftCard.events).toMatchObject([
      { kind: 'issued', amountCents: 5000, balanceAfterCents: 5000, actor: 'owner@example.com' },
    ]);
    expect(JSON.stringify(await detail(giftCard.id))).not.toContain(code);

    const mail = (await outbox()).find(
      (m) => m.kind === 'gift-card' && m.to_email === 'grace@example.com',
    );
    expect(mail?.body_text).toContain(`Your code: ${code}`);
    expect(mail?.body_text).toContain('Thank you!');

    // A retried request (lost answer, double click) answers the same card.
    const again = await issue({ actionId: 'issue-1', amount: '50.00' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ code, giftCard: { id: giftCard.id } });
    const listed = await owner.call('GET', `${cards}?q=${code.slice(-4)}`);
    expect(listed.json().total).toBe(1);
  });

  it('lists cards masked, searchable by code, last four or recipient, and filtered', async () => {
    const issued = (
      await issue({ amount: 12, recipientName: 'Ada Lovelace', recipientEmail: 'ada@x.org' })
    ).json();
    expect(issued.giftCard).toMatchObject({ initialCents: 1200 });
    expect((await outbox()).some((m) => m.to_email === 'ada@x.org')).toBe(false);

    const all = await owner.call('GET', cards);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.body).not.toContain(issued.code);
    expect(all.json().giftCards[0]).toMatchObject({
      id: issued.giftCard.id,
      last4: issued.code.slice(-4),
    });

    const search = async (q: string) =>
      (await owner.call('GET', `${cards}?q=${encodeURIComponent(q)}`))
        .json()
        .giftCards.map((c: { id: string }) => c.id);
    expect(await search(issued.code)).toEqual([issued.giftCard.id]);
    expect(await search(issued.code.replaceAll('-', '').toLowerCase())).toEqual([
      issued.giftCard.id,
    ]);
    expect(await search(issued.code.slice(-4))).toEqual([issued.giftCard.id]);
    expect(await search('ada@x')).toEqual([issued.giftCard.id]);
    expect(await search('lovelace')).toEqual([issued.giftCard.id]);
    expect(await search('nobody@nowhere')).toEqual([]);

    const active = await owner.call('GET', `${cards}?status=active&pageSize=10`);
    expect(active.json().giftCards.length).toBeGreaterThanOrEqual(2);
    expect((await owner.call('GET', `${cards}?status=voided`)).json().total).toBe(0);
    const paged = (await owner.call('GET', `${cards}?pageSize=10&page=2`)).json();
    expect(paged).toMatchObject({ page: 2, pageSize: 10, giftCards: [] });
  });

  it('refuses amounts that are not a positive sum of the store currency', async () => {
    for (const amount of ['-5', '0', 'ten', '', 1e12]) {
      const refused = await issue({ amount });
      expect(refused.statusCode, String(amount)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'GIFT_CARD_ISSUE_INVALID' });
      expect(refused.json().errors.amount).toBeTruthy();
    }
    const noEmail = await issue({ amount: '5', sendEmail: true });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().code).toBe('REQUEST_INVALID');
    expect(
      (await owner.call('GET', `${cards}/00000000-0000-4000-8000-000000000000`)).statusCode,
    ).toBe(404);
  });

  it('records a checkout redemption and a refund onto the card in its history', async () => {
    const { code, giftCard } = (await issue({ amount: '10.00' })).json();
    const { shopper, id, applied } = await checkoutWith(code);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const paid = await pay(shopper, id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const spent: number = paid.body.order.giftCardTotalCents;
    expect(spent).toBe(1000);

    const afterOrder = await detail(giftCard.id);
    expect(afterOrder).toMatchObject({ balanceCents: 0, status: 'used_up' });
    expect(afterOrder.events.at(-1)).toMatchObject({
      kind: 'redeemed',
      amountCents: -1000,
      balanceAfterCents: 0,
      orderId: paid.body.order.id,
      orderNumber: paid.body.order.orderNumber,
      actor: 'Customer',
    });

    const refunded = await owner.call(
      'POST',
      `${base}/orders/${paid.body.order.id}/refunds`,
      { amountCents: paid.body.order.grandTotalCents + 400 },
      { 'idempotency-key': 'gift-refund-1' },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const afterRefund = await detail(giftCard.id);
    expect(afterRefund).toMatchObject({ balanceCents: 400, status: 'active' });
    expect(afterRefund.events.at(-1)).toMatchObject({
      kind: 'refunded_to_card',
      amountCents: 400,
      balanceAfterCents: 400,
      actor: 'owner@example.com',
    });
    expectHistoryAddsUp(afterRefund);
    const used = await owner.call('GET', `${cards}?status=used_up`);
    expect(used.json().giftCards.some((c: { id: string }) => c.id === giftCard.id)).toBe(false);
  });

  it('voids a card once, to a zero balance, and checkout refuses it after', async () => {
    const { code, giftCard } = (await issue({ amount: '30' })).json();
    // A shopper applied the card before it was voided: placing the order is refused.
    const early = await checkoutWith(code);
    expect(early.applied.status).toBe(200);

    const voided = await owner.call('POST', `${cards}/${giftCard.id}/void`, {
      reason: 'Lost by the customer',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().giftCard).toMatchObject({
      status: 'voided',
      balanceCents: 0,
      voidedBy: 'owner@example.com',
    });
    expect(voided.json().giftCard.events.at(-1)).toMatchObject({
      kind: 'voided',
      amountCents: -3000,
      balanceAfterCents: 0,
      note: 'Lost by the customer',
    });
    const twice = await owner.call('POST', `${cards}/${giftCard.id}/void`, {});
    expect(twice.statusCode).toBe(200);
    expect(twice.json().giftCard.events).toHaveLength(2);
    expect(twice.json().giftCard.voidedAt).toBe(voided.json().giftCard.voidedAt);
    expectHistoryAddsUp(twice.json().giftCard);

    const placed = await pay(early.shopper, early.id);
    expect(placed.status).toBe(400);
    expect(placed.body).toMatchObject({
      code: 'GIFT_CARD_INVALID',
      error: checkoutMessages.giftCardVoided,
    });
    const late = await checkoutWith(code);
    expect(late.applied.status).toBe(400);
    expect(late.applied.body).toMatchObject({
      code: 'GIFT_CARD_INVALID',
      error: checkoutMessages.giftCardVoided,
    });
    const listed = await owner.call('GET', `${cards}?status=voided`);
    expect(listed.json().giftCards.map((c: { id: string }) => c.id)).toContain(giftCard.id);
  });

  it('does not refund onto a card that was voided after the order', async () => {
    const { code, giftCard } = (await issue({ amount: '5' })).json();
    const { shopper, id } = await checkoutWith(code);
    const paid = await pay(shopper, id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await owner.call('POST', `${cards}/${giftCard.id}/void`, {});
    const refund = await owner.call(
      'POST',
      `${base}/orders/${paid.body.order.id}/refunds`,
      { amountCents: paid.body.order.grandTotalCents + 500 },
      { 'idempotency-key': 'gift-refund-voided' },
    );
    expect(refund.statusCode).toBe(400);
    expect(refund.json()).toMatchObject({
      code: 'ORDER_ACTION_INVALID',
      error: orderAdminMessages.giftCardVoided,
    });
    expect(await detail(giftCard.id)).toMatchObject({ balanceCents: 0, status: 'voided' });
  });

  it('cancels an order paid partly with a card voided since, keeping the card voided', async () => {
    const { code, giftCard } = (await issue({ amount: '5' })).json();
    const { shopper, id } = await checkoutWith(code);
    const paid = await pay(shopper, id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await owner.call('POST', `${cards}/${giftCard.id}/void`, {});
    const cancelled = await owner.call(
      'POST',
      `${base}/orders/${paid.body.order.id}/cancel`,
      { restock: false },
      { 'idempotency-key': 'gift-cancel-voided' },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const order = cancelled.json().order;
    expect(order.status).toBe('cancelled');
    expect(order.events.at(-1).message).toContain('$5.00 not returned to a voided gift card');
    expect(order.events.at(-1).message).toContain(
      `refunded $${(paid.body.order.grandTotalCents / 100).toFixed(2)}`,
    );
    expect(await detail(giftCard.id)).toMatchObject({ balanceCents: 0, status: 'voided' });
  });

  it('lets a store manager issue and void, and refuses an editor every route', async () => {
    const t = { app: kit.app } as TestApp;
    for (const [email, role] of [
      ['gc-editor@example.com', Role.editor],
      ['gc-manager@example.com', Role.storeManager],
    ] as const) {
      const added = await owner.call('POST', '/api/config/members', {
        email,
        password: 'member password 1',
        role,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const signIn = async (email: string) => {
      const client = await editorClient(t);
      const session = await client.call('POST', '/api/config/session', {
        email,
        password: 'member password 1',
      });
      expect(session.statusCode, session.body).toBe(200);
      return client;
    };
    const manager = await signIn('gc-manager@example.com');
    const issued = await issue({ amount: '7.50' }, manager);
    expect(issued.statusCode, issued.body).toBe(201);
    const id: string = issued.json().giftCard.id;
    expect(issued.json().giftCard.events[0].actor).toBe('gc-manager@example.com');
    expect((await manager.call('POST', `${cards}/${id}/void`, {})).statusCode).toBe(200);

    const editor = await signIn('gc-editor@example.com');
    expect((await editor.call('GET', cards)).statusCode).toBe(403);
    expect((await editor.call('GET', `${cards}/${id}`)).statusCode).toBe(403);
    expect((await issue({ amount: '5' }, editor)).statusCode).toBe(403);
    expect((await editor.call('POST', `${cards}/${id}/void`, {})).statusCode).toBe(403);
  });

  it('lets a read-only orders key list cards but not issue one', async () => {
    const created = await owner.call('POST', '/api/api-keys', {
      name: 'Bookkeeping',
      role: Role.storeManager,
      scopes: { orders: 'read' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const headers = { authorization: `Bearer ${created.json().secret}` };
    const listed = await kit.app.inject({ method: 'GET', url: cards, headers });
    expect(listed.statusCode, listed.body).toBe(200);
    const issued = await kit.app.inject({
      method: 'POST',
      url: cards,
      headers,
      payload: { amount: '5' },
    });
    expect(issued.statusCode).toBe(403);
    expect(issued.json().code).toBe('SCOPE_FORBIDDEN');
  });

  // Runs last: it empties the history table to rebuild it.
  it('migration 0019 rebuilds the history the live code writes, from the old rows', async () => {
    const buyer = createShopper(injectSend(kit.app));
    await buyer.visit();
    await buyer.add(kit.variant('GIFT-50'), 2);
    const bought: string = (await buyer.start()).body.checkout.id;
    await buyer.put(bought, '/email', { email: 'backfill-buyer@example.com' });
    expect((await pay(buyer, bought)).status).toBe(200);
    const [codeA, codeB] = (await outbox())
      .filter((m) => m.kind === 'gift-card' && m.to_email === 'backfill-buyer@example.com')
      .map((m) => /Your code: (\S+)/.exec(m.body_text)?.[1] ?? '');
    expect(codeA && codeB).toBeTruthy();

    // Card A: spent, then given back in two refunds; card B: spent on an order cancelled.
    const first = await checkoutWith(codeA ?? '');
    const orderA = (await pay(first.shopper, first.id)).body.order;
    const refund = (amountCents: number, key: string) =>
      owner.call(
        'POST',
        `${base}/orders/${orderA.id}/refunds`,
        { amountCents },
        {
          'idempotency-key': key,
        },
      );
    expect((await refund(orderA.grandTotalCents + 300, 'bf-1')).statusCode).toBe(200);
    expect((await refund(200, 'bf-2')).statusCode).toBe(200);
    const second = await checkoutWith(codeB ?? '');
    const orderB = (await pay(second.shopper, second.id)).body.order;
    const cancelled = await owner.call(
      'POST',
      `${base}/orders/${orderB.id}/cancel`,
      { restock: false },
      { 'idempotency-key': 'bf-3' },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const history = () =>
      kit.db
        .selectFrom('gift_card_events as e')
        .innerJoin('gift_cards as g', (join) =>
          join
            .onRef('g.website_id', '=', 'e.website_id')
            .onRef('g.gift_card_id', '=', 'e.gift_card_id'),
        )
        .select([
          'g.code',
          'e.kind',
          'e.amount_cents',
          'e.balance_after_cents',
          'e.order_id',
          'e.actor',
        ])
        .where('g.code', 'in', [codeA ?? '', codeB ?? ''])
        .orderBy('g.code')
        .orderBy('e.created_at')
        .orderBy('e.kind')
        .execute();
    const live = await history();
    expect(live.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['purchased', 'redeemed', 'refunded_to_card']),
    );
    expect(live.filter((e) => e.code === codeA).map((e) => e.amount_cents)).toEqual([
      5000,
      -orderA.giftCardTotalCents,
      300,
      200,
    ]);

    await sql`delete from gift_card_events`.execute(kit.db);
    await sql.raw(backfillSql).execute(kit.db);
    expect(await history()).toEqual(live);

    // A balance the rows cannot explain gets one 'adjusted' event, so history adds up.
    await sql`delete from gift_card_events`.execute(kit.db);
    await sql`update gift_cards set balance_cents = balance_cents - 100 where code = ${codeA}`.execute(
      kit.db,
    );
    await sql.raw(backfillSql).execute(kit.db);
    const rebuilt = (await history()).filter((e) => e.code === codeA);
    expect(rebuilt.at(-1)).toMatchObject({ kind: 'adjusted', amount_cents: -100, actor: 'System' });
    const card = await kit.app.services.commerce.store.giftCards.findByCode(
      kit.websiteId,
      codeA ?? '',
    );
    expect(rebuilt.reduce((sum, e) => sum + e.amount_cents, 0)).toBe(card?.balance_cents);
  });
});
