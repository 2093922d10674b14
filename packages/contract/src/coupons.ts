import { z } from 'zod';

// Coupons as the merchant manages them at /config → Discounts (issue 19). Money is integer
// minor units of the store currency; a percentage is a whole percent from 1 to 100.

export const COUPON_KINDS = ['percentage', 'fixed_amount', 'free_shipping'] as const;
export const couponKindSchema = z.enum(COUPON_KINDS);
export type CouponKind = z.infer<typeof couponKindSchema>;

/** What a coupon discounts: every product, or only the listed products or categories. */
export const COUPON_SCOPES = ['all', 'products', 'categories'] as const;
export const couponScopeSchema = z.enum(COUPON_SCOPES);
export type CouponScope = z.infer<typeof couponScopeSchema>;

/** 10 million in a two-decimal currency: the most a coupon amount or minimum may be. */
export const MAX_COUPON_CENTS = 1_000_000_000;

export const couponMessages = {
  amountTooLarge: 'Enter an amount below 10,000,000',
  productsNeeded: 'Choose at least one product',
  categoriesNeeded: 'Choose at least one category',
  percentRange: 'Enter a percentage from 1 to 100',
  amountNeeded: 'Enter the amount to take off',
  datesOrder: 'The end date must be after the start date',
  codeFormat: 'Use letters, digits, - and _ only',
  codeTaken: 'A coupon with this code already exists.',
} as const;

export const couponSchema = z
  .object({
    id: z.string(),
    /** Upper-case; shoppers may type it in any case. */
    code: z.string(),
    kind: couponKindSchema,
    /** Percent, for `percentage` (stored in basis points, so a seeded 12.5 reads as such). */
    percentOff: z.number().nullable(),
    /** Minor units, for `fixed_amount`. */
    amountCents: z.number().int().nullable(),
    minSubtotalCents: z.number().int(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    usageLimit: z.number().int().nullable(),
    /** Orders placed with it so far. */
    timesUsed: z.number().int(),
    appliesTo: couponScopeSchema,
    /** Product ids or category ids (a category counts with its subcategories). */
    targetIds: z.array(z.string()),
    /** Each customer (by email) may place one order with it. */
    oncePerCustomer: z.boolean(),
    /** Applies by itself, no code typed, when it is the cart's best valid discount. */
    isAutomatic: z.boolean(),
  })
  .meta({ id: 'Coupon' });
export type Coupon = z.infer<typeof couponSchema>;

export const couponInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, 'Enter a code')
      .max(40)
      // Stored upper-case by the server; shoppers may type it in any case.
      .regex(/^[A-Za-z0-9_-]+$/, couponMessages.codeFormat),
    kind: couponKindSchema,
    percentOff: z.number().int().nullable().optional(),
    // Bounded by what the columns hold (integer), far above any real discount.
    amountCents: z
      .number()
      .int()
      .min(1, couponMessages.amountNeeded)
      .max(MAX_COUPON_CENTS, couponMessages.amountTooLarge)
      .nullable()
      .optional(),
    minSubtotalCents: z
      .number()
      .int()
      .min(0)
      .max(MAX_COUPON_CENTS, couponMessages.amountTooLarge)
      .default(0),
    startsAt: z.iso.datetime({ offset: true }).nullable().optional(),
    endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
    usageLimit: z
      .number()
      .int()
      .min(1, 'A limit is at least 1 use')
      .max(1_000_000_000, 'A limit is at most 1,000,000,000 uses')
      .nullable()
      .optional(),
    appliesTo: couponScopeSchema.default('all'),
    targetIds: z.array(z.uuid('Choose products or categories from the list')).max(500).default([]),
    oncePerCustomer: z.boolean().default(false),
    isAutomatic: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    if (input.appliesTo !== 'all' && input.targetIds.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['targetIds'],
        message:
          input.appliesTo === 'products'
            ? couponMessages.productsNeeded
            : couponMessages.categoriesNeeded,
      });
    }
    if (
      input.kind === 'percentage' &&
      (input.percentOff == null || input.percentOff < 1 || input.percentOff > 100)
    ) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: couponMessages.percentRange });
    }
    if (input.kind === 'fixed_amount' && input.amountCents == null) {
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: couponMessages.amountNeeded });
    }
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: couponMessages.datesOrder });
    }
  });
export type CouponInput = z.input<typeof couponInputSchema>;

export const couponListSchema = z.object({ coupons: z.array(couponSchema) });
export const couponParamsSchema = z.object({
  websiteId: z.string(),
  couponId: z.string().uuid('couponId must be a coupon id'),
});
