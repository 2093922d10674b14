import type { OrderAdminDetail } from '@atelier/contract';
import { installmentMessages } from '@atelier/core';
import { Badge, type BadgeTone, Card } from '../ui/index.ts';

const TONES: Record<NonNullable<OrderAdminDetail['installments']>[number]['status'], BadgeTone> = {
  scheduled: 'neutral',
  captured: 'success',
  failed: 'warning',
  cancelled: 'neutral',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * A pay-in-4 order's schedule on the order detail (issue 22): each installment's amount,
 * due date and status, with the tries a declined one took and why.
 */
export function OrderInstallments({
  installments,
  money,
}: {
  installments: NonNullable<OrderAdminDetail['installments']>;
  money: (cents: number) => string;
}) {
  const count = installments.length;
  return (
    <Card title={installmentMessages.scheduleHeading}>
      <table className="order-installments">
        <caption className="visually-hidden">
          {installmentMessages.tender(count, money(installments[0]?.amountCents ?? 0))}
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Due</th>
            <th scope="col" className="order-installments__amount">
              Amount
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {installments.map((i) => (
            <tr key={i.number}>
              <td>{installmentMessages.numberLabel(i.number, count)}</td>
              <td>{dateFormat.format(new Date(i.dueAt))}</td>
              <td className="order-installments__amount">{money(i.amountCents)}</td>
              <td>
                <Badge tone={TONES[i.status]}>{installmentMessages.statusLabels[i.status]}</Badge>
                {i.status !== 'captured' && i.attempts > 0 && i.lastError ? (
                  <span className="order-installments__note">
                    {i.attempts} {i.attempts === 1 ? 'try' : 'tries'}: {i.lastError}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
