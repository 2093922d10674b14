import type { AccountOrder, SiteUser } from '@atelier/contract';
import { type CurrencyCode, formatMoney, accountPageText as text } from '@atelier/core';
import { Island } from '../../islands/Island.tsx';
import AccountForm, { type AccountFormKind } from './AccountForm.island.tsx';

// The storefront's customer account pages (issue 23): sign in, sign up, forgot and reset
// password, the email link's landing page, and the account itself. The forms are one
// island; the order list is plain HTML.

export function AccountFormPage(props: {
  kind: AccountFormKind;
  token?: string;
  language?: string;
  returnTo?: string;
}) {
  return (
    <div className="account-page account-page--narrow">
      <Island
        name="AccountForm"
        component={AccountForm}
        props={{
          kind: props.kind,
          ...(props.token !== undefined && { token: props.token }),
          ...(props.language !== undefined && { language: props.language }),
          ...(props.returnTo !== undefined && { returnTo: props.returnTo }),
        }}
      />
    </div>
  );
}

export function AccountPage(props: {
  account: SiteUser;
  orders: AccountOrder[];
  locale: string;
  useCLDRMoneyFormat: boolean;
}) {
  const { account, orders, locale, useCLDRMoneyFormat } = props;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <div className="account-page">
      <div className="account-page__head">
        <div>
          <h1>{text.accountTitle}</h1>
          <p className="account-page__email">{account.email}</p>
        </div>
        <Island name="AccountForm" component={AccountForm} props={{ kind: 'sign-out' }} />
      </div>
      <section aria-labelledby="account-orders" className="account-orders">
        <h2 id="account-orders">{text.ordersTitle}</h2>
        {!account.isEmailVerified ? (
          <p>{text.unverifiedOrders}</p>
        ) : orders.length === 0 ? (
          <p>{text.noOrders}</p>
        ) : (
          <table className="account-orders__table">
            <thead>
              <tr>
                <th scope="col">{text.orderNumber}</th>
                <th scope="col">{text.orderDate}</th>
                <th scope="col">{text.orderStatus}</th>
                <th scope="col">{text.orderTotal}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <a href={order.statusUrl} aria-label={text.orderView(order.orderNumber)}>
                      #{order.orderNumber}
                    </a>
                  </th>
                  <td>{date.format(new Date(order.createdAt))}</td>
                  <td>
                    {text.orderStatusLabels[order.status]}
                    {order.status === 'paid' || order.status === 'fulfilled'
                      ? ` · ${text.fulfillmentLabels[order.fulfillmentStatus]}`
                      : ''}
                  </td>
                  <td>
                    {formatMoney(
                      {
                        minorUnits: order.grandTotalCents,
                        currency: order.currency as CurrencyCode,
                      },
                      { useCLDRMoneyFormat },
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <Island
        name="AccountForm"
        component={AccountForm}
        props={{ kind: 'settings', isEmailVerified: account.isEmailVerified }}
      />
    </div>
  );
}
