import type {
  CheckoutPreferences,
  InstallmentPreferences,
  ShippingRate,
  SizeUnit,
  StoreAddress,
  StoreSettings,
  TaxRule,
  TaxRuleInput,
  WeightUnit,
} from '@atelier/contract';
import {
  CURRENCIES,
  type CurrencyCode,
  decimalToMinorUnits,
  formatMoney,
  INSTALLMENT_RANGE_CENTS,
  installmentOffer,
  isCurrencyCode,
  money,
  toDecimalString,
} from '@atelier/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorText } from '../api/client.ts';
import { storeSettingsApi as api } from '../api/store-settings-client.ts';
import { fromGrams } from '../shipping-units.ts';
import {
  Button,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  Dialog,
  EmptyState,
  Select,
  Skeleton,
  Switch,
  Tabs,
  TextField,
  useToast,
} from '../ui/index.ts';
import { countryName, KIND_LABELS, ShippingRateFields } from './ShippingRateFields.tsx';
import { draftOf, emptyDraft, inputOf, type RateDraft } from './shipping-rate-draft.ts';
import './store.css';

// The Store screen (issue 19): the store's currency and formats, its shipping rates and
// its tax rules, for admins and store managers (the server refuses editors too). Every
// change is saved by the staff API; its field messages show beside the fields.

type Tab = 'general' | 'shipping' | 'taxes' | 'checkout' | 'installments';

const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? error.fields : {};

export function StoreScreen() {
  const [tab, setTab] = useState<Tab>('general');
  const [settings, setSettings] = useState<StoreSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(() => {
    setLoadError(null);
    api
      .settings()
      .then(setSettings)
      .catch((error: unknown) => setLoadError(errorText(error)));
  }, []);
  useEffect(load, [load]);

  const currency: CurrencyCode =
    settings && isCurrencyCode(settings.storeCurrency) ? settings.storeCurrency : 'USD';
  return (
    <div className="screen store-screen">
      <div className="screen-header">
        <div>
          <h1>Store</h1>
          <p className="screen-header__lead">
            The store's currency and formats, how orders are shipped and how they are taxed.
          </p>
        </div>
      </div>
      {loadError ? (
        <EmptyState
          title="The store settings could not be loaded"
          action={<Button onClick={load}>Try again</Button>}
        >
          {loadError}
        </EmptyState>
      ) : settings === null ? (
        <Skeleton lines={4} label="Loading store settings…" />
      ) : (
        <Tabs
          label="Store settings"
          value={tab}
          onValueChange={setTab}
          items={[
            {
              value: 'general',
              label: 'General',
              content: <GeneralSettings settings={settings} onSaved={setSettings} />,
            },
            {
              value: 'shipping',
              label: 'Shipping',
              content: <ShippingRates currency={currency} weightUnit={settings.weightUnit} />,
            },
            {
              value: 'taxes',
              label: 'Taxes',
              content: <TaxRules settings={settings} onSaved={setSettings} />,
            },
            {
              value: 'checkout',
              label: 'Checkout',
              content: <CheckoutSettings currency={currency} />,
            },
            {
              value: 'installments',
              label: 'Installments',
              content: <InstallmentSettings settings={settings} currency={currency} />,
            },
          ]}
        />
      )}
    </div>
  );
}

// Spelled here, as types keep them equal to the contract's: the editor loads no zod.
const WEIGHT_UNITS: readonly WeightUnit[] = ['kg', 'lb', 'oz', 'g'];
const SIZE_UNITS: readonly SizeUnit[] = ['cm', 'in'];
const EMPTY_STORE_ADDRESS: StoreAddress = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
};
const STORE_ADDRESS_FIELDS: readonly [keyof StoreAddress, string][] = [
  ['name', 'Business name'],
  ['line1', 'Address'],
  ['line2', 'Apartment, suite (optional)'],
  ['city', 'City'],
  ['region', 'State or region'],
  ['postalCode', 'Postal code'],
  ['country', 'Country code (e.g. US)'],
];

