import type { Coupon, CouponInput, CouponKind, CouponScope } from '@atelier/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api, errorText } from '../api/client.ts';
import {
  Badge,
  Button,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  FormDialog,
  Select,
  Skeleton,
  Switch,
  TextField,
  useToast,
} from '../ui/index.ts';
import { CouponTargets } from './CouponTargets.tsx';

// Discounts (issue 19): the website's coupons and automatic discounts with their use
// counts; create, edit and delete. Checkout enforces what is set here (dates, limit,
// minimum subtotal, once per customer, the products or categories it covers). The server
// refuses editors whatever this screen shows.

const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? (error.fields ?? {}) : {};

const KIND_LABELS: Record<CouponKind, string> = {
  percentage: 'Percentage off',
  fixed_amount: 'Amount off',
  free_shipping: 'Free shipping',
};
const amount = (cents: number) => (cents / 100).toFixed(2);
const toCents = (text: string) => Math.round(Number(text) * 100);
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export function discountText(coupon: Coupon): string {
  const what =
    coupon.kind === 'percentage'
      ? `${coupon.percentOff ?? 0}% off`
      : coupon.kind === 'fixed_amount'
        ? `${amount(coupon.amountCents ?? 0)} off`
        : 'Free shipping';
  const count = coupon.targetIds.length;
  if (coupon.appliesTo === 'products')
    return `${what} ${count === 1 ? '1 product' : `${count} products`}`;
  if (coupon.appliesTo === 'categories') {
    return `${what} ${count === 1 ? '1 category' : `${count} categories`}`;
  }
  return what;
}

type Draft = {
  code: string;
  kind: CouponKind;
  percentOff: string;
  amountOff: string;
  minSubtotal: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  appliesTo: CouponScope;
  targetIds: string[];
  oncePerCustomer: boolean;
  isAutomatic: boolean;
};
const emptyDraft: Draft = {
  code: '',
  kind: 'percentage',
  percentOff: '10',
  amountOff: '',
  minSubtotal: '',
  startsOn: '',
  endsOn: '',
  usageLimit: '',
  appliesTo: 'all',
  targetIds: [],
  oncePerCustomer: false,
  isAutomatic: false,
};
const draftOf = (coupon: Coupon): Draft => ({
  code: coupon.code,
  kind: coupon.kind,
  percentOff: coupon.percentOff === null ? '' : String(coupon.percentOff),
  amountOff: coupon.amountCents === null ? '' : amount(coupon.amountCents),
  minSubtotal: coupon.minSubtotalCents ? amount(coupon.minSubtotalCents) : '',
  startsOn: day(coupon.startsAt),
  endsOn: day(coupon.endsAt),
  usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
  appliesTo: coupon.appliesTo,
  targetIds: coupon.targetIds,
  oncePerCustomer: coupon.oncePerCustomer,
  isAutomatic: coupon.isAutomatic,
});
const inputOf = (draft: Draft): CouponInput => ({
  code: draft.code,
  kind: draft.kind,
  percentOff: draft.kind === 'percentage' ? Number(draft.percentOff) : null,
  amountCents: draft.kind === 'fixed_amount' && draft.amountOff ? toCents(draft.amountOff) : null,
  minSubtotalCents: draft.minSubtotal ? toCents(draft.minSubtotal) : 0,
  startsAt: draft.startsOn ? `${draft.startsOn}T00:00:00Z` : null,
  endsAt: draft.endsOn ? `${draft.endsOn}T23:59:59Z` : null,
  usageLimit: draft.usageLimit ? Number(draft.usageLimit) : null,
  appliesTo: draft.appliesTo,
  targetIds: draft.appliesTo === 'all' ? [] : draft.targetIds,
  oncePerCustomer: draft.oncePerCustomer,
  isAutomatic: draft.isAutomatic,
});

