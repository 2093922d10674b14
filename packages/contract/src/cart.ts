import { z } from 'zod';
import { currencyCodeSchema } from './common.ts';

/** Money as SPEC §3 writes it on carts: a decimal string and its currency. */
export const decimalMoneySchema = z
  .object({ value: z.string(), currency: currencyCodeSchema })
  .meta({ id: 'DecimalMoney' });

export const cartEntrySchema = z
  .object({
    id: z.string(),
    itemId: z.string(),
    quantity: z.number().int().min(1),
    chosenVariant: z.object({
      sku: z.string(),
      attributes: z.record(z.string(), z.string()),
    }),
    title: z.string(),
    productType: z.number().int(),
    productUrl: z.string(),
    imageUrl: z.string().nullable(),
    /** Unit price charged now, in minor units. */
    purchasePriceCents: z.number().int().nonnegative(),
    subTotal: decimalMoneySchema,
    subTotalCents: z.number().int().nonnegative(),
    /** The additional-fields form answers, as the JSON string the shopper sent. */
    additionalFields: z.string().nullable(),
  })
  .meta({ id: 'CartEntry' });
export type CartEntry = z.infer<typeof cartEntrySchema>;

export const shippingOptionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(['flat', 'free_over', 'by_weight', 'pickup']),
    priceCents: z.number().int().nonnegative(),
    /**
     * Whether it can be picked: free_over below its threshold, a weight-tiered rate the
     * cart is too heavy for, and (once an address is given) a rate whose zone does not
     * hold the address are listed but cannot be.
     */
    isAvailable: z.boolean(),
    /**
     * Why it cannot be picked, for the shopper ("Only for orders of $100.00 or more (add
     * $76.00).", "Not available for this country."); null when it can. Optional for
     * answers written before issue 29.
     */
    unavailableReason: z.string().nullable().optional(),
    /** Where a pickup option is collected; null for options that ship. */
    pickup: z
      .object({
        location: z.string(),
        address: z.string().nullable(),
        instructions: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'ShippingOption' });
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** The tax rule the cart's shipping address falls under (a region rule beats its country's). */
export const cartTaxRuleSchema = z
  .object({
    country: z.string(),
    region: z.string().nullable(),
    /** Percent, e.g. 7.25. */
    ratePercent: z.number(),
    appliesToShipping: z.boolean(),
  })
  .meta({ id: 'CartTaxRule' });

export const shoppingCartSchema = z
  .object({
    id: z.string().nullable(),
    websiteId: z.string(),
    orderId: z.string().nullable(),
    /** Milliseconds since the epoch; null until the first item is added. */
    created: z.number().nullable(),
    isPurchased: z.boolean(),
    entries: z.array(cartEntrySchema),
    /**
     * What checkout will offer and charge (SPEC §3 cart body): shipping options priced for
     * these goods, the one chosen, the address's place, its tax rule, the codes typed (and
     * the automatic discount's name) split into those that apply and those that do not.
     * The answer to an add carries goods only; every other answer carries these too.
     */
    shippingOptions: z.array(shippingOptionSchema),
    selectedShippingOption: shippingOptionSchema.nullable(),
    shippingLocation: z
      .object({ country: z.string(), region: z.string().nullable(), postalCode: z.string() })
      .nullable(),
    applicableTaxRules: z.array(cartTaxRuleSchema),
    coupons: z.array(z.string()),
    validCoupons: z.array(z.string()),
    invalidCoupons: z.array(z.string()),
    subtotalCents: z.number().int(),
    taxCents: z.number().int(),
    shippingCostCents: z.number().int(),
    discountCents: z.number().int(),
    grandTotalCents: z.number().int(),
    totalQuantity: z.number().int(),
    hasDigital: z.boolean(),
    purelyDigital: z.boolean(),
    requiresShipping: z.boolean(),
    subtotalAmount: decimalMoneySchema,
  })
  .meta({ id: 'ShoppingCart' });
export type ShoppingCart = z.infer<typeof shoppingCartSchema>;

/** POST /api/commerce/shopping-cart/entries (SPEC §7). */
export const addCartEntryBodySchema = z.object({
  itemId: z
    .string()
    .uuid('Sorry, that item variant is unavailable. Please select another variant.'),
  sku: z.string().max(200).nullable().optional(),
  /** Validated by core's quantity rule so the shopper gets the spec's message. */
  quantity: z.union([z.number(), z.string().max(20)]),
  /** The additional-fields form answers as a JSON string. */
  additionalFields: z.string().max(20_000).nullable().optional(),
});
export type AddCartEntryBody = z.infer<typeof addCartEntryBodySchema>;

export const addCartEntryResponseSchema = z.object({
  shoppingCart: shoppingCartSchema,
  newlyAdded: cartEntrySchema,
});

export const getCartQuerySchema = z.object({
  mock: z.string().optional(),
  timecode: z.string().optional(),
  calculateSubtotal: z.enum(['true', 'false']).optional(),
});

export const getCartResponseSchema = z.object({ shoppingCart: shoppingCartSchema });

export * from './cart-http.ts';

/**
 * What the gift card purchase page sends as a gift card entry's additional fields: who
 * receives it, a message and the day to send it. All optional: without a recipient the
 * card goes to the buyer.
 */
export const giftCardRecipientSchema = z
  .object({
    recipientName: z.string().trim().max(200).optional(),
    recipientEmail: z
      .union([z.literal(''), z.string().trim().email('Email is invalid').max(256)])
      .optional(),
    message: z.string().trim().max(1000, 'Keep the message under 1000 characters').optional(),
    sendDate: z
      .union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a send date')])
      .optional(),
  })
  .strict()
  .meta({ id: 'GiftCardRecipient' });
export type GiftCardRecipientInput = z.infer<typeof giftCardRecipientSchema>;