function GeneralSettings({
  settings,
  onSaved,
}: {
  settings: StoreSettings;
  onSaved: (settings: StoreSettings) => void;
}) {
  const toast = useToast();
  const [draft, setDraft] = useState(settings);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  // Only what changed is sent: a PUT of nothing is not made at all.
  const changed = Object.fromEntries(
    Object.entries(draft).filter(([key, value]) => settings[key as keyof StoreSettings] !== value),
  ) as Partial<StoreSettings>;
  const hasChanges = Object.keys(changed).length > 0;

  async function save() {
    setIsConfirming(false);
    setIsBusy(true);
    setErrors({});
    setNotice('');
    try {
      const saved = await api.updateSettings(changed);
      onSaved(saved);
      setDraft(saved);
      toast('Store settings saved.');
    } catch (error) {
      setErrors(fieldErrors(error));
      setNotice(errorText(error));
    } finally {
      setIsBusy(false);
    }
  }

  const set = <K extends keyof StoreSettings>(key: K, value: StoreSettings[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const sample = isCurrencyCode(draft.storeCurrency)
    ? formatMoney(money(123456, draft.storeCurrency), {
        useCLDRMoneyFormat: draft.useCLDRMoneyFormat,
        locale: draft.language,
      })
    : '';
  return (
    <Card>
      <form
        className="store-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (changed.storeCurrency !== undefined) setIsConfirming(true);
          else void save();
        }}
      >
        <Select
          label="Store currency"
          value={draft.storeCurrency}
          error={errors.storeCurrency}
          onChange={(event) => set('storeCurrency', event.target.value)}
        >
          {CURRENCIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} — {c.name}
            </option>
          ))}
        </Select>
        <Switch
          label="Format prices for the shopper's locale (CLDR)"
          checked={draft.useCLDRMoneyFormat}
          onCheckedChange={(checked) => set('useCLDRMoneyFormat', checked)}
          hint={`Prices look like this: ${sample}`}
        />
        <TextField
          label="Language"
          value={draft.language}
          hint="A language tag such as en-US, fr-FR or de-DE."
          error={errors.language}
          onChange={(event) => set('language', event.target.value)}
        />
        <TextField
          label="Time zone"
          value={draft.timeZone}
          hint="Such as Europe/Paris or America/New_York."
          error={errors.timeZone}
          onChange={(event) => set('timeZone', event.target.value)}
        />
        <Switch
          label="Shoppers may buy more than one of a service"
          checked={draft.multipleQuantityAllowedForServices}
          onCheckedChange={(checked) => set('multipleQuantityAllowedForServices', checked)}
        />
        <div className="store-form__pair">
          <Select
            label="Weight unit"
            value={draft.weightUnit}
            error={errors.weightUnit}
            onChange={(event) =>
              set('weightUnit', event.target.value as StoreSettings['weightUnit'])
            }
          >
            {WEIGHT_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </Select>
          <Select
            label="Size unit"
            value={draft.sizeUnit}
            error={errors.sizeUnit}
            onChange={(event) => set('sizeUnit', event.target.value as StoreSettings['sizeUnit'])}
          >
            {SIZE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </Select>
        </div>
        <TextField
          label="Order notification email"
          type="email"
          value={draft.notificationEmail ?? ''}
          hint="New-order emails go here. Leave empty to send them to the owner's email."
          error={errors.notificationEmail}
          onChange={(event) => set('notificationEmail', event.target.value)}
        />
        <fieldset className="store-fieldset">
          <legend>Store address</legend>
          <p className="field__hint">Shown at the foot of order emails.</p>
          {STORE_ADDRESS_FIELDS.map(([key, label]) => (
            <TextField
              key={key}
              label={label}
              value={draft.storeAddress?.[key] ?? ''}
              error={errors[`storeAddress.${key}`]}
              onChange={(event) =>
                set('storeAddress', {
                  ...(draft.storeAddress ?? EMPTY_STORE_ADDRESS),
                  [key]: event.target.value,
                })
              }
            />
          ))}
        </fieldset>
        <p className={notice ? 'notice notice--error' : 'notice'} role="status">
          {notice}
        </p>
        <div className="store-form__actions">
          <Button type="submit" variant="primary" disabled={!hasChanges || isBusy}>
            Save
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={`Switch the store to ${draft.storeCurrency}?`}
        description={`Prices keep their numbers: a product at 19.99 ${settings.storeCurrency} will cost 19.99 ${draft.storeCurrency}. Open carts show the new currency; placed orders keep theirs. Review your prices after switching.`}
        confirmLabel={`Switch to ${draft.storeCurrency}`}
        isBusy={isBusy}
        onConfirm={() => void save()}
      />
    </Card>
  );
}

