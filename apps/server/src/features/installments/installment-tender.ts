import type { Checkout } from '@atelier/contract';
import {
  type CurrencyCode,
  checkoutMessages,
  formatMoney,
  type InstallmentOffer,
  installmentMessages,
  installmentOffer,
  installmentSchedule,
  money,
  type ScheduledInstallment,
} from '@atelier/core';
import type { OrderRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import type { CommerceQueries } from '../checkout/commerce-store.repo.ts';
import { INSTALLMENT_CAPTURE_JOB } from '../jobs/job-kinds.ts';
import type { CardDetails, PaymentProvider } from '../payments/payment-provider.ts';
import type { WebsiteService } from '../websites/website.service.ts';

// Pay in 4 at checkout (issue 22): what place-order needs to charge the first installment
// and leave the rest to the capture job (installment-capture.ts). Whether the order may
// be paid so is decided once, by core's installmentTender through the checkout view:
// this module only reads `view.installments`.

export type InstallmentPlan = {
  schedule: ScheduledInstallment[];
  /** The provider's saved card the later installments charge. */
  token: string;
};

/**
 * The plan for a checkout whose shopper chose to pay in installments: refused when the
 * checkout does not offer them (off, a digital item, outside the range), and when the
 * provider will not keep the card. Runs before the first authorisation.
 */
export async function planInstallments(
  payments: PaymentProvider,
  input: { view: Checkout; card: CardDetails | undefined; now: Date },
): Promise<InstallmentPlan> {
  const offer = input.view.installments;
  if (!offer) throw fail('INSTALLMENTS_UNAVAILABLE', installmentMessages.unavailable);
  if (!input.card) {
    throw fail('CARD_MISSING', checkoutMessages.cardMissing, {
      card: checkoutMessages.cardMissing,
    });
  }
  const saved = await payments.saveCard(input.card);
  if (!saved.ok) throw fail('CARD_DECLINED', saved.message, { card: saved.message });
  return { schedule: installmentSchedule(offer.paymentsCents, input.now), token: saved.card.token };
}

/**
 * Writes the schedule of an order just placed, in its transaction: the first installment
 * captured (the order's own authorisation), one capture job per later installment at its
 * due date, and the timeline's note.
 */
export async function recordInstallments(
  q: CommerceQueries,
  input: { order: OrderRow; plan: InstallmentPlan; reference: string; now: Date },
): Promise<void> {
  const { order, plan } = input;
  await q.installments.insertSchedule(
    plan.schedule.map((s) => ({
      websiteId: order.website_id,
      orderId: order.order_id,
      number: s.number,
      amountCents: s.amountCents,
      dueAt: s.dueAt,
      paymentToken: plan.token,
      ...(s.number === 1 && { captured: { at: input.now, reference: input.reference } }),
    })),
  );
  for (const s of plan.schedule.slice(1)) {
    await q.jobs.enqueue({
      websiteId: order.website_id,
      kind: INSTALLMENT_CAPTURE_JOB,
      payload: { orderId: order.order_id, number: s.number },
      runAt: s.dueAt,
    });
  }
  const currency = order.currency.trim() as CurrencyCode;
  await q.orderAdmin.addEvent({
    websiteId: order.website_id,
    orderId: order.order_id,
    kind: 'installments',
    message: installmentMessages.placedEvent(
      plan.schedule.length,
      formatMoney(money(plan.schedule[0]?.amountCents ?? 0, currency)),
    ),
    actor: 'Customer',
  });
}

/**
 * What the card actually paid: for a pay-in-4 order the installments captured so far,
 * for any other order its grand total. Refunds are bounded by it.
 */
export async function cardPaidCents(q: CommerceQueries, order: OrderRow): Promise<number> {
  const rows = await q.installments.listForOrder(order.website_id, order.order_id);
  if (rows.length === 0) return order.grand_total_cents;
  return rows.filter((r) => r.status === 'captured').reduce((sum, r) => sum + r.amount_cents, 0);
}

/** Whether the order is paid in installments. */
export async function isInstallmentOrder(q: CommerceQueries, order: OrderRow): Promise<boolean> {
  return (await q.installments.listForOrder(order.website_id, order.order_id)).length > 0;
}

/**
 * Gives `cents` back across the captured installments, newest first, each refund against
 * its own capture's reference and never more than that capture kept. The caller holds
 * the order lock and has checked `cents` against cardPaidCents. Returns the last
 * provider reference.
 */
export async function refundInstallments(
  q: CommerceQueries,
  payments: PaymentProvider,
  input: { order: OrderRow; cents: number; key: string },
): Promise<string | null> {
  const { order } = input;
  let left = input.cents;
  let reference: string | null = null;
  for (const row of await q.installments.lockCaptured(order.website_id, order.order_id)) {
    if (left <= 0) break;
    const back = Math.min(left, row.amount_cents - row.refunded_cents);
    if (back <= 0 || !row.reference) continue;
    reference = (
      await payments.refund({
        reference: row.reference,
        amountCents: back,
        currency: order.currency.trim(),
        idempotencyKey: `${order.website_id}:${order.order_id}:${input.key}:${row.installment_number}`,
      })
    ).reference;
    await q.installments.update(order.website_id, order.order_id, row.installment_number, {
      refunded_cents: row.refunded_cents + back,
    });
    left -= back;
  }
  if (left > 0) throw new Error('installment refund exceeds what was captured');
  return reference;
}

/** Stops the installments still to come (the order was cancelled or refunded in full). */
export async function cancelRemainingInstallments(
  q: CommerceQueries,
  order: OrderRow,
  actor: string,
): Promise<void> {
  const count = await q.installments.cancelScheduled(order.website_id, order.order_id);
  if (count === 0) return;
  await q.orderAdmin.addEvent({
    websiteId: order.website_id,
    orderId: order.order_id,
    kind: 'installments',
    message: installmentMessages.cancelledEvent(count),
    actor,
  });
}

/**
 * The store's installment offer for checkout: the same core rule (installmentOffer) and
 * inputs as the storefront pill, so checkout offers pay in 4 exactly where the pill shows.
 */
export function installmentOfferReader(deps: {
  isEnabled: (websiteId: string) => Promise<boolean>;
  websites: Pick<WebsiteService, 'getById'>;
}) {
  return async (websiteId: string): Promise<InstallmentOffer | null> => {
    const website = await deps.websites.getById(websiteId);
    if (!website) return null;
    return installmentOffer({
      isEnabled: await deps.isEnabled(websiteId),
      country: website.storeAddress?.country,
      language: website.language,
    });
  };
}
