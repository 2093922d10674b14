import type { Order } from '@atelier/contract';
import { installmentMessages } from '@atelier/core';

/** Rendered on the server: the store's dates in one fixed zone, not the server's. */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: 'UTC',
});

/**
 * A pay-in-4 order's payment schedule on the confirmation (202) and status (211) pages
 * (issue 22): each installment's amount, due date and whether it was charged.
 */
export function InstallmentSchedule({
  installments,
  money,
}: {
  installments: NonNullable<Order['installments']>;
  money: (minorUnits: number) => string;
}) {
  const count = installments.length;
  return (
    <section className="order-installments" aria-labelledby="order-installments-title">
      <h2 id="order-installments-title">{installmentMessages.scheduleHeading}</h2>
      <table className="cart-table">
        <caption className="visually-hidden">
          {installmentMessages.tender(count, money(installments[0]?.amountCents ?? 0))}
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <span aria-hidden="true">#</span>
              <span className="visually-hidden">Installment</span>
            </th>
            <th scope="col">Due</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {installments.map((i) => (
            <tr key={i.number} data-status={i.status}>
              <td>{installmentMessages.numberLabel(i.number, count)}</td>
              <td>{dateFormat.format(new Date(i.dueAt))}</td>
              <td>{money(i.amountCents)}</td>
              <td>{installmentMessages.statusLabels[i.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
