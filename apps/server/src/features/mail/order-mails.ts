import type { StoreAddress } from '@atelier/contract';
import { type CurrencyCode, formatMoney, money, paywallMessages } from '@atelier/core';
import { DOWNLOAD_LINK_HOURS } from '../orders/downloads.ts';
import type { OutgoingMail } from './mail.repo.ts';

// Plain-text emails an order sends. Built from the order's own numbers so the email and
// the confirmation page can never disagree.

export function orderConfirmationMail(order: {
  websiteTitle: string;
  orderNumber: number;
  email: string;
  currency: CurrencyCode;
  items: readonly {
    productName: string;
    quantity: number;
    unitPriceCents: number;
    /** A digital line's signed download link, how long it works and downloads allowed. */
    downloadUrl?: string | null;
    downloadHours?: number | undefined;
    downloadsAllowed?: number | null;
    /** A paywall line's access link (issue 22). */
    accessUrl?: string | null;
  }[];
  grandTotalCents: number;
  statusUrl: string;
  /** The store's address, printed at the foot when the merchant gave one. */
  storeAddress?: StoreAddress | null;
  /** Pay in 4: the payment schedule, the first charged now (issue 22). */
  installments?: readonly { number: number; amountCents: number; dueAt: Date }[];
}): OutgoingMail {
  const price = (cents: number) => formatMoney(money(cents, order.currency));
  const lines = order.items.flatMap((i) => [
    `${i.quantity} × ${i.productName} — ${price(i.unitPriceCents)}`,
    ...(i.downloadUrl
      ? [
          `  Download: ${i.downloadUrl} (works for ${i.downloadHours ?? DOWNLOAD_LINK_HOURS} hours; the order status page has a fresh link after that${
            i.downloadsAllowed
              ? `; ${i.downloadsAllowed} download${i.downloadsAllowed === 1 ? '' : 's'} allowed`
              : ''
          })`,
        ]
      : []),
    ...(i.accessUrl ? [`  ${paywallMessages.emailAccess(i.accessUrl)}`] : []),
  ]);
  return {
    kind: 'order-confirmation',
    to: order.email,
    subject: `${order.websiteTitle}: order #${order.orderNumber} confirmed`,
    bodyText: [
      `Thank you for your order #${order.orderNumber}.`,
      '',
      ...lines,
      '',
      ...(order.installments?.length
        ? [
            `Total: ${price(order.grandTotalCents)}, paid in ${order.installments.length} installments:`,
            ...order.installments.map(
              (i) =>
                `  ${i.number}. ${price(i.amountCents)} — ${i.number === 1 ? 'charged today' : `due ${i.dueAt.toISOString().slice(0, 10)}`}`,
            ),
          ]
        : [`Total charged: ${price(order.grandTotalCents)}`]),
      `Order status: ${order.statusUrl}`,
      ...addressFooter(order.storeAddress),
    ].join('\n'),
  };
}

export function giftCardMail(card: {
  websiteTitle: string;
  to: string;
  recipientName: string | null;
  senderEmail: string;
  message: string | null;
  code: string;
  amountCents: number;
  currency: CurrencyCode;
  sendAt: Date | null;
}): OutgoingMail {
  return {
    kind: 'gift-card',
    to: card.to,
    subject: `A ${card.websiteTitle} gift card for you`,
    bodyText: [
      card.recipientName ? `Hello ${card.recipientName},` : 'Hello,',
      '',
      `${card.senderEmail} sent you a ${formatMoney(money(card.amountCents, card.currency))} gift card.`,
      ...(card.message ? ['', card.message] : []),
      '',
      `Your code: ${card.code}`,
      'Enter it at checkout; any balance left stays on the card.',
    ].join('\n'),
    ...(card.sendAt && { sendAfter: card.sendAt }),
  };
}

/** To the merchant: an order came in (issue 19); the admin link opens it. */
export function newOrderMail(order: {
  websiteTitle: string;
  to: string;
  orderNumber: number;
  customerEmail: string;
  currency: CurrencyCode;
  items: readonly { productName: string; quantity: number }[];
  totalCents: number;
  adminUrl: string;
  testMode: boolean;
  /** The shopper's note, when the store lets shoppers leave one. */
  note?: string | null;
}): OutgoingMail {
  return {
    kind: 'new-order',
    to: order.to,
    subject: `${order.websiteTitle}: new order #${order.orderNumber}${order.testMode ? ' (test)' : ''}`,
    bodyText: [
      `Order #${order.orderNumber} from ${order.customerEmail}.`,
      '',
      ...order.items.map((i) => `${i.quantity} × ${i.productName}`),
      '',
      `Total paid: ${formatMoney(money(order.totalCents, order.currency))}`,
      ...(order.note ? ['', 'Note from the customer:', order.note] : []),
      `Open it: ${order.adminUrl}`,
    ].join('\n'),
  };
}

type CustomerNotice = {
  websiteTitle: string;
  to: string;
  orderNumber: number;
  statusUrl: string;
};

export function orderShippedMail(
  order: CustomerNotice & {
    items: readonly { productName: string; quantity: number }[];
    carrier: string | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
  },
): OutgoingMail {
  const tracking = [
    order.carrier && `Carrier: ${order.carrier}`,
    order.trackingNumber && `Tracking number: ${order.trackingNumber}`,
    order.trackingUrl && `Track it: ${order.trackingUrl}`,
  ].filter((line): line is string => Boolean(line));
  return {
    kind: 'order-shipped',
    to: order.to,
    subject: `${order.websiteTitle}: order #${order.orderNumber} shipped`,
    bodyText: [
      `Good news: items of your order #${order.orderNumber} are on their way.`,
      '',
      ...order.items.map((i) => `${i.quantity} × ${i.productName}`),
      ...(tracking.length > 0 ? ['', ...tracking] : []),
      '',
      `Order status: ${order.statusUrl}`,
    ].join('\n'),
  };
}

export function orderCancelledMail(
  order: CustomerNotice & { refundedCents: number; currency: CurrencyCode },
): OutgoingMail {
  return {
    kind: 'order-cancelled',
    to: order.to,
    subject: `${order.websiteTitle}: order #${order.orderNumber} cancelled`,
    bodyText: [
      `Your order #${order.orderNumber} was cancelled.`,
      ...(order.refundedCents > 0
        ? [`${formatMoney(money(order.refundedCents, order.currency))} goes back to how you paid.`]
        : []),
      '',
      `Order status: ${order.statusUrl}`,
    ].join('\n'),
  };
}

export function orderRefundedMail(
  order: CustomerNotice & { refundCents: number; currency: CurrencyCode; isFull: boolean },
): OutgoingMail {
  return {
    kind: 'order-refunded',
    to: order.to,
    subject: `${order.websiteTitle}: refund for order #${order.orderNumber}`,
    bodyText: [
      `We refunded ${formatMoney(money(order.refundCents, order.currency))} of your order #${order.orderNumber}${order.isFull ? ' (the whole order)' : ''}.`,
      'Card refunds can take a few days to show on your statement; gift card refunds are back on the card now.',
      '',
      `Order status: ${order.statusUrl}`,
    ].join('\n'),
  };
}

/** The store's address as the last lines of a mail, or nothing when it has none. */
export function addressFooter(address: StoreAddress | null | undefined): string[] {
  if (!address) return [];
  const lines = [
    address.name,
    address.line1,
    address.line2,
    [address.city, address.region, address.postalCode].filter(Boolean).join(' '),
    address.country,
  ].filter(Boolean);
  return lines.length ? ['', '—', ...lines] : [];
}
