import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { JobRow } from '../../db/db-types.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { createGiftCardsAdminService } from '../giftcards/giftcards-admin.service.ts';
import { createInstallmentCapture } from '../installments/installment-capture.ts';
import { createInventoryService } from '../inventory/inventory.service.ts';
import { INSTALLMENT_CAPTURE_JOB, RELEASE_RESERVATIONS_JOB } from '../jobs/job-kinds.ts';
import { createJobRunner, type JobHandler } from '../jobs/job-runner.ts';
import { createJobStore } from '../jobs/jobs.repo.ts';
import { mailQueries } from '../mail/mail.repo.ts';
import { createOrderAdminService } from '../orders/order-admin.service.ts';
import { registerOrderRoutes } from '../orders/orders.routes.ts';
import { createOrdersService } from '../orders/orders.service.ts';
import { createPlaceOrderService } from '../orders/place-order.service.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { createTestGateway } from '../payments/test-gateway.ts';
import { createSubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { WebsiteService } from '../websites/website.service.ts';
import { checkoutQueries } from './checkout.repo.ts';
import { registerCheckoutRoutes } from './checkout.routes.ts';
import { createCheckoutService, DEFAULT_RESERVATION_MS } from './checkout.service.ts';
import type { CheckoutRules } from './checkout-pricing.ts';
import { createCommerceStore } from './commerce-store.repo.ts';

// Checkout, orders, inventory, gift cards, payments, mail and jobs, wired by hand in
// one place so app.ts needs only a few lines for the whole store back office.

export type CommerceOptions = {
  /** How long starting checkout holds stock; 0 turns holds off. Default 10 minutes. */
  reservationMs?: number;
  /** The payment provider; the built-in test gateway unless configured. */
  payments?: PaymentProvider;
  /** How often the in-process worker polls the jobs table. */
  jobIntervalMs?: number;
  /**
   * The time renewals are judged by; TEST_CLOCK=on moves it forward (so do tests), the
   * way a payment provider's test clock lets a merchant rehearse a subscription's year.
   */
  clock?: () => Date;
};

export type Commerce = ReturnType<typeof createCommerce>;

export function createCommerce({
  database,
  websites,
  log,
  options = {},
  onStockChange,
  holdMinutesOf,
  checkoutRulesOf,
  jobHandlers = {},
  jobGiveUps = {},
}: {
  database: Database;
  websites: Pick<WebsiteService, 'getById' | 'originOf'>;
  log: FastifyBaseLogger;
  options?: CommerceOptions;
  /** Told when an order changed stock, so cached public pages of the website go. */
  onStockChange?: (websiteId: string) => void;
  /** The website's stock hold at checkout, in minutes (checkout preferences). */
  holdMinutesOf?: (websiteId: string) => Promise<number>;
  /** Minimum subtotal, required phone and order notes (checkout preferences). */
  checkoutRulesOf?: (websiteId: string) => Promise<CheckoutRules>;
  /** Other features' background jobs, run by the same worker (a scheduled product). */
  jobHandlers?: Record<string, JobHandler>;
  /** Per job kind, what to do when a job fails its last try (the job runner's onGiveUp). */
  jobGiveUps?: Record<string, (job: JobRow, error: unknown) => Promise<void>>;
}) {
  const { db } = database;
  const store = createCommerceStore(db);
  const currencyOf = async (websiteId: string) =>
    (await websites.getById(websiteId))?.storeCurrency ?? 'USD';
  const checkout = createCheckoutService({
    store,
    currencyOf,
    reservationMsOf:
      options.reservationMs !== undefined
        ? async () => options.reservationMs ?? DEFAULT_RESERVATION_MS
        : async (websiteId) =>
            holdMinutesOf ? (await holdMinutesOf(websiteId)) * 60_000 : DEFAULT_RESERVATION_MS,
    ...(checkoutRulesOf && { checkoutRulesOf }),
  });
  const clock = options.clock ?? (() => new Date());
  const payments = options.payments ?? createTestGateway({ now: clock });
  const placeOrder = createPlaceOrderService({
    store,
    payments,
    websites,
    log,
    clock,
    ...(onStockChange && { onStockChange }),
    ...(checkoutRulesOf && { checkoutRulesOf }),
  });
  const subscriptions = createSubscriptionsService({
    store,
    payments,
    websites,
    log,
    clock,
    ...(onStockChange && { onStockChange }),
  });
  const orders = createOrdersService({
    orderRepo: store.orders,
    orderAdminRepo: store.orderAdmin,
    installmentRepo: store.installments,
    subscriptionRepo: store.subscriptions,
  });
  const installments = createInstallmentCapture({ store, payments, websites, now: clock });
  const orderAdmin = createOrderAdminService({
    store,
    payments,
    websites,
    clock,
    ...(onStockChange && { onStockChange }),
  });
  const inventory = createInventoryService({ inventoryRepo: store.inventory });
  const jobs = createJobRunner({
    jobStore: createJobStore(db),
    handlers: {
      ...jobHandlers,
      [RELEASE_RESERVATIONS_JOB]: (job) => inventory.releaseExpiredReservations(job),
      [INSTALLMENT_CAPTURE_JOB]: (job) => installments.captureDue(job),
    },
    log,
    // Renewals are found by their due date rather than queued: each poll sweeps them.
    sweeps: [() => subscriptions.runDue()],
    onGiveUp: jobGiveUps,
    ...(options.jobIntervalMs && { intervalMs: options.jobIntervalMs }),
  });
  return {
    checkout,
    placeOrder,
    orders,
    orderAdmin,
    subscriptions,
    clock,
    giftCardsAdmin: createGiftCardsAdminService({ store }),
    jobs,
    /** Store settings (shipping, tax, coupons) for the seed and, later, the admin. */
    settings: checkoutQueries(db),
    /** The mail outbox, readable by the admin until a sender is configured. */
    outbox: mailQueries(db),
    store,
  };
}

export function registerCommerceRoutes(
  app: FastifyInstance,
  deps: { commerce: Commerce; websiteOf: WebsiteResolver; orderLimit?: number; filesDir: string },
) {
  const { commerce, websiteOf } = deps;
  registerCheckoutRoutes(app, {
    checkout: commerce.checkout,
    placeOrder: commerce.placeOrder,
    websiteOf,
    ...(deps.orderLimit !== undefined && { orderLimit: deps.orderLimit }),
  });
  registerOrderRoutes(app, { orders: commerce.orders, websiteOf, filesDir: deps.filesDir });
  // Registered before the database's own close hook, so the worker stops first.
  app.addHook('onClose', () => commerce.jobs.stop());
}