export function DiscountsScreen() {
  const [coupons, setCoupons] = useState<Coupon[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [toDelete, setToDelete] = useState<Coupon | null>(null);
  const toast = useToast();

  useEffect(() => {
    api
      .coupons()
      .then((list) => setCoupons(list.coupons))
      .catch((caught) => setError(errorText(caught)));
  }, []);

  const open = (coupon: Coupon | 'new') => {
    setEditing(coupon);
    setDraft(coupon === 'new' ? emptyDraft : draftOf(coupon));
    setFields({});
  };
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const saved =
        editing === 'new' || editing === null
          ? await api.createCoupon(inputOf(draft))
          : await api.updateCoupon(editing.id, inputOf(draft));
      setCoupons((list) => [...(list ?? []).filter((c) => c.id !== saved.id), saved]);
      setEditing(null);
      setError(null);
      toast(`Saved ${saved.code}.`);
    } catch (caught) {
      setFields(fieldErrors(caught));
      setError(errorText(caught));
    }
  }

  async function remove(coupon: Coupon) {
    try {
      await api.deleteCoupon(coupon.id);
      setCoupons((list) => (list ?? []).filter((c) => c.id !== coupon.id));
      toast(`Deleted ${coupon.code}.`);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setToDelete(null);
    }
  }

  const columns: DataColumn<Coupon>[] = [
    {
      key: 'code',
      header: 'Code',
      isRowHeader: true,
      sortValue: (c) => c.code,
      cell: (c) =>
        c.isAutomatic ? (
          <>
            {c.code} <Badge tone="accent">Automatic</Badge>
          </>
        ) : (
          c.code
        ),
    },
    { key: 'discount', header: 'Discount', cell: discountText },
    {
      key: 'minimum',
      header: 'Minimum subtotal',
      cell: (c) => (c.minSubtotalCents ? amount(c.minSubtotalCents) : 'None'),
    },
    {
      key: 'dates',
      header: 'Active',
      cell: (c) =>
        c.startsAt || c.endsAt ? `${day(c.startsAt) || '…'} to ${day(c.endsAt) || '…'}` : 'Always',
    },
    {
      key: 'used',
      header: 'Used',
      sortValue: (c) => c.timesUsed,
      cell: (c) => (c.usageLimit === null ? `${c.timesUsed}` : `${c.timesUsed} of ${c.usageLimit}`),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (c) => (
        <div className="discounts__actions">
          {/* aria-label, not a visually hidden span: an absolutely placed span inside the
              scrolling table would widen the page on a phone. */}
          <Button size="sm" aria-label={`Edit ${c.code}`} onClick={() => open(c)}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={`Delete ${c.code}`}
            onClick={() => setToDelete(c)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="screen discounts-screen">
      <div className="screen-header">
        <div>
          <h1>Discounts</h1>
          <p className="screen-header__lead">
            Coupon codes shoppers enter at checkout, and discounts that apply by themselves.
          </p>
        </div>
        <Button variant="primary" onClick={() => open('new')}>
          Create discount
        </Button>
      </div>
      <p role="status" className={error ? 'notice notice--error' : 'notice'}>
        {error ?? ''}
      </p>
      {coupons === null ? (
        <Skeleton lines={3} label="Loading coupons…" />
      ) : coupons.length === 0 ? (
        <EmptyState title="No discounts yet">Create one to offer a discount.</EmptyState>
      ) : (
        <DataTable
          caption="Discounts"
          isCaptionHidden
          rows={coupons}
          columns={columns}
          rowKey={(c) => c.id}
          rowLabel={(c) => c.code}
          defaultSort={{ key: 'code', direction: 'ascending' }}
        />
      )}

      <FormDialog
        open={editing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setEditing(null);
        }}
        title={editing === 'new' ? 'Create discount' : `Edit ${editing?.code ?? 'discount'}`}
        submitLabel="Save discount"
        onSubmit={save}
        formClassName="discounts__form"
      >
        <Select
          label="Method"
          value={draft.isAutomatic ? 'automatic' : 'code'}
          onChange={(event) =>
            setDraft((current) => ({
              ...current,
              isAutomatic: event.target.value === 'automatic',
            }))
          }
        >
          <option value="code">Code the shopper enters</option>
          <option value="automatic">Automatic, no code</option>
        </Select>
        <TextField
          label={draft.isAutomatic ? 'Name' : 'Code'}
          value={draft.code}
          required
          maxLength={40}
          hint={
            draft.isAutomatic
              ? 'Shown at checkout, e.g. SUMMER-SALE. Letters, digits, - and _. When several apply, the one that saves the most is used; a valid code replaces it.'
              : 'Letters, digits, - and _. Shoppers may type it in any case.'
          }
          error={fields.code}
          onChange={set('code')}
        />
        <Select label="Discount" value={draft.kind} onChange={set('kind')}>
          {Object.entries(KIND_LABELS).map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </Select>
        {draft.kind === 'percentage' && (
          <TextField
            label="Percent off"
            inputMode="numeric"
            hint="From 1 to 100."
            value={draft.percentOff}
            error={fields.percentOff}
            onChange={set('percentOff')}
          />
        )}
        {draft.kind === 'fixed_amount' && (
          <TextField
            label="Amount off"
            inputMode="decimal"
            value={draft.amountOff}
            error={fields.amountCents}
            onChange={set('amountOff')}
          />
        )}
        <TextField
          label="Minimum subtotal"
          inputMode="decimal"
          hint="Leave empty for none."
          value={draft.minSubtotal}
          error={fields.minSubtotalCents}
          onChange={set('minSubtotal')}
        />
        <div className="form-row">
          <TextField
            label="Starts on"
            type="date"
            value={draft.startsOn}
            onChange={set('startsOn')}
          />
          <TextField
            label="Ends on"
            type="date"
            value={draft.endsOn}
            error={fields.endsAt}
            onChange={set('endsOn')}
          />
        </div>
        <TextField
          label="Usage limit"
          type="number"
          min={1}
          hint="Orders that may use it in all. Leave empty for no limit."
          value={draft.usageLimit}
          error={fields.usageLimit}
          onChange={set('usageLimit')}
        />
        <Switch
          label="Once per customer"
          hint="Each email address may place one order with it."
          checked={draft.oncePerCustomer}
          onCheckedChange={(checked) =>
            setDraft((current) => ({ ...current, oncePerCustomer: checked }))
          }
        />
        <CouponTargets
          scope={draft.appliesTo}
          targetIds={draft.targetIds}
          error={fields.targetIds}
          onChange={({ scope, targetIds }) => {
            setDraft((current) => ({ ...current, appliesTo: scope, targetIds }));
            // The error named an empty choice: it no longer stands once one is made.
            setFields(({ targetIds: _stale, ...rest }) => rest);
          }}
        />
      </FormDialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setToDelete(null);
        }}
        title={`Delete ${toDelete?.code ?? 'discount'}?`}
        description="Shoppers can no longer use this discount. Orders placed with it keep it."
        confirmLabel="Delete discount"
        onConfirm={() => toDelete && remove(toDelete)}
      />
    </div>
  );
}
