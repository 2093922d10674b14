import { z } from 'zod';
import { currencyCodeSchema, pagedResultShape, pagingQueryShape } from './common.ts';

// Gift cards as the merchant manages them at /config → Gift cards (issue 19): the list
// with balances, one card with its history, issuing one by hand and voiding one. A
// card's full code is answered once, when it is issued; everywhere else only its last
// four characters travel (as Shopify shows `•••• ABCD`), so a list or a log never leaks
// spendable codes.

export const GIFT_CARD_STATUSES = ['active', 'used_up', 'voided'] as const;
export const giftCardStatusSchema = z.enum(GIFT_CARD_STATUSES);
export type GiftCardStatus = z.infer<typeof giftCardStatusSchema>;

export const GIFT_CARD_EVENT_KINDS = [
  'issued',
  'purchased',
  'redeemed',
  'refunded_to_card',
  'adjusted',
  'voided',
] as const;

export const GIFT_CARD_PAGE_SIZES = [10, 25, 50, 100] as const;

/** Largest amount a card may be issued for, in minor units (100,000.00 in a 2-digit currency). */
export const MAX_GIFT_CARD_CENTS = 10_000_000;

export const giftCardAdminMessages = {
  notFound: 'Gift card not found',
  amountNeeded: 'Enter an amount',
  amountUnreadable: 'Enter an amount such as 25 or 25.00',
  amountNotPositive: 'A gift card amount must be more than 0',
  amountTooLarge: 'That amount is too large for a gift card',
  emailNeeded: 'Enter the recipient’s email to send the card',
  emailInvalid: 'Enter a valid email address',
} as const;

export const giftCardListQuerySchema = z.object({
  /** The full code, its last characters, or part of the recipient's email or name. */
  q: z.string().trim().max(200, 'q can be at most 200 characters').optional(),
  status: z
    .enum(GIFT_CARD_STATUSES, `status must be one of ${GIFT_CARD_STATUSES.join(', ')}`)
    .optional(),
  ...pagingQueryShape(GIFT_CARD_PAGE_SIZES),
});
export type GiftCardListQuery = z.infer<typeof giftCardListQuerySchema>;

export const giftCardSummarySchema = z
  .object({
    id: z.string(),
    /** The code's last four characters; the full code is only in the issue answer. */
    last4: z.string(),
    currency: currencyCodeSchema,
    initialCents: z.number().int(),
    balanceCents: z.number().int(),
    status: giftCardStatusSchema,
    recipientName: z.string().nullable(),
    recipientEmail: z.string().nullable(),
    /** 'purchased' when a shopper bought it in an order, 'issued' when staff did. */
    source: z.enum(['purchased', 'issued']),
    created: z.number(),
  })
  .meta({ id: 'GiftCardSummary' });
export type GiftCardSummary = z.infer<typeof giftCardSummarySchema>;

export const giftCardListSchema = z
  .object({
    giftCards: z.array(giftCardSummarySchema),
    ...pagedResultShape,
  })
  .meta({ id: 'GiftCardList' });
export type GiftCardList = z.infer<typeof giftCardListSchema>;

export const giftCardEventSchema = z.object({
  kind: z.enum(GIFT_CARD_EVENT_KINDS),
  /** The signed change to the balance. */
  amountCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  /** 'Customer', a member's email, 'API key <name>' or 'System'. */
  actor: z.string(),
  note: z.string().nullable(),
  created: z.number(),
});
export type GiftCardEvent = z.infer<typeof giftCardEventSchema>;

export const giftCardDetailSchema = giftCardSummarySchema
  .extend({
    message: z.string().nullable(),
    /** The order that bought it. */
    orderId: z.string().nullable(),
    orderNumber: z.number().int().nullable(),
    issuedBy: z.string().nullable(),
    voidedAt: z.number().nullable(),
    voidedBy: z.string().nullable(),
    /** Oldest first. */
    events: z.array(giftCardEventSchema),
  })
  .meta({ id: 'GiftCardDetail' });
export type GiftCardDetail = z.infer<typeof giftCardDetailSchema>;

export const giftCardParamsSchema = z.object({
  websiteId: z.string().min(1).max(100),
  giftCardId: z.string().uuid('giftCardId must be a gift card id'),
});

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const issueGiftCardBodySchema = z
  .object({
    /** Retrying with the same id answers the card it issued, code included. */
    actionId: z.string().trim().min(1).max(200).optional(),
    /**
     * In major units of the store currency, as typed ("25", "25.00"); the server reads
     * the digits into minor units, never through a float.
     */
    amount: z.union([z.string().max(32), z.number()], giftCardAdminMessages.amountNeeded),
    recipientName: optionalText(200, 'recipientName'),
    recipientEmail: z
      .string()
      .trim()
      .max(256, 'recipientEmail can be at most 256 characters')
      .refine((e) => e === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e), {
        message: giftCardAdminMessages.emailInvalid,
      })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    message: optionalText(2000, 'message'),
    /** Email the card (with its code) to the recipient through the store's outbox. */
    sendEmail: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.sendEmail && !body.recipientEmail) {
      ctx.addIssue({
        code: 'custom',
        path: ['recipientEmail'],
        message: giftCardAdminMessages.emailNeeded,
      });
    }
  });
export type IssueGiftCardBody = z.input<typeof issueGiftCardBodySchema>;

export const issuedGiftCardSchema = z
  .object({
    giftCard: giftCardDetailSchema,
    /** The full code, shown to the merchant this once. */
    code: z.string(),
  })
  .meta({ id: 'IssuedGiftCard' });
export type IssuedGiftCard = z.infer<typeof issuedGiftCardSchema>;

export const voidGiftCardBodySchema = z.object({
  reason: optionalText(500, 'reason'),
});
export type VoidGiftCardBody = z.input<typeof voidGiftCardBodySchema>;

export const giftCardResponseSchema = z.object({ giftCard: giftCardDetailSchema });
