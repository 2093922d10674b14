import {
  type CurrencyCode,
  formatMoney,
  money,
  subscriptionMessages,
  subscriptionPriceText,
} from '@atelier/core';
import type { SubscriptionRow } from '../../db/db-types.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';

// Plain-text emails of a subscription's life (issue 22). Each carries a fresh manage link
// (update the card, cancel), so the customer never needs an account to act on one.

type MailContext = {
  websiteTitle: string;
  sub: SubscriptionRow;
  manageUrl: string;
  timeZone: string;
};

const dayOf = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(date);

function planText(sub: SubscriptionRow): string {
  const price = formatMoney(
    money(sub.unit_price_cents * sub.quantity, sub.currency.trim() as CurrencyCode),
  );
  return subscriptionPriceText(price, {
    billingPeriod: { value: sub.period_value, unit: sub.period_unit },
    numBillingCycles: sub.num_billing_cycles,
  });
}

export function subscriptionStartedMail({
  websiteTitle,
  sub,
  manageUrl,
  timeZone,
}: MailContext): OutgoingMail {
  return {
    kind: 'subscription-started',
    to: sub.email,
    subject: subscriptionMessages.startedSubject(websiteTitle),
    bodyText: [
      `Thank you for subscribing to ${sub.product_name}.`,
      '',
      `Plan: ${sub.quantity} × ${sub.product_name}, ${planText(sub)}${sub.shipping_cents > 0 ? ' plus shipping' : ''} and any tax.`,
      ...(sub.next_billing_at
        ? [
            `Next payment: ${dayOf(sub.next_billing_at, timeZone)}, to the card ending ${sub.card_last4 ?? '—'}.`,
          ]
        : []),
      '',
      `Update your card or cancel at any time: ${manageUrl}`,
    ].join('\n'),
  };
}

export function renewalFailedMail(
  { websiteTitle, sub, manageUrl, timeZone }: MailContext,
  input: { reason: string; kind: 'payment' | 'stock'; retryAt: Date | null },
): OutgoingMail {
  // Out of stock is the store's problem, not the customer's card: nothing to update.
  if (input.kind === 'stock') {
    return {
      kind: 'subscription-renewal-failed',
      to: sub.email,
      subject: `${websiteTitle}: your ${sub.product_name} renewal is delayed`,
      bodyText: [
        `We couldn't prepare this period's ${sub.product_name}: ${input.reason} Nothing was charged.`,
        '',
        input.retryAt
          ? `We'll try again on ${dayOf(input.retryAt, timeZone)}; you don't need to do anything.`
          : '',
        `Your subscription: ${manageUrl}`,
      ].join('\n'),
    };
  }
  return {
    kind: 'subscription-renewal-failed',
    to: sub.email,
    subject: subscriptionMessages.renewalFailedSubject(websiteTitle),
    bodyText: [
      `We couldn't take the payment for your ${sub.product_name} subscription: ${input.reason}`,
      '',
      input.retryAt
        ? `We'll try again on ${dayOf(input.retryAt, timeZone)}. To avoid missing a delivery, update your card now — we'll charge it straight away:`
        : 'Update your card to continue your subscription:',
      manageUrl,
    ].join('\n'),
  };
}

export function subscriptionEndedMail(
  { websiteTitle, sub, manageUrl }: MailContext,
  kind: 'payment' | 'stock',
): OutgoingMail {
  return {
    kind: 'subscription-ended',
    to: sub.email,
    subject: subscriptionMessages.endedSubject(websiteTitle),
    bodyText: [
      kind === 'stock'
        ? `Your ${sub.product_name} subscription has ended because the item stayed out of stock after several tries. We're sorry.`
        : `Your ${sub.product_name} subscription has ended because its payment could not be taken after several tries.`,
      'Nothing more will be charged. To subscribe again, visit the store.',
      '',
      `Details: ${manageUrl}`,
    ].join('\n'),
  };
}

export function subscriptionCancelledMail({ websiteTitle, sub }: MailContext): OutgoingMail {
  return {
    kind: 'subscription-cancelled',
    to: sub.email,
    subject: subscriptionMessages.cancelledSubject(websiteTitle),
    bodyText: [
      `Your ${sub.product_name} subscription is cancelled. No further payments will be taken.`,
      `Payments made: ${sub.cycles_paid}.`,
    ].join('\n'),
  };
}

/** For the merchant: a subscription ended unpaid, so they can reach out. */
export function subscriptionLapsedMerchantMail(input: {
  websiteTitle: string;
  to: string;
  sub: SubscriptionRow;
  adminUrl: string;
}): OutgoingMail {
  return {
    kind: 'subscription-lapsed',
    to: input.to,
    subject: `${input.websiteTitle}: a subscription ended unpaid`,
    bodyText: [
      `${input.sub.email}'s ${input.sub.product_name} subscription expired after its renewal could not be completed ${input.sub.failed_attempts} times.`,
      `Last reason: ${input.sub.last_failure ?? 'unknown'}`,
      '',
      input.adminUrl,
    ].join('\n'),
  };
}
