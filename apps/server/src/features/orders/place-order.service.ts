import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { PlaceOrderBody, PlaceOrderResponse } from '@atelier/contract';
import {
  type CurrencyCode,
  checkoutMessages,
  ProductType,
  RENEWAL_KEY_PREFIX,
  subscriptionMessages,
} from '@atelier/core';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderRow } from '../../db/db-types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail } from '../../http/errors.ts';
import {
  type CheckoutRules,
  NO_CHECKOUT_RULES,
  priceCheckout,
  unitPriceOf,
} from '../checkout/checkout-pricing.ts';
import { readPricingInputs } from '../checkout/checkout-reads.ts';
import type { CommerceQueries, CommerceStore } from '../checkout/commerce-store.repo.ts';
import { newGiftCardCode, parseGiftCardRecipient } from '../giftcards/gift-card-codes.ts';
import {
  type InstallmentPlan,
  planInstallments,
  recordInstallments,
} from '../installments/installment-tender.ts';
import { lockAndCheckStock, stockNeedsOf, takeStock } from '../inventory/stock.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import { giftCardMail, newOrderMail, orderConfirmationMail } from '../mail/order-mails.ts';
import type { PaymentProvider, PaymentSource, SavedCard } from '../payments/payment-provider.ts';
import { grantPaywallAccess } from '../paywall/paywall-grants.ts';
import { startSubscription } from '../subscriptions/subscriptions.service.ts';
import type { Website, WebsiteService } from '../websites/website.service.ts';
import { orderStatusPath } from './order-paths.ts';
import { announcePlacedOrder } from './order-placed.ts';
import { toOrder } from './order-view.ts';

export type PlaceOrderService = ReturnType<typeof createPlaceOrderService>;

type PlaceOrderInput = {
  websiteId: string;
  cartId: string | undefined;
  checkoutId: string;
  idempotencyKey: string | undefined;
  body: PlaceOrderBody;
};

export { orderStatusPath };

/**
 * Places an order in ONE transaction: lock the checkout, the cart, the variants (in id
 * order), the coupon and the gift card; re-price on the server; authorise the card;
 * then take stock, count the coupon, spend the gift card, write the order, its gift
 * cards, emails, order.created webhook event and analytics event. A decline throws before anything is written, so
 * the rollback leaves stock, coupon and gift card as they were; any failure after the
 * authorisation voids it. The Idempotency-Key (unique per website) makes a retry return
 * the first order instead of charging again.
 */
