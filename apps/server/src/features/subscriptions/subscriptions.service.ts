import { createHash, randomBytes } from 'node:crypto';
import type {
  CustomerSubscription,
  Subscription,
  SubscriptionList,
  SubscriptionListQuery,
  SubscriptionSummary,
} from '@atelier/contract';
import {
  type BillingPeriod,
  billingDate,
  type CurrencyCode,
  checkoutMessages,
  hasRenewalAfter,
  instantOf,
  isSubscriptionEnded,
  localDateTime,
  nextRetryAt,
  renewalKey,
  SUBSCRIPTION_STATUS_CODES,
  subscriptionMessages,
} from '@atelier/core';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderRow, SubscriptionPlan, SubscriptionRow } from '../../db/db-types.ts';
import { AppError, fail } from '../../http/errors.ts';
import { taxRuleFor } from '../checkout/checkout-pricing.ts';
import { computeCheckoutTotals } from '../checkout/checkout-totals.ts';
import type { CommerceQueries, CommerceStore } from '../checkout/commerce-store.repo.ts';
import { lockAndCheckStock, takeStock } from '../inventory/stock.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import { newOrderMail, orderConfirmationMail } from '../mail/order-mails.ts';
import { orderStatusPath } from '../orders/order-paths.ts';
import { announcePlacedOrder } from '../orders/order-placed.ts';
import { toOrder } from '../orders/order-view.ts';
import type { CardDetails, PaymentProvider, SavedCard } from '../payments/payment-provider.ts';
import type { Website, WebsiteService } from '../websites/website.service.ts';
import {
  renewalFailedMail,
  subscriptionCancelledMail,
  subscriptionEndedMail,
  subscriptionLapsedMerchantMail,
  subscriptionStartedMail,
} from './subscription-mails.ts';

// Subscriptions after the purchase (issue 22): the renewal sweep, dunning, the customer's
// manage link and the merchant's actions. A renewal is an ordinary order (stock taken,
// emails, webhook) written in ONE transaction that holds the subscription's row lock:
// whichever server's sweep takes the lock renews; the other skips the row, and one that
// waited sees next_attempt_at moved. The provider sees one idempotency key per
// subscription and cycle, and orders are unique per (subscription, cycle), so a retry
// after a crash charges the same authorisation, never a second one.

export type Clock = () => Date;

/** A renewal that failed for a reason other than the card or the stock is tried again after this. */
const RETRY_AFTER_ERROR_MS = 60 * 60_000;
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The customer's manage page (update the card, cancel). */
export const subscriptionManagePath = (subscriptionId: string, token: string) =>
  `/commerce/subscriptions/${subscriptionId}?token=${encodeURIComponent(token)}`;

/** A fresh manage link for an email; only its hash is kept. */
async function newManageUrl(
  q: CommerceQueries,
  sub: Pick<SubscriptionRow, 'website_id' | 'subscription_id'>,
  origin: string,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await q.subscriptions.addLink(sub.website_id, sub.subscription_id, sha256(token));
  return origin + subscriptionManagePath(sub.subscription_id, token);
}

const periodOf = (sub: SubscriptionRow): BillingPeriod => ({
  value: sub.period_value,
  unit: sub.period_unit,
});

/** When cycle `cycle` bills, counted from the subscription's anchor. */
const dateOfCycle = (sub: SubscriptionRow, cycle: number): Date =>
  billingDate(new Date(sub.anchor_at), periodOf(sub), cycle - sub.anchor_cycle, sub.time_zone);

/**
 * When cycle `cycle` bills, or, if that date has already gone (the server was off, the
 * subscription was paused), the first date of the same calendar still ahead of `now`.
 * Missed dates are skipped, not billed in a burst: the calendar slides by moving
 * anchor_cycle, so a subscription bought on the 31st keeps billing on month ends.
 */
function nextDateFrom(
  sub: SubscriptionRow,
  cycle: number,
  now: Date,
): { date: Date; anchor_cycle: number } {
  let anchorCycle = sub.anchor_cycle;
  for (let skipped = 0; skipped < 5000; skipped += 1) {
    const date = dateOfCycle({ ...sub, anchor_cycle: anchorCycle }, cycle);
    if (date > now) return { date, anchor_cycle: anchorCycle };
    anchorCycle -= 1;
  }
  return { date: now, anchor_cycle: anchorCycle };
}

/**
 * What the purchase that starts a subscription writes, inside place-order's transaction:
 * the subscription (cycle 0 paid by `order`), its first charge, an event and the email
 * with the manage link. Called only for a subscription cart's order.
 */
