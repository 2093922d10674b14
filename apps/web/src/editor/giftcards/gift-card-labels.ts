import type { GiftCardEvent, GiftCardStatus } from '@atelier/contract';
import type { BadgeTone } from '../ui/index.ts';

// The words and badge tones of gift card states and history, shared by list and detail.

export const GIFT_CARD_STATUS_LABELS: Record<GiftCardStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  used_up: { label: 'Used up', tone: 'neutral' },
  voided: { label: 'Voided', tone: 'warning' },
};

export const GIFT_CARD_EVENT_LABELS: Record<GiftCardEvent['kind'], string> = {
  issued: 'Issued',
  purchased: 'Purchased',
  redeemed: 'Used at checkout',
  refunded_to_card: 'Refunded to the card',
  adjusted: 'Balance adjusted',
  voided: 'Voided',
};

/** A card named in words (toasts, row labels, confirmations): "Gift card ending ABCD". */
export const maskedCodeLabel = (last4: string) => `Gift card ending ${last4}`;
