import { timingSafeEqual } from 'node:crypto';
import type { Order } from '@atelier/contract';
import { checkoutMessages, isSubscriptionEnded } from '@atelier/core';
import { fail } from '../../http/errors.ts';
import type { InstallmentQueries } from '../installments/installments.repo.ts';
import type { SubscriptionQueries } from '../subscriptions/subscriptions.repo.ts';
import { checkDownload } from './downloads.ts';
import type { OrderAdminQueries } from './order-admin.repo.ts';
import { toOrder } from './order-view.ts';
import type { OrderQueries } from './orders.repo.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService({
  orderRepo,
  orderAdminRepo,
  installmentRepo,
  subscriptionRepo,
}: {
  orderRepo: OrderQueries;
  /** A subscription's terms and next date, shown on its orders' pages (issue 22). */
  subscriptionRepo?: Pick<SubscriptionQueries, 'find'>;
  orderAdminRepo: Pick<OrderAdminQueries, 'listFulfillments'>;
  /** Pay-in-4 schedules, shown on the status page (issue 22). */
  installmentRepo?: Pick<InstallmentQueries, 'listForOrder'>;
}) {
  return {
    /**
     * The order for whoever holds its secret token (the link in the confirmation email
     * and on the confirmation page). A wrong token looks exactly like a missing order.
     */
    async getOrder(input: { websiteId: string; orderId: string; token: string }): Promise<Order> {
      const row = await orderRepo.findOrder(input.websiteId, input.orderId);
      const expected = Buffer.from(row?.secret_token ?? '');
      const given = Buffer.from(input.token);
      const isMatch =
        row !== undefined && expected.length === given.length && timingSafeEqual(expected, given);
      if (!row || !isMatch) throw fail('ORDER_NOT_FOUND', checkoutMessages.orderNotFound);
      const [items, giftCards, shipments, installments] = await Promise.all([
        orderRepo.listItems(input.websiteId, row.order_id),
        orderRepo.listGiftCardsBought(input.websiteId, row.order_id),
        orderAdminRepo.listFulfillments(input.websiteId, row.order_id),
        installmentRepo?.listForOrder(input.websiteId, row.order_id) ?? [],
      ]);
      const order = toOrder(row, items, giftCards, Date.now(), shipments, installments);
      const sub =
        order.subscription &&
        (await subscriptionRepo?.find(input.websiteId, order.subscription.id));
      if (!order.subscription || !sub) return order;
      return {
        ...order,
        subscription: {
          ...order.subscription,
          terms: {
            renewalCents: sub.unit_price_cents * sub.quantity + sub.shipping_cents,
            plan: {
              billingPeriod: { value: sub.period_value, unit: sub.period_unit },
              numBillingCycles: sub.num_billing_cycles,
            },
            nextBillingAt: sub.next_billing_at ? new Date(sub.next_billing_at).getTime() : null,
            timeZone: sub.time_zone,
            isEnded: isSubscriptionEnded(sub.status),
          },
        },
      };
    },

    /**
     * The stored file a signed download link names, or the reason it cannot be had: a
     * forged or unknown link looks like a missing one, an old one says it expired.
     */
    async findDownload(input: {
      websiteId: string;
      orderId: string;
      lineNumber: number;
      expires: number;
      sig: string;
    }) {
      const line = await orderRepo.findDownload(input.websiteId, input.orderId, input.lineNumber);
      const verdict = line
        ? checkDownload(
            {
              orderId: input.orderId,
              lineNumber: input.lineNumber,
              secretToken: line.secret_token,
            },
            input,
            Date.now(),
          )
        : 'invalid';
      if (!line || verdict === 'invalid') {
        throw fail('DOWNLOAD_NOT_FOUND', checkoutMessages.downloadNotFound);
      }
      if (verdict === 'expired') throw fail('DOWNLOAD_EXPIRED', checkoutMessages.downloadExpired);
      if (line.status === 'cancelled' || line.status === 'refunded') {
        throw fail('DOWNLOAD_WITHDRAWN', checkoutMessages.downloadWithdrawn);
      }
      return line;
    },

    /**
     * Counts one download of a line whose file is known to be there; refuses once the
     * purchase's downloads are used. Called just before the file streams.
     */
    async countDownload(input: { websiteId: string; orderId: string; lineNumber: number }) {
      if (!(await orderRepo.countDownload(input.websiteId, input.orderId, input.lineNumber))) {
        throw fail('DOWNLOAD_LIMIT_REACHED', checkoutMessages.downloadLimitReached);
      }
    },
  };
}
