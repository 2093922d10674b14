import type {
  cancelOrderBodySchema,
  fulfillOrderBodySchema,
  OrderAdminDetail,
  OrderAdminList,
  OrderAdminListQuery,
  OrderSummary,
  refundOrderBodySchema,
} from '@atelier/contract';
import {
  type CurrencyCode,
  checkoutMessages,
  formatMoney,
  hasUnlimitedStockByType,
  money,
  orderAdminMessages,
  type ProductType,
} from '@atelier/core';
import type { z } from 'zod';
import type { OrderItemRow, OrderLineQuantity, OrderRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import type { CommerceQueries, CommerceStore } from '../checkout/commerce-store.repo.ts';
import {
  cancelRemainingInstallments,
  cardPaidCents,
  isInstallmentOrder,
  refundInstallments,
} from '../installments/installment-tender.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import { orderCancelledMail, orderRefundedMail, orderShippedMail } from '../mail/order-mails.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { cancelSubscriptionStartedBy } from '../subscriptions/subscriptions.service.ts';
import { emitOrderEvents } from '../webhooks/webhook-events.ts';
import type { Website, WebsiteService } from '../websites/website.service.ts';
import type { OrderListRow } from './order-admin.repo.ts';
import { lineDetailsOf, subscriptionOfOrder, toInstallment } from './order-view.ts';
import { orderStatusPath } from './place-order.service.ts';

// The merchant's side of an order (issue 19). Each action runs in one transaction that
// first locks the order row: a second action on the same order (a double click, a
// colleague, a retried API call) waits, then sees the first one's result. The action's
// key is written with its timeline event under that lock, so a retry finds it and
// changes nothing; the refund's money is bounded per tender by the order's own columns.

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;

/** Who acted, as the timeline names them. */
export type Actor = string;

type FulfillBody = z.output<typeof fulfillOrderBodySchema>;
type CancelBody = z.output<typeof cancelOrderBodySchema>;
type RefundBody = z.output<typeof refundOrderBodySchema>;

type ActionInput<B> = {
  websiteId: string;
  orderId: string;
  actor: Actor;
  /** The Idempotency-Key header; the body's actionId when absent. */
  idempotencyKey: string | undefined;
  body: B;
};

const paidOf = (row: OrderRow) => row.grand_total_cents + row.gift_card_cents;
const refundedOf = (row: OrderRow) => row.refunded_card_cents + row.refunded_gift_card_cents;

/** What is left to give back: what the card and gift cards paid, less refunds so far. */
async function refundableOf(q: CommerceQueries, row: OrderRow): Promise<number> {
  return (await cardPaidCents(q, row)) + row.gift_card_cents - refundedOf(row);
}

function paymentStatusOf(row: OrderRow, openInstallments: number): OrderSummary['paymentStatus'] {
  const refunded = refundedOf(row);
  if (refunded === 0) return openInstallments > 0 ? 'partially_paid' : 'paid';
  return refunded >= paidOf(row) ? 'refunded' : 'partially_refunded';
}

export function toSummary(row: OrderListRow): OrderSummary {
  return {
    id: row.order_id,
    orderNumber: row.order_number,
    created: new Date(row.created_at).getTime(),
    email: row.email,
    customerName: row.shipping_address?.name ?? null,
    currency: row.currency.trim() as OrderSummary['currency'],
    totalCents: paidOf(row),
    status: row.status,
    paymentStatus: paymentStatusOf(row, row.open_installments),
    fulfillmentStatus: row.fulfillment_status,
    testMode: row.test_mode,
  };
}

/** Units of a line still waiting to ship: neither shipped nor refunded. */
const unshipped = (line: OrderItemRow) =>
  Math.max(0, line.quantity - line.fulfilled_quantity - line.refunded_quantity);

/**
 * What the customer paid for `units` of a line: its price less discount, plus its tax
 * unless the order's prices included it.
 */
const paidForUnits = (line: OrderItemRow, units: number, isTaxIncluded: boolean) =>
  Math.round(
    ((line.unit_price_cents * line.quantity -
      line.discount_cents +
      (isTaxIncluded ? 0 : line.tax_cents)) *
      units) /
      line.quantity,
  );

function lineOf(lines: readonly OrderItemRow[], lineNumber: number): OrderItemRow {
  const line = lines.find((l) => l.line_number === lineNumber);
  if (!line) throw fail('ORDER_ACTION_INVALID', orderAdminMessages.lineUnknown);
  return line;
}

/** Same line twice in one request counts once with the quantities added. */
function mergeLines(items: readonly OrderLineQuantity[]): OrderLineQuantity[] {
  const byLine = new Map<number, number>();
  for (const i of items) byLine.set(i.lineNumber, (byLine.get(i.lineNumber) ?? 0) + i.quantity);
  return [...byLine].map(([lineNumber, quantity]) => ({ lineNumber, quantity }));
}

export function createOrderAdminService({
  store,
  payments,
  websites,
  clock = () => new Date(),
  onStockChange = () => {},
}: {
  store: CommerceStore;
  payments: PaymentProvider;
  /** When cancelling stamps a subscription the order started (tests move it). */
  clock?: () => Date;
  websites: Pick<WebsiteService, 'getById' | 'originOf'>;
  onStockChange?: (websiteId: string) => void;
}) {
  async function detail(
    q: CommerceQueries,
    websiteId: string,
    orderId: string,
  ): Promise<OrderAdminDetail> {
    const row = await q.orders.findOrder(websiteId, orderId);
    if (!row) throw fail('ORDER_NOT_FOUND', orderAdminMessages.notFound);
    const [items, events, shipments, giftCards, installments] = await Promise.all([
      q.orders.listItems(websiteId, orderId),
      q.orderAdmin.listEvents(websiteId, orderId),
      q.orderAdmin.listFulfillments(websiteId, orderId),
      q.orderAdmin.giftCardsUsed(websiteId, orderId),
      q.installments.listForOrder(websiteId, orderId),
    ]);
    const openCount = installments.filter(
      (i) => i.status === 'scheduled' || i.status === 'failed',
    ).length;
    return {
      ...toSummary({ ...row, open_installments: openCount }),
      shippingAddress: row.shipping_address,
      shippingOptionName: row.shipping_option_name,
      phone: row.phone,
      note: row.note,
      couponCode: row.coupon_code,
      payment: row.payment_provider
        ? { provider: row.payment_provider, brand: row.card_brand, last4: row.card_last4 }
        : null,
      giftCardsUsed: giftCards.map((g) => ({
        codeEnd: g.code.slice(-4),
        amountCents: g.amount_cents,
      })),
      items: items.map((i) => ({
        lineNumber: i.line_number,
        sku: i.sku,
        productName: i.product_name,
        productType: i.product_type,
        quantity: i.quantity,
        unitPriceCents: i.unit_price_cents,
        additionalFields: i.additional_fields,
        ...lineDetailsOf(i),
        fulfilledQuantity: i.fulfilled_quantity,
        refundedQuantity: i.refunded_quantity,
        restockedQuantity: i.restocked_quantity,
      })),
      subtotalCents: row.subtotal_cents,
      discountCents: row.discount_cents,
      shippingCents: row.shipping_cents,
      taxCents: row.tax_cents,
      isTaxIncluded: row.tax_included,
      giftCardCents: row.gift_card_cents,
      grandTotalCents: row.grand_total_cents,
      refundedCardCents: row.refunded_card_cents,
      refundedGiftCardCents: row.refunded_gift_card_cents,
      refundableCents: await refundableOf(q, row),
      installments: installments.map((i) => ({
        ...toInstallment(i),
        reference: i.reference,
        attempts: i.attempts,
        lastError: i.last_error,
      })),
      subscription: subscriptionOfOrder(row),
      shipments: shipments.map((s) => ({
        carrier: s.carrier,
        trackingNumber: s.tracking_number,
        trackingUrl: s.tracking_url,
        items: s.items,
        created: new Date(s.created_at).getTime(),
      })),
      events: events.map((e) => ({
        kind: e.kind,
        message: e.message,
        actor: e.actor,
        created: new Date(e.created_at).getTime(),
      })),
    };
  }

  /**
   * Runs one action: checks the key, locks the order, replays a done action, else does
   * it. `act` returns mail to send and whether stock moved.
   */
  async function runAction<B extends { actionId?: string | undefined }>(
    input: ActionInput<B>,
    act: (
      q: CommerceQueries,
      order: OrderRow,
      context: { website: Website; currency: CurrencyCode; key: string; origin: string },
    ) => Promise<{ mails: OutgoingMail[]; isStockMoved: boolean }>,
  ): Promise<OrderAdminDetail> {
    const key = input.idempotencyKey ?? input.body.actionId;
    if (!key || key.length > 200) {
      throw fail('IDEMPOTENCY_KEY_MISSING', checkoutMessages.idempotencyKeyMissing);
    }
    const website = await websites.getById(input.websiteId);
    if (!website) throw fail('ORDER_NOT_FOUND', orderAdminMessages.notFound);
    // Read before the transaction: on the embedded database it holds the only connection.
    const origin = await websites.originOf(input.websiteId);
    const outcome = await store.transaction(async (q) => {
      const order = await q.orderAdmin.lockOrder(input.websiteId, input.orderId);
      if (!order) throw fail('ORDER_NOT_FOUND', orderAdminMessages.notFound);
      if (await q.orderAdmin.hasAction(input.websiteId, input.orderId, key)) {
        return { isStockMoved: false, detail: await detail(q, input.websiteId, input.orderId) };
      }
      const currency = order.currency.trim() as CurrencyCode;
      const done = await act(q, order, { website, currency, key, origin });
      await q.mail.enqueue(input.websiteId, done.mails);
      // Webhooks see the order as the action left it: updated, and fulfilled when this
      // action shipped its last units.
      const after = await q.orders.findOrder(input.websiteId, input.orderId);
      if (after) {
        const isNowFulfilled =
          order.fulfillment_status !== 'fulfilled' && after.fulfillment_status === 'fulfilled';
        await emitOrderEvents(q.webhooks, {
          row: after,
          items: await q.orders.listItems(input.websiteId, input.orderId),
          types: isNowFulfilled ? ['order.updated', 'order.fulfilled'] : ['order.updated'],
        });
      }
      return {
        isStockMoved: done.isStockMoved,
        detail: await detail(q, input.websiteId, input.orderId),
      };
    });
    if (outcome.isStockMoved) onStockChange(input.websiteId);
    return outcome.detail;
  }

  /** Puts units back on stock-counting variants, locked in id order like checkout does. */
  async function restockLines(
    q: CommerceQueries,
    order: OrderRow,
    lines: readonly { line: OrderItemRow; units: number }[],
  ): Promise<string[]> {
    const wanted = lines.filter((l) => l.units > 0);
    const locked = await q.inventory.lockVariants(
      order.website_id,
      [...new Set(wanted.map((l) => l.line.variant_id))].sort(),
    );
    const notes: string[] = [];
    for (const { line, units } of wanted) {
      const variant = locked.find((v) => v.variant_id === line.variant_id);
      // A deleted variant or one that never counted stock has nothing to put back.
      const counts =
        variant &&
        !variant.is_unlimited &&
        !hasUnlimitedStockByType(variant.product_type as ProductType);
      if (counts && (await q.orderAdmin.restock(order.website_id, line.variant_id, units))) {
        await q.orderAdmin.addLineCounts(order.website_id, order.order_id, line.line_number, {
          restocked: units,
        });
        notes.push(`${units} × ${line.sku}`);
      }
    }
    return notes;
  }

  /**
   * Gives back `cents` of what the order paid: the card first (through the provider),
   * then the gift cards it spent, in the order they were spent.
   */
  async function giveBack(
    q: CommerceQueries,
    order: OrderRow,
    cents: number,
    key: string,
    actor: Actor,
    { isSkippingVoided = false }: { isSkippingVoided?: boolean } = {},
  ): Promise<{
    cardCents: number;
    giftCardCents: number;
    forfeitedCents: number;
    reference: string | null;
  }> {
    // A pay-in-4 order's card paid only the installments captured so far.
    const cardLeft = (await cardPaidCents(q, order)) - order.refunded_card_cents;
    const giftLeft = order.gift_card_cents - order.refunded_gift_card_cents;
    if (cents > cardLeft + giftLeft) {
      throw fail('ORDER_ACTION_INVALID', orderAdminMessages.refundTooLarge, {
        amountCents: orderAdminMessages.refundTooLarge,
      });
    }
    const cardCents = Math.min(cents, cardLeft);
    const giftCardCents = cents - cardCents;
    let reference: string | null = null;
    let forfeitedCents = 0;
    if (giftCardCents > 0) {
      // Skip what earlier refunds already returned, card by card.
      let alreadyBack = order.refunded_gift_card_cents;
      let toReturn = giftCardCents;
      for (const used of await q.orderAdmin.giftCardsUsed(order.website_id, order.order_id, {
        isLocking: true,
      })) {
        const skipped = Math.min(alreadyBack, used.amount_cents);
        alreadyBack -= skipped;
        const back = Math.min(toReturn, used.amount_cents - skipped);
        // The card's row is locked with its redemption; the return writes its history.
        const returned =
          back > 0 &&
          (await q.giftCards.returnToCard({
            websiteId: order.website_id,
            giftCardId: used.gift_card_id,
            orderId: order.order_id,
            cents: back,
            by: { actor },
          }));
        // A refund of an amount is refused so the merchant can refund less; a cancel goes
        // on, since the store voided the card itself, and the timeline says what stayed.
        if (returned === 'voided' && !isSkippingVoided) {
          throw fail('ORDER_ACTION_INVALID', orderAdminMessages.giftCardVoided, {
            amountCents: orderAdminMessages.giftCardVoided,
          });
        }
        if (returned === 'voided') forfeitedCents += back;
        toReturn -= back;
      }
    }
    if (cardCents > 0 && (await isInstallmentOrder(q, order))) {
      try {
        reference = await refundInstallments(q, payments, { order, cents: cardCents, key });
      } catch {
        throw fail('REFUND_FAILED', orderAdminMessages.refundFailed);
      }
    } else if (cardCents > 0) {
      if (!order.payment_reference) {
        throw fail('REFUND_FAILED', orderAdminMessages.refundFailed);
      }
      // Last, after every check: a refused refund rolls back the rest. The provider's
      // own idempotency key makes a retried action (same key) return the same refund.
      try {
        reference = (
          await payments.refund({
            reference: order.payment_reference,
            amountCents: cardCents,
            currency: order.currency.trim(),
            idempotencyKey: `${order.website_id}:${order.order_id}:${key}`,
          })
        ).reference;
      } catch {
        throw fail('REFUND_FAILED', orderAdminMessages.refundFailed);
      }
    }
    await q.orderAdmin.updateOrder(order.website_id, order.order_id, {
      refunded_card_cents: order.refunded_card_cents + cardCents,
      refunded_gift_card_cents: order.refunded_gift_card_cents + giftCardCents - forfeitedCents,
    });
    return { cardCents, giftCardCents: giftCardCents - forfeitedCents, forfeitedCents, reference };
  }

  function assertOpen(order: OrderRow): void {
    if (order.status === 'cancelled')
      throw fail('ORDER_STATE_CONFLICT', orderAdminMessages.cancelled);
    if (order.status === 'refunded')
      throw fail('ORDER_STATE_CONFLICT', orderAdminMessages.refunded);
  }

  const statusUrlOf = (origin: string, order: OrderRow) =>
    origin + orderStatusPath(order.order_id, order.secret_token);

  return {
    async list(websiteId: string, query: OrderAdminListQuery): Promise<OrderAdminList> {
      const { rows, total } = await store.orderAdmin.listOrders(websiteId, query);
      return { orders: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
    },

    get: (websiteId: string, orderId: string) => detail(store, websiteId, orderId),

    fulfill(input: ActionInput<FulfillBody>): Promise<OrderAdminDetail> {
      return runAction(input, async (q, order, { website, key, origin }) => {
        assertOpen(order);
        const lines = await q.orders.listItems(order.website_id, order.order_id);
        const shipped = input.body.items
          ? mergeLines(input.body.items).map((i) => {
              const line = lineOf(lines, i.lineNumber);
              if (i.quantity > unshipped(line)) {
                throw fail('ORDER_ACTION_INVALID', orderAdminMessages.tooManyToFulfil);
              }
              return { line, units: i.quantity };
            })
          : lines.map((line) => ({ line, units: unshipped(line) })).filter((l) => l.units > 0);
        if (shipped.length === 0) {
          throw fail('ORDER_STATE_CONFLICT', orderAdminMessages.nothingToFulfil);
        }
        for (const { line, units } of shipped) {
          await q.orderAdmin.addLineCounts(order.website_id, order.order_id, line.line_number, {
            fulfilled: units,
          });
          line.fulfilled_quantity += units;
        }
        const isComplete = lines.every((l) => unshipped(l) === 0);
        await q.orderAdmin.updateOrder(order.website_id, order.order_id, {
          fulfillment_status: isComplete ? 'fulfilled' : 'partial',
          ...(isComplete && { status: 'fulfilled' }),
        });
        const { carrier = null, trackingNumber = null, trackingUrl = null } = input.body;
        await q.orderAdmin.insertFulfillment({
          websiteId: order.website_id,
          orderId: order.order_id,
          carrier,
          trackingNumber,
          trackingUrl,
          items: shipped.map((s) => ({ lineNumber: s.line.line_number, quantity: s.units })),
        });
        const what = shipped.map((s) => `${s.units} × ${s.line.sku}`).join(', ');
        const via = [carrier, trackingNumber && `tracking ${trackingNumber}`]
          .filter(Boolean)
          .join(', ');
        await q.orderAdmin.addEvent({
          websiteId: order.website_id,
          orderId: order.order_id,
          kind: 'fulfilled',
          message: `Fulfilled ${what}${via ? ` (${via})` : ''}${input.body.notifyCustomer ? '; customer emailed' : ''}`,
          actor: input.actor,
          actionKey: key,
        });
        const mails = input.body.notifyCustomer
          ? [
              orderShippedMail({
                websiteTitle: website.title,
                to: order.email,
                orderNumber: order.order_number,
                statusUrl: statusUrlOf(origin, order),
                items: shipped.map((s) => ({
                  productName: s.line.product_name,
                  quantity: s.units,
                })),
                carrier,
                trackingNumber,
                trackingUrl,
              }),
            ]
          : [];
        return { mails, isStockMoved: false };
      });
    },

    cancel(input: ActionInput<CancelBody>): Promise<OrderAdminDetail> {
      return runAction(input, async (q, order, { website, currency, key, origin }) => {
        assertOpen(order);
        if (order.fulfillment_status !== 'unfulfilled') {
          throw fail('ORDER_STATE_CONFLICT', orderAdminMessages.cannotCancelFulfilled);
        }
        const lines = await q.orders.listItems(order.website_id, order.order_id);
        const back = await giveBack(q, order, await refundableOf(q, order), key, input.actor, {
          isSkippingVoided: true,
        });
        await cancelRemainingInstallments(q, order, input.actor);
        const subscriptionMails = await cancelSubscriptionStartedBy(q, {
          order,
          website,
          actor: input.actor,
          now: clock(),
          notify: input.body.notifyCustomer,
        });
        const restocked = input.body.restock
          ? await restockLines(
              q,
              order,
              lines.map((line) => ({ line, units: line.quantity - line.restocked_quantity })),
            )
          : [];
        await q.orderAdmin.updateOrder(order.website_id, order.order_id, { status: 'cancelled' });
        const refunded = back.cardCents + back.giftCardCents;
        await q.orderAdmin.addEvent({
          websiteId: order.website_id,
          orderId: order.order_id,
          kind: 'cancelled',
          message: [
            'Cancelled',
            input.body.reason && `: ${input.body.reason}`,
            refunded > 0 && `; refunded ${formatMoney(money(refunded, currency))}`,
            back.forfeitedCents > 0 &&
              `; ${formatMoney(money(back.forfeitedCents, currency))} not returned to a voided gift card`,
            restocked.length > 0 && `; restocked ${restocked.join(', ')}`,
            input.body.notifyCustomer && '; customer emailed',
          ]
            .filter(Boolean)
            .join(''),
          actor: input.actor,
          actionKey: key,
        });
        const mails = input.body.notifyCustomer
          ? [
              orderCancelledMail({
                websiteTitle: website.title,
                to: order.email,
                orderNumber: order.order_number,
                statusUrl: statusUrlOf(origin, order),
                refundedCents: refunded,
                currency,
              }),
              ...subscriptionMails,
            ]
          : [];
        return { mails, isStockMoved: restocked.length > 0 };
      });
    },

    refund(input: ActionInput<RefundBody>): Promise<OrderAdminDetail> {
      return runAction(input, async (q, order, { website, currency, key, origin }) => {
        if (order.status === 'cancelled') {
          throw fail('ORDER_STATE_CONFLICT', orderAdminMessages.cancelled);
        }
        const lines = await q.orders.listItems(order.website_id, order.order_id);
        const units = mergeLines(input.body.items ?? []).map((i) => {
          const line = lineOf(lines, i.lineNumber);
          if (i.quantity > line.quantity - line.refunded_quantity) {
            throw fail('ORDER_ACTION_INVALID', orderAdminMessages.tooManyToRefund);
          }
          return { line, units: i.quantity };
        });
        const left = await refundableOf(q, order);
        const amount =
          input.body.amountCents ??
          Math.min(
            left,
            units.reduce((sum, u) => sum + paidForUnits(u.line, u.units, order.tax_included), 0),
          );
        if (amount === 0 && units.length === 0) {
          throw fail('ORDER_ACTION_INVALID', orderAdminMessages.refundNothing);
        }
        const back = await giveBack(q, order, amount, key, input.actor);
        for (const { line, units: n } of units) {
          await q.orderAdmin.addLineCounts(order.website_id, order.order_id, line.line_number, {
            refunded: n,
          });
        }
        const restocked = input.body.restock
          ? await restockLines(
              q,
              order,
              units.map((u) => ({
                line: u.line,
                units: Math.min(u.units, u.line.quantity - u.line.restocked_quantity),
              })),
            )
          : [];
        // Everything paid so far (a pay-in-4 order: the installments captured) is back.
        const isFull = amount >= left;
        // A fully refunded order is over: its downloads stop, its status page says so, and
        // a pay-in-4 order charges nothing more.
        if (isFull) {
          await q.orderAdmin.updateOrder(order.website_id, order.order_id, { status: 'refunded' });
          await cancelRemainingInstallments(q, order, input.actor);
        }
        await q.orderAdmin.insertRefund({
          websiteId: order.website_id,
          orderId: order.order_id,
          cardCents: back.cardCents,
          giftCardCents: back.giftCardCents,
          providerReference: back.reference,
          items: units.map((u) => ({ lineNumber: u.line.line_number, quantity: u.units })),
        });
        const price = (cents: number) => formatMoney(money(cents, currency));
        const tenders = [
          back.cardCents > 0 && `card ${price(back.cardCents)}`,
          back.giftCardCents > 0 && `gift card ${price(back.giftCardCents)}`,
        ].filter(Boolean);
        await q.orderAdmin.addEvent({
          websiteId: order.website_id,
          orderId: order.order_id,
          kind: 'refunded',
          message: [
            `Refunded ${price(amount)}`,
            tenders.length > 0 && ` (${tenders.join(', ')})`,
            units.length > 0 && ` for ${units.map((u) => `${u.units} × ${u.line.sku}`).join(', ')}`,
            input.body.reason && `: ${input.body.reason}`,
            restocked.length > 0 && `; restocked ${restocked.join(', ')}`,
            input.body.notifyCustomer && amount > 0 && '; customer emailed',
          ]
            .filter(Boolean)
            .join(''),
          actor: input.actor,
          actionKey: key,
        });
        const mails =
          input.body.notifyCustomer && amount > 0
            ? [
                orderRefundedMail({
                  websiteTitle: website.title,
                  to: order.email,
                  orderNumber: order.order_number,
                  statusUrl: statusUrlOf(origin, order),
                  refundCents: amount,
                  currency,
                  isFull,
                }),
              ]
            : [];
        return { mails, isStockMoved: restocked.length > 0 };
      });
    },
  };
}
