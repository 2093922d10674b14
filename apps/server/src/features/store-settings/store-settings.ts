import type {
  ShippingRate,
  ShippingRateInput,
  StoreAddress,
  StoreSettings,
  StoreSettingsUpdate,
  TaxRule,
  TaxRuleInput,
} from '@atelier/contract';
import { type Kysely, sql } from 'kysely';
import type { DB, ShippingOptionRow, TaxRuleRow, WebsiteRow } from '../../db/db-types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail } from '../../http/errors.ts';

// Store settings (issue 19): the website's currency and formats, and the shipping options
// and tax rules checkout prices with (checkout-totals.ts reads the same rows). The demo
// store's rows are ordinary rows: the merchant edits or deletes them like any other.
//
// Changing the store currency is allowed, as Shopify allows it: prices keep their minor
// units (1999 cents of USD become 19.99 EUR), which the admin screen warns about before
// saving. Carts and checkouts read the currency when they are priced, so an open cart
// shows the new currency on its next read; placed orders keep the currency they stored.

export type StoreSettingsService = ReturnType<typeof createStoreSettings>;

type Parsed<T> = Required<{ [K in keyof T]: Exclude<T[K], undefined> }>;

export function createStoreSettings({
  db,
  onPublicChange = () => {},
}: {
  db: Kysely<DB>;
  /** Prices on public pages show the currency: the page cache drops them. */
  onPublicChange?: (websiteId: string) => void;
}) {
  async function optionsOf(websiteId: string): Promise<ShippingRate[]> {
    const rows = await db
      .selectFrom('shipping_options')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('display_index')
      .orderBy('option_id')
      .execute();
    return rows.map(toShippingOption);
  }

  return {
    async getSettings(websiteId: string): Promise<StoreSettings> {
      const row = await db
        .selectFrom('websites')
        .selectAll()
        .where('website_id', '=', websiteId)
        .executeTakeFirstOrThrow();
      return toSettings(row);
    },

    async updateSettings(websiteId: string, patch: StoreSettingsUpdate): Promise<StoreSettings> {
      const row = await db
        .updateTable('websites')
        .set({
          ...(patch.storeCurrency !== undefined && { store_currency: patch.storeCurrency }),
          ...(patch.useCLDRMoneyFormat !== undefined && {
            use_cldr_money_format: patch.useCLDRMoneyFormat,
          }),
          ...(patch.language !== undefined && { language: patch.language }),
          ...(patch.timeZone !== undefined && { time_zone: patch.timeZone }),
          ...(patch.multipleQuantityAllowedForServices !== undefined && {
            multiple_quantity_allowed_for_services: patch.multipleQuantityAllowedForServices,
          }),
          ...(patch.pricesIncludeTax !== undefined && {
            prices_include_tax: patch.pricesIncludeTax,
          }),
          ...(patch.weightUnit !== undefined && { weight_unit: patch.weightUnit }),
          ...(patch.sizeUnit !== undefined && { size_unit: patch.sizeUnit }),
          ...(patch.notificationEmail !== undefined && {
            notification_email: patch.notificationEmail || null,
          }),
          ...(patch.storeAddress !== undefined && {
            store_address: storeAddressColumn(patch.storeAddress),
          }),
          updated_at: new Date(),
        })
        .where('website_id', '=', websiteId)
        .returningAll()
        .executeTakeFirstOrThrow();
      onPublicChange(websiteId);
      return toSettings(row);
    },

    listShippingOptions: optionsOf,

    /** A new option is offered last. */
    async createShippingOption(
      websiteId: string,
      input: Parsed<ShippingRateInput>,
    ): Promise<ShippingRate> {
      const row = await db
        .insertInto('shipping_options')
        .values({
          website_id: websiteId,
          ...shippingColumns(input),
          display_index: sql<number>`(
            select coalesce(max(display_index) + 1, 0) from shipping_options
            where website_id = ${websiteId})`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toShippingOption(row);
    },

    async updateShippingOption(
      websiteId: string,
      optionId: string,
      input: Parsed<ShippingRateInput>,
    ): Promise<ShippingRate> {
      const row = await db
        .updateTable('shipping_options')
        .set(shippingColumns(input))
        .where('website_id', '=', websiteId)
        .where('option_id', '=', optionId)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFoundOption();
      return toShippingOption(row);
    },

    /**
     * An open checkout that chose the option loses the choice (checkout offers the
     * remaining ones); placed orders keep the option's name and price they stored.
     */
    async deleteShippingOption(websiteId: string, optionId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('shipping_options')
          .where('website_id', '=', websiteId)
          .where('option_id', '=', optionId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) throw notFoundOption();
        await trx
          .updateTable('checkouts')
          .set({ shipping_option_id: null, updated_at: new Date() })
          .where('website_id', '=', websiteId)
          .where('shipping_option_id', '=', optionId)
          .where('status', '=', 'open')
          .execute();
      });
    },

    /** The whole order at once, so two admins reordering never interleave half-orders. */
    async reorderShippingOptions(
      websiteId: string,
      optionIds: readonly string[],
    ): Promise<ShippingRate[]> {
      await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('shipping_options')
          .select('option_id')
          .where('website_id', '=', websiteId)
          .forUpdate()
          .execute();
        const known = new Set(current.map((row) => row.option_id));
        if (known.size !== optionIds.length || optionIds.some((id) => !known.has(id))) {
          throw fail(
            'SHIPPING_ORDER_INVALID',
            'The list of shipping rates changed meanwhile: reload and try again.',
          );
        }
        for (const [index, optionId] of optionIds.entries()) {
          await trx
            .updateTable('shipping_options')
            .set({ display_index: index })
            .where('website_id', '=', websiteId)
            .where('option_id', '=', optionId)
            .execute();
        }
      });
      return optionsOf(websiteId);
    },

    async listTaxRules(websiteId: string): Promise<TaxRule[]> {
      const rows = await db
        .selectFrom('tax_rules')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('country')
        .orderBy(sql`coalesce(region, '')`)
        .execute();
      return rows.map(toTaxRule);
    },

    async createTaxRule(websiteId: string, input: Parsed<TaxRuleInput>): Promise<TaxRule> {
      await refuseDuplicatePlace(websiteId, input, null);
      const row = await db
        .insertInto('tax_rules')
        .values({ website_id: websiteId, ...taxColumns(input) })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(duplicatePlace(input));
      return toTaxRule(row);
    },

    async updateTaxRule(
      websiteId: string,
      ruleId: string,
      input: Parsed<TaxRuleInput>,
    ): Promise<TaxRule> {
      await refuseDuplicatePlace(websiteId, input, ruleId);
      const row = await db
        .updateTable('tax_rules')
        .set(taxColumns(input))
        .where('website_id', '=', websiteId)
        .where('rule_id', '=', ruleId)
        .returningAll()
        .executeTakeFirst()
        .catch(duplicatePlace(input));
      if (!row) throw fail('TAX_RULE_NOT_FOUND', 'This tax rule no longer exists.');
      return toTaxRule(row);
    },

    async deleteTaxRule(websiteId: string, ruleId: string): Promise<void> {
      const deleted = await db
        .deleteFrom('tax_rules')
        .where('website_id', '=', websiteId)
        .where('rule_id', '=', ruleId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) {
        throw fail('TAX_RULE_NOT_FOUND', 'This tax rule no longer exists.');
      }
    },
  };

  /**
   * Checked before writing so the merchant reads which place is taken; the unique index
   * (tax_rules_place) still guards a race between two admins.
   */
  async function refuseDuplicatePlace(
    websiteId: string,
    input: { country: string; region: string | null },
    exceptRuleId: string | null,
  ) {
    let query = db
      .selectFrom('tax_rules')
      .select('rule_id')
      .where('website_id', '=', websiteId)
      .where('country', '=', input.country)
      .where(sql<boolean>`coalesce(region, '') = ${input.region || ''}`);
    if (exceptRuleId) query = query.where('rule_id', '<>', exceptRuleId);
    if (await query.executeTakeFirst()) throw placeTaken(input);
  }

  /** Two admins adding the same place at once: the index refuses the second, as a 409. */
  function duplicatePlace(input: { country: string; region: string | null }) {
    return (error: unknown): never => {
      throw isUniqueViolation(error) ? placeTaken(input) : error;
    };
  }

  function placeTaken(input: { country: string; region: string | null }) {
    const place = input.region ? `${input.region}, ${input.country}` : input.country;
    return fail('TAX_RULE_EXISTS', `There is already a tax rule for ${place}: edit that one.`, {
      region: `There is already a tax rule for ${place}.`,
    });
  }
}

