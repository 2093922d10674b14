import type { Kysely } from 'kysely';
import type { DB } from '../../db/db-types.ts';
import { type CartQueries, cartQueries } from '../cart/cart.repo.ts';
import { type GiftCardQueries, giftCardQueries } from '../giftcards/giftcards.repo.ts';
import { type InstallmentQueries, installmentQueries } from '../installments/installments.repo.ts';
import { type InventoryQueries, inventoryQueries } from '../inventory/inventory.repo.ts';
import { type JobQueries, jobQueries } from '../jobs/jobs.repo.ts';
import { type MailQueries, mailQueries } from '../mail/mail.repo.ts';
import { type OrderAdminQueries, orderAdminQueries } from '../orders/order-admin.repo.ts';
import { type OrderQueries, orderQueries } from '../orders/orders.repo.ts';
import { type PaywallQueries, paywallQueries } from '../paywall/paywall.repo.ts';
import {
  type SubscriptionQueries,
  subscriptionQueries,
} from '../subscriptions/subscriptions.repo.ts';
import { type WebhookQueries, webhookQueries } from '../webhooks/webhooks.repo.ts';
import { type CheckoutQueries, checkoutQueries } from './checkout.repo.ts';

// Placing an order touches carts, stock, coupons, gift cards, orders, mail, jobs and webhooks in
// one transaction. Each feature keeps its own queries; this bundles them over one
// executor so a service can run them all on the same connection.

export type CommerceQueries = {
  carts: CartQueries;
  checkouts: CheckoutQueries;
  inventory: InventoryQueries;
  giftCards: GiftCardQueries;
  orders: OrderQueries;
  orderAdmin: OrderAdminQueries;
  mail: MailQueries;
  jobs: JobQueries;
  /** Webhook events, queued in the transaction of the change that causes them. */
  webhooks: WebhookQueries;
  subscriptions: SubscriptionQueries;
  /** Pay-in-4 orders' payment schedules (issue 22). */
  installments: InstallmentQueries;
  /** Paywall grants, written with the order that buys them (issue 22). */
  paywall: PaywallQueries;
};

export type CommerceStore = CommerceQueries & {
  /**
   * Runs `work` in one transaction. Inside it use only the queries handed in: on the
   * embedded database the transaction holds the only connection.
   */
  transaction<T>(work: (queries: CommerceQueries) => Promise<T>): Promise<T>;
};

function commerceQueries(db: Kysely<DB>): CommerceQueries {
  return {
    carts: cartQueries(db),
    checkouts: checkoutQueries(db),
    inventory: inventoryQueries(db),
    giftCards: giftCardQueries(db),
    orders: orderQueries(db),
    orderAdmin: orderAdminQueries(db),
    mail: mailQueries(db),
    jobs: jobQueries(db),
    webhooks: webhookQueries(db),
    subscriptions: subscriptionQueries(db),
    installments: installmentQueries(db),
    paywall: paywallQueries(db),
  };
}

export function createCommerceStore(db: Kysely<DB>): CommerceStore {
  return {
    ...commerceQueries(db),
    transaction: (work) => db.transaction().execute((trx) => work(commerceQueries(trx))),
  };
}
