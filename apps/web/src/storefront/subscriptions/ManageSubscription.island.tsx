import type { CustomerSubscription, customerSubscriptionResponseSchema } from '@atelier/contract';
import {
  type CardFields,
  type CurrencyCode,
  cardInputFrom,
  formatMoney,
  subscriptionMessages,
  subscriptionPriceText,
} from '@atelier/core';
import { addFailureMessage } from '@atelier/core/cart/cart-errors';
import { cartMessages, customerSubscriptionStatusText } from '@atelier/core/messages';
import { useRef, useState } from 'react';
import { type ApiSurface, callApi, contractType } from '../../ui/api-client.ts';
import { surface as accountSurface } from '../account/account-client.ts';

/**
 * How the page's calls prove they may act: the emailed manage link's token (a guest; the
 * token is the only credential), or the signed-in account's session (its cookie and the
 * crumb), which lasts as long as the session does.
 */
export type ManageAccess = { kind: 'link'; token: string } | { kind: 'account' };

export type ManageSubscriptionProps = {
  subscription: CustomerSubscription;
  access: ManageAccess;
  useCLDRMoneyFormat: boolean;
  timeZone: string;
};

const STATUS_TEXT: Record<CustomerSubscription['status'], string> = customerSubscriptionStatusText;

// The link's token is the credential, so no crumb; the storefront's sentences for a call
// that got no answer.
const linkSurface: ApiSurface = {
  csrfHeader: 'x-csrf-token',
  csrfToken: () => '',
  messageFor: (status: number, body: { error?: string } | undefined) =>
    addFailureMessage({ status, serverMessage: body?.error }),
  noAnswerMessage: () => cartMessages.checkConnection,
};

const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '', nameOnCard: '' };

/**
 * The customer's subscription page, reached from the link in every subscription email:
 * what they pay and when, the card on file, and the two things they can do — replace the
 * card (a past-due payment is taken at once) and cancel.
 */
