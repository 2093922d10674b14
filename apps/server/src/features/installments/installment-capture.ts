import { type CurrencyCode, formatMoney, installmentMessages, money } from '@atelier/core';
import type { JobRow } from '../../db/db-types.ts';
import type { CommerceStore } from '../checkout/commerce-store.repo.ts';
import { INSTALLMENT_CAPTURE_JOB } from '../jobs/job-kinds.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import { orderStatusPath } from '../orders/place-order.service.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { WebsiteService } from '../websites/website.service.ts';

// Charges the later installments of pay-in-4 orders (issue 22), one job per installment
// at its due date (job-kinds INSTALLMENT_CAPTURE_JOB), leased by the job runner.
//
// Exactly once: the handler locks the order, then the installment row, and charges only
// an installment still 'scheduled' whose next try has come, then records the outcome in
// the same transaction. A second server's job for the same installment waits on the lock
// and finds it captured; a stray or early job finds next_attempt_at ahead and leaves it.
// A crash between the provider's charge and the commit rolls the record back, and the
// job runs again after its lease with the same idempotency key (order, installment and
// try number), which a real provider answers with the first charge instead of a second
// (the test gateway moves no money, so it need not remember).
// A declined try charged nothing, so the next try (a day later) has a key of its own.

/** Tries in all: the due date and then three more, a day apart. */
export const MAX_CAPTURE_ATTEMPTS = 4;
const RETRY_MS = 24 * 3600_000;

export type InstallmentCapture = ReturnType<typeof createInstallmentCapture>;

export function createInstallmentCapture({
  store,
  payments,
  websites,
  now = () => new Date(),
}: {
  store: CommerceStore;
  payments: PaymentProvider;
  websites: Pick<WebsiteService, 'getById' | 'originOf'>;
  now?: () => Date;
}) {
  return {
    /** The job handler: payload {orderId, number}. */
    async captureDue(job: Pick<JobRow, 'website_id' | 'payload'>): Promise<void> {
      const websiteId = job.website_id;
      const orderId = String(job.payload.orderId ?? '');
      const number = Number(job.payload.number);
      if (!orderId || !Number.isInteger(number)) return;
      const website = await websites.getById(websiteId);
      if (!website) return;
      // Read before the transaction: on the embedded database it holds the only connection.
      const origin = await websites.originOf(websiteId);
      await store.transaction(async (q) => {
        const order = await q.orderAdmin.lockOrder(websiteId, orderId);
        if (!order) return;
        const row = await q.installments.lock(websiteId, orderId, number);
        if (row?.status !== 'scheduled') return;
        const at = now();
        if (new Date(row.next_attempt_at).getTime() > at.getTime()) return;
        const currency = order.currency.trim() as CurrencyCode;
        const price = (cents: number) => formatMoney(money(cents, currency));
        if (order.status === 'cancelled' || order.status === 'refunded') {
          await q.installments.cancelScheduled(websiteId, orderId);
          return;
        }
        const attempt = row.attempts + 1;
        const result = await payments.authorize({
          amountCents: row.amount_cents,
          currency,
          source: { kind: 'saved', token: row.payment_token },
          idempotencyKey: `${websiteId}:${orderId}:installment:${number}:try:${attempt}`,
          description: `${website.title} order #${order.order_number} installment ${number}`,
        });
        if (result.isApproved) {
          // Settled inside the transaction: a capture that throws leaves the installment
          // scheduled and the job to run again, with the same key.
          await payments.capture(result.reference);
          await q.installments.update(websiteId, orderId, number, {
            status: 'captured',
            captured_at: at,
            reference: result.reference,
            attempts: attempt,
            last_error: null,
          });
          await q.orderAdmin.addEvent({
            websiteId,
            orderId,
            kind: 'installments',
            message: installmentMessages.capturedEvent(number, price(row.amount_cents)),
            actor: 'System',
          });
          return;
        }
        if (attempt < MAX_CAPTURE_ATTEMPTS) {
          const nextAt = new Date(at.getTime() + RETRY_MS);
          await q.installments.update(websiteId, orderId, number, {
            attempts: attempt,
            last_error: result.message,
            next_attempt_at: nextAt,
          });
          await q.jobs.enqueue({
            websiteId,
            kind: INSTALLMENT_CAPTURE_JOB,
            payload: { orderId, number },
            runAt: nextAt,
          });
          await q.orderAdmin.addEvent({
            websiteId,
            orderId,
            kind: 'installments',
            message: installmentMessages.retryEvent(number, result.message, 'tomorrow'),
            actor: 'System',
          });
          return;
        }
        await q.installments.update(websiteId, orderId, number, {
          status: 'failed',
          attempts: attempt,
          last_error: result.message,
        });
        await q.orderAdmin.addEvent({
          websiteId,
          orderId,
          kind: 'installments',
          message: installmentMessages.failedEvent(number, result.message),
          actor: 'System',
        });
        const notice = {
          websiteTitle: website.title,
          orderNumber: order.order_number,
          number,
          amount: price(row.amount_cents),
          reason: result.message,
        };
        const mails: OutgoingMail[] = [
          installmentFailedCustomerMail({
            ...notice,
            to: order.email,
            statusUrl: origin + orderStatusPath(order.order_id, order.secret_token),
          }),
        ];
        const merchant = await q.orderAdmin.notificationEmail(websiteId);
        if (merchant) {
          mails.push(
            installmentFailedMerchantMail({
              ...notice,
              to: merchant,
              customerEmail: order.email,
              adminUrl: `${origin}/config/orders/${order.order_id}`,
            }),
          );
        }
        await q.mail.enqueue(websiteId, mails);
      });
    },
  };
}

type FailureNotice = {
  websiteTitle: string;
  to: string;
  orderNumber: number;
  number: number;
  amount: string;
  reason: string;
};

function installmentFailedCustomerMail(n: FailureNotice & { statusUrl: string }): OutgoingMail {
  return {
    kind: 'installment-failed',
    to: n.to,
    subject: `${n.websiteTitle}: installment ${n.number} of order #${n.orderNumber} could not be charged`,
    bodyText: [
      `We tried ${MAX_CAPTURE_ATTEMPTS} times to charge installment ${n.number} (${n.amount}) of your order #${n.orderNumber} to your saved card, and it was refused: ${n.reason}`,
      'We will not try again. Please contact us to settle the rest of the order.',
      '',
      `Order status: ${n.statusUrl}`,
    ].join('\n'),
  };
}

function installmentFailedMerchantMail(
  n: FailureNotice & { customerEmail: string; adminUrl: string },
): OutgoingMail {
  return {
    kind: 'installment-failed-merchant',
    to: n.to,
    subject: `${n.websiteTitle}: installment ${n.number} of order #${n.orderNumber} failed`,
    bodyText: [
      `Installment ${n.number} (${n.amount}) of order #${n.orderNumber} failed after ${MAX_CAPTURE_ATTEMPTS} tries: ${n.reason}`,
      `The customer (${n.customerEmail}) was emailed. No more tries will be made.`,
      '',
      `Order: ${n.adminUrl}`,
    ].join('\n'),
  };
}