function ShippingRates({
  currency,
  weightUnit,
}: {
  currency: CurrencyCode;
  weightUnit: WeightUnit;
}) {
  const toast = useToast();
  const [rates, setRates] = useState<ShippingRate[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{
    id: string | null;
    draft: RateDraft;
    hasLegacyPerKg: boolean;
  } | null>(null);
  const [deleting, setDeleting] = useState<ShippingRate | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const load = useCallback(() => {
    setLoadError(null);
    api
      .shippingRates()
      .then(setRates)
      .catch((error: unknown) => setLoadError(errorText(error)));
  }, []);
  useEffect(load, [load]);

  const show = (cents: number | null) =>
    cents === null ? '' : formatMoney(money(cents, currency));
  const decimal = (cents: number | null) =>
    cents === null ? '' : toDecimalString(money(cents, currency));
  // Unreadable text goes to the server as NaN (null in JSON): its message names the field.
  const cents = (text: string) => {
    const parsed = decimalToMinorUnits(text, currency);
    return parsed.ok ? parsed.value : Number.NaN;
  };

  async function run(work: () => Promise<unknown>, done: string) {
    setIsBusy(true);
    setErrors({});
    setNotice('');
    try {
      await work();
      toast(done);
      setEditing(null);
      setDeleting(null);
      load();
    } catch (error) {
      setErrors(fieldErrors(error));
      setNotice(errorText(error));
    } finally {
      setIsBusy(false);
    }
  }

  function move(rate: ShippingRate, by: -1 | 1) {
    if (!rates) return;
    const ids = rates.map((r) => r.id);
    const at = ids.indexOf(rate.id);
    const other = ids[at + by];
    if (other === undefined) return;
    ids[at + by] = rate.id;
    ids[at] = other;
    void run(() => api.reorderShippingRates(ids), `${rate.name} moved ${by < 0 ? 'up' : 'down'}.`);
  }

  const moneyText = { decimal, cents };
  function save() {
    if (!editing) return;
    const input = inputOf(editing.draft, weightUnit, moneyText);
    const id = editing.id;
    void run(
      () => (id ? api.updateShippingRate(id, input) : api.createShippingRate(input)),
      id ? 'Shipping rate saved.' : 'Shipping rate added.',
    );
  }

  const columns: DataColumn<ShippingRate>[] = [
    { key: 'name', header: 'Rate', isRowHeader: true, cell: (rate) => rate.name },
    { key: 'kind', header: 'Kind', cell: (rate) => KIND_LABELS[rate.kind] },
    {
      key: 'price',
      header: 'Price',
      cell: (rate) =>
        rate.kind === 'free_over'
          ? `Free from ${show(rate.minSubtotalCents)}`
          : rate.kind === 'by_weight'
            ? rate.weightTiers?.length
              ? rate.weightTiers
                  .map((tier) =>
                    tier.upToGrams === null
                      ? `then ${show(tier.priceCents)}`
                      : `${show(tier.priceCents)} to ${fromGrams(tier.upToGrams, weightUnit)} ${weightUnit}`,
                  )
                  .join(', ')
              : `${show(rate.priceCents)} + ${show(rate.perKgCents)}/kg`
            : rate.priceCents === 0
              ? 'Free'
              : show(rate.priceCents),
    },
    {
      key: 'zone',
      header: 'Ships to',
      cell: (rate) =>
        rate.kind === 'pickup'
          ? `Pickup at ${rate.pickupLocation ?? rate.name}`
          : rate.zone === null
            ? 'Everywhere'
            : rate.zone
                .map((place) =>
                  place.regions.length
                    ? `${countryName(place.country)} (${place.regions.join(', ')})`
                    : countryName(place.country),
                )
                .join(', '),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (rate) => {
        const at = rates?.indexOf(rate) ?? 0;
        return (
          <div className="store-row-actions">
            <Button
              size="sm"
              onClick={() => {
                setErrors({});
                setNotice('');
                setEditing({
                  id: rate.id,
                  draft: draftOf(rate, weightUnit, moneyText),
                  hasLegacyPerKg: rate.kind === 'by_weight' && rate.perKgCents !== null,
                });
              }}
              aria-label={`Edit ${rate.name}`}
            >
              Edit
            </Button>
            <Button
              size="sm"
              disabled={at === 0 || isBusy}
              onClick={() => move(rate, -1)}
              aria-label={`Move ${rate.name} up`}
            >
              Up
            </Button>
            <Button
              size="sm"
              disabled={at === (rates?.length ?? 0) - 1 || isBusy}
              onClick={() => move(rate, 1)}
              aria-label={`Move ${rate.name} down`}
            >
              Down
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => setDeleting(rate)}
              aria-label={`Delete ${rate.name}`}
            >
              Delete
            </Button>
          </div>
        );
      },
    },
  ];

  const draft = editing?.draft;
  const setDraft = (patch: Partial<RateDraft>) =>
    setEditing((current) => current && { ...current, draft: { ...current.draft, ...patch } });
  return (
    <Card>
      <div className="store-bar">
        <p>Checkout offers these rates in this order.</p>
        <Button
          variant="primary"
          onClick={() => {
            setErrors({});
            setNotice('');
            setEditing({ id: null, draft: emptyDraft(), hasLegacyPerKg: false });
          }}
        >
          Add shipping rate
        </Button>
      </div>
      <p className={notice && !editing ? 'notice notice--error' : 'notice'} role="status">
        {editing ? '' : notice}
      </p>
      {loadError ? (
        <EmptyState
          title="The shipping rates could not be loaded"
          action={<Button onClick={load}>Try again</Button>}
        >
          {loadError}
        </EmptyState>
      ) : rates === null ? (
        <Skeleton lines={3} label="Loading shipping rates…" />
      ) : rates.length === 0 ? (
        <EmptyState title="No shipping rates">
          Add a rate, or shoppers cannot choose how their order is shipped.
        </EmptyState>
      ) : (
        <DataTable
          caption="Shipping rates"
          isCaptionHidden
          rows={rates}
          columns={columns}
          rowKey={(rate) => rate.id}
          rowLabel={(rate) => rate.name}
        />
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setEditing(null))}
        title={editing?.id ? `Edit ${draft?.name ?? ''}` : 'Add shipping rate'}
        description={`Amounts in ${currency}, weights in ${weightUnit}.`}
        footer={
          <>
            <Button onClick={() => setEditing(null)}>Cancel</Button>
            <Button variant="primary" disabled={isBusy} onClick={save}>
              Save
            </Button>
          </>
        }
      >
        {draft && editing ? (
          <>
            <ShippingRateFields
              draft={draft}
              onChange={setDraft}
              errors={errors}
              currency={currency}
              weightUnit={weightUnit}
              hasLegacyPerKg={editing.hasLegacyPerKg}
            />
            <p className={notice ? 'notice notice--error' : 'notice'} role="status">
              {notice}
            </p>
          </>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title={`Delete ${deleting?.name ?? ''}?`}
        description="Checkout stops offering it; orders already placed keep it."
        confirmLabel="Delete"
        isBusy={isBusy}
        onConfirm={() => {
          const rate = deleting;
          if (rate) void run(() => api.deleteShippingRate(rate.id), `${rate.name} deleted.`);
        }}
      />
    </Card>
  );
}

type RuleDraft = { country: string; region: string; rate: string; appliesToShipping: boolean };

const percent = (rateBp: number) => `${(rateBp / 100).toLocaleString('en-US')}%`;

function TaxRules({
  settings,
  onSaved,
}: {
  settings: StoreSettings;
  onSaved: (settings: StoreSettings) => void;
}) {
  const toast = useToast();
  const [isSavingInclusive, setIsSavingInclusive] = useState(false);
  async function setPricesIncludeTax(pricesIncludeTax: boolean) {
    setIsSavingInclusive(true);
    setNotice('');
    try {
      onSaved(await api.updateSettings({ pricesIncludeTax }));
      toast(pricesIncludeTax ? 'Prices now include tax.' : 'Tax is now added to prices.');
    } catch (error) {
      setNotice(errorText(error));
    } finally {
      setIsSavingInclusive(false);
    }
  }
  const [rules, setRules] = useState<TaxRule[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string | null; draft: RuleDraft } | null>(null);
  const [deleting, setDeleting] = useState<TaxRule | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const load = useCallback(() => {
    setLoadError(null);
    api
      .taxRules()
      .then(setRules)
      .catch((error: unknown) => setLoadError(errorText(error)));
  }, []);
  useEffect(load, [load]);

  async function run(work: () => Promise<unknown>, done: string) {
    setIsBusy(true);
    setErrors({});
    setNotice('');
    try {
      await work();
      toast(done);
      setEditing(null);
      setDeleting(null);
      load();
    } catch (error) {
      setErrors(fieldErrors(error));
      setNotice(errorText(error));
    } finally {
      setIsBusy(false);
    }
  }

  function save() {
    if (!editing) return;
    const { draft, id } = editing;
    const rate = Number(draft.rate.replace(',', '.').replace('%', '').trim());
    const input: TaxRuleInput = {
      country: draft.country,
      region: draft.region.trim() || null,
      // Basis points: 7.25% is 725. Empty or unreadable text goes as NaN (null in JSON)
      // and the server's message names the field.
      rateBp: draft.rate.trim() === '' ? Number.NaN : Math.round(rate * 100),
      appliesToShipping: draft.appliesToShipping,
    };
    void run(
      () => (id ? api.updateTaxRule(id, input) : api.createTaxRule(input)),
      id ? 'Tax rule saved.' : 'Tax rule added.',
    );
  }

  const place = (rule: TaxRule) => (rule.region ? `${rule.region}, ${rule.country}` : rule.country);
  const columns: DataColumn<TaxRule>[] = [
    { key: 'place', header: 'Where', isRowHeader: true, cell: place },
    { key: 'rate', header: 'Rate', cell: (rule) => percent(rule.rateBp) },
    {
      key: 'shipping',
      header: 'Shipping taxed',
      cell: (rule) => (rule.appliesToShipping ? 'Yes' : 'No'),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (rule) => (
        <div className="store-row-actions">
          <Button
            size="sm"
            aria-label={`Edit the rule for ${place(rule)}`}
            onClick={() => {
              setErrors({});
              setNotice('');
              setEditing({
                id: rule.id,
                draft: {
                  country: rule.country,
                  region: rule.region ?? '',
                  rate: String(rule.rateBp / 100),
                  appliesToShipping: rule.appliesToShipping,
                },
              });
            }}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={`Delete the rule for ${place(rule)}`}
            onClick={() => setDeleting(rule)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  const draft = editing?.draft;
  const setDraft = (patch: Partial<RuleDraft>) =>
    setEditing((current) => current && { ...current, draft: { ...current.draft, ...patch } });
  return (
    <Card>
      <Switch
        label="Prices include tax"
        hint={
          settings.pricesIncludeTax
            ? 'Product and shipping prices already contain the tax; checkout shows the tax inside the total.'
            : 'Checkout adds the tax to product prices (and to shipping where a rule says so).'
        }
        checked={settings.pricesIncludeTax}
        disabled={isSavingInclusive}
        onCheckedChange={(checked) => void setPricesIncludeTax(checked)}
      />
      <div className="store-bar">
        <p>A region's rule wins over its country's.</p>
        <Button
          variant="primary"
          onClick={() => {
            setErrors({});
            setNotice('');
            setEditing({
              id: null,
              draft: { country: '', region: '', rate: '', appliesToShipping: false },
            });
          }}
        >
          Add tax rule
        </Button>
      </div>
      <p className={notice && !editing ? 'notice notice--error' : 'notice'} role="status">
        {editing ? '' : notice}
      </p>
      {loadError ? (
        <EmptyState
          title="The tax rules could not be loaded"
          action={<Button onClick={load}>Try again</Button>}
        >
          {loadError}
        </EmptyState>
      ) : rules === null ? (
        <Skeleton lines={3} label="Loading tax rules…" />
      ) : rules.length === 0 ? (
        <EmptyState title="No tax rules">Orders are not taxed anywhere.</EmptyState>
      ) : (
        <DataTable
          caption="Tax rules"
          isCaptionHidden
          rows={rules}
          columns={columns}
          rowKey={(rule) => rule.id}
          rowLabel={place}
        />
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setEditing(null))}
        title={editing?.id ? 'Edit tax rule' : 'Add tax rule'}
        description="Orders shipped to this place are taxed at this rate."
        footer={
          <>
            <Button onClick={() => setEditing(null)}>Cancel</Button>
            <Button variant="primary" disabled={isBusy} onClick={save}>
              Save
            </Button>
          </>
        }
      >
        {draft ? (
          <div className="store-form">
            <TextField
              label="Country code"
              value={draft.country}
              maxLength={2}
              hint="Two letters, such as US or FR."
              error={errors.country}
              onChange={(event) => setDraft({ country: event.target.value })}
            />
            <TextField
              label="Region (optional)"
              value={draft.region}
              maxLength={100}
              hint="A state or province; leave empty for the whole country."
              error={errors.region}
              onChange={(event) => setDraft({ region: event.target.value })}
            />
            <TextField
              label="Rate (%)"
              inputMode="decimal"
              value={draft.rate}
              error={errors.rateBp}
              onChange={(event) => setDraft({ rate: event.target.value })}
            />
            <Switch
              label="Tax shipping too"
              checked={draft.appliesToShipping}
              onCheckedChange={(checked) => setDraft({ appliesToShipping: checked })}
            />
            <p className={notice ? 'notice notice--error' : 'notice'} role="status">
              {notice}
            </p>
          </div>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title={`Delete the rule for ${deleting ? place(deleting) : ''}?`}
        description="Orders shipped there are no longer taxed by it (a country rule may still apply)."
        confirmLabel="Delete"
        isBusy={isBusy}
        onConfirm={() => {
          const rule = deleting;
          if (rule) void run(() => api.deleteTaxRule(rule.id), 'Tax rule deleted.');
        }}
      />
    </Card>
  );
}

/** The checkout namespace of the commerce preferences; saved only when something changed. */
function CheckoutSettings({ currency }: { currency: CurrencyCode }) {
  const toast = useToast();
  const [saved, setSaved] = useState<CheckoutPreferences | null>(null);
  const [isExpress, setIsExpress] = useState(false);
  const [holdMinutes, setHoldMinutes] = useState('');
  const [minimum, setMinimum] = useState('');
  const [isPhoneRequired, setIsPhoneRequired] = useState(false);
  const [hasOrderNotes, setHasOrderNotes] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const minimumText = useCallback(
    (cents: number) => (cents === 0 ? '' : toDecimalString(money(cents, currency))),
    [currency],
  );
  const show = useCallback(
    (preferences: CheckoutPreferences) => {
      setSaved(preferences);
      setIsExpress(preferences.isExpressCheckout);
      setHoldMinutes(String(preferences.stockHoldMinutes));
      setMinimum(minimumText(preferences.minimumSubtotalCents));
      setIsPhoneRequired(preferences.isPhoneRequired);
      setHasOrderNotes(preferences.hasOrderNotes);
    },
    [minimumText],
  );
  useEffect(() => {
    api
      .checkoutPreferences()
      .then(show)
      .catch((error: unknown) => setNotice(errorText(error)));
  }, [show]);

  const hasChanges =
    saved !== null &&
    (saved.isExpressCheckout !== isExpress ||
      String(saved.stockHoldMinutes) !== holdMinutes.trim() ||
      minimumText(saved.minimumSubtotalCents) !== minimum.trim() ||
      saved.isPhoneRequired !== isPhoneRequired ||
      saved.hasOrderNotes !== hasOrderNotes);

  async function save() {
    if (!hasChanges) return;
    const trimmed = holdMinutes.trim();
    if (!/^\d+$/.test(trimmed)) {
      setErrors({ stockHoldMinutes: 'Enter a whole number of minutes.' });
      return;
    }
    const minimumCents = minimum.trim() ? decimalToMinorUnits(minimum, currency) : null;
    if (minimumCents && !minimumCents.ok) {
      setErrors({ minimumSubtotalCents: `Enter the minimum as an amount in ${currency}.` });
      return;
    }
    setIsBusy(true);
    setErrors({});
    setNotice('');
    try {
      show(
        await api.updateCheckoutPreferences({
          isExpressCheckout: isExpress,
          stockHoldMinutes: Number(trimmed),
          minimumSubtotalCents: minimumCents?.ok ? minimumCents.value : 0,
          isPhoneRequired,
          hasOrderNotes,
        }),
      );
      toast('Checkout settings saved.');
    } catch (error) {
      setErrors(fieldErrors(error));
      setNotice(errorText(error));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Card>
      {saved === null && !notice ? (
        <Skeleton lines={2} label="Loading checkout settings…" />
      ) : (
        <form
          className="store-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Switch
            label="Express checkout"
            hint="Adding to the cart goes straight to checkout."
            checked={isExpress}
            onCheckedChange={setIsExpress}
          />
          <TextField
            label="Hold stock during checkout (minutes)"
            inputMode="numeric"
            hint="0 holds nothing; stock is still checked when the order is placed."
            value={holdMinutes}
            error={errors.stockHoldMinutes}
            onChange={(event) => setHoldMinutes(event.target.value)}
          />
          <TextField
            label={`Checkout minimum (${currency})`}
            inputMode="decimal"
            hint="Shoppers cannot check out below this subtotal. Leave empty for no minimum."
            value={minimum}
            error={errors.minimumSubtotalCents}
            onChange={(event) => setMinimum(event.target.value)}
          />
          <Switch
            label="Require a phone number at checkout"
            checked={isPhoneRequired}
            onCheckedChange={setIsPhoneRequired}
          />
          <Switch
            label="Let shoppers add a note to their order"
            hint="The note shows on the order and in the new-order email."
            checked={hasOrderNotes}
            onCheckedChange={setHasOrderNotes}
          />
          <p className={notice ? 'notice notice--error' : 'notice'} role="status">
            {notice}
          </p>
          <div className="store-form__actions">
            <Button type="submit" variant="primary" disabled={!hasChanges || isBusy}>
              Save
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/**
 * Buy now, pay later messaging (issue 22): one switch; the provider's range and the market
 * (store country and language) are shown so the merchant knows where the pill appears.
 */
function InstallmentSettings({
  settings,
  currency,
}: {
  settings: StoreSettings;
  currency: CurrencyCode;
}) {
  const toast = useToast();
  const [saved, setSaved] = useState<InstallmentPreferences | null>(null);
  const [isEnabled, setIsEnabled] = useState(false);
  const [notice, setNotice] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const show = useCallback((preferences: InstallmentPreferences) => {
    setSaved(preferences);
    setIsEnabled(preferences.isEnabled);
  }, []);
  useEffect(() => {
    api
      .installmentPreferences()
      .then(show)
      .catch((error: unknown) => setNotice(errorText(error)));
  }, [show]);
  const market = installmentOffer({
    isEnabled: true,
    country: settings.storeAddress?.country,
    language: settings.language,
  });
  const amount = (cents: number) => formatMoney(money(cents, currency));
  const hasChanges = saved !== null && saved.isEnabled !== isEnabled;

  async function save() {
    if (!hasChanges) return;
    setIsBusy(true);
    setNotice('');
    try {
      show(await api.updateInstallmentPreferences({ isEnabled }));
      toast('Installment messaging saved.');
    } catch (error) {
      setNotice(errorText(error));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Card
      title="Buy now, pay later"
      description={`Orders over ${amount(INSTALLMENT_RANGE_CENTS.min)} and up to ${amount(
        INSTALLMENT_RANGE_CENTS.max,
      )} can be paid in 4 installments, every 2 weeks, with ${market?.brand ?? 'Afterpay'}.`}
    >
      {saved === null && !notice ? (
        <Skeleton lines={1} label="Loading installment messaging…" />
      ) : (
        <form
          className="store-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Switch
            label="Installment messaging"
            hint="Under the price of physical products and the subtotal of a cart of them."
            checked={isEnabled}
            onCheckedChange={setIsEnabled}
          />
          {market ? null : (
            <p className="notice" role="note">
              Not shown: installments are offered to stores in the US, Canada, Australia and New
              Zealand (Afterpay) and the United Kingdom (Clearpay), in English (and French in
              Canada). Set the store's country under General.
            </p>
          )}
          <p className={notice ? 'notice notice--error' : 'notice'} role="status">
            {notice}
          </p>
          <div className="store-form__actions">
            <Button type="submit" variant="primary" disabled={!hasChanges || isBusy}>
              Save
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