export default function ManageSubscription({
  subscription: initial,
  access,
  useCLDRMoneyFormat,
  timeZone,
}: ManageSubscriptionProps) {
  const [subscription, setSubscription] = useState(initial);
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [isEditingCard, setIsEditingCard] = useState(initial.status === 'past_due');
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const updateCardRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // A button that opens a step is replaced by it: focus follows, so a keyboard user is
  // never left at the top of the page.
  const focusSoon = (id: string) =>
    requestAnimationFrame(() => document.getElementById(id)?.focus());

  /** Opens the card form with focus in its first field, where the customer types next. */
  function openCardForm() {
    setIsEditingCard(true);
    focusSoon('manage-card-number');
  }

  const money = (minorUnits: number) =>
    formatMoney(
      { minorUnits, currency: subscription.currency as CurrencyCode },
      { useCLDRMoneyFormat },
    );
  const day = (ms: number) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(ms));
  const isEnded = ['cancelled', 'expired', 'completed'].includes(subscription.status);
  const id = encodeURIComponent(subscription.id);
  // Signed in: the account's own routes, with the session and the crumb (account-client's
  // surface fetches one when the page has none).
  const base =
    access.kind === 'account'
      ? `/api/site-users/account/subscriptions/${id}`
      : `/api/commerce/subscriptions/${id}`;

  async function send(path: string, body: object) {
    setIsBusy(true);
    setProblem(null);
    setFieldErrors({});
    const result = await callApi(access.kind === 'account' ? accountSurface : linkSurface, {
      method: 'POST',
      path: `${base}/${path}`,
      body: access.kind === 'account' ? body : { token: access.token, ...body },
      response: contractType<typeof customerSubscriptionResponseSchema>(),
    });
    setIsBusy(false);
    if (result.ok) {
      setSubscription(result.value.subscription);
      setCard(EMPTY_CARD);
      setIsEditingCard(result.value.subscription.status === 'past_due');
      setIsConfirmingCancel(false);
      // The outcome is announced where the customer's eyes and screen reader go next.
      requestAnimationFrame(() => noticeRef.current?.focus());
      return;
    }
    setProblem(result.failure.message);
    setFieldErrors(result.failure.fields);
  }

  const price = subscriptionPriceText(
    money(subscription.unitPriceCents * subscription.quantity),
    subscription.plan,
  );
  const field = (key: keyof CardFields, label: string, autoComplete: string) => {
    const error = fieldErrors[`card.${key}`];
    return (
      <div className="form-field" key={key}>
        <label htmlFor={`manage-card-${key}`}>{label}</label>
        {error ? (
          <p className="form-field__error" id={`manage-card-${key}-error`}>
            {error}
          </p>
        ) : null}
        <input
          id={`manage-card-${key}`}
          autoComplete={autoComplete}
          inputMode={key === 'nameOnCard' ? 'text' : 'numeric'}
          value={card[key]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `manage-card-${key}-error` : undefined}
          onChange={(event) => setCard({ ...card, [key]: event.target.value })}
        />
      </div>
    );
  };

  return (
    <div className="manage-subscription" aria-busy={isBusy}>
      <p
        ref={noticeRef}
        tabIndex={-1}
        // Always in the page (a live region must exist before it speaks); drawn only with
        // a notice. Still past due after an answer: the card was saved, the payment failed.
        className={[
          'manage-subscription__notice',
          subscription.notice ? 'manage-subscription__notice--shown' : '',
          subscription.status === 'past_due' ? 'manage-subscription__notice--problem' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        role="status"
      >
        {subscription.notice ?? ''}
      </p>
      <dl className="manage-subscription__facts">
        <dt>Subscription</dt>
        <dd>
          {subscription.quantity} × {subscription.productName}
        </dd>
        <dt>Price</dt>
        <dd>
          {price}
          {subscription.plan.numBillingCycles === 0
            ? ` ${subscriptionMessages.untilCancelled}`
            : ''}
          {subscription.shippingCents > 0
            ? `, plus ${money(subscription.shippingCents)} shipping`
            : ''}
        </dd>
        <dt>Status</dt>
        <dd
          className={`manage-subscription__status manage-subscription__status--${subscription.status}`}
        >
          {STATUS_TEXT[subscription.status]}
        </dd>
        <dt>Payments made</dt>
        <dd>{subscription.paymentsMade}</dd>
        {subscription.status === 'past_due' && subscription.nextRetryAt ? (
          <>
            <dt>Next try</dt>
            <dd>{day(subscription.nextRetryAt)}</dd>
          </>
        ) : subscription.nextBillingAt ? (
          <>
            <dt>Next payment</dt>
            <dd>{day(subscription.nextBillingAt)}</dd>
          </>
        ) : null}
        <dt>Card</dt>
        <dd>
          {subscription.card
            ? `${subscription.card.brand} ending ${subscription.card.last4} (expires ${String(subscription.card.expMonth).padStart(2, '0')}/${subscription.card.expYear})`
            : 'None on file'}
        </dd>
      </dl>

      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}

      {!isEnded ? (
        <section className="manage-subscription__section" aria-labelledby="manage-card-title">
          <h2 id="manage-card-title">Payment card</h2>
          {subscription.status === 'past_due' ? (
            <p className="manage-subscription__overdue">
              Your last payment didn't go through. Enter a card below and we'll take the overdue
              payment straight away.
            </p>
          ) : null}
          {isEditingCard ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void send('card', { card: cardInputFrom(card) });
              }}
            >
              {field('number', 'Card number', 'cc-number')}
              {field('expiry', 'Expiry (MM/YY)', 'cc-exp')}
              {field('cvc', 'Security code', 'cc-csc')}
              {field('nameOnCard', 'Name on card', 'cc-name')}
              <div className="manage-subscription__actions">
                <button type="submit" className="button" disabled={isBusy}>
                  {subscription.status === 'past_due' ? 'Update card and pay' : 'Save card'}
                </button>
                {subscription.status !== 'past_due' ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => {
                      setIsEditingCard(false);
                      requestAnimationFrame(() => updateCardRef.current?.focus());
                    }}
                  >
                    Keep current card
                  </button>
                ) : null}
              </div>
            </form>
          ) : (
            <button type="button" className="button" ref={updateCardRef} onClick={openCardForm}>
              Update card
            </button>
          )}
        </section>
      ) : null}

      {!isEnded ? (
        <section className="manage-subscription__section" aria-labelledby="manage-cancel-title">
          <h2 id="manage-cancel-title">Cancel</h2>
          {isConfirmingCancel ? (
            <div className="manage-subscription__confirm">
              <p id="manage-cancel-question" tabIndex={-1}>
                Cancel your subscription? No further payments will be taken; orders already paid for
                are still delivered.
              </p>
              <div className="manage-subscription__actions">
                <button
                  type="button"
                  className="button button--danger"
                  disabled={isBusy}
                  onClick={() => void send('cancel', {})}
                >
                  Yes, cancel subscription
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    setIsConfirmingCancel(false);
                    requestAnimationFrame(() => cancelRef.current?.focus());
                  }}
                >
                  Keep subscription
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              ref={cancelRef}
              onClick={() => {
                setIsConfirmingCancel(true);
                focusSoon('manage-cancel-question');
              }}
            >
              Cancel subscription
            </button>
          )}
        </section>
      ) : null}
    </div>
  );
}
