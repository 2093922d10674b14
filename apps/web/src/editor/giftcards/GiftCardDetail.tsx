import type { GiftCardDetail as Detail } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { giftCardsApi } from '../api/gift-cards-client.ts';
import { dateTimeFormat, moneyText } from '../orders/order-labels.ts';
import { Badge, Button, Card, ConfirmDialog, Skeleton, useToast } from '../ui/index.ts';
import {
  GIFT_CARD_EVENT_LABELS,
  GIFT_CARD_STATUS_LABELS,
  maskedCodeLabel,
} from './gift-card-labels.ts';
import { MaskedCode } from './MaskedCode.tsx';

/** One gift card (issue 19): balance, recipient, where it came from, and its history. */
export function GiftCardDetail({
  giftCardId,
  onClose,
}: {
  giftCardId: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const [card, setCard] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    giftCardsApi
      .get(giftCardId)
      .then(setCard)
      .catch((failure: unknown) =>
        setError(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong),
      );
  }, [giftCardId]);

  async function voidCard() {
    setIsBusy(true);
    try {
      const voided = await giftCardsApi.void(giftCardId, {});
      setCard(voided);
      setError(null);
      toast(`${maskedCodeLabel(voided.last4)} voided.`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong);
    } finally {
      setIsBusy(false);
      setIsConfirming(false);
    }
  }

  const back = <Button onClick={onClose}>Back to gift cards</Button>;
  if (!card) {
    return (
      <div className="screen gift-card-detail">
        {back}
        {error ? (
          <p role="alert" className="notice notice--error">
            {error}
          </p>
        ) : (
          <Skeleton lines={6} label="Loading the gift card…" />
        )}
      </div>
    );
  }

  const money = (cents: number) => moneyText(cents, card.currency);
  const status = GIFT_CARD_STATUS_LABELS[card.status];
  const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : `−${money(-cents)}`);

  return (
    <div className="screen gift-card-detail">
      {back}
      <div className="screen-header">
        <div>
          <h1>
            Gift card <MaskedCode last4={card.last4} />
          </h1>
          <p className="screen-header__lead gift-card-detail__lead">
            <Badge tone={status.tone}>{status.label}</Badge>
            <span>
              {card.source === 'purchased' ? (
                <>
                  Bought
                  {card.orderId && card.orderNumber ? (
                    <>
                      {' in '}
                      <a href={`/config/orders/${card.orderId}`}>order #{card.orderNumber}</a>
                    </>
                  ) : null}
                </>
              ) : (
                `Issued${card.issuedBy ? ` by ${card.issuedBy}` : ''}`
              )}{' '}
              on {dateTimeFormat.format(new Date(card.created))}
            </span>
          </p>
        </div>
        {card.status !== 'voided' ? (
          <Button variant="danger" onClick={() => setIsConfirming(true)}>
            Void gift card…
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={`Void ${maskedCodeLabel(card.last4).toLowerCase()}?`}
        description={`Its balance of ${money(card.balanceCents)} goes to 0 and checkout will refuse the card. This cannot be undone.`}
        confirmLabel="Void gift card"
        isBusy={isBusy}
        onConfirm={() => void voidCard()}
      />
      <div className="gift-card-detail__grid">
        <Card title="Balance">
          <p className="gift-card-detail__balance">
            <strong>{money(card.balanceCents)}</strong>{' '}
            <span className="gift-cards__muted">of {money(card.initialCents)}</span>
          </p>
          {card.voidedAt ? (
            <p>
              Voided {dateTimeFormat.format(new Date(card.voidedAt))}
              {card.voidedBy ? ` by ${card.voidedBy}` : ''}.
            </p>
          ) : null}
        </Card>
        <Card title="Recipient">
          {card.recipientName || card.recipientEmail ? (
            <p className="gift-cards__recipient">
              {card.recipientName ? <span>{card.recipientName}</span> : null}
              {card.recipientEmail ? (
                <a href={`mailto:${card.recipientEmail}`}>{card.recipientEmail}</a>
              ) : null}
            </p>
          ) : (
            <p>No recipient given.</p>
          )}
          {card.message ? (
            <blockquote className="gift-card-detail__message">{card.message}</blockquote>
          ) : null}
        </Card>
        <Card title="History">
          <ol className="gift-card-history">
            {[...card.events].reverse().map((event) => (
              <li key={`${event.created}-${event.kind}-${event.amountCents}`}>
                <span className="gift-card-history__what">
                  <strong>{GIFT_CARD_EVENT_LABELS[event.kind]}</strong>
                  {event.orderId && event.orderNumber ? (
                    <>
                      {' · '}
                      <a href={`/config/orders/${event.orderId}`}>order #{event.orderNumber}</a>
                    </>
                  ) : null}
                </span>
                <span className="gift-card-history__money">
                  {signed(event.amountCents)}
                  <span className="gift-cards__muted">
                    {' '}
                    · balance {money(event.balanceAfterCents)}
                  </span>
                </span>
                {event.note ? <span className="gift-card-history__note">{event.note}</span> : null}
                <span className="gift-card-history__meta">
                  <time dateTime={new Date(event.created).toISOString()}>
                    {dateTimeFormat.format(new Date(event.created))}
                  </time>{' '}
                  · {event.actor}
                </span>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </div>
  );
}
