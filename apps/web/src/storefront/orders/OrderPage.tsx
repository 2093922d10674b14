import type { Order } from '@atelier/contract';
import {
  type CurrencyCode,
  checkoutMessages,
  formatMoney,
  paywallMessages,
  subscriptionMessages,
  subscriptionPriceText,
} from '@atelier/core';
import { countryName } from '../checkout/countries.ts';
import { InstallmentSchedule } from './InstallmentSchedule.tsx';

type OrderPageProps = {
  order: Order;
  /** 202 right after buying; 211 when the shopper comes back through the status link. */
  kind: 'confirmed' | 'status';
  statusUrl: string;
  useCLDRMoneyFormat: boolean;
};

const STATUS_TEXT: Record<Order['status'], string> = {
  paid: 'Paid — we are preparing your order.',
  fulfilled: 'Shipped — your order is on its way.',
  cancelled: 'Cancelled.',
  refunded: 'Refunded.',
};

/** What the shopper reads: a partly shipped order is said so, not "preparing". */
function statusText(order: Order): string {
  if (order.status === 'paid' && order.fulfillmentStatus === 'partial') {
    return 'Partly shipped — the rest of your order follows.';
  }
  return STATUS_TEXT[order.status];
}

/** What comes next for the subscription an order started or renewed, if anything. */
function subscriptionTermsText(
  terms: NonNullable<NonNullable<Order['subscription']>['terms']>,
  money: (minorUnits: number) => string,
): string {
  if (terms.isEnded) return 'This subscription has ended: nothing more will be charged.';
  if (terms.nextBillingAt === null) return 'Payments for this subscription are paused.';
  const price = subscriptionPriceText(money(terms.renewalCents), terms.plan);
  const untilCancelled =
    terms.plan.numBillingCycles === 0 ? ` ${subscriptionMessages.untilCancelled}` : '';
  const next = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeZone: terms.timeZone,
  }).format(new Date(terms.nextBillingAt));
  return `Then ${price}${untilCancelled}, plus any tax. Next payment: ${next}.`;
}

