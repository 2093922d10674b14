import {
  type CurrencyCode,
  DEFAULT_INSTALLMENTS,
  formatMoney,
  type InstallmentOffer,
  installmentPill,
  money,
} from '@atelier/core';
import { useRef } from 'react';
import { useIslandId } from '../../islands/island-id.ts';

export type InstallmentPillProps = {
  offer: InstallmentOffer;
  /** What the shopper would pay now: the chosen variant's price, or the cart subtotal. */
  priceCents: number;
  currency: string;
  useCLDRMoneyFormat: boolean;
};

/** Weeks between two payments (Afterpay and Clearpay both collect fortnightly). */
export const INSTALLMENT_INTERVAL_WEEKS = 2;

/**
 * The pay-in-installments pill (SPEC §3, §5): core's text for the price, the brand and an
 * info button opening the explainer. Rendered on the server inside the product form and
 * cart islands, so the text is there without script; only the explainer needs it.
 *
 * The explainer is a native modal <dialog>: showModal() makes the page behind it inert
 * and closes on Escape, with no library in the storefront bundle. What it does not do is
 * kept here: Tab wraps inside it (a modal dialog otherwise lets Tab reach the browser's
 * own controls), a click on the backdrop closes it, and focus goes back to the opener.
 */
export function InstallmentPill({
  offer,
  priceCents,
  currency,
  useCLDRMoneyFormat,
}: InstallmentPillProps) {
  const code = currency as CurrencyCode;
  const format = (minorUnits: number) =>
    formatMoney(money(minorUnits, code), { useCLDRMoneyFormat });
  const pill = installmentPill({
    price: money(priceCents, code),
    min: money(offer.minCents, code),
    max: money(offer.maxCents, code),
    format: (amount) => formatMoney(amount, { useCLDRMoneyFormat }),
  });
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const id = useIslandId('installments');

  function open(event: React.MouseEvent<HTMLButtonElement>) {
    opener.current = event.currentTarget;
    dialog.current?.showModal();
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusable = [
      ...event.currentTarget.querySelectorAll<HTMLElement>('button, a[href], [tabindex="0"]'),
    ];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const brandButton = (
    <button type="button" className="installment-pill__brand" aria-haspopup="dialog" onClick={open}>
      {offer.brand}
    </button>
  );
  return (
    <div className="installment-pill" data-kind={pill.kind}>
      <p className="installment-pill__text">
        {pill.kind === 'in-range' ? (
          <>
            {pill.text} {brandButton}
          </>
        ) : (
          <>
            {brandButton} {pill.text}
          </>
        )}{' '}
        <button
          type="button"
          className="installment-pill__info"
          aria-haspopup="dialog"
          aria-label={`About paying with ${offer.brand}`}
          onClick={open}
        >
          <span aria-hidden="true">i</span>
        </button>
      </p>
      {/* Clicks inside land on the panel; only the backdrop's land on the dialog itself. */}
      <dialog
        ref={dialog}
        className="installment-dialog"
        aria-labelledby={`${id}-title`}
        aria-modal="true"
        onKeyDown={onKeyDown}
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
        onClose={() => opener.current?.focus()}
      >
        <div className="installment-dialog__panel">
          <h2 id={`${id}-title`} className="installment-dialog__title">
            Pay in {DEFAULT_INSTALLMENTS} with {offer.brand}
          </h2>
          <p>
            Split your order into {DEFAULT_INSTALLMENTS} interest-free payments, one every{' '}
            {INSTALLMENT_INTERVAL_WEEKS} weeks. The first is due when you order.
          </p>
          {pill.kind === 'in-range' ? (
            <ol className="installment-dialog__schedule" aria-label="Your payments">
              {pill.payments.map((payment, index) => (
                <li key={dueLabel(index)} className="installment-dialog__payment">
                  <span>{dueLabel(index)}</span>{' '}
                  <strong>{formatMoney(payment, { useCLDRMoneyFormat })}</strong>
                </li>
              ))}
            </ol>
          ) : (
            <p>
              {offer.brand} is available for orders over {format(offer.minCents)} and up to{' '}
              {format(offer.maxCents)}.
            </p>
          )}
          <p className="installment-dialog__note">
            No interest and no fees when you pay on time. {offer.brand} approves each order.
          </p>
          <button
            type="button"
            className="button installment-dialog__close"
            onClick={() => dialog.current?.close()}
          >
            Close
          </button>
        </div>
      </dialog>
    </div>
  );
}

function dueLabel(index: number): string {
  return index === 0 ? 'Today' : `In ${index * INSTALLMENT_INTERVAL_WEEKS} weeks`;
}