export async function startSubscription(
  q: CommerceQueries,
  input: {
    subscriptionId: string;
    website: Website;
    origin: string;
    order: OrderRow;
    line: {
      product_id: string;
      variant_id: string;
      product_type: number;
      sku: string;
      product_name: string;
      quantity: number;
      unit_price_cents: number;
      additional_fields: string | null;
    };
    plan: SubscriptionPlan;
    /** What each renewal pays for shipping. */
    shippingCents: number;
    card: SavedCard;
    providerName: string;
    now: Date;
  },
): Promise<OutgoingMail[]> {
  const { order, line, plan, card, now, website } = input;
  const period = plan.billingPeriod;
  const hasNext = hasRenewalAfter(0, plan.numBillingCycles);
  const next = hasNext ? billingDate(now, period, 1, website.timeZone) : null;
  const sub = await q.subscriptions.insertSubscription({
    website_id: order.website_id,
    subscription_id: input.subscriptionId,
    first_order_id: order.order_id,
    cart_id: order.purchased_cart_id,
    email: order.email,
    product_id: line.product_id,
    variant_id: line.variant_id,
    product_type: line.product_type,
    sku: line.sku,
    product_name: line.product_name,
    quantity: line.quantity,
    additional_fields: line.additional_fields,
    currency: order.currency,
    unit_price_cents: line.unit_price_cents,
    shipping_cents: input.shippingCents,
    shipping_address: order.shipping_address,
    shipping_option_name: order.shipping_option_name,
    period_value: period.value,
    period_unit: period.unit,
    num_billing_cycles: plan.numBillingCycles,
    time_zone: website.timeZone,
    status: hasNext ? 'active' : 'completed',
    started_at: now,
    anchor_at: now,
    anchor_cycle: 0,
    cycles_paid: 1,
    next_billing_at: next,
    next_attempt_at: next,
    payment_provider: input.providerName,
    card_token: card.token,
    card_brand: card.brand,
    card_last4: card.last4,
    card_exp_month: card.expMonth,
    card_exp_year: card.expYear,
  });
  await q.subscriptions.insertCharge({
    website_id: order.website_id,
    subscription_id: sub.subscription_id,
    cycle: 0,
    order_id: order.order_id,
    idempotency_key: order.idempotency_key,
    payment_reference: order.payment_reference,
    // place-order captures its own authorisation after commit.
    is_captured: true,
  });
  await q.subscriptions.addEvent({
    websiteId: order.website_id,
    subscriptionId: sub.subscription_id,
    kind: 'started',
    message: `Subscription started with order #${order.order_number}`,
    actor: 'Customer',
    at: now,
  });
  const manageUrl = await newManageUrl(q, sub, input.origin);
  return [
    subscriptionStartedMail({
      websiteTitle: website.title,
      sub,
      manageUrl,
      timeZone: website.timeZone,
    }),
  ];
}

/**
 * Cancelling the order that started a subscription cancels the subscription too, inside
 * the order's transaction: the merchant undid the purchase the customer signed up with,
 * and a renewal next month would bill for it. Renewal orders leave the subscription be
 * (one bad delivery is not a cancellation). Returns the customer's email, if wanted.
 */
export async function cancelSubscriptionStartedBy(
  q: CommerceQueries,
  input: { order: OrderRow; website: Website; actor: string; now: Date; notify: boolean },
): Promise<OutgoingMail[]> {
  const { order, website, actor, now } = input;
  const sub = await q.subscriptions.lockByFirstOrder(order.website_id, order.order_id);
  if (!sub || isSubscriptionEnded(sub.status)) return [];
  const updated = await q.subscriptions.update(order.website_id, sub.subscription_id, {
    status: 'cancelled',
    cancelled_at: now,
    next_attempt_at: null,
    next_billing_at: null,
  });
  await q.subscriptions.addEvent({
    websiteId: order.website_id,
    subscriptionId: sub.subscription_id,
    kind: 'cancelled',
    message: `Cancelled with order #${order.order_number} by ${actor}`,
    actor,
    at: now,
  });
  await q.orderAdmin.addEvent({
    websiteId: order.website_id,
    orderId: order.order_id,
    kind: 'subscription',
    message: `Subscription cancelled: ${sub.product_name}`,
    actor,
  });
  if (!input.notify) return [];
  return [
    subscriptionCancelledMail({
      websiteTitle: website.title,
      sub: updated,
      manageUrl: '',
      timeZone: updated.time_zone,
    }),
  ];
}

/** Why a renewal could not be taken: the card, or the stock (nothing to send). */
type RenewalProblem = 'payment' | 'stock';

type RenewalOutcome =
  | { kind: 'renewed'; cycle: number; reference: string | null; orderId: string }
  | { kind: 'failed'; reason: string; status: SubscriptionRow['status'] };

type SiteContext = { website: Website; origin: string; merchantEmail: string | null };

