import { checkoutMessages } from '@atelier/core';
import { z } from 'zod';
import { cartEntrySchema, shippingOptionSchema, shoppingCartSchema } from './cart.ts';
import { subscriptionPlanSchema } from './catalog.ts';
import { currencyCodeSchema } from './common.ts';

// Checkout and order calls. Every amount is integer minor units of the store currency
// (cents; yen for JPY). Totals: totalCents = subtotal − discount + shipping + tax;
// grandTotalCents = totalCents − giftCardCents, the amount charged to the card.

const uuid = z.string().uuid();

/** PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields (SPEC §7). */
export const updateEntryFieldsBodySchema = z.object({
  itemId: uuid,
  sku: z.string().max(200).nullable().optional(),
  /** The additional-fields form answers as a JSON string. */
  additionalFields: z.string().max(20_000).nullable(),
});
export type UpdateEntryFieldsBody = z.infer<typeof updateEntryFieldsBodySchema>;
export const updateEntryFieldsResponseSchema = z.object({
  shoppingCart: shoppingCartSchema,
  updatedEntry: cartEntrySchema,
});

export const entryParamsSchema = z.object({ entryId: uuid });
export const updateEntryQuantityBodySchema = z.object({
  /** 0 removes the entry. Validated by core's quantity rule for the spec's messages. */
  quantity: z.union([z.number(), z.string().max(20)]),
});
export const shoppingCartResponseSchema = z.object({ shoppingCart: shoppingCartSchema });

export const shippingAddressSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    line1: z.string().trim().min(1).max(200),
    line2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1).max(100),
    /** State, province or prefecture code where the country has them (e.g. NY). */
    region: z.string().trim().max(100).optional(),
    postalCode: z.string().trim().min(1).max(20),
    /** ISO 3166-1 alpha-2. */
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Use a two-letter country code')
      .toUpperCase(),
  })
  .meta({ id: 'ShippingAddress' });
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const checkoutLineSchema = z
  .object({
    entryId: z.string(),
    itemId: z.string(),
    sku: z.string(),
    productName: z.string(),
    productType: z.number().int(),
    quantity: z.number().int().positive(),
    unitPriceCents: z.number().int().nonnegative(),
    lineTotalCents: z.number().int().nonnegative(),
    /** This line's share of the order discount; the shares add up to discountCents. */
    discountCents: z.number().int().nonnegative(),
    taxCents: z.number().int().nonnegative(),
  })
  .meta({ id: 'CheckoutLine' });

export const checkoutTotalsSchema = z
  .object({
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
    /** The tax is inside the prices (the store's prices include tax), not added to them. */
    isTaxIncluded: z.boolean(),
    totalCents: z.number().int(),
    giftCardCents: z.number().int(),
    grandTotalCents: z.number().int(),
  })
  .meta({ id: 'CheckoutTotals' });
export type CheckoutTotals = z.infer<typeof checkoutTotalsSchema>;

