import type { OrderAdminDetail } from '@atelier/contract';
import { editorMessages, isCurrencyCode, parseMoney } from '@atelier/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { ordersApi } from '../api/orders-client.ts';
import { Button, Dialog, Switch, TextArea, TextField, useToast } from '../ui/index.ts';
import { moneyText } from './order-labels.ts';

// Fulfil, Cancel and Refund. Each opening of a dialog makes one action id: submitting
// twice, or again after a lost answer, is the same action on the server.

type Line = OrderAdminDetail['items'][number];
type DialogProps = {
  order: OrderAdminDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (order: OrderAdminDetail) => void;
};

const unshipped = (line: Line) =>
  Math.max(0, line.quantity - line.fulfilledQuantity - line.refundedQuantity);

function useAction(open: boolean) {
  const [actionId, setActionId] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setActionId(crypto.randomUUID());
      setError(null);
    }
  }, [open]);
  async function run(work: (actionId: string) => Promise<void>) {
    setIsBusy(true);
    setError(null);
    try {
      await work(actionId);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong);
    } finally {
      setIsBusy(false);
    }
  }
  return { isBusy, error, run };
}

function QuantityFields({
  lines,
  max,
  values,
  onChange,
  legend,
}: {
  lines: readonly Line[];
  max: (line: Line) => number;
  values: Record<number, string>;
  onChange: (values: Record<number, string>) => void;
  legend: string;
}) {
  return (
    <fieldset className="order-dialog__lines">
      <legend>{legend}</legend>
      {lines.map((line) => (
        <TextField
          key={line.lineNumber}
          label={`${line.productName} (${line.sku})`}
          hint={`Up to ${max(line)}`}
          type="number"
          inputMode="numeric"
          min={0}
          max={max(line)}
          value={values[line.lineNumber] ?? '0'}
          onChange={(event) => onChange({ ...values, [line.lineNumber]: event.target.value })}
        />
      ))}
    </fieldset>
  );
}

function chosenLines(lines: readonly Line[], values: Record<number, string>) {
  return lines
    .map((line) => ({
      lineNumber: line.lineNumber,
      quantity: Number(values[line.lineNumber] ?? 0),
    }))
    .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
}

