import type { CustomerListQuery, CustomerSort } from '@atelier/contract';
import { type Kysely, sql } from 'kysely';
import type { DB, ShippingAddress } from '../../db/db-types.ts';
import { type OrderListRow, openInstallments } from '../orders/order-admin.repo.ts';

// Customers are the website's placed orders grouped by lower-cased email (index
// orders_customer, migration 0017); only the merchant's note is stored on its own.

export type CustomersRepo = ReturnType<typeof createCustomersRepo>;

/** One customer as the grouping query gives it. */
export type CustomerAggregate = {
  email: string;
  name: string | null;
  ordersCount: number;
  testOrdersCount: number;
  otherCurrencyOrdersCount: number;
  lifetimeValueCents: number;
  firstOrderAt: Date;
  lastOrderAt: Date;
  hasNote: boolean;
};

export type CustomerNoteRow = { note: string; updated_by: string; updated_at: Date | string };

/** Characters LIKE treats as wildcards, escaped so a search means what was typed. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORT_COLUMNS: Record<CustomerSort, string> = {
  lastOrder: 'last_order_at',
  firstOrder: 'first_order_at',
  name: 'lower(name)',
  email: 'email',
  orders: 'orders_count',
  spent: 'lifetime_value_cents',
};

type AggregateRow = {
  email: string;
  name: string | null;
  orders_count: string | number;
  test_orders_count: string | number;
  other_currency_orders_count: string | number;
  lifetime_value_cents: string | number | null;
  first_order_at: Date | string;
  last_order_at: Date | string;
  has_note: boolean;
};

function toAggregate(row: AggregateRow): CustomerAggregate {
  return {
    email: row.email,
    name: row.name,
    // count and sum come back as bigint text on PostgreSQL
    ordersCount: Number(row.orders_count),
    testOrdersCount: Number(row.test_orders_count),
    otherCurrencyOrdersCount: Number(row.other_currency_orders_count),
    lifetimeValueCents: Number(row.lifetime_value_cents ?? 0),
    firstOrderAt: new Date(row.first_order_at),
    lastOrderAt: new Date(row.last_order_at),
    hasNote: row.has_note,
  };
}

/**
 * One row per lower-cased email. What a customer is worth counts only orders in
 * `currency` (the store's now): adding yen to dollars means nothing. A cancelled order was
 * paid back by its cancellation, so its refunds take it to zero.
 */
function grouped(args: { websiteId: string; currency: string; email?: string; q?: string }) {
  const pattern = args.q ? `%${escapeLike(args.q.toLowerCase())}%` : null;
  return sql<Omit<AggregateRow, 'has_note'>>`
    select
      lower(o.email) as email,
      (array_agg(o.shipping_address->>'name' order by o.created_at desc)
        filter (where o.shipping_address->>'name' is not null))[1] as name,
      count(*) as orders_count,
      count(*) filter (where o.test_mode) as test_orders_count,
      count(*) filter (where o.currency <> ${args.currency}) as other_currency_orders_count,
      coalesce(sum(
        o.grand_total_cents + o.gift_card_cents - o.refunded_card_cents
          - o.refunded_gift_card_cents
      ) filter (where o.currency = ${args.currency}), 0) as lifetime_value_cents,
      min(o.created_at) as first_order_at,
      max(o.created_at) as last_order_at
    from orders o
    where o.website_id = ${args.websiteId}
      ${args.email === undefined ? sql`` : sql`and lower(o.email) = ${args.email}`}
    group by lower(o.email)
    ${
      // Found by the email or by any name they ordered under.
      pattern === null
        ? sql``
        : sql`having lower(o.email) like ${pattern}
            or bool_or(o.shipping_address->>'name' ilike ${pattern})`
    }`;
}