/** Order confirmed (page type 202) and order status (211). */
export function OrderPage({ order, kind, statusUrl, useCLDRMoneyFormat }: OrderPageProps) {
  const money = (minorUnits: number) =>
    formatMoney({ minorUnits, currency: order.currency as CurrencyCode }, { useCLDRMoneyFormat });
  return (
    <div className="order-page">
      {kind === 'confirmed' ? (
        <>
          <h1>Thank you for your order</h1>
          <p>
            Order <strong>#{order.orderNumber}</strong> is confirmed. A confirmation is on its way
            to <strong>{order.email}</strong>.
          </p>
          <p>
            Keep this link to check on your order later: <a href={statusUrl}>order status</a>.
          </p>
          {order.subscription?.cycle === 0 ? (
            <p className="order-subscription">
              Your subscription has started. We've emailed you a link to update your card or cancel
              at any time.
            </p>
          ) : null}
          {order.subscription?.terms ? (
            <p className="order-subscription">
              {subscriptionTermsText(order.subscription.terms, money)}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <h1>Order #{order.orderNumber}</h1>
          <p className="order-status">Status: {statusText(order)}</p>
          {order.subscription && order.subscription.cycle > 0 ? (
            <p className="order-subscription">
              Renewal {order.subscription.cycle} of your subscription, charged to the card on file.
            </p>
          ) : null}
          {order.subscription?.terms ? (
            <p className="order-subscription">
              {subscriptionTermsText(order.subscription.terms, money)}
            </p>
          ) : null}
        </>
      )}
      {order.shipments.length > 0 && order.status !== 'cancelled' ? (
        <section className="order-shipments" aria-labelledby="order-shipments-title">
          <h2 id="order-shipments-title">Shipments</h2>
          <ul>
            {order.shipments.map((shipment) => (
              <li key={shipment.created}>
                Shipped {new Date(shipment.created).toISOString().slice(0, 10)}
                {shipment.carrier ? ` with ${shipment.carrier}` : ''}
                {shipment.trackingNumber ? (
                  <>
                    {' — tracking number '}
                    {shipment.trackingUrl ? (
                      <a href={shipment.trackingUrl} rel="noreferrer noopener">
                        {shipment.trackingNumber}
                      </a>
                    ) : (
                      shipment.trackingNumber
                    )}
                  </>
                ) : shipment.trackingUrl ? (
                  <>
                    {' — '}
                    <a href={shipment.trackingUrl} rel="noreferrer noopener">
                      track the parcel
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.testMode ? (
        <p className="checkout__note">This was a test order: no real payment was taken.</p>
      ) : null}
      <table className="cart-table">
        <caption className="visually-hidden">Items in this order</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.sku}>
              <td>
                {item.productName}
                {item.options.length > 0 || item.answers.length > 0 ? (
                  <span className="order-line__details">
                    {[
                      ...item.options.map((o) => `${o.name}: ${o.value}`),
                      ...item.answers.map((a) => `${a.label}: ${a.value}`),
                    ].join(' · ')}
                  </span>
                ) : null}
                {item.download?.url ? (
                  <>
                    <br />
                    <a href={item.download.url} download rel="noreferrer">
                      {`Download ${item.productName}`}
                    </a>
                    {item.download.remaining !== null ? (
                      <span className="order-download__left">
                        {item.download.remaining === 1
                          ? ' (1 download left)'
                          : ` (${item.download.remaining} downloads left)`}
                      </span>
                    ) : null}
                  </>
                ) : item.download ? (
                  <>
                    <br />
                    <span className="order-download__left">
                      {order.status === 'cancelled' || order.status === 'refunded'
                        ? checkoutMessages.downloadWithdrawn
                        : 'Every download this purchase allows has been used.'}
                    </span>
                  </>
                ) : null}
                {item.access ? (
                  <>
                    <br />
                    <a className="order-access" href={item.access.url} rel="noreferrer">
                      {paywallMessages.accessLinkLabel}
                    </a>
                    <span className="order-download__left"> {paywallMessages.accessLinkHint}</span>
                  </>
                ) : null}
              </td>
              <td>{item.quantity}</td>
              <td>{money(item.unitPriceCents * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="checkout__totals">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotalCents)}</dd>
        {order.discountCents > 0 ? (
          <>
            <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
            <dd>−{money(order.discountCents)}</dd>
          </>
        ) : null}
        <dt>Shipping{order.shippingOptionName ? ` (${order.shippingOptionName})` : ''}</dt>
        <dd>{money(order.shippingTotalCents)}</dd>
        <dt>{order.isTaxIncluded ? 'Tax (included)' : 'Tax'}</dt>
        <dd>{money(order.taxTotalCents)}</dd>
        {order.giftCardTotalCents > 0 ? (
          <>
            <dt>Gift card</dt>
            <dd>−{money(order.giftCardTotalCents)}</dd>
          </>
        ) : null}
        <dt className="checkout__grand">{order.installments?.length ? 'Total' : 'Total paid'}</dt>
        <dd className="checkout__grand">{money(order.grandTotalCents)}</dd>
        {order.refundedCents > 0 ? (
          <>
            <dt>Refunded</dt>
            <dd>−{money(order.refundedCents)}</dd>
          </>
        ) : null}
      </dl>
      {order.installments?.length ? (
        <InstallmentSchedule installments={order.installments} money={money} />
      ) : null}
      {order.giftCards.length > 0 ? (
        <section className="order-gift-cards" aria-labelledby="order-gift-cards-title">
          <h2 id="order-gift-cards-title">Gift cards</h2>
          <ul>
            {order.giftCards.map((card, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cards of one order keep their order
              <li key={index}>
                {money(card.amountCents)}
                {card.code ? (
                  <>
                    {' '}
                    gift card: <code className="gift-card-code">{card.code}</code>
                  </>
                ) : (
                  ` gift card for ${[card.recipientName, card.recipientEmail].filter(Boolean).join(', ')}, sent by email${
                    card.sendAt ? ` on ${new Date(card.sendAt).toISOString().slice(0, 10)}` : ''
                  }`
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.payment ? (
        <p>
          Paid with {order.payment.brand} ending {order.payment.last4}.
        </p>
      ) : null}
      {order.shippingAddress ? (
        <address className="order-address">
          {[
            order.shippingAddress.name,
            order.shippingAddress.line1,
            order.shippingAddress.line2,
            [
              order.shippingAddress.city,
              order.shippingAddress.region,
              order.shippingAddress.postalCode,
            ]
              .filter(Boolean)
              .join(' '),
            countryName(order.shippingAddress.country, 'en-US'),
          ]
            .filter(Boolean)
            .map((line) => (
              <span key={line} className="order-address__line">
                {line}
              </span>
            ))}
        </address>
      ) : null}
      <p>
        <a href="/shop">Continue Shopping</a>
      </p>
    </div>
  );
}
