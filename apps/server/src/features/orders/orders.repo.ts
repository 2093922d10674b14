import type { Insertable, Kysely } from 'kysely';
import type {
  DB,
  OrderItemRow,
  OrderItemsTable,
  OrderRow,
  OrdersTable,
  ShippingAddress,
} from '../../db/db-types.ts';

export type OrderQueries = ReturnType<typeof orderQueries>;

/** An order row as placed: the table's columns, with the address as an object. */
export type NewOrder = Omit<Insertable<OrdersTable>, 'order_id' | 'status' | 'shipping_address'> & {
  shipping_address: ShippingAddress | null;
};

export function orderQueries(db: Kysely<DB>) {
  return {
    findByIdempotencyKey(websiteId: string, key: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    findOrder(websiteId: string, orderId: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
    },

    /** The file each of these digital products delivers, with its terms, by product id. */
    async digitalFilesOf(
      websiteId: string,
      productIds: readonly string[],
    ): Promise<Map<string, { mediaId: string; linkHours: number; downloadLimit: number | null }>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('products')
        .select(['product_id', 'digital_media_id', 'download_link_hours', 'download_limit'])
        .where('website_id', '=', websiteId)
        .where('product_id', 'in', [...new Set(productIds)])
        .where('digital_media_id', 'is not', null)
        .execute();
      return new Map(
        rows.flatMap((r) =>
          r.digital_media_id
            ? [
                [
                  r.product_id,
                  {
                    mediaId: r.digital_media_id,
                    linkHours: r.download_link_hours,
                    downloadLimit: r.download_limit,
                  },
                ],
              ]
            : [],
        ),
      );
    },

    /**
     * Counts one download of a line, unless it has given all it allows: false then. One
     * conditional update, so two downloads racing for the last one cannot both have it.
     */
    async countDownload(websiteId: string, orderId: string, lineNumber: number) {
      const result = await db
        .updateTable('order_items')
        .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .where('line_number', '=', lineNumber)
        .where((eb) =>
          eb.or([
            eb('download_limit', 'is', null),
            eb('download_count', '<', eb.ref('download_limit')),
          ]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** A line of an order with the stored file it delivers, for the download route. */
    findDownload(websiteId: string, orderId: string, lineNumber: number) {
      return db
        .selectFrom('order_items as i')
        .innerJoin('orders as o', (join) =>
          join.onRef('o.website_id', '=', 'i.website_id').onRef('o.order_id', '=', 'i.order_id'),
        )
        .innerJoin('media as m', (join) =>
          join
            .onRef('m.website_id', '=', 'i.website_id')
            .onRef('m.media_id', '=', 'i.digital_media_id'),
        )
        .select([
          'o.secret_token',
          'o.status',
          'm.media_id',
          'm.filename',
          'm.content_type',
          'm.byte_size',
        ])
        .where('i.website_id', '=', websiteId)
        .where('i.order_id', '=', orderId)
        .where('i.line_number', '=', lineNumber)
        .executeTakeFirst();
    },

    listItems(websiteId: string, orderId: string): Promise<OrderItemRow[]> {
      return db
        .selectFrom('order_items')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('line_number')
        .execute();
    },

    /** Gift cards an order bought, for its confirmation page. */
    listGiftCardsBought(websiteId: string, orderId: string) {
      return db
        .selectFrom('gift_cards')
        .select(['code', 'initial_cents', 'recipient_name', 'recipient_email', 'send_at'])
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .execute();
    },

    /** Per-website order numbers 1, 2, 3…; the counter row lock serialises concurrent orders. */
    async nextOrderNumber(websiteId: string): Promise<number> {
      const row = await db
        .insertInto('order_counters')
        .values({ website_id: websiteId, last_number: 1 })
        .onConflict((oc) =>
          oc.column('website_id').doUpdateSet((eb) => ({
            last_number: eb('order_counters.last_number', '+', 1),
          })),
        )
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return row.last_number;
    },

    insertOrder(order: NewOrder): Promise<OrderRow> {
      return db
        .insertInto('orders')
        .values({
          ...order,
          shipping_address: order.shipping_address ? JSON.stringify(order.shipping_address) : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertItems(items: Insertable<OrderItemsTable>[]): Promise<void> {
      if (items.length > 0) await db.insertInto('order_items').values(items).execute();
    },

    async markCartPurchased(websiteId: string, cartId: string, orderId: string): Promise<boolean> {
      const result = await db
        .updateTable('carts')
        .set({ is_purchased: true, order_id: orderId, updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .where('cart_id', '=', cartId)
        .where('is_purchased', '=', false)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * A store event the server itself vouches for (the purchase, in the order's own
     * transaction), beside the collector's events. Revenue reports read these, never a
     * visitor's browser.
     */
    async recordAnalyticsEvent(
      websiteId: string,
      eventName: string,
      payload: Record<string, unknown> & { value?: number },
    ): Promise<void> {
      await db
        .insertInto('analytics_events')
        .values({
          website_id: websiteId,
          occurred_at: new Date(),
          kind: 'event',
          name: eventName,
          path: '',
          value: payload.value ?? null,
          data: JSON.stringify(payload),
        })
        .execute();
    },

    listAnalyticsEvents(websiteId: string, eventName: string) {
      return db
        .selectFrom('analytics_events')
        .select(['event_id', 'data as payload', 'occurred_at as created_at'])
        .where('website_id', '=', websiteId)
        .where('kind', '=', 'event')
        .where('name', '=', eventName)
        .orderBy('occurred_at')
        .execute();
    },
  };
}
