import { z } from 'zod';

// Commerce preferences (SPEC §7 GET/PUT /api/v1/commerce-preferences/{namespace}): one
// schema per namespace, so a stored preference is always one the product understands.

/** A day: longer holds would keep stock from shoppers who have long left. */
export const MAX_STOCK_HOLD_MINUTES = 1440;

export const checkoutPreferencesSchema = z
  .object({
    /** Adding to the cart goes straight to checkout, and the pill cart is not shown. */
    isExpressCheckout: z.boolean(),
    /**
     * How long starting checkout holds the cart's stock for the shopper, in minutes; 0
     * holds nothing (stock is still checked when the order is placed).
     */
    stockHoldMinutes: z.number().int().min(0).max(MAX_STOCK_HOLD_MINUTES).default(10),
  })
  .meta({ id: 'CheckoutPreferences' });

export const preferenceSchemas = {
  checkout: checkoutPreferencesSchema,
} as const;

export type PreferenceNamespace = keyof typeof preferenceSchemas;
export type CheckoutPreferences = z.infer<typeof checkoutPreferencesSchema>;

export const preferenceDefaults: {
  [N in PreferenceNamespace]: z.infer<(typeof preferenceSchemas)[N]>;
} = {
  checkout: { isExpressCheckout: false, stockHoldMinutes: 10 },
};

export const preferenceParamsSchema = z.object({
  namespace: z.enum(
    Object.keys(preferenceSchemas) as [PreferenceNamespace, ...PreferenceNamespace[]],
    {
      message: 'Unknown preferences namespace',
    },
  ),
});

/** The website id is stripped: a preference belongs to the site the Host names. */
export const preferencesResponseSchema = z.object({
  namespace: z.string(),
  preferences: z.record(z.string(), z.unknown()),
});
