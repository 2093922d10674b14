import type { Checkout } from '@atelier/contract';
import { installmentMessages } from '@atelier/core';
import { useIslandId } from '../../islands/island-id.ts';

export type Tender = 'full' | 'installments';

/**
 * The payment step's choice between paying in full and paying in 4 (issue 22), shown only
 * when the server's checkout offers installments (core's installmentTender). A native
 * radio group in a fieldset: arrow keys move between the two, the legend names it.
 */
export function InstallmentTender({
  offer,
  totalCents,
  tender,
  onChange,
  money,
  isDisabled,
}: {
  offer: NonNullable<Checkout['installments']>;
  totalCents: number;
  tender: Tender;
  onChange: (tender: Tender) => void;
  money: (minorUnits: number) => string;
  isDisabled: boolean;
}) {
  const id = useIslandId('tender');
  const count = offer.paymentsCents.length;
  const weeks = Math.round(offer.intervalDays / 7);
  return (
    <fieldset className="checkout__tender">
      <legend>{installmentMessages.paymentMethodLegend}</legend>
      <label className="form-field__choice">
        <input
          type="radio"
          name="checkout-tender"
          value="full"
          checked={tender === 'full'}
          disabled={isDisabled}
          onChange={() => onChange('full')}
        />{' '}
        {installmentMessages.payInFull(money(totalCents))}
      </label>
      <label className="form-field__choice">
        <input
          type="radio"
          name="checkout-tender"
          value="installments"
          checked={tender === 'installments'}
          disabled={isDisabled}
          aria-describedby={`${id}-hint`}
          onChange={() => onChange('installments')}
        />{' '}
        {installmentMessages.tender(count, money(offer.paymentsCents[0] ?? 0))}
      </label>
      <p className="checkout__note" id={`${id}-hint`}>
        {installmentMessages.tenderHint(weeks)}
      </p>
      {tender === 'installments' ? (
        <ol className="checkout__schedule" aria-label={installmentMessages.scheduleHeading}>
          {offer.paymentsCents.map((cents, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the payments' order is the schedule
            <li key={index}>
              <span>{index === 0 ? 'Today' : `In ${index * weeks} weeks`}</span>{' '}
              <span>{money(cents)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </fieldset>
  );
}
