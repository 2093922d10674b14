import { CURRENCIES } from '@atelier/core';
import { z } from 'zod';

// Store settings (issue 19): the website's currency and formats, its shipping options and
// its tax rules. Every amount is integer minor units of the store currency; a tax rate is
// in basis points (1% = 100) so it stays an integer too.

const currencyCodes = CURRENCIES.map((currency) => currency.code) as [string, ...string[]];

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function isLocale(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

export const storeSettingsSchema = z
  .object({
    storeCurrency: z.enum(currencyCodes, {
      error: 'Choose one of the store currencies (for example USD or EUR).',
    }),
    /** Prices in the shopper's locale's format (CLDR) rather than the store's default one. */
    useCLDRMoneyFormat: z.boolean(),
    language: z.string().max(35).refine(isLocale, 'Enter a language tag such as en-US or fr-FR.'),
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, 'Enter a time zone such as Europe/Paris or America/New_York.'),
    multipleQuantityAllowedForServices: z.boolean(),
  })
  .meta({ id: 'StoreSettings' });
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** A PUT changes only what it sends. */
export const storeSettingsUpdateSchema = storeSettingsSchema
  .partial()
  .meta({ id: 'StoreSettingsUpdate' });
export type StoreSettingsUpdate = z.infer<typeof storeSettingsUpdateSchema>;

const centsField = (what: string) =>
  z
    .number({ error: `Enter the ${what} as a number.` })
    .int(`The ${what} is in whole minor units (cents).`)
    .min(0, `The ${what} can't be negative.`)
    .max(100_000_000, `The ${what} is too large.`);

export const shippingOptionKinds = ['flat', 'free_over', 'by_weight'] as const;

const shippingOptionFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the shipping rate a name.')
    .max(100, 'Keep the name under 100 characters.'),
  /**
   * flat: `priceCents` always; free_over: free once the subtotal reaches
   * `minSubtotalCents` (not offered below it); by_weight: `priceCents` plus `perKgCents`
   * for each started kilogram.
   */
  kind: z.enum(shippingOptionKinds, { error: 'Choose flat, free over a subtotal or by weight.' }),
  priceCents: centsField('price'),
  minSubtotalCents: centsField('minimum subtotal').nullable().default(null),
  perKgCents: centsField('price per kg').nullable().default(null),
});

function checkKind(
  option: { kind?: string; minSubtotalCents?: number | null; perKgCents?: number | null },
  context: z.RefinementCtx,
) {
  if (option.kind === 'free_over' && option.minSubtotalCents == null) {
    context.addIssue({
      code: 'custom',
      path: ['minSubtotalCents'],
      message: 'Enter the subtotal from which shipping is free.',
    });
  }
  if (option.kind === 'by_weight' && option.perKgCents == null) {
    context.addIssue({
      code: 'custom',
      path: ['perKgCents'],
      message: 'Enter the price per kilogram.',
    });
  }
}

// No component id on the two input schemas: their defaults make the input and output
// shapes differ, and the OpenAPI registry refuses one id for two shapes.
export const shippingRateInputSchema = shippingOptionFields.superRefine(checkKind);
export type ShippingRateInput = z.input<typeof shippingRateInputSchema>;

export const shippingRateSchema = shippingOptionFields
  .extend({ id: z.string(), displayIndex: z.number().int() })
  .meta({ id: 'ShippingRate' });
export type ShippingRate = z.infer<typeof shippingRateSchema>;

export const shippingRateListSchema = z
  .object({ shippingOptions: z.array(shippingRateSchema) })
  .meta({ id: 'ShippingRateList' });

/** The website's shipping options in the order checkout offers them: every id, once. */
export const shippingOrderSchema = z
  .object({
    optionIds: z
      .array(z.string().uuid('Not a shipping option id.'))
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, 'A shipping option is listed twice.'),
  })
  .meta({ id: 'ShippingOrder' });

export const shippingRateParamsSchema = z.object({
  websiteId: z.string().min(1).max(100),
  optionId: z.string().uuid('Not a shipping option id.'),
});

export const taxRuleInputSchema = z.object({
  /** ISO 3166-1 alpha-2, upper case. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Enter the two-letter country code (for example US or FR).'),
  /**
   * A state or province; null (or empty) taxes the whole country, and a region rule
   * wins over it.
   */
  region: z
    .string()
    .trim()
    .max(100, 'Keep the region under 100 characters.')
    .nullable()
    .default(null),
  rateBp: z
    .number({ error: 'Enter the tax rate as a number.' })
    .int('The rate is in basis points (1% = 100).')
    .min(0, "The tax rate can't be negative.")
    .max(10000, "The tax rate can't be over 100%."),
  appliesToShipping: z.boolean().default(false),
});
export type TaxRuleInput = z.input<typeof taxRuleInputSchema>;

export const taxRuleSchema = z
  .object({
    id: z.string(),
    country: z.string(),
    region: z.string().nullable(),
    rateBp: z.number().int(),
    appliesToShipping: z.boolean(),
  })
  .meta({ id: 'TaxRule' });
export type TaxRule = z.infer<typeof taxRuleSchema>;

export const taxRuleListSchema = z
  .object({ taxRules: z.array(taxRuleSchema) })
  .meta({ id: 'TaxRuleList' });

export const taxRuleParamsSchema = z.object({
  websiteId: z.string().min(1).max(100),
  ruleId: z.string().uuid('Not a tax rule id.'),
});