export const checkoutSchema = z
  .object({
    id: z.string(),
    cartId: z.string(),
    status: z.enum(['open', 'completed']),
    orderId: z.string().nullable(),
    currency: currencyCodeSchema,
    email: z.string().nullable(),
    requiresShipping: z.boolean(),
    shippingAddress: shippingAddressSchema.nullable(),
    /**
     * Before an address: the options that ship everywhere (pickup always). With one: every
     * option, those whose zone does not hold it unavailable with `unavailableReason`.
     */
    shippingOptions: z.array(shippingOptionSchema),
    selectedShippingOptionId: z.string().nullable(),
    /** Why the order cannot ship to the address given (no rate's zone holds it). */
    shippingProblem: z.string().nullable(),
    phone: z.string().nullable(),
    /** The store asks for a phone number before the order is placed. */
    isPhoneRequired: z.boolean(),
    /** The store lets the shopper leave a note with the order. */
    hasOrderNotes: z.boolean(),
    /** The spec's minimum-subtotal sentence while the subtotal is below the store's minimum. */
    minimumProblem: z.string().nullable(),
    coupon: z
      .object({
        code: z.string(),
        kind: z.enum(['percentage', 'fixed_amount', 'free_shipping']),
        isValid: z.boolean(),
        /** Why a coupon applied earlier no longer applies (e.g. the cart shrank). */
        message: z.string().nullable(),
      })
      .nullable(),
    /** The automatic discount applied, when no valid code is: the merchant's name for it. */
    automaticDiscount: z
      .object({ name: z.string(), kind: z.enum(['percentage', 'fixed_amount', 'free_shipping']) })
      .nullable(),
    giftCard: z
      .object({ last4: z.string(), balanceCents: z.number().int(), appliedCents: z.number().int() })
      .nullable(),
    lines: z.array(checkoutLineSchema),
    totals: checkoutTotalsSchema,
    /** Until when this cart's stock is held (ms since the epoch); null when not held. */
    reservationExpiresAt: z.number().nullable(),
    /** A subscription checkout's plan: the order starts a subscription billed on it. */
    subscriptionPlan: subscriptionPlanSchema.nullable(),
    /**
     * Pay in 4 (issue 22), offered when the store's installment messaging is on and the
     * order qualifies by core's rule (installmentTender): the payments of grandTotalCents,
     * the first charged at purchase, the rest every `intervalDays`. Null: pay in full only.
     */
    installments: z
      .object({
        brand: z.string(),
        paymentsCents: z.array(z.number().int().positive()),
        intervalDays: z.number().int().positive(),
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof checkoutSchema>;
export const checkoutResponseSchema = z.object({ checkout: checkoutSchema });

export const checkoutParamsSchema = z.object({ checkoutId: uuid });
/** '' clears a phone given earlier. */
export const phoneSchema = z
  .string()
  .trim()
  .max(40, 'Keep the phone number under 40 characters.')
  .refine(
    (value) => value === '' || /^\+?[0-9 ().-]{5,}$/.test(value),
    'Enter a phone number, such as +1 212 555 0100.',
  );
export const setEmailBodySchema = z.object({
  email: z.string().trim().email(checkoutMessages.emailInvalid).min(3).max(256),
  /** Sent with the email from the contact step; '' clears it. */
  phone: phoneSchema.optional(),
});
export const setShippingAddressBodySchema = z.object({ shippingAddress: shippingAddressSchema });
export const selectShippingOptionBodySchema = z.object({ optionId: uuid });
export const applyCodeBodySchema = z.object({ code: z.string().trim().min(1).max(64) });

export const cardSchema = z.object({
  number: z.string().trim().min(1).max(32),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  nameOnCard: z.string().trim().min(1).max(200),
});
export type CardInput = z.infer<typeof cardSchema>;

/** POST /api/commerce/checkout/{checkoutId}/orders with an `Idempotency-Key` header. */
export const placeOrderBodySchema = z.object({
  /** Optional only when gift cards cover the whole order. */
  card: cardSchema.optional(),
  /** The shopper's note to the merchant, kept when the store allows order notes. */
  note: z.string().trim().max(2000, 'Keep the note under 2000 characters.').optional(),
  /** 'installments' pays in 4 when the checkout offers it (checkout.installments). */
  tender: z.enum(['full', 'installments']).optional(),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** One payment of a pay-in-4 order, as the order pages and the admin show it. */
export const orderInstallmentSchema = z
  .object({
    number: z.number().int(),
    amountCents: z.number().int(),
    /** When it is (or was) due, ms since the epoch. */
    dueAt: z.number(),
    status: z.enum(['scheduled', 'captured', 'failed', 'cancelled']),
    capturedAt: z.number().nullable(),
  })
  .meta({ id: 'OrderInstallment' });
export type OrderInstallment = z.infer<typeof orderInstallmentSchema>;

/** A line's chosen options and form answers, as shown under its name. */
export const orderLineDetailsSchema = {
  /** The variant's options when bought ("Size" → "M"). */
  options: z.array(z.object({ name: z.string(), value: z.string() })),
  /** The answers to the product's additional-fields form. */
  answers: z.array(z.object({ label: z.string(), value: z.string() })),
};

export const orderItemSchema = z
  .object({
    sku: z.string(),
    productName: z.string(),
    productType: z.number().int(),
    quantity: z.number().int(),
    unitPriceCents: z.number().int(),
    ...orderLineDetailsSchema,
    /**
     * A digital line's file: a signed link that works until `expiresAt` (ms since the
     * epoch). Each reading of the order signs a fresh one, so the status page always has
     * a working link while the one in the email expires.
     */
    /**
     * A digital line's file: a fresh signed link, and how many downloads are left (null:
     * no limit). With none left, `url` is null.
     */
    download: z
      .object({
        url: z.string().nullable(),
        expiresAt: z.number(),
        remaining: z.number().int().nullable(),
      })
      .nullable(),
    /**
     * A paywall line's access link (issue 22): opening it unlocks, in that browser, the
     * pages and collections the product opens. Null once the order was cancelled or
     * refunded, and for every other kind of line.
     */
    access: z.object({ url: z.string() }).nullable().optional(),
  })
  .meta({ id: 'OrderItem' });

/** SPEC §3 Order plus what the confirmation (202) and status (211) pages show. */
export const orderSchema = z
  .object({
    id: z.string(),
    orderNumber: z.number().int(),
    purchasedCartId: z.string(),
    testMode: z.boolean(),
    websiteId: z.string(),
    status: z.enum(['paid', 'fulfilled', 'cancelled', 'refunded']),
    email: z.string(),
    currency: currencyCodeSchema,
    shippingAddress: shippingAddressSchema.nullable(),
    shippingOptionName: z.string().nullable(),
    /** The discount code the order used, if any. */
    couponCode: z.string().nullable(),
    items: z.array(orderItemSchema),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    shippingTotalCents: z.number().int(),
    taxTotalCents: z.number().int(),
    /** The tax is inside the prices, not added to them. */
    isTaxIncluded: z.boolean(),
    giftCardTotalCents: z.number().int(),
    grandTotalCents: z.number().int(),
    payment: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    created: z.number(),
    /** Whether the goods left: a shipment each time the merchant fulfils (issue 19). */
    fulfillmentStatus: z.enum(['unfulfilled', 'partial', 'fulfilled']),
    shipments: z.array(
      z.object({
        carrier: z.string().nullable(),
        trackingNumber: z.string().nullable(),
        trackingUrl: z.string().nullable(),
        created: z.number(),
      }),
    ),
    /** Money given back so far, card and gift card together. */
    refundedCents: z.number().int(),
    /** Gift cards this order bought; the code only when the buyer is the recipient. */
    giftCards: z.array(
      z.object({
        code: z.string().nullable(),
        amountCents: z.number().int(),
        recipientName: z.string().nullable(),
        recipientEmail: z.string().nullable(),
        sendAt: z.number().nullable(),
      }),
    ),
    /**
     * The subscription this order started (cycle 0) or renewed (cycle 1, 2, …); with its
     * terms where the order's pages show them (confirmation and status).
     */
    subscription: z
      .object({
        id: z.string(),
        cycle: z.number().int(),
        terms: z
          .object({
            /** Each renewal before tax: the items and their shipping. */
            renewalCents: z.number().int(),
            plan: subscriptionPlanSchema,
            /** Null once it has ended (or while paused). */
            nextBillingAt: z.number().nullable(),
            /** The store's zone, which billing dates keep to. */
            timeZone: z.string(),
            isEnded: z.boolean(),
          })
          .optional(),
      })
      .nullable(),
    /** The payment schedule when the order is paid in installments; else empty. */
    installments: z.array(orderInstallmentSchema).optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const placeOrderResponseSchema = z.object({
  order: orderSchema,
  /** Secret for GET /api/commerce/orders/{orderId}?token= (the status page link). */
  token: z.string(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

export const orderParamsSchema = z.object({ orderId: uuid });
export const orderQuerySchema = z.object({ token: z.string().min(1).max(200) });
export const orderResponseSchema = z.object({ order: orderSchema });

/** GET /commerce/downloads/{orderId}/{lineNumber}?expires=&sig= (a digital line's file). */
export const downloadParamsSchema = z.object({
  orderId: uuid,
  lineNumber: z.coerce.number().int().min(1).max(10_000),
});
export const downloadQuerySchema = z.object({
  expires: z.coerce.number().int().min(0),
  sig: z.string().min(1).max(200),
});