export function createPlaceOrderService({
  store,
  payments,
  websites,
  log,
  onStockChange = () => {},
  checkoutRulesOf = async () => NO_CHECKOUT_RULES,
  clock = () => new Date(),
}: {
  store: CommerceStore;
  payments: PaymentProvider;
  /** When a subscription bought now starts (the test clock moves it). */
  clock?: () => Date;
  websites: Pick<WebsiteService, 'getById' | 'originOf'>;
  log: FastifyBaseLogger;
  /** Told after an order commits: stock shown on public pages (sold out, scarcity) moved. */
  onStockChange?: (websiteId: string) => void;
  checkoutRulesOf?: (websiteId: string) => Promise<CheckoutRules>;
}) {
  async function replay(row: OrderRow, requestHash: string): Promise<PlaceOrderResponse> {
    if (row.request_hash !== requestHash) {
      throw fail('IDEMPOTENCY_KEY_REUSED', checkoutMessages.idempotencyKeyReused);
    }
    const items = await store.orders.listItems(row.website_id, row.order_id);
    return { order: toOrder(row, items), token: row.secret_token };
  }

  return {
    async placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResponse> {
      const { websiteId, idempotencyKey: key } = input;
      if (!key || key.length > 200)
        throw fail('IDEMPOTENCY_KEY_MISSING', checkoutMessages.idempotencyKeyMissing);
      // Renewal orders' keys are 'subscription:…': a shopper's key there could take a
      // renewal's place and block it.
      if (key.startsWith(RENEWAL_KEY_PREFIX))
        throw fail('IDEMPOTENCY_KEY_MISSING', checkoutMessages.idempotencyKeyReserved);
      const website = await websites.getById(websiteId);
      if (!website) throw fail('CHECKOUT_NOT_FOUND', checkoutMessages.notFound);
      // Links in the emails; read before the transaction, which on the embedded database
      // holds the only connection.
      const origin = await websites.originOf(websiteId);
      // Read before the transaction: the embedded database has one connection.
      const rules = await checkoutRulesOf(websiteId);
      const requestHash = hashRequest(input.checkoutId, input.body);
      const earlier = await store.orders.findByIdempotencyKey(websiteId, key);
      if (earlier) return replay(earlier, requestHash);

      let authorizedReference: string | undefined;
      try {
        const outcome = await store.transaction(async (q) => {
          const checkout = await q.checkouts.lockCheckout(websiteId, input.checkoutId);
          if (!checkout || !input.cartId || checkout.cart_id !== input.cartId) {
            throw fail('CHECKOUT_NOT_FOUND', checkoutMessages.notFound);
          }
          // A retry that waited on the checkout lock sees the order its twin just wrote.
          const twin = await q.orders.findByIdempotencyKey(websiteId, key);
          if (twin) return { kind: 'replay' as const, row: twin };
          if (checkout.status !== 'open')
            throw fail('CHECKOUT_COMPLETED', checkoutMessages.completed);
          const cart = await q.carts.lockOpenCart(websiteId, checkout.cart_id);
          if (!cart) throw fail('CHECKOUT_COMPLETED', checkoutMessages.completed);

          const now = await q.checkouts.now();
          const entries = await q.carts.listPricedEntries(websiteId, checkout.cart_id);
          if (entries.length === 0) throw fail('CART_EMPTY', checkoutMessages.emptyCart);
          // A subscription checkout's cart holds its one subscribable item; anything else
          // reaching it (a cookie pointed at it) is refused rather than billed wrongly.
          const subscription =
            cart.kind === 'subscription'
              ? await q.subscriptions.planOfCart(websiteId, checkout.cart_id)
              : null;
          if (cart.kind === 'subscription' && subscription?.entries !== 1) {
            throw fail('NOT_SUBSCRIBABLE', subscriptionMessages.oneSubscriptionPerCheckout);
          }
          // Made subscribable after it was carted: charged once here, it would break the
          // product page's promise.
          if (cart.kind !== 'subscription' && entries.some((e) => e.is_subscribable)) {
            throw fail('NOT_SUBSCRIBABLE', subscriptionMessages.subscribeInstead);
          }
          const needs = await lockAndCheckStock(q.inventory, {
            websiteId,
            cartId: checkout.cart_id,
            needs: stockNeedsOf(entries),
            now,
          });
          const currency = website.storeCurrency as CurrencyCode;
          const reads = await readPricingInputs(q, { websiteId, checkout, now, isLocking: true });
          const priced = priceCheckout({ checkout, reads, currency, now, rules });
          assertReady(priced, checkout.email);
          const { totals } = priced;

          let payment: { reference: string; brand: string; last4: string } | undefined;
          // Pay in 4 (issue 22): the card is saved and only the first installment charged.
          let plan: InstallmentPlan | undefined;
          if (input.body.tender === 'installments') {
            plan = await planInstallments(payments, {
              view: priced.view,
              card: input.body.card,
              now,
            });
          }
          // A subscription keeps the card for its renewals, even when a gift card pays
          // the first payment; the first payment is then charged to the kept card.
          let savedCard: SavedCard | undefined;
          if (totals.grandTotalCents > 0 || subscription) {
            const card = input.body.card;
            if (!card)
              throw fail('CARD_MISSING', checkoutMessages.cardMissing, {
                card: checkoutMessages.cardMissing,
              });
            let source: PaymentSource = { kind: 'card', card };
            if (subscription) {
              const saved = await payments.saveCard(card);
              if (!saved.ok) throw fail('CARD_DECLINED', saved.message, { card: saved.message });
              savedCard = saved.card;
              source = { kind: 'saved', token: saved.card.token };
            }
            if (totals.grandTotalCents > 0) {
              const result = await payments.authorize({
                amountCents: plan?.schedule[0]?.amountCents ?? totals.grandTotalCents,
                currency,
                source,
                idempotencyKey: `${websiteId}:${key}`,
                description: `${website.title} checkout ${checkout.checkout_id}`,
              });
              if (!result.isApproved) {
                throw fail('CARD_DECLINED', result.message, { card: result.message });
              }
              authorizedReference = result.reference;
              payment = result;
            }
          }

          await takeStock(q.inventory, { websiteId, cartId: checkout.cart_id, needs });
          const discount = priced.appliedDiscount;
          if (discount) {
            if (!(await q.checkouts.countCouponUse(websiteId, discount.coupon_id))) {
              throw fail('COUPON_INVALID', checkoutMessages.couponUsedUp, {
                code: checkoutMessages.couponUsedUp,
              });
            }
            // Counting locked the discount's row, so a twin checkout by the same shopper
            // waits here until this one commits; asking again (a new statement sees what
            // committed meanwhile) keeps an automatic discount, which pricing read without
            // a lock, once per customer too.
            if (
              discount.once_per_customer &&
              (await q.checkouts.hasOrderWithCoupon(websiteId, discount.code, checkout.email ?? ''))
            ) {
              throw fail('COUPON_INVALID', checkoutMessages.couponAlreadyUsed, {
                code: checkoutMessages.couponAlreadyUsed,
              });
            }
          }
          const token = randomBytes(24).toString('base64url');
          const subscriptionId = subscription ? randomUUID() : null;
          const order = await q.orders.insertOrder({
            website_id: websiteId,
            order_number: await q.orders.nextOrderNumber(websiteId),
            purchased_cart_id: checkout.cart_id,
            checkout_id: checkout.checkout_id,
            test_mode: payments.isTestMode,
            secret_token: token,
            email: checkout.email ?? '',
            phone: checkout.phone,
            note: rules.hasOrderNotes ? input.body.note || null : null,
            shipping_address: priced.view.requiresShipping ? checkout.shipping_address : null,
            shipping_option_name: priced.shippingOption?.row.name ?? null,
            coupon_code: priced.appliedDiscount?.code ?? null,
            currency,
            subtotal_cents: totals.subtotalCents,
            discount_cents: totals.discountCents,
            shipping_cents: totals.shippingCents,
            tax_cents: totals.taxCents,
            tax_included: priced.view.totals.isTaxIncluded,
            gift_card_cents: totals.giftCardCents,
            grand_total_cents: totals.grandTotalCents,
            payment_provider: payment ? payments.name : null,
            payment_reference: payment?.reference ?? null,
            card_brand: payment?.brand ?? null,
            card_last4: payment?.last4 ?? null,
            idempotency_key: key,
            request_hash: requestHash,
            ...(subscriptionId && { subscription_id: subscriptionId, subscription_cycle: 0 }),
          });
          if (totals.giftCardCents > 0 && reads.giftCard) {
            const isRedeemed = await q.giftCards.redeem({
              websiteId,
              giftCardId: reads.giftCard.gift_card_id,
              orderId: order.order_id,
              amountCents: totals.giftCardCents,
            });
            if (!isRedeemed) throw fail('GIFT_CARD_INVALID', checkoutMessages.giftCardEmpty);
          }
          const digitalFiles = await q.orders.digitalFilesOf(
            websiteId,
            entries.filter((e) => e.product_type === ProductType.digital).map((e) => e.product_id),
          );
          const items = entries.map((e, i) => ({
            website_id: websiteId,
            order_id: order.order_id,
            line_number: i + 1,
            product_id: e.product_id,
            variant_id: e.variant_id,
            product_type: e.product_type,
            sku: e.sku,
            product_name: e.title,
            quantity: e.quantity,
            unit_price_cents: unitPriceOf(e),
            discount_cents: totals.lines[i]?.discountCents ?? 0,
            tax_cents: totals.lines[i]?.taxCents ?? 0,
            additional_fields: e.additional_fields,
            option_values: JSON.stringify(e.option_values),
            digital_media_id: digitalFiles.get(e.product_id)?.mediaId ?? null,
            // The terms it is bought under stay with the line.
            download_link_hours: digitalFiles.get(e.product_id)?.linkHours ?? 72,
            download_limit: digitalFiles.get(e.product_id)?.downloadLimit ?? null,
          }));
          await q.orders.insertItems(items);
          if (plan && payment) {
            await recordInstallments(q, { order, plan, reference: payment.reference, now });
          }
          await grantPaywallAccess(q, {
            websiteId,
            orderId: order.order_id,
            secretToken: token,
            items,
          });
          await q.orders.markCartPurchased(websiteId, checkout.cart_id, order.order_id);
          await q.checkouts.completeCheckout(websiteId, checkout.checkout_id, order.order_id);

          const placed = toOrder(order, items);
          const mails: OutgoingMail[] = [
            orderConfirmationMail({
              websiteTitle: website.title,
              orderNumber: order.order_number,
              email: order.email,
              currency,
              items: placed.items.map((i, index) => ({
                productName: i.productName,
                quantity: i.quantity,
                unitPriceCents: i.unitPriceCents,
                downloadUrl: i.download?.url ? origin + i.download.url : null,
                downloadHours: items[index]?.download_link_hours,
                downloadsAllowed: i.download?.remaining ?? null,
                accessUrl: i.access?.url ? origin + i.access.url : null,
              })),
              grandTotalCents: order.grand_total_cents,
              statusUrl: origin + orderStatusPath(order.order_id, token),
              storeAddress: website.storeAddress,
              ...(plan && { installments: plan.schedule }),
            }),
            ...(await issueGiftCards(q, { websiteId, website, order, entries })),
          ];
          const subscribed = entries[0];
          if (subscription && subscriptionId && savedCard && subscribed) {
            mails.push(
              ...(await startSubscription(q, {
                subscriptionId,
                website,
                origin,
                order,
                line: {
                  product_id: subscribed.product_id,
                  variant_id: subscribed.variant_id,
                  product_type: subscribed.product_type,
                  sku: subscribed.sku,
                  product_name: subscribed.title,
                  quantity: subscribed.quantity,
                  unit_price_cents: unitPriceOf(subscribed),
                  additional_fields: subscribed.additional_fields,
                },
                plan: subscription.plan,
                // The option's own price: a free-shipping coupon was for the first order.
                shippingCents: priced.view.requiresShipping
                  ? (priced.shippingOption?.priceCents ?? 0)
                  : 0,
                card: savedCard,
                providerName: payments.name,
                now: clock(),
              })),
            );
          }
          const merchant = await q.orderAdmin.notificationEmail(websiteId);
          if (merchant) {
            mails.push(
              newOrderMail({
                websiteTitle: website.title,
                to: merchant,
                orderNumber: order.order_number,
                customerEmail: order.email,
                currency,
                items: items.map((i) => ({ productName: i.product_name, quantity: i.quantity })),
                totalCents: order.grand_total_cents + order.gift_card_cents,
                adminUrl: `${origin}/config/orders/${order.order_id}`,
                testMode: order.test_mode,
                note: order.note,
              }),
            );
          }
          await q.mail.enqueue(websiteId, mails);
          await q.orderAdmin.addEvent({
            websiteId,
            orderId: order.order_id,
            kind: 'placed',
            message: `Order placed${order.test_mode ? ' in test mode' : ''}; confirmation emailed to ${order.email}`,
            actor: 'Customer',
          });
          await announcePlacedOrder(q, order, items);
          return { kind: 'placed' as const, order: placed, token };
        });
        if (outcome.kind === 'replay') return replay(outcome.row, requestHash);
        onStockChange(websiteId);
        if (authorizedReference) {
          // Settling after commit: the order exists whatever happens next, and a failed
          // capture is an operator's job (logged), not a reason to lose the order.
          await payments.capture(authorizedReference).catch((err: unknown) => {
            log.error({ err, orderId: outcome.order.id }, 'payment capture failed');
          });
        }
        return { order: outcome.order, token: outcome.token };
      } catch (error) {
        if (authorizedReference) {
          await payments.void(authorizedReference).catch((err: unknown) => {
            log.error({ err }, 'voiding an authorisation failed');
          });
        }
        // Two first attempts with one key raced on the unique index: answer like a retry.
        if (isUniqueViolation(error)) {
          const winner = await store.orders.findByIdempotencyKey(websiteId, key);
          if (winner) return replay(winner, requestHash);
        }
        throw error;
      }
    },
  };
}