const notFoundOption = () =>
  fail('SHIPPING_OPTION_NOT_FOUND', 'This shipping rate no longer exists.');

/** An address with every field empty is no address. */
function storeAddressColumn(address: StoreAddress | null): string | null {
  if (!address || Object.values(address).every((value) => !value)) return null;
  return JSON.stringify(address);
}

function shippingColumns(input: Parsed<ShippingRateInput>) {
  const isPickup = input.kind === 'pickup';
  const tiers = input.kind === 'by_weight' && input.weightTiers?.length ? input.weightTiers : null;
  return {
    name: input.name,
    kind: input.kind,
    price_cents: input.priceCents,
    // Only the kind's own fields are kept, so a flat rate never carries a stale threshold.
    min_subtotal_cents: input.kind === 'free_over' ? input.minSubtotalCents : null,
    // Tiers replace the per-kg price; a by-weight rate keeps one way of pricing.
    per_kg_cents: input.kind === 'by_weight' && !tiers ? input.perKgCents : null,
    weight_tiers: tiers ? JSON.stringify(tiers) : null,
    // A pickup is offered whatever the address: a zone on it would only mislead.
    zone: !isPickup && input.zone ? JSON.stringify(input.zone) : null,
    pickup_location: isPickup ? input.pickupLocation || null : null,
    pickup_address: isPickup ? input.pickupAddress || null : null,
    pickup_instructions: isPickup ? input.pickupInstructions || null : null,
  };
}