export function createSubscriptionsService({
  store,
  payments,
  websites,
  log,
  clock = () => new Date(),
  onStockChange = () => {},
}: {
  store: CommerceStore;
  payments: PaymentProvider;
  websites: Pick<WebsiteService, 'getById' | 'originOf'>;
  log: FastifyBaseLogger;
  clock?: Clock;
  onStockChange?: (websiteId: string) => void;
}) {
  async function siteContext(websiteId: string): Promise<SiteContext> {
    const website = await websites.getById(websiteId);
    if (!website) throw fail('SUBSCRIPTION_NOT_FOUND', subscriptionMessages.notFound);
    return {
      website,
      origin: await websites.originOf(websiteId),
      merchantEmail: (await store.orderAdmin.notificationEmail(websiteId)) ?? null,
    };
  }

  /**
   * A failed attempt at the renewal owed: past due with a dunning email and the next try
   * on core's schedule, or expired when the tries are spent. A try the customer made by
   * updating their card does not move the schedule: they saw the answer on the page.
   */
  async function recordFailure(
    q: CommerceQueries,
    sub: SubscriptionRow,
    ctx: SiteContext,
    input: { reason: string; kind: RenewalProblem; now: Date; isCustomerRetry: boolean },
  ): Promise<RenewalOutcome> {
    const { reason, now, kind } = input;
    const cycle = sub.cycles_paid;
    const base = { websiteId: sub.website_id, subscriptionId: sub.subscription_id, at: now };
    if (input.isCustomerRetry) {
      // Tried in the card update's own transaction, under its lock: the store's schedule
      // of tries (next_attempt_at) is left as the failures so far set it.
      await q.subscriptions.update(sub.website_id, sub.subscription_id, {
        last_failure: reason,
        charge_attempts: sub.charge_attempts + 1,
      });
      await q.subscriptions.addEvent({
        ...base,
        kind: 'renewal_failed',
        message: `Payment for renewal ${cycle} failed after the card was updated: ${reason}`,
        actor: 'Customer',
      });
      return { kind: 'failed', reason, status: sub.status };
    }
    const failures = sub.failed_attempts + 1;
    const firstFailedAt = sub.first_failed_at ? new Date(sub.first_failed_at) : now;
    const retryAt = nextRetryAt(firstFailedAt, failures);
    const day = (date: Date) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: sub.time_zone }).format(date);
    const updated = await q.subscriptions.update(sub.website_id, sub.subscription_id, {
      status: retryAt ? 'past_due' : 'expired',
      failed_attempts: failures,
      charge_attempts: sub.charge_attempts + 1,
      first_failed_at: firstFailedAt,
      last_failure: reason,
      next_attempt_at: retryAt,
      ...(!retryAt && { next_billing_at: null }),
    });
    const manageUrl = await newManageUrl(q, sub, ctx.origin);
    const mailContext = {
      websiteTitle: ctx.website.title,
      sub: updated,
      manageUrl,
      timeZone: sub.time_zone,
    };
    const mails: OutgoingMail[] = [];
    if (retryAt) {
      mails.push(renewalFailedMail(mailContext, { reason, kind, retryAt }));
      await q.subscriptions.addEvent({
        ...base,
        kind: 'renewal_failed',
        message: `Renewal ${cycle} failed (${reason}); past due, next try ${day(retryAt)}`,
        actor: 'System',
      });
    } else {
      mails.push(subscriptionEndedMail(mailContext, kind));
      if (ctx.merchantEmail) {
        mails.push(
          subscriptionLapsedMerchantMail({
            websiteTitle: ctx.website.title,
            to: ctx.merchantEmail,
            sub: updated,
            adminUrl: `${ctx.origin}/config/subscriptions/${sub.subscription_id}`,
          }),
        );
      }
      await q.subscriptions.addEvent({
        ...base,
        kind: 'expired',
        message: `Renewal ${cycle} failed ${failures} times (${reason}); the subscription expired`,
        actor: 'System',
      });
    }
    await q.mail.enqueue(sub.website_id, mails);
    return { kind: 'failed', reason, status: updated.status };
  }

  /** Renews `sub` (locked by the caller) for the cycle it owes, or records why not. */
  async function renewLocked(
    q: CommerceQueries,
    sub: SubscriptionRow,
    ctx: SiteContext,
    input: { now: Date; isCustomerRetry: boolean },
  ): Promise<{ outcome: RenewalOutcome; authorized: string | null }> {
    const { now } = input;
    const websiteId = sub.website_id;
    const cycle = sub.cycles_paid;
    // The order's key is the cycle's (one order per cycle); the charge's adds the try, so
    // a provider that remembers a declined key still sees the retry, while a server that
    // died mid-try (nothing committed, charge_attempts unchanged) asks again with the same.
    const key = renewalKey(sub.subscription_id, cycle);
    const chargeKey = `${key}:try:${sub.charge_attempts}`;
    const failed = async (reason: string, kind: RenewalProblem) => ({
      outcome: await recordFailure(q, sub, ctx, {
        reason,
        kind,
        now,
        isCustomerRetry: input.isCustomerRetry,
      }),
      authorized: null,
    });

    let needs: Awaited<ReturnType<typeof lockAndCheckStock>>;
    try {
      needs = await lockAndCheckStock(q.inventory, {
        websiteId,
        cartId: sub.cart_id,
        needs: [{ variantId: sub.variant_id, quantity: sub.quantity }],
        now,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'OUT_OF_STOCK') {
        return failed(subscriptionMessages.renewalOutOfStock, 'stock');
      }
      throw error;
    }

    const address = sub.shipping_address;
    const taxRule = address
      ? taxRuleFor(await q.checkouts.listTaxRules(websiteId, address.country), address)
      : undefined;
    const pricesIncludeTax = await q.checkouts.pricesIncludeTax(websiteId);
    const totals = computeCheckoutTotals({
      lines: [
        {
          productType: sub.product_type,
          unitPriceCents: sub.unit_price_cents,
          quantity: sub.quantity,
        },
      ],
      shippingCents: sub.shipping_cents,
      coupon: null,
      tax: taxRule
        ? {
            rateBp: taxRule.rate_bp,
            appliesToShipping: taxRule.applies_to_shipping,
            isIncluded: pricesIncludeTax,
          }
        : null,
      giftCardBalanceCents: 0,
    });
    const currency = sub.currency.trim() as CurrencyCode;

    let payment: { reference: string; brand: string; last4: string } | undefined;
    if (totals.grandTotalCents > 0) {
      if (!sub.card_token) return failed(checkoutMessages.cardMissing, 'payment');
      const result = await payments.authorize({
        amountCents: totals.grandTotalCents,
        currency,
        source: { kind: 'saved', token: sub.card_token },
        idempotencyKey: `${websiteId}:${chargeKey}`,
        description: `${ctx.website.title} subscription ${sub.subscription_id} renewal ${cycle}`,
      });
      if (!result.isApproved) return failed(result.message, 'payment');
      payment = result;
    }

    await takeStock(q.inventory, { websiteId, cartId: sub.cart_id, needs });
    const checkoutId = await q.subscriptions.firstOrderCheckout(websiteId, sub.first_order_id);
    if (!checkoutId) throw new Error(`subscription ${sub.subscription_id} lost its first order`);
    const token = randomBytes(24).toString('base64url');
    const order = await q.orders.insertOrder({
      website_id: websiteId,
      order_number: await q.orders.nextOrderNumber(websiteId),
      purchased_cart_id: sub.cart_id,
      checkout_id: checkoutId,
      test_mode: payments.isTestMode,
      secret_token: token,
      email: sub.email,
      phone: null,
      note: null,
      shipping_address: address,
      shipping_option_name: sub.shipping_option_name,
      coupon_code: null,
      currency,
      subtotal_cents: totals.subtotalCents,
      discount_cents: 0,
      shipping_cents: totals.shippingCents,
      tax_cents: totals.taxCents,
      tax_included: pricesIncludeTax && totals.taxCents > 0,
      gift_card_cents: 0,
      grand_total_cents: totals.grandTotalCents,
      payment_provider: payment ? payments.name : null,
      payment_reference: payment?.reference ?? null,
      card_brand: payment?.brand ?? null,
      card_last4: payment?.last4 ?? null,
      idempotency_key: key,
      request_hash: sha256(key),
      subscription_id: sub.subscription_id,
      subscription_cycle: cycle,
      created_at: now,
    });
    const items = [
      {
        website_id: websiteId,
        order_id: order.order_id,
        line_number: 1,
        product_id: sub.product_id,
        variant_id: sub.variant_id,
        product_type: sub.product_type,
        sku: sub.sku,
        product_name: sub.product_name,
        quantity: sub.quantity,
        unit_price_cents: sub.unit_price_cents,
        discount_cents: 0,
        tax_cents: totals.lines[0]?.taxCents ?? 0,
        additional_fields: sub.additional_fields,
        digital_media_id: null,
        download_link_hours: 72,
        download_limit: null,
      },
    ];
    await q.orders.insertItems(items);
    await q.subscriptions.insertCharge({
      website_id: websiteId,
      subscription_id: sub.subscription_id,
      cycle,
      order_id: order.order_id,
      idempotency_key: key,
      payment_reference: payment?.reference ?? null,
      is_captured: !payment,
    });

    // A late payment (after failures) restarts the calendar from today, so the customer
    // is not billed again days later for a period they have only just paid for.
    const isLate = sub.status === 'past_due';
    const late = { ...sub, anchor_at: now, anchor_cycle: cycle };
    const following = hasRenewalAfter(cycle, sub.num_billing_cycles)
      ? nextDateFrom(isLate ? late : sub, cycle + 1, now)
      : null;
    const next = following?.date ?? null;
    await q.subscriptions.update(websiteId, sub.subscription_id, {
      anchor_at: isLate ? now : new Date(sub.anchor_at),
      anchor_cycle: following?.anchor_cycle ?? (isLate ? cycle : sub.anchor_cycle),
      cycles_paid: cycle + 1,
      status: next ? 'active' : 'completed',
      next_billing_at: next,
      next_attempt_at: next,
      failed_attempts: 0,
      charge_attempts: 0,
      first_failed_at: null,
      last_failure: null,
    });

    const placed = toOrder(order, items);
    const mails: OutgoingMail[] = [
      orderConfirmationMail({
        websiteTitle: ctx.website.title,
        orderNumber: order.order_number,
        email: order.email,
        currency,
        items: placed.items.map((i) => ({
          productName: i.productName,
          quantity: i.quantity,
          unitPriceCents: i.unitPriceCents,
        })),
        grandTotalCents: order.grand_total_cents,
        statusUrl: ctx.origin + orderStatusPath(order.order_id, token),
        storeAddress: ctx.website.storeAddress,
      }),
    ];
    if (ctx.merchantEmail) {
      mails.push(
        newOrderMail({
          websiteTitle: ctx.website.title,
          to: ctx.merchantEmail,
          orderNumber: order.order_number,
          customerEmail: order.email,
          currency,
          items: items.map((i) => ({ productName: i.product_name, quantity: i.quantity })),
          totalCents: order.grand_total_cents,
          adminUrl: `${ctx.origin}/config/orders/${order.order_id}`,
          testMode: order.test_mode,
        }),
      );
    }
    await q.mail.enqueue(websiteId, mails);
    await q.orderAdmin.addEvent({
      websiteId,
      orderId: order.order_id,
      kind: 'placed',
      message: `Subscription renewal ${cycle} charged to the card on file; confirmation emailed to ${order.email}`,
      actor: 'System',
    });
    await q.subscriptions.addEvent({
      websiteId,
      subscriptionId: sub.subscription_id,
      kind: 'renewed',
      message: `Renewal ${cycle} paid: order #${order.order_number}`,
      actor: input.isCustomerRetry ? 'Customer' : 'System',
      at: now,
    });
    await announcePlacedOrder(q, order, items);
    return {
      outcome: {
        kind: 'renewed',
        cycle,
        reference: payment?.reference ?? null,
        orderId: order.order_id,
      },
      authorized: payment?.reference ?? null,
    };
  }

  /** Renews one subscription if it is still due and no other server holds it. */
  async function renewIfDue(
    websiteId: string,
    subscriptionId: string,
    now: Date,
    isCustomerRetry = false,
  ): Promise<RenewalOutcome | null> {
    // Read before the transaction: on the embedded database it holds the only connection.
    const ctx = await siteContext(websiteId);
    let authorized: string | null = null;
    try {
      const result = await store.transaction(async (q) => {
        const sub = await q.subscriptions.lockIfDue(websiteId, subscriptionId, now);
        if (!sub) return null;
        const renewal = await renewLocked(q, sub, ctx, { now, isCustomerRetry });
        authorized = renewal.authorized;
        return renewal.outcome;
      });
      if (result?.kind === 'renewed') {
        onStockChange(websiteId);
        if (result.reference)
          await capture(websiteId, subscriptionId, result.cycle, result.reference);
      }
      return result;
    } catch (error) {
      // The renewal did not commit. Release a hold it made, and try again in an hour
      // under a new charge key (the provider may remember the old one as voided), so one
      // broken subscription neither retries every poll nor blocks the others. A server
      // that died instead of throwing runs none of this: the next sweep asks again with
      // the same key, and the provider answers with the same authorisation.
      if (authorized) {
        await payments.void(authorized).catch((err: unknown) => {
          log.error({ err }, 'voiding a renewal authorisation failed');
        });
      }
      await store.subscriptions
        .deferAfterError(websiteId, subscriptionId, new Date(now.getTime() + RETRY_AFTER_ERROR_MS))
        .catch((err: unknown) => log.error({ err }, 'deferring a failed renewal failed'));
      throw error;
    }
  }

  async function capture(
    websiteId: string,
    subscriptionId: string,
    cycle: number,
    reference: string,
  ) {
    try {
      await payments.capture(reference);
      await store.subscriptions.markCaptured(websiteId, subscriptionId, cycle);
    } catch (err) {
      // Left uncaptured, at the back of the queue: the sweep tries again later, after the
      // captures that can go through.
      log.error({ err, subscriptionId, cycle }, 'capturing a renewal failed');
      await store.subscriptions
        .deferCapture(websiteId, subscriptionId, cycle)
        .catch((error: unknown) => log.error({ err: error }, 'deferring a capture failed'));
    }
  }

  /** Charges committed without their capture (a crash came between): finish them. */
  async function captureLeftovers(now: Date): Promise<void> {
    const leftovers = await store.subscriptions.listUncaptured(
      new Date(now.getTime() - 60_000),
      20,
    );
    for (const charge of leftovers) {
      if (!charge.payment_reference) continue;
      await capture(
        charge.website_id,
        charge.subscription_id,
        charge.cycle,
        charge.payment_reference,
      );
    }
  }

  function summaryOf(sub: SubscriptionRow): SubscriptionSummary {
    return {
      id: sub.subscription_id,
      status: sub.status,
      statusCode: SUBSCRIPTION_STATUS_CODES[sub.status],
      email: sub.email,
      productId: sub.product_id,
      productName: sub.product_name,
      sku: sub.sku,
      quantity: sub.quantity,
      currency: sub.currency.trim(),
      unitPriceCents: sub.unit_price_cents,
      shippingCents: sub.shipping_cents,
      plan: {
        billingPeriod: periodOf(sub),
        numBillingCycles: sub.num_billing_cycles,
      },
      paymentsMade: sub.cycles_paid,
      started: new Date(sub.started_at).getTime(),
      nextBillingAt:
        sub.next_billing_at && !isSubscriptionEnded(sub.status) && sub.status !== 'paused'
          ? new Date(sub.next_billing_at).getTime()
          : null,
      timeZone: sub.time_zone,
    };
  }

  const cardOf = (sub: SubscriptionRow) =>
    sub.card_brand && sub.card_last4
      ? {
          brand: sub.card_brand,
          last4: sub.card_last4,
          expMonth: sub.card_exp_month ?? 0,
          expYear: sub.card_exp_year ?? 0,
        }
      : null;

  const retryOf = (sub: SubscriptionRow) =>
    sub.status === 'past_due' && sub.next_attempt_at
      ? new Date(sub.next_attempt_at).getTime()
      : null;

  async function detailOf(sub: SubscriptionRow): Promise<Subscription> {
    const [orders, events] = [
      await store.subscriptions.listOrders(sub.website_id, sub.subscription_id),
      await store.subscriptions.listEvents(sub.website_id, sub.subscription_id),
    ];
    return {
      ...summaryOf(sub),
      shippingAddress: sub.shipping_address,
      shippingOptionName: sub.shipping_option_name,
      card: cardOf(sub),
      failedAttempts: sub.failed_attempts,
      nextRetryAt: retryOf(sub),
      lastFailure: sub.last_failure,
      cancelledAt: sub.cancelled_at ? new Date(sub.cancelled_at).getTime() : null,
      orders: orders.map((o) => ({
        id: o.order_id,
        orderNumber: o.order_number,
        cycle: o.subscription_cycle ?? 0,
        created: new Date(o.created_at).getTime(),
        totalCents: o.grand_total_cents + o.gift_card_cents,
        status: o.status,
      })),
      events: events.map((e) => ({
        kind: e.kind,
        message: e.message,
        actor: e.actor,
        created: new Date(e.created_at).getTime(),
      })),
    };
  }

  function customerViewOf(sub: SubscriptionRow, notice: string | null): CustomerSubscription {
    const summary = summaryOf(sub);
    return {
      id: summary.id,
      status: summary.status,
      productName: summary.productName,
      quantity: summary.quantity,
      currency: summary.currency,
      unitPriceCents: summary.unitPriceCents,
      shippingCents: summary.shippingCents,
      plan: summary.plan,
      paymentsMade: summary.paymentsMade,
      nextBillingAt: summary.nextBillingAt,
      nextRetryAt: retryOf(sub),
      card: cardOf(sub),
      notice,
    };
  }

  async function byLink(websiteId: string, subscriptionId: string, token: string) {
    const sub = await store.subscriptions.findByLink(
      websiteId,
      subscriptionId,
      sha256(token),
      clock(),
    );
    if (!sub) throw fail('SUBSCRIPTION_NOT_FOUND', subscriptionMessages.linkInvalid);
    return sub;
  }

  /** A subscription bought with `email`; any other is "not found", as an unknown id is. */
  async function byEmail(websiteId: string, subscriptionId: string, email: string) {
    const sub = await store.subscriptions.find(websiteId, subscriptionId);
    if (!sub || sub.email.toLowerCase() !== email.toLowerCase()) {
      throw fail('SUBSCRIPTION_NOT_FOUND', subscriptionMessages.notFound);
    }
    return sub;
  }

  /**
   * Changes a subscription under its row lock: `change` sees the row as it is now and
   * returns the columns to set (or throws), plus the event and emails it causes.
   */
  async function change(
    websiteId: string,
    subscriptionId: string,
    actor: string,
    decide: (
      sub: SubscriptionRow,
      now: Date,
    ) => {
      set: Parameters<CommerceQueries['subscriptions']['update']>[2];
      event: { kind: string; message: string };
      mail?: (sub: SubscriptionRow) => OutgoingMail;
    },
  ): Promise<SubscriptionRow> {
    const now = clock();
    return store.transaction(async (q) => {
      const sub = await q.subscriptions.lock(websiteId, subscriptionId);
      if (!sub) throw fail('SUBSCRIPTION_NOT_FOUND', subscriptionMessages.notFound);
      const decision = decide(sub, now);
      const updated = await q.subscriptions.update(websiteId, subscriptionId, decision.set);
      await q.subscriptions.addEvent({
        websiteId,
        subscriptionId,
        actor,
        at: now,
        ...decision.event,
      });
      if (decision.mail) await q.mail.enqueue(websiteId, [decision.mail(updated)]);
      return updated;
    });
  }

  const assertNotEnded = (sub: SubscriptionRow) => {
    if (isSubscriptionEnded(sub.status)) {
      throw fail('SUBSCRIPTION_STATE_CONFLICT', subscriptionMessages.alreadyEnded);
    }
  };

  async function cancel(websiteId: string, subscriptionId: string, actor: string) {
    const ctx = await siteContext(websiteId);
    return change(websiteId, subscriptionId, actor, (sub, now) => {
      assertNotEnded(sub);
      return {
        set: {
          status: 'cancelled',
          cancelled_at: now,
          next_attempt_at: null,
          next_billing_at: null,
        },
        event: { kind: 'cancelled', message: `Cancelled by ${actor}` },
        mail: (updated) =>
          subscriptionCancelledMail({
            websiteTitle: ctx.website.title,
            sub: updated,
            manageUrl: '',
            timeZone: updated.time_zone,
          }),
      };
    });
  }

  return {
    /**
     * One pass of the renewal sweep, run by the job worker's every poll: finishes captures
     * a crash interrupted, then renews (or retries) what is due. Returns how many
     * subscriptions it acted on.
     */
    async runDue(): Promise<number> {
      const now = clock();
      await captureLeftovers(now);
      let count = 0;
      // Bounded per pass, so one poll never runs for long; the next poll continues.
      while (count < 200) {
        const due = await store.subscriptions.listDue(now, 20);
        let acted = 0;
        for (const row of due) {
          try {
            if (await renewIfDue(row.website_id, row.subscription_id, now)) acted += 1;
          } catch (err) {
            log.error({ err, subscriptionId: row.subscription_id }, 'subscription renewal failed');
          }
        }
        count += acted;
        // Nothing due, or every due row held by another server (or failing): stop.
        if (acted === 0) break;
      }
      return count;
    },

    async list(websiteId: string, query: SubscriptionListQuery): Promise<SubscriptionList> {
      const { rows, total } = await store.subscriptions.list(websiteId, query);
      return {
        subscriptions: rows.map(summaryOf),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async get(websiteId: string, subscriptionId: string): Promise<Subscription> {
      const sub = await store.subscriptions.find(websiteId, subscriptionId);
      if (!sub) throw fail('SUBSCRIPTION_NOT_FOUND', subscriptionMessages.notFound);
      return detailOf(sub);
    },

    async pause(websiteId: string, subscriptionId: string, actor: string) {
      return detailOf(
        await change(websiteId, subscriptionId, actor, (sub, now) => {
          assertNotEnded(sub);
          if (sub.status !== 'active') {
            throw fail('SUBSCRIPTION_STATE_CONFLICT', subscriptionMessages.notActive);
          }
          return {
            set: { status: 'paused', paused_at: now, next_attempt_at: null },
            event: { kind: 'paused', message: `Paused by ${actor}` },
          };
        }),
      );
    },

    /** Resumes on the next date of its calendar still ahead: paused periods are not billed. */
    async resume(websiteId: string, subscriptionId: string, actor: string) {
      return detailOf(
        await change(websiteId, subscriptionId, actor, (sub, now) => {
          assertNotEnded(sub);
          if (sub.status !== 'paused') {
            throw fail('SUBSCRIPTION_STATE_CONFLICT', subscriptionMessages.notPaused);
          }
          const next = nextDateFrom(sub, sub.cycles_paid, now);
          return {
            set: {
              status: 'active',
              paused_at: null,
              anchor_cycle: next.anchor_cycle,
              next_billing_at: next.date,
              next_attempt_at: next.date,
            },
            event: { kind: 'resumed', message: `Resumed by ${actor}` },
          };
        }),
      );
    },

    async cancel(websiteId: string, subscriptionId: string, actor: string) {
      return detailOf(await cancel(websiteId, subscriptionId, actor));
    },

    /**
     * Moves the next renewal to `date` (a day in the store's time zone, at the time of day
     * the subscription was bought); later renewals follow from there.
     */
    async setNextBillingDate(
      websiteId: string,
      subscriptionId: string,
      date: string,
      actor: string,
    ) {
      const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
      return detailOf(
        await change(websiteId, subscriptionId, actor, (sub, now) => {
          assertNotEnded(sub);
          if (sub.status === 'past_due') {
            throw fail('SUBSCRIPTION_STATE_CONFLICT', subscriptionMessages.notActive);
          }
          const timeOfDay = localDateTime(new Date(sub.anchor_at), sub.time_zone);
          const next = instantOf({ ...timeOfDay, year, month, day }, sub.time_zone);
          if (next <= now) {
            throw fail('SUBSCRIPTION_DATE_INVALID', subscriptionMessages.nextDateInPast, {
              date: subscriptionMessages.nextDateInPast,
            });
          }
          if (next.getTime() - now.getTime() > 2 * 366 * 86_400_000) {
            throw fail('SUBSCRIPTION_DATE_INVALID', subscriptionMessages.nextDateTooFar, {
              date: subscriptionMessages.nextDateTooFar,
            });
          }
          return {
            set: {
              anchor_at: next,
              anchor_cycle: sub.cycles_paid,
              next_billing_at: next,
              ...(sub.status === 'active' && { next_attempt_at: next }),
            },
            event: { kind: 'rescheduled', message: `Next payment moved to ${date} by ${actor}` },
          };
        }),
      );
    },

    /**
     * A customer account's subscriptions (issue 23), matched by its confirmed email as
     * its orders are; the caller checked that the email is confirmed.
     */
    async listForEmail(websiteId: string, email: string): Promise<CustomerSubscription[]> {
      const rows = await store.subscriptions.listByEmail(websiteId, email);
      return rows.map((row) => customerViewOf(row, null));
    },

    /**
     * A subscription bought with `email` (a signed-in account's confirmed one), for the
     * account's own manage page. Another email's is "not found", never a sign that it
     * exists. The session is the credential: no manage-link token is made for it.
     */
    async viewForEmail(
      websiteId: string,
      subscriptionId: string,
      email: string,
    ): Promise<CustomerSubscription> {
      return customerViewOf(await byEmail(websiteId, subscriptionId, email), null);
    },

    /** The signed-in account replaces the card, as through a manage link. */
    async updateCardForEmail(
      websiteId: string,
      subscriptionId: string,
      email: string,
      card: CardDetails,
    ): Promise<CustomerSubscription> {
      return updateCard(websiteId, await byEmail(websiteId, subscriptionId, email), card);
    },

    /** The signed-in account cancels, as through a manage link. */
    async cancelForEmail(websiteId: string, subscriptionId: string, email: string) {
      await byEmail(websiteId, subscriptionId, email);
      return customerViewOf(
        await cancel(websiteId, subscriptionId, 'Customer'),
        subscriptionMessages.cancelled,
      );
    },

    /** The customer's view through a manage link. */
    async viewByLink(websiteId: string, subscriptionId: string, token: string) {
      return customerViewOf(await byLink(websiteId, subscriptionId, token), null);
    },

    /**
     * The customer replaces the card on file. A past-due subscription is charged at once
     * with the new card, so the customer sees the outcome on the page.
     */
    async updateCardByLink(
      websiteId: string,
      subscriptionId: string,
      token: string,
      card: CardDetails,
    ): Promise<CustomerSubscription> {
      return updateCard(websiteId, await byLink(websiteId, subscriptionId, token), card);
    },

    async cancelByLink(websiteId: string, subscriptionId: string, token: string) {
      await byLink(websiteId, subscriptionId, token);
      return customerViewOf(
        await cancel(websiteId, subscriptionId, 'Customer'),
        subscriptionMessages.cancelled,
      );
    },

    /** For tests and the test clock: renew one subscription now if it is due. */
    renewIfDue: (websiteId: string, subscriptionId: string) =>
      renewIfDue(websiteId, subscriptionId, clock()),
  };

  /**
   * The customer replaces the card on file (manage link or signed-in account). A past-due
   * subscription is charged at once with the new card, so the customer sees the outcome.
   */
  async function updateCard(
    websiteId: string,
    sub: SubscriptionRow,
    card: CardDetails,
  ): Promise<CustomerSubscription> {
    const subscriptionId = sub.subscription_id;
    assertNotEnded(sub);
    const saved = await payments.saveCard(card);
    if (!saved.ok) throw fail('CARD_DECLINED', saved.message, { card: saved.message });
    // The new card and, for a past-due subscription, the overdue charge happen in one
    // transaction under the row's lock, so no sweep takes that charge in between.
    const now = clock();
    const ctx = await siteContext(websiteId);
    let authorized: string | null = null;
    const outcome = await store
      .transaction(async (q) => {
        const current = await q.subscriptions.lock(websiteId, subscriptionId);
        if (!current) throw fail('SUBSCRIPTION_NOT_FOUND', subscriptionMessages.notFound);
        assertNotEnded(current);
        const updated = await q.subscriptions.update(websiteId, subscriptionId, {
          card_token: saved.card.token,
          card_brand: saved.card.brand,
          card_last4: saved.card.last4,
          card_exp_month: saved.card.expMonth,
          card_exp_year: saved.card.expYear,
        });
        await q.subscriptions.addEvent({
          websiteId,
          subscriptionId,
          actor: 'Customer',
          at: now,
          kind: 'card_updated',
          message: `Card updated to ${saved.card.brand} ending ${saved.card.last4}`,
        });
        if (updated.status !== 'past_due') return null;
        const renewal = await renewLocked(q, updated, ctx, { now, isCustomerRetry: true });
        authorized = renewal.authorized;
        return renewal.outcome;
      })
      .catch(async (error: unknown) => {
        if (authorized) await payments.void(authorized).catch(() => undefined);
        throw error;
      });
    if (outcome?.kind === 'renewed') {
      onStockChange(websiteId);
      if (outcome.reference) {
        await capture(websiteId, subscriptionId, outcome.cycle, outcome.reference);
      }
    }
    const after = (await store.subscriptions.find(websiteId, subscriptionId)) ?? sub;
    const notice =
      outcome?.kind === 'renewed'
        ? subscriptionMessages.cardUpdatedAndPaid
        : outcome?.kind === 'failed'
          ? subscriptionMessages.cardUpdatedPaymentFailed(outcome.reason)
          : subscriptionMessages.cardUpdated;
    return customerViewOf(after, notice);
  }
}
