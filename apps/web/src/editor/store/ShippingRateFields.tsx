import type { WeightUnit } from '@atelier/contract';
import { useId, useState } from 'react';
import { Button, Select, TextArea, TextField } from '../ui/index.ts';
import {
  type RateDraft,
  type TierDraft,
  WORLD_COUNTRY_CODES,
  type ZoneDraft,
} from './shipping-rate-draft.ts';

// The shipping rate dialog's fields: kind and price, weight tiers, pickup place, and the
// zone (everywhere, or chosen countries with optional regions). State lives with the
// caller; this renders the draft and reports edits.

export const KIND_LABELS: Record<RateDraft['kind'], string> = {
  flat: 'Flat rate',
  free_over: 'Free over a subtotal',
  by_weight: 'By weight',
  pickup: 'Local pickup',
};

const regionNames = (locale: string) => {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    return null;
  }
};

export function countryName(code: string, locale = 'en'): string {
  return regionNames(locale)?.of(code) ?? code;
}

/** The first server message about `prefix` or one of its items (weightTiers.1.upToGrams). */
const errorUnder = (errors: Record<string, string>, prefix: string) =>
  Object.entries(errors).find(([key]) => key === prefix || key.startsWith(`${prefix}.`))?.[1];

export function ShippingRateFields({
  draft,
  onChange,
  errors,
  currency,
  weightUnit,
  hasLegacyPerKg,
}: {
  draft: RateDraft;
  onChange: (patch: Partial<RateDraft>) => void;
  errors: Record<string, string>;
  currency: string;
  weightUnit: WeightUnit;
  /** An older by-weight rate priced per kilogram: its fields stay until tiers replace them. */
  hasLegacyPerKg: boolean;
}) {
  return (
    <div className="store-form">
      <TextField
        label="Name"
        value={draft.name}
        maxLength={100}
        error={errors.name}
        hint={
          draft.kind === 'pickup'
            ? 'Shoppers see it at checkout, e.g. "Pick up in store".'
            : undefined
        }
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <Select
        label="Kind"
        value={draft.kind}
        error={errors.kind}
        onChange={(event) => onChange({ kind: event.target.value as RateDraft['kind'] })}
      >
        {Object.entries(KIND_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
      {draft.kind === 'flat' || draft.kind === 'pickup' ? (
        <TextField
          label={`Price (${currency})`}
          inputMode="decimal"
          value={draft.price}
          hint={draft.kind === 'pickup' ? 'Usually 0: pickup is free.' : undefined}
          error={errors.priceCents}
          onChange={(event) => onChange({ price: event.target.value })}
        />
      ) : null}
      {draft.kind === 'free_over' ? (
        <TextField
          label={`Free from a subtotal of (${currency})`}
          inputMode="decimal"
          value={draft.minSubtotal}
          error={errors.minSubtotalCents}
          onChange={(event) => onChange({ minSubtotal: event.target.value })}
        />
      ) : null}
      {draft.kind === 'by_weight' ? (
        <TierEditor
          tiers={draft.tiers}
          onChange={(tiers) => onChange({ tiers })}
          error={errorUnder(errors, 'weightTiers')}
          currency={currency}
          weightUnit={weightUnit}
        />
      ) : null}
      {draft.kind === 'by_weight' && hasLegacyPerKg ? (
        <>
          <TextField
            label={`Base price (${currency})`}
            inputMode="decimal"
            value={draft.price}
            error={errors.priceCents}
            hint="This rate is priced per kilogram until you fill in the tiers above."
            onChange={(event) => onChange({ price: event.target.value })}
          />
          <TextField
            label={`Price per started kilogram (${currency})`}
            inputMode="decimal"
            value={draft.perKg}
            error={errors.perKgCents}
            onChange={(event) => onChange({ perKg: event.target.value })}
          />
        </>
      ) : null}
      {draft.kind === 'pickup' ? (
        <>
          <TextField
            label="Pickup location"
            value={draft.pickupLocation}
            maxLength={200}
            error={errors.pickupLocation}
            hint="The shop or studio name shoppers collect from."
            onChange={(event) => onChange({ pickupLocation: event.target.value })}
          />
          <TextArea
            label="Pickup address"
            value={draft.pickupAddress}
            maxLength={500}
            rows={2}
            error={errors.pickupAddress}
            onChange={(event) => onChange({ pickupAddress: event.target.value })}
          />
          <TextArea
            label="Pickup instructions"
            value={draft.pickupInstructions}
            maxLength={1000}
            rows={2}
            error={errors.pickupInstructions}
            hint="Opening hours, what to bring. Shown at checkout."
            onChange={(event) => onChange({ pickupInstructions: event.target.value })}
          />
        </>
      ) : (
        <ZoneEditor
          isEverywhere={draft.isEverywhere}
          zone={draft.zone}
          error={errorUnder(errors, 'zone')}
          onChange={(patch) => onChange(patch)}
        />
      )}
    </div>
  );
}

function TierEditor({
  tiers,
  onChange,
  error,
  currency,
  weightUnit,
}: {
  tiers: TierDraft[];
  onChange: (tiers: TierDraft[]) => void;
  error: string | undefined;
  currency: string;
  weightUnit: WeightUnit;
}) {
  const id = useId();
  const set = (at: number, patch: Partial<TierDraft>) =>
    onChange(tiers.map((tier, index) => (index === at ? { ...tier, ...patch } : tier)));
  return (
    <fieldset className="store-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Weight tiers</legend>
      <p className="field__hint">
        Each tier covers orders up to its weight; the last one covers everything heavier.
      </p>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <ol className="store-tiers">
        {tiers.map((tier, index) => {
          const isLast = index === tiers.length - 1;
          const from = index === 0 ? '0' : tiers[index - 1]?.upTo || '…';
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: tier rows have no identity but their place
            <li key={index} className="store-tiers__row">
              {isLast ? (
                <p className="store-tiers__open">
                  Over {from} {weightUnit}
                </p>
              ) : (
                <TextField
                  label={`Tier ${index + 1}: up to (${weightUnit})`}
                  inputMode="decimal"
                  value={tier.upTo}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => set(index, { upTo: event.target.value })}
                />
              )}
              <TextField
                label={
                  isLast ? `Price over ${from} ${weightUnit} (${currency})` : `Price (${currency})`
                }
                inputMode="decimal"
                value={tier.price}
                onChange={(event) => set(index, { price: event.target.value })}
              />
              {tiers.length > 1 && !isLast ? (
                <Button
                  size="sm"
                  onClick={() => onChange(tiers.filter((_, at) => at !== index))}
                  aria-label={`Remove tier ${index + 1}`}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
      <Button
        size="sm"
        onClick={() =>
          onChange([...tiers.slice(0, -1), { upTo: '', price: '' }, ...tiers.slice(-1)])
        }
      >
        Add tier
      </Button>
    </fieldset>
  );
}

function ZoneEditor({
  isEverywhere,
  zone,
  error,
  onChange,
}: {
  isEverywhere: boolean;
  zone: ZoneDraft[];
  error: string | undefined;
  onChange: (patch: { isEverywhere?: boolean; zone?: ZoneDraft[] }) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const chosen = new Set(zone.map((place) => place.country));
  const query = search.trim().toLowerCase();
  const matches = WORLD_COUNTRY_CODES.map((code) => ({ code, name: countryName(code) }))
    .filter(
      ({ code, name }) =>
        !query || name.toLowerCase().includes(query) || code.toLowerCase() === query,
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  const toggle = (code: string) =>
    onChange({
      zone: chosen.has(code)
        ? zone.filter((place) => place.country !== code)
        : [...zone, { country: code, regions: '' }],
    });
  return (
    <fieldset className="store-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Ships to</legend>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <div className="store-choices">
        <label className="field--check">
          <input
            type="radio"
            name={`${id}-where`}
            checked={isEverywhere}
            onChange={() => onChange({ isEverywhere: true })}
          />{' '}
          Everywhere
        </label>
        <label className="field--check">
          <input
            type="radio"
            name={`${id}-where`}
            checked={!isEverywhere}
            onChange={() => onChange({ isEverywhere: false })}
          />{' '}
          Chosen countries and regions
        </label>
      </div>
      {isEverywhere ? null : (
        <>
          {zone.length > 0 ? (
            <ul className="store-zone" aria-label="Chosen countries">
              {zone.map((place) => (
                <li key={place.country} className="store-zone__place">
                  <TextField
                    label={`Regions of ${countryName(place.country)} (optional)`}
                    value={place.regions}
                    hint="State or province codes, separated by commas (CA, OR). Leave empty for the whole country."
                    onChange={(event) =>
                      onChange({
                        zone: zone.map((p) =>
                          p.country === place.country ? { ...p, regions: event.target.value } : p,
                        ),
                      })
                    }
                  />
                  <Button
                    size="sm"
                    onClick={() => toggle(place.country)}
                    aria-label={`Remove ${countryName(place.country)}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="field__hint">No country chosen yet.</p>
          )}
          <TextField
            label="Search countries"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <fieldset className="store-countries">
            <legend className="visually-hidden">Countries</legend>
            {matches.length === 0 ? <p className="field__hint">No country matches.</p> : null}
            {matches.map(({ code, name }) => (
              <label key={code} className="field--check">
                <input
                  type="checkbox"
                  className="ui-checkbox"
                  checked={chosen.has(code)}
                  onChange={() => toggle(code)}
                />{' '}
                {name}
              </label>
            ))}
          </fieldset>
        </>
      )}
    </fieldset>
  );
}
