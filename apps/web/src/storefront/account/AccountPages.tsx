import type {
  AccountAddress,
  AccountDownload,
  AccountMailingList,
  AccountOrder,
  AccountSubscription,
  SiteUser,
} from '@atelier/contract';
import {
  type CurrencyCode,
  customerSubscriptionStatusText,
  formatMoney,
  subscriptionPriceText,
  accountPageText as text,
} from '@atelier/core';
import { Island } from '../../islands/Island.tsx';
import AccountForm, { type AccountFormKind } from './AccountForm.island.tsx';
import AddressBook from './AddressBook.island.tsx';
import NewsletterChoices from './NewsletterChoices.island.tsx';
import TwoFactor from './TwoFactor.island.tsx';

// The storefront's customer account pages (issue 23): sign in, sign up, forgot and reset
// password, the email link's landing page, and the account itself with its sections
// (orders, addresses, subscriptions, downloads, newsletters, settings). The forms, the
// address book and the newsletter choices are islands; the lists are plain HTML.

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

/** The account page's sections, in the order the page shows them. */
const SECTIONS = [
  ['orders', text.ordersTitle],
  ['addresses', text.addressesTitle],
  ['subscriptions', text.subscriptionsTitle],
  ['downloads', text.downloadsTitle],
  ['newsletters', text.newslettersTitle],
  ['settings', text.settingsTitle],
] as const;

export function AccountPage(props: {
  account: SiteUser;
  orders: AccountOrder[];
  addresses: AccountAddress[];
  subscriptions: AccountSubscription[];
  downloads: AccountDownload[];
  newsletters: AccountMailingList[];
  locale: string;
  /** The store's time zone: subscription dates are days there. */
  timeZone: string;
  useCLDRMoneyFormat: boolean;
}) {
  const { account, orders, locale, useCLDRMoneyFormat } = props;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const money = (minorUnits: number, currency: string) =>
    formatMoney({ minorUnits, currency: currency as CurrencyCode }, { useCLDRMoneyFormat });
  return (
    <div className="account-page">
      <div className="account-page__head">
        <div>
          <h1>{text.accountTitle}</h1>
          <p className="account-page__email">{account.email}</p>
        </div>
        <Island name="AccountForm" component={AccountForm} props={{ kind: 'sign-out' }} />
      </div>
      <nav aria-label={text.sectionsLabel} className="account-nav">
        <ul>
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <section id="orders" aria-labelledby="account-orders" className="account-orders">
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
                  <td>{money(order.grandTotalCents, order.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section id="addresses" aria-labelledby="account-addresses" className="account-section">
        <h2 id="account-addresses">{text.addressesTitle}</h2>
        <Island
          name="AddressBook"
          component={AddressBook}
          props={{ addresses: props.addresses, locale }}
        />
      </section>
      <AccountSubscriptions
        account={account}
        subscriptions={props.subscriptions}
        timeZone={props.timeZone}
        money={money}
      />
      <AccountDownloads account={account} downloads={props.downloads} date={date} />
      <section id="newsletters" aria-labelledby="account-newsletters" className="account-section">
        <h2 id="account-newsletters">{text.newslettersTitle}</h2>
        {!account.isEmailVerified ? (
          <p>{text.unverifiedNewsletters}</p>
        ) : props.newsletters.length === 0 ? (
          <p>{text.noNewsletters}</p>
        ) : (
          <>
            <p className="account-section__intro">{text.newslettersIntro(account.email)}</p>
            <Island
              name="NewsletterChoices"
              component={NewsletterChoices}
              props={{ lists: props.newsletters }}
            />
          </>
        )}
      </section>
      <div id="settings">
        <Island name="TwoFactor" component={TwoFactor} props={{}} />
        <Island
          name="AccountForm"
          component={AccountForm}
          props={{ kind: 'settings', isEmailVerified: account.isEmailVerified }}
        />
      </div>
    </div>
  );
}

function AccountSubscriptions(props: {
  account: SiteUser;
  subscriptions: AccountSubscription[];
  timeZone: string;
  money: (minorUnits: number, currency: string) => string;
}) {
  const { account, subscriptions, money } = props;
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: props.timeZone });
  return (
    <section id="subscriptions" aria-labelledby="account-subscriptions" className="account-section">
      <h2 id="account-subscriptions">{text.subscriptionsTitle}</h2>
      {!account.isEmailVerified ? (
        <p>{text.unverifiedSubscriptions}</p>
      ) : subscriptions.length === 0 ? (
        <p>{text.noSubscriptions}</p>
      ) : (
        <table className="account-orders__table account-subscriptions__table">
          <thead>
            <tr>
              <th scope="col">{text.subscriptionProduct}</th>
              <th scope="col">{text.orderStatus}</th>
              <th scope="col">{text.subscriptionNext}</th>
              <th scope="col">
                <span className="visually-hidden">{text.manage}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((sub) => {
              const next =
                sub.status === 'past_due' && sub.nextRetryAt ? sub.nextRetryAt : sub.nextBillingAt;
              return (
                <tr key={sub.id}>
                  <th scope="row">
                    {sub.quantity > 1 ? `${sub.quantity} × ` : ''}
                    {sub.productName}
                    <span className="account-section__sub">
                      {subscriptionPriceText(
                        money(sub.unitPriceCents * sub.quantity, sub.currency),
                        sub.plan,
                      )}
                    </span>
                  </th>
                  <td>{customerSubscriptionStatusText[sub.status]}</td>
                  <td>{next ? day.format(new Date(next)) : text.subscriptionNone}</td>
                  <td>
                    <a href={sub.manageUrl} aria-label={text.manageSubscription(sub.productName)}>
                      {text.manage}
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AccountDownloads(props: {
  account: SiteUser;
  downloads: AccountDownload[];
  date: Intl.DateTimeFormat;
}) {
  const { account, downloads, date } = props;
  return (
    <section id="downloads" aria-labelledby="account-downloads" className="account-section">
      <h2 id="account-downloads">{text.downloadsTitle}</h2>
      {!account.isEmailVerified ? (
        <p>{text.unverifiedDownloads}</p>
      ) : downloads.length === 0 ? (
        <p>{text.noDownloads}</p>
      ) : (
        <ul className="account-downloads">
          {downloads.map((item) => (
            <li key={`${item.orderId}-${item.lineNumber}`} className="account-downloads__item">
              <div>
                <span className="account-downloads__name">{item.productName}</span>
                <span className="account-section__sub">
                  <a href={item.statusUrl}>{text.downloadFrom(item.orderNumber)}</a>
                  {' · '}
                  {date.format(new Date(item.orderedAt))}
                </span>
              </div>
              <div className="account-downloads__action">
                {item.url ? (
                  <>
                    <a
                      className="button button--small"
                      href={item.url}
                      aria-label={text.downloadFile(item.productName)}
                    >
                      {text.download}
                    </a>
                    {item.remaining !== null ? (
                      <span className="account-section__sub">
                        {text.downloadsLeft(item.remaining)}
                      </span>
                    ) : null}
                  </>
                ) : (
                  <span>{item.remaining === 0 ? text.downloadUsedUp : text.downloadWithdrawn}</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
