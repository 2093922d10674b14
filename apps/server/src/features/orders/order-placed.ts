import type { OrderItemRow, OrderRow } from '../../db/db-types.ts';
import type { CommerceQueries } from '../checkout/commerce-store.repo.ts';
import { emitOrderEvents } from '../webhooks/webhook-events.ts';

/**
 * What every new order tells the rest of the store, in its own transaction: the
 * `order.created` webhook event and the purchase analytics event (SPEC §3's fields). A
 * checkout's order and a subscription's renewal order say it the same way.
 */
export async function announcePlacedOrder(
  q: CommerceQueries,
  order: OrderRow,
  items: readonly Pick<OrderItemRow, 'sku' | 'product_name' | 'quantity' | 'unit_price_cents'>[],
): Promise<void> {
  await emitOrderEvents(q.webhooks, {
    row: order,
    items: await q.orders.listItems(order.website_id, order.order_id),
    types: ['order.created'],
  });
  await q.orders.recordAnalyticsEvent(order.website_id, 'purchase', {
    transaction_id: order.order_id,
    value: order.grand_total_cents,
    currency: order.currency.trim(),
    shipping: order.shipping_cents,
    tax: order.tax_cents,
    items: items.map((i) => ({
      id: i.sku,
      name: i.product_name,
      quantity: i.quantity,
      price: i.unit_price_cents,
    })),
  });
}
