import type { Order } from '@atelier/contract';
import type { OrderItemRow, OrderRow } from '../../db/db-types.ts';

/** The order as the confirmation (202) and status (211) pages read it (SPEC §3 Order). */
export function toOrder(row: OrderRow, items: readonly OrderItemRow[]): Order {
  return {
    id: row.order_id,
    orderNumber: row.order_number,
    purchasedCartId: row.purchased_cart_id,
    testMode: row.test_mode,
    websiteId: row.website_id,
    status: row.status,
    email: row.email,
    currency: row.currency.trim(),
    shippingAddress: row.shipping_address,
    shippingOptionName: row.shipping_option_name,
    items: items.map((i) => ({
      sku: i.sku,
      productName: i.product_name,
      productType: i.product_type,
      quantity: i.quantity,
      unitPriceCents: i.unit_price_cents,
    })),
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    shippingTotalCents: row.shipping_cents,
    taxTotalCents: row.tax_cents,
    giftCardTotalCents: row.gift_card_cents,
    grandTotalCents: row.grand_total_cents,
    payment:
      row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    created: new Date(row.created_at).getTime(),
  };
}