function assertReady(priced: ReturnType<typeof priceCheckout>, email: string | null): void {
  if (priced.view.minimumProblem) {
    throw fail('CHECKOUT_BELOW_MINIMUM', priced.view.minimumProblem);
  }
  if (!email)
    throw fail('CHECKOUT_INCOMPLETE', checkoutMessages.emailMissing, {
      email: checkoutMessages.emailMissing,
    });
  if (priced.view.isPhoneRequired && !priced.view.phone) {
    throw fail('CHECKOUT_INCOMPLETE', checkoutMessages.phoneMissing, {
      phone: checkoutMessages.phoneMissing,
    });
  }
  if (priced.view.requiresShipping) {
    if (!priced.view.shippingAddress) {
      throw fail('CHECKOUT_INCOMPLETE', checkoutMessages.addressMissing, {
        shippingAddress: checkoutMessages.addressMissing,
      });
    }
    if (!priced.shippingOption) {
      // Nothing ships to the address: say so rather than asking for a choice there is not.
      const problem = priced.view.shippingProblem ?? checkoutMessages.shippingOptionMissing;
      throw fail('CHECKOUT_INCOMPLETE', problem, {
        [priced.view.shippingProblem ? 'shippingAddress' : 'optionId']: problem,
      });
    }
  }
  // Never charge more than the shopper was shown: a coupon or gift card that stopped
  // applying is an error to fix, not a silent price rise.
  if (priced.couponProblem)
    throw fail('COUPON_INVALID', priced.couponProblem, { code: priced.couponProblem });
  if (priced.giftCardProblem) {
    throw fail('GIFT_CARD_INVALID', priced.giftCardProblem, { giftCard: priced.giftCardProblem });
  }
}

