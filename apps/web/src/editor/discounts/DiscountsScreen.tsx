import type { Coupon, CouponInput, CouponKind } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import {
  Button,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  Dialog,
  EmptyState,
  Select,
  Skeleton,
  TextField,
  useToast,
} from '../ui/index.ts';

// Discounts (issue 19): the website's coupons with their use counts; create, edit and
// delete. Checkout enforces what is set here (dates, limit, minimum subtotal). The server
// refuses editors whatever this screen shows.

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : editorMessages.somethingWentWrong;
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
  if (coupon.kind === 'percentage') return `${coupon.percentOff ?? 0}% off`;
  if (coupon.kind === 'fixed_amount') return `${amount(coupon.amountCents ?? 0)} off`;
  return 'Free shipping';
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
      cell: (c) => c.code,
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
          <p className="screen-header__lead">Coupon codes shoppers enter at checkout.</p>
        </div>
        <Button variant="primary" onClick={() => open('new')}>
          Create coupon
        </Button>
      </div>
      <p role="status" className={error ? 'notice notice--error' : 'notice'}>
        {error ?? ''}
      </p>
      {coupons === null ? (
        <Skeleton lines={3} label="Loading coupons…" />
      ) : coupons.length === 0 ? (
        <EmptyState title="No coupons yet">Create one to offer a discount.</EmptyState>
      ) : (
        <DataTable
          caption="Coupons"
          isCaptionHidden
          rows={coupons}
          columns={columns}
          rowKey={(c) => c.id}
          rowLabel={(c) => c.code}
          defaultSort={{ key: 'code', direction: 'ascending' }}
        />
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setEditing(null);
        }}
        title={editing === 'new' ? 'Create coupon' : `Edit ${editing?.code ?? 'coupon'}`}
        footer={
          <>
            <Button onClick={() => setEditing(null)}>Cancel</Button>
            <Button type="submit" form="coupon-form" variant="primary">
              Save coupon
            </Button>
          </>
        }
      >
        <form id="coupon-form" onSubmit={save} className="discounts__form">
          <TextField
            label="Code"
            value={draft.code}
            required
            maxLength={40}
            hint="Letters, digits, - and _. Shoppers may type it in any case."
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
        </form>
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setToDelete(null);
        }}
        title={`Delete ${toDelete?.code ?? 'coupon'}?`}
        description="Shoppers can no longer use this code. Orders placed with it keep it."
        confirmLabel="Delete coupon"
        onConfirm={() => toDelete && remove(toDelete)}
      />
    </div>
  );
}
