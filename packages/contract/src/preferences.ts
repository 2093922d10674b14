import { DEFAULT_SCARCITY_THRESHOLD } from '@atelier/core';
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
    /**
     * Checkout refuses a goods subtotal below this (minor units; 0: no minimum), with the
     * spec's 'To check out, your order subtotal must be {subtotal} or more.'
     */
    minimumSubtotalCents: z
      .number({ error: 'Enter the minimum as a number.' })
      .int('The minimum is in whole minor units (cents).')
      .min(0, "The minimum can't be negative.")
      .max(100_000_000, 'The minimum is too large.')
      .default(0),
    /** The shopper must give a phone number to place an order. */
    isPhoneRequired: z.boolean().default(false),
    /** The shopper may leave a note with the order; the merchant sees it on the order. */
    hasOrderNotes: z.boolean().default(false),
  })
  .meta({ id: 'CheckoutPreferences' });

/**
 * The inventory panel's settings (SPEC §2): where the low-stock (scarcity) message of a
 * product that turns it on is shown, and the stock at or below which it shows unless the
 * product sets its own threshold.
 */
export const inventoryPreferencesSchema = z
  .object({
    scarcityOnProductPage: z.boolean(),
    /** Product blocks, store pages' lists and their quick view. */
    scarcityInBlocks: z.boolean(),
    scarcityThreshold: z
      .number()
      .int('Enter a whole number')
      .min(1, 'The threshold must be at least 1')
      .max(10_000, 'The threshold can be at most 10000'),
    /**
     * Restock notifications (issue 21): when a sold-out variant's stock goes from 0 to N,
     * email the first N waiting sign-ups (first come, first served); the rest wait for
     * the next restock. Off: the merchant sends from the Restock requests screen.
     */
    restockAutoSend: z.boolean().default(false),
    /** What the restock form says on success; blank: 'Signed up!'. */
    restockSuccessText: z
      .string()
      .trim()
      .max(200, 'Keep the text under 200 characters')
      .default(''),
    /**
     * The restock form offers to join `restockMailingListId` (issue 21); those who tick
     * it get the list's confirmation email (double opt-in) with their sign-up.
     */
    restockMailingListSignUp: z.boolean().default(false),
    /** The mailing list they join; '' for none (the checkbox is then not offered). */
    restockMailingListId: z
      .union([z.literal(''), z.string().uuid('Choose one of your mailing lists')])
      .default(''),
    /** That checkbox starts ticked. */
    restockMailingListOptInByDefault: z.boolean().default(false),
  })
  .meta({ id: 'InventoryPreferences' });

/**
 * Buy now, pay later messaging (issue 22): the pill under product prices and the cart
 * subtotal, shown only when on and only in a market the provider serves (core's
 * installmentOffer). Its own namespace, so saving the checkout settings cannot reset it.
 */
export const installmentPreferencesSchema = z
  .object({ isEnabled: z.boolean() })
  .meta({ id: 'InstallmentPreferences' });

/**
 * Visitor analytics (issue 24, SPEC §4): census off stops all tracking; with the consent
 * banner on, census cookies wait for the visitor's yes (until then, and after a no, only
 * cookieless aggregate counting); add-to-cart tracking needs the site-visitor-metrics flag.
 */
export const analyticsPreferencesSchema = z
  .object({
    isCensusEnabled: z.boolean(),
    isConsentBannerOn: z.boolean(),
    isSiteVisitorMetricsOn: z.boolean(),
  })
  .meta({ id: 'AnalyticsPreferences' });

/** PATCH /api/config/settings/analytics: the Settings screen's "Cookies & analytics" card. */
export const analyticsSettingsUpdateSchema = analyticsPreferencesSchema
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one setting.');

export const preferenceSchemas = {
  checkout: checkoutPreferencesSchema,
  inventory: inventoryPreferencesSchema,
  installments: installmentPreferencesSchema,
  analytics: analyticsPreferencesSchema,
} as const;

export type PreferenceNamespace = keyof typeof preferenceSchemas;
export type CheckoutPreferences = z.infer<typeof checkoutPreferencesSchema>;
export type InventoryPreferences = z.infer<typeof inventoryPreferencesSchema>;
export type InstallmentPreferences = z.infer<typeof installmentPreferencesSchema>;
export type AnalyticsPreferences = z.infer<typeof analyticsPreferencesSchema>;

export const preferenceDefaults: {
  [N in PreferenceNamespace]: z.infer<(typeof preferenceSchemas)[N]>;
} = {
  checkout: {
    isExpressCheckout: false,
    stockHoldMinutes: 10,
    minimumSubtotalCents: 0,
    isPhoneRequired: false,
    hasOrderNotes: false,
  },
  inventory: {
    scarcityOnProductPage: true,
    scarcityInBlocks: false,
    scarcityThreshold: DEFAULT_SCARCITY_THRESHOLD,
    restockAutoSend: false,
    restockSuccessText: '',
    restockMailingListSignUp: false,
    restockMailingListId: '',
    restockMailingListOptInByDefault: false,
  },
  installments: { isEnabled: false },
  analytics: { isCensusEnabled: true, isConsentBannerOn: false, isSiteVisitorMetricsOn: true },
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
