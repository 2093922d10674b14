import { z } from 'zod';
import { subscriptionPlanSchema } from './catalog.ts';
import { cardSchema, shippingAddressSchema } from './checkout.ts';
import { currencyCodeSchema, pagedResultShape, pagingQueryShape } from './common.ts';

// Subscriptions (issue 22): the shopper's subscription cart and manage link, and the
// merchant's list, detail and actions. Amounts are minor units of the store currency;
// times are ms since the epoch.

const uuid = z.string().uuid();

/** POST /api/3/commerce/cart/subscription (SPEC §7). */
export const subscriptionCartBodySchema = z.object({
  itemId: z
    .string()
    .uuid('Sorry, that item variant is unavailable. Please select another variant.'),
  sku: z.string().max(200).nullable().optional(),
  /** Validated by core's quantity rule so the shopper gets the spec's message. */
  qty: z.union([z.number(), z.string().max(20)]).optional(),
  /** The additional-fields form answers as a JSON string. */
  additionalFields: z.string().max(20_000).nullable().optional(),
});
export type SubscriptionCartBody = z.infer<typeof subscriptionCartBodySchema>;
/**
 * The subscription's own cart: send it as the `x-cart-token` header on the checkout calls
 * of the subscription checkout page (`/commerce/subscription-checkout?cartToken=`).
 */
export const subscriptionCartResponseSchema = z.object({ cartToken: z.string() });

export const SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
  'paused',
  'cancelled',
  'expired',
  'completed',
] as const;
export const SUBSCRIPTION_PAGE_SIZES = [10, 25, 50, 100] as const;

const cardOnFileSchema = z
  .object({
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
  })
  .nullable();

export const subscriptionSummarySchema = z
  .object({
    id: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** SPEC §3 status code: expired 1, past due 2, paid 8; ours cancelled 9, paused 10, completed 11. */
    statusCode: z.number().int(),
    email: z.string(),
    productId: z.string(),
    productName: z.string(),
    sku: z.string(),
    quantity: z.number().int(),
    currency: currencyCodeSchema,
    /** One renewal's charge before tax: unit price × quantity + shipping. */
    unitPriceCents: z.number().int(),
    shippingCents: z.number().int(),
    plan: subscriptionPlanSchema,
    /** Payments taken, the first purchase included. */
    paymentsMade: z.number().int(),
    started: z.number(),
    /** When the next renewal is due (ms); null when none is (paused or ended). */
    nextBillingAt: z.number().nullable(),
    /** The store's time zone, which the billing dates keep to (IANA name). */
    timeZone: z.string(),
  })
  .meta({ id: 'SubscriptionSummary' });
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

export const subscriptionSchema = subscriptionSummarySchema
  .extend({
    shippingAddress: shippingAddressSchema.nullable(),
    shippingOptionName: z.string().nullable(),
    card: cardOnFileSchema,
    /** Failed attempts at the renewal now owed, and when it is tried next. */
    failedAttempts: z.number().int(),
    nextRetryAt: z.number().nullable(),
    lastFailure: z.string().nullable(),
    cancelledAt: z.number().nullable(),
    orders: z.array(
      z.object({
        id: z.string(),
        orderNumber: z.number().int(),
        /** 0 is the purchase that started the subscription, 1 the first renewal, … */
        cycle: z.number().int(),
        created: z.number(),
        totalCents: z.number().int(),
        status: z.enum(['paid', 'fulfilled', 'cancelled', 'refunded']),
      }),
    ),
    events: z.array(
      z.object({ kind: z.string(), message: z.string(), actor: z.string(), created: z.number() }),
    ),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListQuerySchema = z.object({
  /** Part of the customer's email or the product's name. */
  q: z.string().trim().max(200, 'q can be at most 200 characters').optional(),
  status: z
    .enum(SUBSCRIPTION_STATUSES, `status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`)
    .optional(),
  ...pagingQueryShape(SUBSCRIPTION_PAGE_SIZES),
});
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuerySchema>;
export const subscriptionListSchema = z
  .object({ subscriptions: z.array(subscriptionSummarySchema), ...pagedResultShape })
  .meta({ id: 'SubscriptionList' });
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

export const subscriptionParamsSchema = z.object({ subscriptionId: uuid });
export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });

/** PUT …/next-billing-date: the day, in the store's time zone, of the next renewal. */
export const subscriptionNextDateBodySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'dates must look like 2026-01-31')
    // Date.parse takes 2026-02-30 as March 2: the day must survive the round trip.
    .refine(
      (d) => !Number.isNaN(Date.parse(d)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      'dates must be real calendar dates',
    ),
});

/** What the customer's manage link shows: no other customer's data, no card number. */
export const customerSubscriptionSchema = z
  .object({
    id: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    productName: z.string(),
    quantity: z.number().int(),
    currency: currencyCodeSchema,
    unitPriceCents: z.number().int(),
    shippingCents: z.number().int(),
    plan: subscriptionPlanSchema,
    paymentsMade: z.number().int(),
    nextBillingAt: z.number().nullable(),
    nextRetryAt: z.number().nullable(),
    card: cardOnFileSchema,
    /** Set after an action: what happened, in words for the customer. */
    notice: z.string().nullable(),
  })
  .meta({ id: 'CustomerSubscription' });
export type CustomerSubscription = z.infer<typeof customerSubscriptionSchema>;

export const manageTokenSchema = z.string().min(20).max(200);
export const customerSubscriptionQuerySchema = z.object({ token: manageTokenSchema });
export const customerSubscriptionResponseSchema = z.object({
  subscription: customerSubscriptionSchema,
});
export const updateSubscriptionCardBodySchema = z.object({
  token: manageTokenSchema,
  card: cardSchema,
});
export const cancelSubscriptionBodySchema = z.object({ token: manageTokenSchema });
/**
 * The signed-in account's own card update (/api/site-users/account/subscriptions/…):
 * the session and the crumb are the credential, so no token.
 */
export const accountSubscriptionCardBodySchema = z.object({ card: cardSchema });
/** The signed-in account's cancel: nothing to send but the crumb. */
export const accountSubscriptionCancelBodySchema = z.object({}).strict();

/** POST /api/testing/clock: only when the server runs with TEST_CLOCK=on. */
export const testClockBodySchema = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(5 * 365 * 86_400_000),
});
export const testClockResponseSchema = z.object({
  now: z.number(),
  /** Renewals the sweep handled after the clock moved. */
  renewalsRun: z.number().int(),
});
