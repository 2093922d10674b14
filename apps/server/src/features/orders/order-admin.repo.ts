import type { OrderAdminListQuery } from '@atelier/contract';
import { type Kysely, sql } from 'kysely';
import type { DB, OrderLineQuantity, OrderRow } from '../../db/db-types.ts';
import { merchantEmail } from '../mail/mail.repo.ts';

// Reads and writes of the merchant's order administration (issue 19). Writes run inside
// the caller's transaction after lockOrder, so two actions on one order queue up and
// each sees what the other did.

export type OrderAdminQueries = ReturnType<typeof orderAdminQueries>;

/** An order as lists show it: with how many of its installments are still to be taken. */
export type OrderListRow = OrderRow & { open_installments: number };

/**
 * Installments of the order still to be taken (scheduled, or failed and retrying), for a
 * select from `orders`: a list then tells a pay-in-4 order from a paid one in one query.
 */
export const openInstallments = sql<number>`(select count(*)::int from order_installments i
  where i.website_id = orders.website_id and i.order_id = orders.order_id
    and i.status in ('scheduled', 'failed'))`.as('open_installments');

/** Characters LIKE treats as wildcards, escaped so a search means what was typed. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function orderAdminQueries(db: Kysely<DB>) {
  return {
    async listOrders(
      websiteId: string,
      query: OrderAdminListQuery,
    ): Promise<{ rows: OrderListRow[]; total: number }> {
      let base = db.selectFrom('orders').where('website_id', '=', websiteId);
      const q = query.q?.replace(/^#/, '').trim();
      if (q) {
        const pattern = `%${escapeLike(q)}%`;
        base = base.where((eb) =>
          eb.or([
            ...(/^\d{1,9}$/.test(q) ? [eb('order_number', '=', Number(q))] : []),
            eb('email', 'ilike', pattern),
            eb(sql<string>`shipping_address->>'name'`, 'ilike', pattern),
          ]),
        );
      }
      if (query.status) base = base.where('status', '=', query.status);
      if (query.fulfillment) base = base.where('fulfillment_status', '=', query.fulfillment);
      if (query.from) base = base.where('created_at', '>=', new Date(`${query.from}T00:00:00Z`));
      if (query.to) {
        const end = new Date(`${query.to}T00:00:00Z`);
        end.setUTCDate(end.getUTCDate() + 1);
        base = base.where('created_at', '<', end);
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .select(openInstallments)
          .orderBy('created_at', 'desc')
          .orderBy('order_number', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The order row, locked until the transaction ends: one action at a time per order. */
    lockOrder(websiteId: string, orderId: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .forUpdate()
        .executeTakeFirst();
    },

    async hasAction(websiteId: string, orderId: string, actionKey: string): Promise<boolean> {
      const row = await db
        .selectFrom('order_events')
        .select('event_id')
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .where('action_key', '=', actionKey)
        .executeTakeFirst();
      return row !== undefined;
    },

    async addEvent(event: {
      websiteId: string;
      orderId: string;
      kind: string;
      message: string;
      actor: string;
      actionKey?: string | null;
    }): Promise<void> {
      await db
        .insertInto('order_events')
        .values({
          website_id: event.websiteId,
          order_id: event.orderId,
          kind: event.kind,
          message: event.message,
          actor: event.actor,
          action_key: event.actionKey ?? null,
        })
        .execute();
    },

    listEvents(websiteId: string, orderId: string) {
      return db
        .selectFrom('order_events')
        .select(['kind', 'message', 'actor', 'created_at'])
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('event_id')
        .execute();
    },

    listFulfillments(websiteId: string, orderId: string) {
      return db
        .selectFrom('order_fulfillments')
        .select(['carrier', 'tracking_number', 'tracking_url', 'items', 'created_at'])
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .execute();
    },

    /**
     * Gift cards spent on the order, with what each gave; locked when asked (the card rows
     * too: giftcards.repo's returnToCard changes them under this lock).
     */
    giftCardsUsed(websiteId: string, orderId: string, options: { isLocking?: boolean } = {}) {
      let query = db
        .selectFrom('gift_card_redemptions as r')
        .innerJoin('gift_cards as g', (join) =>
          join
            .onRef('g.website_id', '=', 'r.website_id')
            .onRef('g.gift_card_id', '=', 'r.gift_card_id'),
        )
        .select(['g.gift_card_id', 'g.code', 'r.amount_cents'])
        .where('r.website_id', '=', websiteId)
        .where('r.order_id', '=', orderId)
        .orderBy('r.created_at');
      if (options.isLocking) query = query.forUpdate();
      return query.execute();
    },

    async insertFulfillment(input: {
      websiteId: string;
      orderId: string;
      carrier: string | null;
      trackingNumber: string | null;
      trackingUrl: string | null;
      items: OrderLineQuantity[];
    }): Promise<void> {
      await db
        .insertInto('order_fulfillments')
        .values({
          website_id: input.websiteId,
          order_id: input.orderId,
          carrier: input.carrier,
          tracking_number: input.trackingNumber,
          tracking_url: input.trackingUrl,
          items: JSON.stringify(input.items),
        })
        .execute();
    },

    async insertRefund(input: {
      websiteId: string;
      orderId: string;
      cardCents: number;
      giftCardCents: number;
      providerReference: string | null;
      items: OrderLineQuantity[];
    }): Promise<void> {
      await db
        .insertInto('order_refunds')
        .values({
          website_id: input.websiteId,
          order_id: input.orderId,
          card_cents: input.cardCents,
          gift_card_cents: input.giftCardCents,
          provider_reference: input.providerReference,
          items: JSON.stringify(input.items),
        })
        .execute();
    },

    async addLineCounts(
      websiteId: string,
      orderId: string,
      lineNumber: number,
      add: { fulfilled?: number; refunded?: number; restocked?: number },
    ): Promise<void> {
      await db
        .updateTable('order_items')
        .set((eb) => ({
          fulfilled_quantity: eb('fulfilled_quantity', '+', add.fulfilled ?? 0),
          refunded_quantity: eb('refunded_quantity', '+', add.refunded ?? 0),
          restocked_quantity: eb('restocked_quantity', '+', add.restocked ?? 0),
        }))
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .where('line_number', '=', lineNumber)
        .execute();
    },

    async updateOrder(
      websiteId: string,
      orderId: string,
      changes: Partial<
        Pick<
          OrderRow,
          'status' | 'fulfillment_status' | 'refunded_card_cents' | 'refunded_gift_card_cents'
        >
      >,
    ): Promise<void> {
      await db
        .updateTable('orders')
        .set(changes)
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .execute();
    },

    /**
     * Puts units back on a variant that counts stock (limited, of a type that has stock);
     * locked first so a concurrent order sees the new count. False when nothing counts.
     */
    async restock(websiteId: string, variantId: string, quantity: number): Promise<boolean> {
      const result = await db
        .updateTable('product_variants as v')
        .set((eb) => ({ qty_in_stock: eb('v.qty_in_stock', '+', quantity) }))
        .where('v.website_id', '=', websiteId)
        .where('v.variant_id', '=', variantId)
        .where('v.is_unlimited', '=', false)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Where new-order emails go: the store's notification email, else the owner's. */
    notificationEmail: (websiteId: string) => merchantEmail(db, websiteId),
  };
}