export function FulfillDialog({ order, open, onOpenChange, onDone }: DialogProps) {
  const { isBusy, error, run } = useAction(open);
  const toast = useToast();
  const waiting = order.items.filter((line) => unshipped(line) > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [notifyCustomer, setNotifyCustomer] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (open) {
      setQuantities(Object.fromEntries(waiting.map((l) => [l.lineNumber, String(unshipped(l))])));
      setCarrier('');
      setTrackingNumber('');
      setTrackingUrl('');
      setNotifyCustomer(true);
    }
  }, [open]);
  const items = chosenLines(waiting, quantities);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Fulfil order #${order.orderNumber}`}
      description="Choose what leaves in this parcel and how the customer can track it."
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button
            variant="primary"
            disabled={isBusy || items.length === 0}
            onClick={() =>
              void run(async (actionId) => {
                const updated = await ordersApi.fulfill(order.id, {
                  actionId,
                  items,
                  carrier,
                  trackingNumber,
                  trackingUrl,
                  notifyCustomer,
                });
                toast(`Order #${order.orderNumber} fulfilled.`);
                onDone(updated);
                onOpenChange(false);
              })
            }
          >
            Fulfil items
          </Button>
        </>
      }
    >
      <QuantityFields
        legend="Items to ship"
        lines={waiting}
        max={unshipped}
        values={quantities}
        onChange={setQuantities}
      />
      <TextField label="Carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)} />
      <TextField
        label="Tracking number"
        value={trackingNumber}
        onChange={(e) => setTrackingNumber(e.target.value)}
      />
      <TextField
        label="Tracking URL"
        type="url"
        placeholder="https://"
        value={trackingUrl}
        onChange={(e) => setTrackingUrl(e.target.value)}
      />
      <Switch
        label="Email the customer"
        checked={notifyCustomer}
        onCheckedChange={setNotifyCustomer}
      />
      {error ? (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

export function CancelDialog({ order, open, onOpenChange, onDone }: DialogProps) {
  const { isBusy, error, run } = useAction(open);
  const toast = useToast();
  const [restock, setRestock] = useState(true);
  const [notifyCustomer, setNotifyCustomer] = useState(true);
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel order #${order.orderNumber}?`}
      description={[
        `${moneyText(order.refundableCents, order.currency)} goes back to the customer: the card first, then any gift card.`,
        order.subscription?.cycle === 0 && 'The subscription this order started is cancelled too.',
        'This cannot be undone.',
      ]
        .filter(Boolean)
        .join(' ')}
      size="sm"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Keep order</Button>
          <Button
            variant="danger"
            disabled={isBusy}
            onClick={() =>
              void run(async (actionId) => {
                const updated = await ordersApi.cancel(order.id, {
                  actionId,
                  restock,
                  notifyCustomer,
                  reason,
                });
                toast(`Order #${order.orderNumber} cancelled.`);
                onDone(updated);
                onOpenChange(false);
              })
            }
          >
            Cancel order
          </Button>
        </>
      }
    >
      <Switch label="Put the items back in stock" checked={restock} onCheckedChange={setRestock} />
      <Switch
        label="Email the customer"
        checked={notifyCustomer}
        onCheckedChange={setNotifyCustomer}
      />
      <TextArea
        label="Reason (for the timeline)"
        value={reason}
        rows={2}
        onChange={(e) => setReason(e.target.value)}
      />
      {error ? (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

export function RefundDialog({ order, open, onOpenChange, onDone }: DialogProps) {
  const { isBusy, error, run } = useAction(open);
  const toast = useToast();
  const refundable = order.items.filter((line) => line.quantity > line.refundedQuantity);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [restock, setRestock] = useState(false);
  const [notifyCustomer, setNotifyCustomer] = useState(true);
  const [reason, setReason] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setQuantities({});
      setAmount('');
      setRestock(false);
      setNotifyCustomer(true);
      setReason('');
      setAmountError(null);
    }
  }, [open]);
  const items = chosenLines(refundable, quantities);

  function submit() {
    let amountCents: number | undefined;
    if (amount.trim() !== '') {
      const parsed = isCurrencyCode(order.currency)
        ? parseMoney({ value: amount.trim(), currency: order.currency })
        : null;
      if (!parsed?.ok || parsed.value.minorUnits <= 0) {
        setAmountError('Enter an amount such as 12.50.');
        return;
      }
      amountCents = parsed.value.minorUnits;
    }
    setAmountError(null);
    void run(async (actionId) => {
      const updated = await ordersApi.refund(order.id, {
        actionId,
        ...(items.length > 0 && { items }),
        ...(amountCents !== undefined && { amountCents }),
        restock,
        notifyCustomer,
        reason,
      });
      toast(`Refund for order #${order.orderNumber} done.`);
      onDone(updated);
      onOpenChange(false);
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Refund order #${order.orderNumber}`}
      description={`Up to ${moneyText(order.refundableCents, order.currency)} can be refunded. Choose items (refunded at what the customer paid for them) or enter an amount.`}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button
            variant="primary"
            disabled={isBusy || (items.length === 0 && amount.trim() === '')}
            onClick={submit}
          >
            Refund
          </Button>
        </>
      }
    >
      <QuantityFields
        legend="Items to refund"
        lines={refundable}
        max={(line) => line.quantity - line.refundedQuantity}
        values={quantities}
        onChange={setQuantities}
      />
      <TextField
        label="Amount"
        hint="Leave empty to refund the chosen items' price."
        inputMode="decimal"
        value={amount}
        error={amountError ?? undefined}
        onChange={(e) => setAmount(e.target.value)}
      />
      <Switch
        label="Put the refunded items back in stock"
        checked={restock}
        onCheckedChange={setRestock}
      />
      <Switch
        label="Email the customer"
        checked={notifyCustomer}
        onCheckedChange={setNotifyCustomer}
      />
      <TextArea
        label="Reason (for the timeline)"
        value={reason}
        rows={2}
        onChange={(e) => setReason(e.target.value)}
      />
      {error ? (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
