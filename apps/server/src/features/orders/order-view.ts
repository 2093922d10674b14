import type { Order } from '@atelier/contract';
import { lineAnswers, ProductType } from '@atelier/core';
import type {
  OptionValue,
  OrderInstallmentRow,
  OrderItemRow,
  OrderRow,
} from '../../db/db-types.ts';
import { accessPath, accessTokenOf } from '../paywall/paywall-tokens.ts';
import { signDownload } from './downloads.ts';

/** The order as the confirmation (202) and status (211) pages read it (SPEC §3 Order). */
type GiftCardBought = {
  code: string;
  initial_cents: number;
  recipient_name: string | null;
  recipient_email: string | null;
  send_at: Date | string | null;
};

type Shipment = {
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  created_at: Date | string;
};

/** The columns of a line the pages show (a line as inserted has no counts yet). */
type LineShown = Pick<
  OrderItemRow,
  | 'sku'
  | 'product_name'
  | 'product_type'
  | 'quantity'
  | 'unit_price_cents'
  | 'digital_media_id'
  | 'line_number'
> &
  Partial<
    Pick<
      OrderItemRow,
      | 'download_link_hours'
      | 'download_limit'
      | 'download_count'
      | 'refunded_quantity'
      | 'additional_fields'
    >
  > & {
    /** As read (parsed), or as place-order is about to insert it (JSON text). */
    option_values?: OptionValue[] | string;
  };

/** A line's options and form answers, as every view of it shows them under its name. */
export function lineDetailsOf(line: Pick<LineShown, 'option_values' | 'additional_fields'>) {
  const options =
    typeof line.option_values === 'string'
      ? (JSON.parse(line.option_values) as OptionValue[])
      : (line.option_values ?? []);
  return {
    options: options.map((o) => ({ name: o.optionName, value: o.value })),
    answers: lineAnswers(line.additional_fields ?? null),
  };
}

/**
 * A digital line's fresh link and the downloads left; no link once none are, or once the
 * order was cancelled or refunded (the route would refuse it). The order pages and the
 * customer account's downloads both show it.
 */
export function downloadOf(
  row: Pick<OrderRow, 'status' | 'order_id' | 'secret_token'>,
  line: Pick<
    LineShown,
    'line_number' | 'download_link_hours' | 'download_limit' | 'download_count'
  >,
  now: number,
) {
  const isWithdrawn = row.status === 'cancelled' || row.status === 'refunded';
  const limit = line.download_limit ?? null;
  const remaining = limit === null ? null : Math.max(0, limit - (line.download_count ?? 0));
  const signed = signDownload(
    { orderId: row.order_id, lineNumber: line.line_number, secretToken: row.secret_token },
    now,
    line.download_link_hours ?? undefined,
  );
  return {
    url: remaining === 0 || isWithdrawn ? null : signed.url,
    expiresAt: signed.expiresAt,
    remaining,
  };
}

/**
 * A paywall line's access link (issue 22), derived from the order's secret; none once the
 * order was cancelled or refunded, or the line refunded in full (the link would refuse).
 */
function accessOf(row: OrderRow, line: LineShown) {
  if (line.product_type !== ProductType.paywall) return null;
  const isWithdrawn =
    row.status === 'cancelled' ||
    row.status === 'refunded' ||
    (line.refunded_quantity ?? 0) >= line.quantity;
  if (isWithdrawn) return null;
  const token = accessTokenOf({
    secretToken: row.secret_token,
    orderId: row.order_id,
    lineNumber: line.line_number,
  });
  return { url: accessPath(token) };
}

export function toOrder(
  row: OrderRow,
  items: readonly LineShown[],
  giftCards: readonly GiftCardBought[] = [],
  now: number = Date.now(),
  shipments: readonly Shipment[] = [],
  installments: readonly InstallmentShown[] = [],
): Order {
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
    couponCode: row.coupon_code,
    items: items.map((i) => ({
      sku: i.sku,
      productName: i.product_name,
      productType: i.product_type,
      quantity: i.quantity,
      unitPriceCents: i.unit_price_cents,
      ...lineDetailsOf(i),
      download: i.digital_media_id ? downloadOf(row, i, now) : null,
      access: accessOf(row, i),
    })),
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    shippingTotalCents: row.shipping_cents,
    taxTotalCents: row.tax_cents,
    isTaxIncluded: row.tax_included,
    giftCardTotalCents: row.gift_card_cents,
    grandTotalCents: row.grand_total_cents,
    payment:
      row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    created: new Date(row.created_at).getTime(),
    fulfillmentStatus: row.fulfillment_status,
    shipments: shipments.map((s) => ({
      carrier: s.carrier,
      trackingNumber: s.tracking_number,
      trackingUrl: s.tracking_url,
      created: new Date(s.created_at).getTime(),
    })),
    refundedCents: row.refunded_card_cents + row.refunded_gift_card_cents,
    giftCards: giftCards.map((card) => ({
      // A card for someone else is their surprise: the buyer sees where it goes, not its code.
      code: card.recipient_email ? null : card.code,
      amountCents: card.initial_cents,
      recipientName: card.recipient_name,
      recipientEmail: card.recipient_email,
      sendAt: card.send_at ? new Date(card.send_at).getTime() : null,
    })),
    subscription: subscriptionOfOrder(row),
    installments: installments.map(toInstallment),
  };
}

type InstallmentShown = Pick<
  OrderInstallmentRow,
  'installment_number' | 'amount_cents' | 'due_at' | 'status' | 'captured_at'
>;

/** One payment of a pay-in-4 order as the pages show it. */
/** The subscription an order started (cycle 0) or renewed, as both order views show it. */
export const subscriptionOfOrder = (
  row: Pick<OrderRow, 'subscription_id' | 'subscription_cycle'>,
): { id: string; cycle: number } | null =>
  row.subscription_id !== null && row.subscription_cycle !== null
    ? { id: row.subscription_id, cycle: row.subscription_cycle }
    : null;

export function toInstallment(row: InstallmentShown): NonNullable<Order['installments']>[number] {
  return {
    number: row.installment_number,
    amountCents: row.amount_cents,
    dueAt: new Date(row.due_at).getTime(),
    status: row.status,
    capturedAt: row.captured_at ? new Date(row.captured_at).getTime() : null,
  };
}