function taxColumns(input: Parsed<TaxRuleInput>) {
  return {
    country: input.country,
    region: input.region || null,
    rate_bp: input.rateBp,
    applies_to_shipping: input.appliesToShipping,
  };
}

function toSettings(row: WebsiteRow): StoreSettings {
  return {
    storeCurrency: row.store_currency,
    useCLDRMoneyFormat: row.use_cldr_money_format,
    language: row.language,
    timeZone: row.time_zone,
    multipleQuantityAllowedForServices: row.multiple_quantity_allowed_for_services,
    pricesIncludeTax: row.prices_include_tax,
    weightUnit: row.weight_unit,
    sizeUnit: row.size_unit,
    notificationEmail: row.notification_email,
    storeAddress: row.store_address,
  };
}

function toShippingOption(row: ShippingOptionRow): ShippingRate {
  return {
    id: row.option_id,
    name: row.name,
    kind: row.kind,
    priceCents: row.price_cents,
    minSubtotalCents: row.min_subtotal_cents,
    perKgCents: row.per_kg_cents,
    weightTiers: row.weight_tiers,
    zone: row.zone,
    pickupLocation: row.pickup_location,
    pickupAddress: row.pickup_address,
    pickupInstructions: row.pickup_instructions,
    displayIndex: row.display_index,
  };
}

function toTaxRule(row: TaxRuleRow): TaxRule {
  return {
    id: row.rule_id,
    country: row.country.trim(),
    region: row.region,
    rateBp: row.rate_bp,
    appliesToShipping: row.applies_to_shipping,
  };
}
