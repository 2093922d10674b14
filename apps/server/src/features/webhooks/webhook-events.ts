import type { WebhookOrder } from '@atelier/contract';
import type { OrderItemRow, OrderRow } from '../../db/db-types.ts';
import type { WebhookQueries } from './webhooks.repo.ts';

// The payloads of the order events, built from the rows the causing transaction just
// wrote, and the emit calls the order services make inside that transaction. Order
// events share the ordering key `order:<id>`, so an endpoint gets them in order.

const paymentStatusOf = (row: OrderRow): WebhookOrder['paymentStatus'] => {
  const refunded = row.refunded_card_cents + row.refunded_gift_card_cents;
  if (refunded === 0) return 'paid';
  return refunded >= row.grand_total_cents + row.gift_card_cents
    ? 'refunded'
    : 'partially_refunded';
};

export function orderEventData(row: OrderRow, items: readonly OrderItemRow[]): WebhookOrder {
  return {
    id: row.order_id,
    orderNumber: row.order_number,
    createdAt: new Date(row.created_at).toISOString(),
    email: row.email,
    status: row.status,
    paymentStatus: paymentStatusOf(row),
    fulfillmentStatus: row.fulfillment_status,
    currency: row.currency.trim(),
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    shippingCents: row.shipping_cents,
    taxCents: row.tax_cents,
    giftCardCents: row.gift_card_cents,
    grandTotalCents: row.grand_total_cents,
    refundedCents: row.refunded_card_cents + row.refunded_gift_card_cents,
    testMode: row.test_mode,
    items: items.map((i) => ({
      lineNumber: i.line_number,
      productId: i.product_id,
      variantId: i.variant_id,
      sku: i.sku,
      productName: i.product_name,
      quantity: i.quantity,
      unitPriceCents: i.unit_price_cents,
      fulfilledQuantity: i.fulfilled_quantity,
      refundedQuantity: i.refunded_quantity,
    })),
  };
}

/** Queues order events (created, updated, fulfilled) in the caller's transaction. */
export async function emitOrderEvents(
  webhooks: WebhookQueries,
  input: {
    row: OrderRow;
    items: readonly OrderItemRow[];
    types: readonly ('order.created' | 'order.updated' | 'order.fulfilled')[];
  },
): Promise<void> {
  const data = orderEventData(input.row, input.items);
  for (const type of input.types) {
    await webhooks.emit(input.row.website_id, {
      type,
      orderingKey: `order:${input.row.order_id}`,
      data,
    });
  }
}
