import type { OrderAdminDetail } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { ordersApi } from '../api/orders-client.ts';
import { useCan } from '../capabilities.tsx';
import { detailPath } from '../detail-routes.ts';
import { AppLink, Badge, Button, Card, Skeleton } from '../ui/index.ts';
import { CancelDialog, FulfillDialog, RefundDialog } from './OrderActionDialogs.tsx';
import { OrderInstallments } from './OrderInstallments.tsx';
import { dateTimeFormat, FULFILLMENT_LABELS, moneyText, PAYMENT_LABELS } from './order-labels.ts';
import './orders.css';
import { PostalAddress } from './PostalAddress.tsx';

/** Additional-field answers are stored as the form's JSON; shown as "Name: answer" lines. */

/** One order (issue 19): what was bought, where it goes, the money, and its timeline. */
export function OrderDetail({
  orderId,
  onClose,
  onOpenSubscription,
}: {
  orderId: string;
  onClose: () => void;
  onOpenSubscription: (subscriptionId: string) => void;
}) {
  const [order, setOrder] = useState<OrderAdminDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'fulfil' | 'cancel' | 'refund' | null>(null);
  const can = useCan();

  useEffect(() => {
    ordersApi
      .get(orderId)
      .then(setOrder)
      .catch((failure: unknown) =>
        setError(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong),
      );
  }, [orderId]);

  const back = <Button onClick={onClose}>Back to orders</Button>;
  if (!order) {
    return (
      <div className="screen order-detail">
        {back}
        {error ? (
          <p role="alert" className="notice notice--error">
            {error}
          </p>
        ) : (
          <Skeleton lines={6} label="Loading the order…" />
        )}
      </div>
    );
  }

  const money = (cents: number) => moneyText(cents, order.currency);
  const isClosed = order.status === 'cancelled' || order.status === 'refunded';
  // What the order allows, and the member's role too (billing refunds but does not fulfil).
  const canFulfil =
    can('orders.fulfill') &&
    !isClosed &&
    order.items.some((l) => l.quantity - l.fulfilledQuantity - l.refundedQuantity > 0);
  const canCancel = can('orders.refund') && !isClosed && order.fulfillmentStatus === 'unfulfilled';
  const canRefund =
    can('orders.refund') && order.status !== 'cancelled' && order.refundableCents > 0;
  const address = order.shippingAddress;

  return (
    <div className="screen order-detail">
      {back}
      <div className="screen-header">
        <div>
          <h1>
            Order #{order.orderNumber} {order.testMode ? <Badge>Test</Badge> : null}
          </h1>
          <p className="screen-header__lead order-detail__lead">
            <time dateTime={new Date(order.created).toISOString()}>
              {dateTimeFormat.format(new Date(order.created))}
            </time>
            {order.status === 'cancelled' ? <Badge>Cancelled</Badge> : null}
            <Badge tone={PAYMENT_LABELS[order.paymentStatus].tone}>
              {PAYMENT_LABELS[order.paymentStatus].label}
            </Badge>
            <Badge tone={FULFILLMENT_LABELS[order.fulfillmentStatus].tone}>
              {FULFILLMENT_LABELS[order.fulfillmentStatus].label}
            </Badge>
          </p>
        </div>
        <div className="order-detail__actions">
          {canFulfil ? (
            <Button variant="primary" onClick={() => setDialog('fulfil')}>
              Fulfil…
            </Button>
          ) : null}
          {canRefund ? <Button onClick={() => setDialog('refund')}>Refund…</Button> : null}
          {canCancel ? (
            <Button variant="danger" onClick={() => setDialog('cancel')}>
              Cancel order…
            </Button>
          ) : null}
        </div>
      </div>
      <FulfillDialog
        order={order}
        open={dialog === 'fulfil'}
        onOpenChange={(open) => setDialog(open ? 'fulfil' : null)}
        onDone={setOrder}
      />
      <RefundDialog
        order={order}
        open={dialog === 'refund'}
        onOpenChange={(open) => setDialog(open ? 'refund' : null)}
        onDone={setOrder}
      />
      <CancelDialog
        order={order}
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        onDone={setOrder}
      />
      <div className="order-detail__grid">
        <div className="order-detail__items">
          <Card title="Items">
            <ul className="order-lines">
              {order.items.map((line) => (
                <li key={line.lineNumber} className="order-line">
                  <div className="order-line__main">
                    <strong>{line.productName}</strong>
                    <code>{line.sku}</code>
                    {line.options.length > 0 ? (
                      <span className="order-line__answer">
                        {line.options.map((o) => `${o.name}: ${o.value}`).join(' · ')}
                      </span>
                    ) : null}
                    {line.answers.map((answer) => (
                      <span key={answer.label} className="order-line__answer">
                        {answer.label}: {answer.value}
                      </span>
                    ))}
                    <span className="order-line__counts">
                      {[
                        line.fulfilledQuantity > 0 && `${line.fulfilledQuantity} fulfilled`,
                        line.refundedQuantity > 0 && `${line.refundedQuantity} refunded`,
                        line.restockedQuantity > 0 && `${line.restockedQuantity} restocked`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </div>
                  <span className="order-line__qty">
                    {line.quantity} × {money(line.unitPriceCents)}
                  </span>
                  <span className="order-line__total">
                    {money(line.quantity * line.unitPriceCents)}
                  </span>
                </li>
              ))}
            </ul>
            <dl className="order-totals">
              <dt>Subtotal</dt>
              <dd>{money(order.subtotalCents)}</dd>
              {order.discountCents > 0 ? (
                <>
                  <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
                  <dd>−{money(order.discountCents)}</dd>
                </>
              ) : null}
              <dt>Shipping{order.shippingOptionName ? ` (${order.shippingOptionName})` : ''}</dt>
              <dd>{money(order.shippingCents)}</dd>
              <dt>{order.isTaxIncluded ? 'Tax (included)' : 'Tax'}</dt>
              <dd>{money(order.taxCents)}</dd>
              {order.giftCardCents > 0 ? (
                <>
                  <dt>Gift cards</dt>
                  <dd>−{money(order.giftCardCents)}</dd>
                </>
              ) : null}
              <dt className="order-totals__grand">
                {order.installments?.length ? 'Card, in installments' : 'Charged to card'}
              </dt>
              <dd className="order-totals__grand">{money(order.grandTotalCents)}</dd>
              {order.refundedCardCents + order.refundedGiftCardCents > 0 ? (
                <>
                  <dt>Refunded</dt>
                  <dd>−{money(order.refundedCardCents + order.refundedGiftCardCents)}</dd>
                </>
              ) : null}
            </dl>
          </Card>
          {order.installments?.length ? (
            <OrderInstallments installments={order.installments} money={money} />
          ) : null}
        </div>
        <div className="order-detail__side">
          <Card title="Customer">
            <p>
              <a href={`mailto:${order.email}`}>{order.email}</a>
            </p>
            {address ? <PostalAddress address={address} /> : <p>No shipping needed.</p>}
            {order.shippingOptionName ? <p>Shipping: {order.shippingOptionName}</p> : null}
            {order.phone ? <p>Phone: {order.phone}</p> : null}
          </Card>
          {order.subscription ? (
            <Card title="Subscription">
              <p>
                {order.subscription.cycle === 0
                  ? 'This order started a subscription.'
                  : `Renewal ${order.subscription.cycle} of a subscription.`}
              </p>
              <AppLink
                href={detailPath({ screen: 'subscriptions', id: order.subscription.id })}
                onOpen={() => order.subscription && onOpenSubscription(order.subscription.id)}
              >
                View subscription
              </AppLink>
            </Card>
          ) : null}
          {order.note ? (
            <Card title="Note from the customer">
              <p className="order-note">{order.note}</p>
            </Card>
          ) : null}
          <Card title="Payment">
            {order.payment ? (
              <p>
                {order.payment.brand ?? 'Card'} ending {order.payment.last4 ?? '····'}
                {order.testMode
                  ? ' (test payment: no money moved)'
                  : ` (${order.payment.provider})`}
              </p>
            ) : (
              <p>No card payment.</p>
            )}
            {order.giftCardsUsed.map((card) => (
              <p key={card.codeEnd}>
                Gift card ending {card.codeEnd}: {money(card.amountCents)}
              </p>
            ))}
            {order.refundedCardCents > 0 ? (
              <p>Refunded to card: {money(order.refundedCardCents)}</p>
            ) : null}
            {order.refundedGiftCardCents > 0 ? (
              <p>Returned to gift cards: {money(order.refundedGiftCardCents)}</p>
            ) : null}
          </Card>
          {order.shipments.length > 0 ? (
            <Card title="Shipments">
              <ul className="order-shipments">
                {order.shipments.map((s) => (
                  <li key={s.created}>
                    {dateTimeFormat.format(new Date(s.created))}
                    {s.carrier ? ` · ${s.carrier}` : ''}
                    {s.trackingNumber ? (
                      <>
                        {' · '}
                        {s.trackingUrl ? (
                          <a href={s.trackingUrl} target="_blank" rel="noreferrer noopener">
                            {s.trackingNumber}
                          </a>
                        ) : (
                          s.trackingNumber
                        )}
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
        <div className="order-detail__timeline">
          <Card title="Timeline">
            <ol className="order-timeline">
              {[...order.events].reverse().map((event, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: events only grow, never reorder
                <li key={index}>
                  <time dateTime={new Date(event.created).toISOString()}>
                    {dateTimeFormat.format(new Date(event.created))}
                  </time>
                  <span>{event.message}</span>
                  <span className="order-timeline__actor">by {event.actor}</span>
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>
    </div>
  );
}
