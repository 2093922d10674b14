import { z } from 'zod';

// Commerce preferences (SPEC §7 GET/PUT /api/v1/commerce-preferences/{namespace}): one
// schema per namespace, so a stored preference is always one the product understands.

export const checkoutPreferencesSchema = z
  .object({
    /** Adding to the cart goes straight to checkout, and the pill cart is not shown. */
    isExpressCheckout: z.boolean(),
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
  checkout: { isExpressCheckout: false },
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
