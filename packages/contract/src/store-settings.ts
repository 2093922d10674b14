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

export const weightUnits = ['kg', 'lb', 'oz', 'g'] as const;
export type WeightUnit = (typeof weightUnits)[number];
export const sizeUnits = ['cm', 'in'] as const;
export type SizeUnit = (typeof sizeUnits)[number];

/** Where the store is: shown in the footer of order emails. */
export const storeAddressSchema = z
  .object({
    name: z.string().trim().max(200, 'Keep the name under 200 characters.'),
    line1: z.string().trim().max(200, 'Keep the address under 200 characters.'),
    line2: z.string().trim().max(200, 'Keep the address under 200 characters.'),
    city: z.string().trim().max(100, 'Keep the city under 100 characters.'),
    region: z.string().trim().max(100, 'Keep the region under 100 characters.'),
    postalCode: z.string().trim().max(20, 'Keep the postal code under 20 characters.'),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, 'Choose a country.'),
  })
  .meta({ id: 'StoreAddress' });
export type StoreAddress = z.infer<typeof storeAddressSchema>;

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
    /** Prices already contain the tax (VAT style): checkout shows the tax inside the total. */
    pricesIncludeTax: z.boolean(),
    /** How product weights are shown and typed in the admin; stored in grams. */
    weightUnit: z.enum(weightUnits, { error: 'Choose kg, lb, oz or g.' }),
    /** How product dimensions are shown and typed in the admin. */
    sizeUnit: z.enum(sizeUnits, { error: 'Choose cm or in.' }),
    /** Where new-order emails go; null sends them to the owner's email. */
    notificationEmail: z
      .string()
      .trim()
      .max(256)
      .refine(
        (value) => value === '' || z.email().safeParse(value).success,
        'Enter an email address such as orders@example.com.',
      )
      .nullable(),
    storeAddress: storeAddressSchema.nullable(),
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

export const shippingOptionKinds = ['flat', 'free_over', 'by_weight', 'pickup'] as const;

const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use two-letter country codes (for example US or FR).');

/**
 * Where a rate ships: each country, optionally only some of its regions (state or
 * province codes as shoppers type them, e.g. CA or NY; compared without case). A
 * country with no regions covers all of it. null on the rate means everywhere.
 */
export const shippingZoneSchema = z
  .array(
    z.object({
      country: countryCode,
      regions: z
        .array(z.string().trim().min(1).max(100, 'Keep each region under 100 characters.'))
        .max(200)
        .default([]),
    }),
  )
  .min(1, 'Choose at least one country, or ship everywhere.')
  .max(250)
  .refine(
    (zone) => new Set(zone.map((place) => place.country)).size === zone.length,
    'A country is listed twice.',
  );
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

/** by_weight: up to `upToGrams` (inclusive) costs `priceCents`; the last tier has no limit. */
export const weightTierSchema = z.object({
  upToGrams: z
    .number({ error: 'Enter the weight limit as a number.' })
    .int('The weight limit is in whole grams.')
    .positive('The weight limit must be more than 0.')
    .max(100_000_000, 'The weight limit is too large.')
    .nullable(),
  priceCents: centsField('tier price'),
});
export type WeightTier = z.infer<typeof weightTierSchema>;

const optionalText = (max: number, what: string) =>
  z.string().trim().max(max, `Keep the ${what} under ${max} characters.`).nullable().default(null);

const shippingOptionFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the shipping rate a name.')
    .max(100, 'Keep the name under 100 characters.'),
  /**
   * flat: `priceCents` always; free_over: free once the subtotal reaches
   * `minSubtotalCents` (not offered below it); by_weight: the tier the cart's weight
   * falls in, or (rates without tiers) `priceCents` plus `perKgCents` for each started
   * kilogram; pickup: `priceCents` (usually 0) to collect at `pickupLocation`.
   */
  kind: z.enum(shippingOptionKinds, {
    error: 'Choose flat, free over a subtotal, by weight or pickup.',
  }),
  priceCents: centsField('price'),
  minSubtotalCents: centsField('minimum subtotal').nullable().default(null),
  perKgCents: centsField('price per kg').nullable().default(null),
  weightTiers: z.array(weightTierSchema).max(50).nullable().default(null),
  /** null: offered whatever the address. Pickup is always offered, so it has none. */
  zone: shippingZoneSchema.nullable().default(null),
  pickupLocation: optionalText(200, 'pickup location'),
  pickupAddress: optionalText(500, 'pickup address'),
  pickupInstructions: optionalText(1000, 'pickup instructions'),
});

function checkKind(
  option: {
    kind?: string;
    minSubtotalCents?: number | null;
    perKgCents?: number | null;
    weightTiers?: readonly { upToGrams: number | null }[] | null;
    pickupLocation?: string | null;
  },
  context: z.RefinementCtx,
) {
  if (option.kind === 'free_over' && option.minSubtotalCents == null) {
    context.addIssue({
      code: 'custom',
      path: ['minSubtotalCents'],
      message: 'Enter the subtotal from which shipping is free.',
    });
  }
  const tiers = option.weightTiers ?? [];
  if (option.kind === 'by_weight' && option.perKgCents == null && tiers.length === 0) {
    context.addIssue({
      code: 'custom',
      path: ['weightTiers'],
      message: 'Add at least one weight tier.',
    });
  }
  if (option.kind === 'by_weight' && tiers.length > 0) {
    const problem = weightTierProblem(tiers);
    if (problem) context.addIssue({ code: 'custom', path: ['weightTiers'], message: problem });
  }
  if (option.kind === 'pickup' && !option.pickupLocation) {
    context.addIssue({
      code: 'custom',
      path: ['pickupLocation'],
      message: 'Enter where shoppers pick up their order.',
    });
  }
}

/** Tiers go up in weight and only the last one is open-ended. Shared with the editor. */
export function weightTierProblem(tiers: readonly { upToGrams: number | null }[]): string | null {
  for (const [index, tier] of tiers.entries()) {
    const isLast = index === tiers.length - 1;
    if (isLast && tier.upToGrams !== null) {
      return 'Leave the last tier without a limit, so heavier orders can still ship.';
    }
    if (!isLast && tier.upToGrams === null) return 'Only the last tier can be without a limit.';
    const previous = tiers[index - 1]?.upToGrams;
    if (tier.upToGrams !== null && previous != null && tier.upToGrams <= previous) {
      return 'Each tier must go up to more than the one before it.';
    }
  }
  return null;
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
