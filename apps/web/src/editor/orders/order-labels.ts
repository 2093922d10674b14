import type { OrderSummary } from '@atelier/contract';
import { formatMoney, isCurrencyCode } from '@atelier/core';
import type { BadgeTone } from '../ui/index.ts';

// The words and badge tones of order states, shared by the list and the detail.

export const ORDER_STATUS_LABELS: Record<OrderSummary['status'], string> = {
  paid: 'Open',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const PAYMENT_LABELS: Record<
  OrderSummary['paymentStatus'],
  { label: string; tone: BadgeTone }
> = {
  paid: { label: 'Paid', tone: 'success' },
  partially_paid: { label: 'Paying in installments', tone: 'accent' },
  partially_refunded: { label: 'Partly refunded', tone: 'warning' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

export const FULFILLMENT_LABELS: Record<
  OrderSummary['fulfillmentStatus'],
  { label: string; tone: BadgeTone }
> = {
  unfulfilled: { label: 'Unfulfilled', tone: 'warning' },
  partial: { label: 'Partly fulfilled', tone: 'accent' },
  fulfilled: { label: 'Fulfilled', tone: 'success' },
};

export function moneyText(cents: number, currency: string): string {
  return isCurrencyCode(currency)
    ? formatMoney({ minorUnits: cents, currency })
    : (cents / 100).toFixed(2);
}

export const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});
