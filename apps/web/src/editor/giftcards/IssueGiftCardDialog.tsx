import type { IssuedGiftCard } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { giftCardsApi } from '../api/gift-cards-client.ts';
import { moneyText } from '../orders/order-labels.ts';
import { Button, Dialog, FormDialog, Switch, TextArea, TextField, useToast } from '../ui/index.ts';

// Issue a gift card by hand. The form, then — once the server made the card — its full
// code, which is shown here and never again (the list and the history show the last four),
// with a Copy button. Each opening makes one actionId, so submitting twice (or again after
// a lost answer) makes one card.

type Draft = {
  amount: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  sendEmail: boolean;
};
const EMPTY: Draft = {
  amount: '',
  recipientName: '',
  recipientEmail: '',
  message: '',
  sendEmail: false,
};

export function IssueGiftCardDialog({
  open,
  onOpenChange,
  currency,
  onIssued,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The store currency, for the amount's label; null while unknown. */
  currency: string | null;
  onIssued: (issued: IssuedGiftCard) => void;
}) {
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [actionId, setActionId] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [issued, setIssued] = useState<IssuedGiftCard | null>(null);

  useEffect(() => {
    if (open) {
      setDraft(EMPTY);
      setActionId(crypto.randomUUID());
      setError(null);
      setFieldErrors({});
      setIssued(null);
    }
  }, [open]);

  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const answer = await giftCardsApi.issue({
        actionId,
        amount: draft.amount,
        recipientName: draft.recipientName,
        recipientEmail: draft.recipientEmail,
        message: draft.message,
        sendEmail: draft.sendEmail,
      });
      setIssued(answer);
      onIssued(answer);
    } catch (failure) {
      if (failure instanceof ApiError) {
        setFieldErrors(failure.fields);
        setError(Object.keys(failure.fields).length > 0 ? null : failure.message);
      } else {
        setError(editorMessages.somethingWentWrong);
      }
    } finally {
      setIsBusy(false);
    }
  }

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      toast('Code copied.');
    } catch {
      toast('Select the code and copy it yourself.');
    }
  }

  if (issued) {
    const card = issued.giftCard;
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Gift card issued"
        description="This is the only time the full code is shown. Copy it now or send the card by email."
        className="gift-card-issued"
        footer={
          <Button variant="primary" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        }
      >
        <p className="gift-card-issued__amount">
          {moneyText(card.initialCents, card.currency)}
          {card.recipientName || card.recipientEmail
            ? ` for ${card.recipientName ?? card.recipientEmail}`
            : ''}
        </p>
        <p className="gift-card-issued__label">Code</p>
        <div className="gift-card-issued__code">
          <code data-testid="issued-code">{issued.code}</code>
          <Button size="sm" onClick={() => void copy(issued.code)}>
            Copy code
          </Button>
        </div>
        {draft.sendEmail && card.recipientEmail ? (
          <p>The card is on its way to {card.recipientEmail}.</p>
        ) : null}
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Issue gift card"
      description="The card works at checkout like one a customer bought."
      submitLabel="Issue gift card"
      onSubmit={submit}
      isBusy={isBusy}
      formClassName="gift-card-form"
      noValidate
    >
      {error ? (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      ) : null}
      <TextField
        label={currency ? `Amount (${currency})` : 'Amount'}
        inputMode="decimal"
        autoComplete="off"
        required
        value={draft.amount}
        error={fieldErrors.amount}
        onChange={(event) => change({ amount: event.target.value })}
      />
      <TextField
        label="Recipient name (optional)"
        autoComplete="off"
        value={draft.recipientName}
        error={fieldErrors.recipientName}
        onChange={(event) => change({ recipientName: event.target.value })}
      />
      <TextField
        label="Recipient email (optional)"
        type="email"
        autoComplete="off"
        value={draft.recipientEmail}
        error={fieldErrors.recipientEmail}
        onChange={(event) => change({ recipientEmail: event.target.value })}
      />
      <TextArea
        label="Message (optional)"
        value={draft.message}
        error={fieldErrors.message}
        onChange={(event) => change({ message: event.target.value })}
      />
      <Switch
        label="Email the card to the recipient"
        hint="The email carries the code, the amount and your message."
        checked={draft.sendEmail}
        onCheckedChange={(sendEmail) => change({ sendEmail })}
      />
    </FormDialog>
  );
}