/** One card per unit bought, worth the variant's price, for the entry's recipient. */
async function issueGiftCards(
  q: CommerceQueries,
  input: {
    websiteId: string;
    website: Website;
    order: OrderRow;
    entries: Awaited<ReturnType<CommerceQueries['carts']['listPricedEntries']>>;
  },
): Promise<OutgoingMail[]> {
  const mails: OutgoingMail[] = [];
  for (const entry of input.entries) {
    if (entry.product_type !== ProductType.giftCard) continue;
    const recipient = parseGiftCardRecipient(entry.additional_fields);
    for (let n = 0; n < entry.quantity; n++) {
      const card = await q.giftCards.insertGiftCard({
        website_id: input.websiteId,
        code: newGiftCardCode(),
        currency: input.order.currency,
        initial_cents: unitPriceOf(entry),
        order_id: input.order.order_id,
        recipient_name: recipient.recipientName,
        recipient_email: recipient.recipientEmail,
        message: recipient.message,
        send_at: recipient.sendAt,
      });
      mails.push(
        giftCardMail({
          websiteTitle: input.website.title,
          to: recipient.recipientEmail ?? input.order.email,
          recipientName: recipient.recipientName,
          senderEmail: input.order.email,
          message: recipient.message,
          code: card.code,
          amountCents: card.initial_cents,
          currency: input.order.currency.trim() as CurrencyCode,
          sendAt: recipient.sendAt,
        }),
      );
    }
  }
  return mails;
}

/**
 * What makes two order requests "the same" for an Idempotency-Key: the checkout and the
 * card's non-secret parts. The full number and security code are never hashed or stored.
 */
function hashRequest(checkoutId: string, body: PlaceOrderBody): string {
  const card = body.card;
  const digits = card?.number.replace(/[\s-]/g, '') ?? '';
  const canonical = JSON.stringify({
    checkoutId,
    card: card
      ? {
          last4: digits.slice(-4),
          length: digits.length,
          expMonth: card.expMonth,
          expYear: card.expYear,
          nameOnCard: card.nameOnCard,
        }
      : null,
    // Paying in full and in installments are different requests for one key.
    ...(body.tender === 'installments' && { tender: body.tender }),
  });
  return createHash('sha256').update(canonical).digest('hex');
}
