import type { SubscriptionListQuery } from '@atelier/contract';
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type {
  DB,
  SubscriptionPlan,
  SubscriptionRow,
  SubscriptionsTable,
} from '../../db/db-types.ts';

export type SubscriptionQueries = ReturnType<typeof subscriptionQueries>;

type NewSubscription = Omit<Insertable<SubscriptionsTable>, 'shipping_address'> & {
  shipping_address: SubscriptionRow['shipping_address'];
};

export function subscriptionQueries(db: Kysely<DB>) {
  return {
    /** The plan of a subscription cart's one product, or null for any other cart. */
    async planOfCart(
      websiteId: string,
      cartId: string,
    ): Promise<{ plan: SubscriptionPlan; productId: string; entries: number } | null> {
      const rows = await db
        .selectFrom('carts as c')
        .innerJoin('cart_entries as e', (join) =>
          join.onRef('e.website_id', '=', 'c.website_id').onRef('e.cart_id', '=', 'c.cart_id'),
        )
        .innerJoin('products as p', (join) =>
          join
            .onRef('p.website_id', '=', 'e.website_id')
            .onRef('p.product_id', '=', 'e.product_id'),
        )
        .select(['p.product_id', 'p.is_subscribable', 'p.subscription_plan'])
        .where('c.website_id', '=', websiteId)
        .where('c.cart_id', '=', cartId)
        .where('c.kind', '=', 'subscription')
        .execute();
      const first = rows[0];
      if (!first?.is_subscribable || !first.subscription_plan) return null;
      return { plan: first.subscription_plan, productId: first.product_id, entries: rows.length };
    },

    async insertSubscription(row: NewSubscription): Promise<SubscriptionRow> {
      return db
        .insertInto('subscriptions')
        .values({
          ...row,
          shipping_address: row.shipping_address ? JSON.stringify(row.shipping_address) : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A manage link the store emails; it does not lapse. */
    async addLink(websiteId: string, subscriptionId: string, tokenSha256: string): Promise<void> {
      await db
        .insertInto('subscription_links')
        .values({
          website_id: websiteId,
          subscription_id: subscriptionId,
          token_sha256: tokenSha256,
        })
        .execute();
    },

    /** The subscription a manage link opens, when the store made the link and it stands. */
    async findByLink(
      websiteId: string,
      subscriptionId: string,
      tokenSha256: string,
      now: Date,
    ): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions as s')
        .innerJoin('subscription_links as l', (join) =>
          join
            .onRef('l.website_id', '=', 's.website_id')
            .onRef('l.subscription_id', '=', 's.subscription_id'),
        )
        .selectAll('s')
        .where('s.website_id', '=', websiteId)
        .where('s.subscription_id', '=', subscriptionId)
        .where('l.token_sha256', '=', tokenSha256)
        .where((eb) => eb.or([eb('l.expires_at', 'is', null), eb('l.expires_at', '>', now)]))
        .executeTakeFirst();
    },

    /** A customer account's subscriptions: those bought with its (confirmed) email. */
    listByEmail(websiteId: string, email: string): Promise<SubscriptionRow[]> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .orderBy('created_at', 'desc')
        .orderBy('subscription_id')
        .limit(200)
        .execute();
    },

    find(websiteId: string, subscriptionId: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirst();
    },

    lock(websiteId: string, subscriptionId: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Locks the subscription the order started, if it started one. */
    lockByFirstOrder(websiteId: string, orderId: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('first_order_id', '=', orderId)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * Locks the subscription only if it is still due at `now` and no other server holds
     * it: SKIP LOCKED passes over a row another sweep is renewing, and the re-check of
     * next_attempt_at under the lock sees a renewal that committed meanwhile.
     */
    lockIfDue(
      websiteId: string,
      subscriptionId: string,
      now: Date,
    ): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .where('status', 'in', ['active', 'past_due'])
        .where('next_attempt_at', '<=', now)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
    },

    /** Subscriptions whose renewal (or retry) is due at `now`, oldest first. */
    listDue(now: Date, limit: number): Promise<{ website_id: string; subscription_id: string }[]> {
      return db
        .selectFrom('subscriptions')
        .select(['website_id', 'subscription_id'])
        .where('next_attempt_at', '<=', now)
        .where('status', 'in', ['active', 'past_due'])
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
    },

    async update(
      websiteId: string,
      subscriptionId: string,
      change: Omit<Updateable<SubscriptionsTable>, 'shipping_address'>,
    ): Promise<SubscriptionRow> {
      return db
        .updateTable('subscriptions')
        .set({ ...change, updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertCharge(charge: {
      website_id: string;
      subscription_id: string;
      cycle: number;
      order_id: string;
      idempotency_key: string;
      payment_reference: string | null;
      is_captured: boolean;
    }): Promise<void> {
      await db.insertInto('subscription_charges').values(charge).execute();
    },

    /** Charges committed but not yet captured (a crash came between), older than `before`. */
    listUncaptured(before: Date, limit: number) {
      return db
        .selectFrom('subscription_charges')
        .select(['website_id', 'subscription_id', 'cycle', 'payment_reference'])
        .where('is_captured', '=', false)
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },

    /** A renewal that threw: tried again at `at` under a new charge key. */
    async deferAfterError(websiteId: string, subscriptionId: string, at: Date): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set((eb) => ({
          next_attempt_at: at,
          charge_attempts: eb('charge_attempts', '+', 1),
          updated_at: new Date(),
        }))
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .where('status', 'in', ['active', 'past_due'])
        .execute();
    },

    /** A capture that failed goes to the back of the leftovers' queue. */
    async deferCapture(websiteId: string, subscriptionId: string, cycle: number): Promise<void> {
      await db
        .updateTable('subscription_charges')
        .set({ created_at: sql<Date>`now()` })
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .where('cycle', '=', cycle)
        .execute();
    },

    async markCaptured(websiteId: string, subscriptionId: string, cycle: number): Promise<void> {
      await db
        .updateTable('subscription_charges')
        .set({ is_captured: true })
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .where('cycle', '=', cycle)
        .execute();
    },

    countCharges(websiteId: string, subscriptionId: string): Promise<number> {
      return db
        .selectFrom('subscription_charges')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    async addEvent(event: {
      websiteId: string;
      subscriptionId: string;
      kind: string;
      message: string;
      actor: string;
      at?: Date;
    }): Promise<void> {
      await db
        .insertInto('subscription_events')
        .values({
          website_id: event.websiteId,
          subscription_id: event.subscriptionId,
          kind: event.kind,
          message: event.message,
          actor: event.actor,
          ...(event.at && { created_at: event.at }),
        })
        .execute();
    },

    listEvents(websiteId: string, subscriptionId: string) {
      return db
        .selectFrom('subscription_events')
        .select(['kind', 'message', 'actor', 'created_at'])
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .orderBy('event_id', 'desc')
        .limit(200)
        .execute();
    },

    listOrders(websiteId: string, subscriptionId: string) {
      return db
        .selectFrom('orders')
        .select([
          'order_id',
          'order_number',
          'subscription_cycle',
          'created_at',
          'grand_total_cents',
          'gift_card_cents',
          'status',
        ])
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .orderBy('subscription_cycle', 'desc')
        .limit(500)
        .execute();
    },

    async list(
      websiteId: string,
      query: SubscriptionListQuery,
    ): Promise<{ rows: SubscriptionRow[]; total: number }> {
      let base = db.selectFrom('subscriptions').where('website_id', '=', websiteId);
      if (query.status) base = base.where('status', '=', query.status);
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        base = base.where((eb) =>
          eb.or([eb('email', 'ilike', like), eb('product_name', 'ilike', like)]),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('subscription_id')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The checkout a subscription's first order came through (renewals carry it too). */
    async firstOrderCheckout(websiteId: string, orderId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('orders')
        .select('checkout_id')
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return row?.checkout_id;
    },
  };
}