export function createCustomersRepo(db: Kysely<DB>) {
  /** A sorted page of customers, each with whether the merchant wrote a note. */
  async function page(args: {
    websiteId: string;
    currency: string;
    q?: string | undefined;
    email?: string;
    sort: CustomerSort;
    direction: 'asc' | 'desc';
    limit: number;
    offset: number;
  }): Promise<CustomerAggregate[]> {
    const direction = sql.raw(args.direction === 'asc' ? 'asc' : 'desc');
    const result = await sql<AggregateRow>`
      select c.*, (n.email is not null) as has_note
      from (${grouped({ ...args, q: args.q || undefined })}) c
      left join customer_notes n on n.website_id = ${args.websiteId} and n.email = c.email
      order by ${sql.raw(SORT_COLUMNS[args.sort])} ${direction} nulls last, c.email asc
      limit ${args.limit} offset ${args.offset}`.execute(db);
    return result.rows.map(toAggregate);
  }

  return {
    async list(
      websiteId: string,
      currency: string,
      query: CustomerListQuery,
    ): Promise<{ rows: CustomerAggregate[]; total: number }> {
      const q = query.q?.trim() || undefined;
      const [rows, count] = await Promise.all([
        page({
          websiteId,
          currency,
          q,
          sort: query.sort,
          direction: query.direction,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        sql<{ n: string | number }>`
          select count(*) as n from (${grouped({ websiteId, currency, q })}) c`.execute(db),
      ]);
      return { rows, total: Number(count.rows[0]?.n ?? 0) };
    },

    /**
     * Every customer in pages of `size`, for the CSV export; by email, so an order placed
     * meanwhile by a new customer rarely shifts the pages (a later email never does).
     */
    async *listAll(websiteId: string, currency: string, size = 500) {
      for (let offset = 0; ; offset += size) {
        const rows = await page({
          websiteId,
          currency,
          sort: 'email',
          direction: 'asc',
          limit: size,
          offset,
        });
        yield rows;
        if (rows.length < size) return;
      }
    },

    async find(
      websiteId: string,
      currency: string,
      email: string,
    ): Promise<CustomerAggregate | undefined> {
      const [row] = await page({
        websiteId,
        currency,
        email,
        sort: 'email',
        direction: 'asc',
        limit: 1,
        offset: 0,
      });
      return row;
    },

    /** The customer's orders, newest first. */
    listOrders(websiteId: string, email: string, limit: number): Promise<OrderListRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .select(openInstallments)
        .where('website_id', '=', websiteId)
        .where(sql<string>`lower(email)`, '=', email)
        .orderBy('created_at', 'desc')
        .orderBy('order_number', 'desc')
        .limit(limit)
        .execute();
    },

    async latestAddress(websiteId: string, email: string): Promise<ShippingAddress | null> {
      const row = await db
        .selectFrom('orders')
        .select('shipping_address')
        .where('website_id', '=', websiteId)
        .where(sql<string>`lower(email)`, '=', email)
        .where('shipping_address', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.shipping_address ?? null;
    },

    findNote(websiteId: string, email: string): Promise<CustomerNoteRow | undefined> {
      return db
        .selectFrom('customer_notes')
        .select(['note', 'updated_by', 'updated_at'])
        .where('website_id', '=', websiteId)
        .where('email', '=', email)
        .executeTakeFirst();
    },

    /** The notes of these customers, by email. */
    async notesOf(websiteId: string, emails: readonly string[]): Promise<Map<string, string>> {
      if (emails.length === 0) return new Map();
      const rows = await db
        .selectFrom('customer_notes')
        .select(['email', 'note'])
        .where('website_id', '=', websiteId)
        .where('email', 'in', emails)
        .execute();
      return new Map(rows.map((row) => [row.email, row.note]));
    },

    /** Writes the note, or removes it when empty: no row means no note. */
    async saveNote(input: {
      websiteId: string;
      email: string;
      note: string;
      updatedBy: string;
    }): Promise<void> {
      if (input.note === '') {
        await db
          .deleteFrom('customer_notes')
          .where('website_id', '=', input.websiteId)
          .where('email', '=', input.email)
          .execute();
        return;
      }
      await db
        .insertInto('customer_notes')
        .values({
          website_id: input.websiteId,
          email: input.email,
          note: input.note,
          updated_by: input.updatedBy,
        })
        .onConflict((oc) =>
          oc.columns(['website_id', 'email']).doUpdateSet({
            note: input.note,
            updated_by: input.updatedBy,
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute();
    },
  };
}
