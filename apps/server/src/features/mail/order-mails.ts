import { type CurrencyCode, formatMoney, money } from '@atelier/core';
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
    /** A digital line's signed download link. */
    downloadUrl?: string | null;
  }[];
  grandTotalCents: number;
  statusUrl: string;
}): OutgoingMail {
  const price = (cents: number) => formatMoney(money(cents, order.currency));
  const lines = order.items.flatMap((i) => [
    `${i.quantity} × ${i.productName} — ${price(i.unitPriceCents)}`,
    ...(i.downloadUrl
      ? [
          `  Download: ${i.downloadUrl} (works for ${DOWNLOAD_LINK_HOURS} hours; the order status page has a fresh link after that)`,
        ]
      : []),
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
      `Total charged: ${price(order.grandTotalCents)}`,
      `Order status: ${order.statusUrl}`,
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
