import type { ShippingRate, ShippingRateInput, WeightUnit } from '@atelier/contract';
// Shared with the product editor: a product's weight meets these tiers at checkout.
import { fromGrams, toGrams } from '../shipping-units.ts';

// The shipping rate dialog's draft and its two conversions (rate → draft on open, draft →
// API input on save). Pure, so the units arithmetic is tested without a browser. Text
// the merchant typed that does not read as a number goes to the server as NaN (null in
// JSON), and the server's message names the field.

/** ISO 3166-1 alpha-2, plus Kosovo (XK) which shops ship to under that code. */
export const WORLD_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO ' +
  'BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ ' +
  'DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP ' +
  'GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG ' +
  'KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML ' +
  'MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE ' +
  'PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL ' +
  'SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM ' +
  'US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

export type ZoneDraft = { country: string; regions: string };
export type TierDraft = { upTo: string; price: string };

export type RateDraft = {
  name: string;
  kind: ShippingRate['kind'];
  price: string;
  minSubtotal: string;
  perKg: string;
  isEverywhere: boolean;
  zone: ZoneDraft[];
  tiers: TierDraft[];
  pickupLocation: string;
  pickupAddress: string;
  pickupInstructions: string;
};

/** Two tiers to start from: the shape a merchant fills in most often. */
const startingTiers = (): TierDraft[] => [
  { upTo: '', price: '' },
  { upTo: '', price: '' },
];

export const emptyDraft = (): RateDraft => ({
  name: '',
  kind: 'flat',
  price: '',
  minSubtotal: '',
  perKg: '',
  isEverywhere: true,
  zone: [],
  tiers: startingTiers(),
  pickupLocation: '',
  pickupAddress: '',
  pickupInstructions: '',
});

type Money = {
  /** Minor units → the decimal the merchant edits. */
  decimal: (cents: number | null) => string;
  /** The decimal typed → minor units, NaN when unreadable. */
  cents: (text: string) => number;
};

export function draftOf(rate: ShippingRate, unit: WeightUnit, money: Money): RateDraft {
  return {
    name: rate.name,
    kind: rate.kind,
    price: money.decimal(rate.priceCents),
    minSubtotal: money.decimal(rate.minSubtotalCents),
    perKg: money.decimal(rate.perKgCents),
    isEverywhere: rate.zone === null,
    zone: (rate.zone ?? []).map((place) => ({
      country: place.country,
      regions: place.regions.join(', '),
    })),
    tiers: rate.weightTiers?.length
      ? rate.weightTiers.map((tier) => ({
          upTo: tier.upToGrams === null ? '' : fromGrams(tier.upToGrams, unit),
          price: money.decimal(tier.priceCents),
        }))
      : startingTiers(),
    pickupLocation: rate.pickupLocation ?? '',
    pickupAddress: rate.pickupAddress ?? '',
    pickupInstructions: rate.pickupInstructions ?? '',
  };
}

/**
 * The API input. A by-weight rate saved from the dialog is priced by tiers (the last
 * open-ended); an older per-kg rate stays per-kg until the merchant adds tier limits.
 */
export function inputOf(draft: RateDraft, unit: WeightUnit, money: Money): ShippingRateInput {
  const isWeight = draft.kind === 'by_weight';
  const hasTiers = isWeight && draft.tiers.some((tier) => tier.upTo.trim() || tier.price.trim());
  return {
    name: draft.name,
    kind: draft.kind,
    priceCents: draft.kind === 'free_over' || hasTiers ? 0 : money.cents(draft.price),
    minSubtotalCents: draft.kind === 'free_over' ? money.cents(draft.minSubtotal) : null,
    perKgCents: isWeight && !hasTiers && draft.perKg.trim() ? money.cents(draft.perKg) : null,
    weightTiers: hasTiers
      ? draft.tiers.map((tier, index) => ({
          upToGrams:
            index === draft.tiers.length - 1 && !tier.upTo.trim() ? null : toGrams(tier.upTo, unit),
          priceCents: money.cents(tier.price),
        }))
      : null,
    zone:
      draft.kind === 'pickup' || draft.isEverywhere
        ? null
        : draft.zone.map((place) => ({
            country: place.country,
            regions: place.regions
              .split(',')
              .map((region) => region.trim())
              .filter(Boolean),
          })),
    pickupLocation: draft.kind === 'pickup' ? draft.pickupLocation : null,
    pickupAddress: draft.kind === 'pickup' ? draft.pickupAddress : null,
    pickupInstructions: draft.kind === 'pickup' ? draft.pickupInstructions : null,
  };
}
