import type {
  Subscription,
  SubscriptionList,
  SubscriptionListQuery,
  SubscriptionSummary,
} from '@atelier/contract';
import { editorMessages, subscriptionPriceText } from '@atelier/core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { subscriptionsApi } from '../api/subscriptions-client.ts';
import { detailPath } from '../detail-routes.ts';
import { moneyText, ORDER_STATUS_LABELS } from '../orders/order-labels.ts';
import {
  AppLink,
  Badge,
  type BadgeTone,
  Button,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  FilterSelect,
  FormDialog,
  LIST_PAGE_SIZES,
  ListToolbar,
  NoMatches,
  Skeleton,
  serverPaging,
  TextField,
  useListSearch,
  useToast,
} from '../ui/index.ts';
import '../orders/orders.css';
import './subscriptions.css';
import { PostalAddress } from '../orders/PostalAddress.tsx';

export const SUBSCRIPTION_STATUS_LABELS: Record<
  SubscriptionSummary['status'],
  { label: string; tone: BadgeTone }
> = {
  active: { label: 'Active', tone: 'success' },
  past_due: { label: 'Past due', tone: 'warning' },
  paused: { label: 'Paused', tone: 'accent' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
  completed: { label: 'Completed', tone: 'neutral' },
};
const STATUS_FILTER = Object.fromEntries(
  Object.entries(SUBSCRIPTION_STATUS_LABELS).map(([key, { label }]) => [key, label]),
) as Record<SubscriptionSummary['status'], string>;

// Dates in the store's zone, which billing keeps to, whatever the merchant's browser says.
const dayText = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone }).format(new Date(ms));
const dateTimeText = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(ms),
  );
const errorText = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong;

/** '$32.00 every month' for one renewal's goods (shipping and tax come on top). */
const planText = (sub: SubscriptionSummary) =>
  subscriptionPriceText(moneyText(sub.unitPriceCents * sub.quantity, sub.currency), sub.plan);

type ListState = {
  q: string;
  status: '' | SubscriptionSummary['status'];
  page: number;
  pageSize: number;
};

const columnsFor = (onOpen: (id: string) => void): DataColumn<SubscriptionSummary>[] => [
  {
    key: 'customer',
    header: 'Customer',
    isRowHeader: true,
    cell: (sub) => (
      <span className="subscriptions__customer">
        <AppLink
          href={detailPath({ screen: 'subscriptions', id: sub.id })}
          onOpen={() => onOpen(sub.id)}
        >
          {sub.email}
        </AppLink>
        {/* On a phone the status column gives way: the badge comes under the email. */}
        <span className="subscriptions__narrow-only">
          <Badge tone={SUBSCRIPTION_STATUS_LABELS[sub.status].tone}>
            {SUBSCRIPTION_STATUS_LABELS[sub.status].label}
          </Badge>
        </span>
      </span>
    ),
  },
  {
    key: 'product',
    header: 'Product',
    cell: (sub) => (
      <span className="subscriptions__product">
        <span>
          {sub.quantity > 1 ? `${sub.quantity} × ` : ''}
          {sub.productName}
        </span>
        <span className="subscriptions__plan">{planText(sub)}</span>
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    className: 'orders__wide-only',
    cell: (sub) => (
      <Badge tone={SUBSCRIPTION_STATUS_LABELS[sub.status].tone}>
        {SUBSCRIPTION_STATUS_LABELS[sub.status].label}
      </Badge>
    ),
  },
  {
    key: 'next',
    header: 'Next payment',
    className: 'orders__wide-only',
    cell: (sub) =>
      sub.nextBillingAt ? (
        <time dateTime={new Date(sub.nextBillingAt).toISOString()}>
          {dayText(sub.nextBillingAt, sub.timeZone)}
        </time>
      ) : (
        '—'
      ),
  },
  {
    key: 'payments',
    header: 'Payments',
    className: 'orders__money orders__wide-only',
    cell: (sub) => String(sub.paymentsMade),
  },
];

/**
 * The store's subscriptions (issue 22): newest first, searched by customer or product and
 * filtered by status; each opens to its renewals, timeline and actions.
 */
export function SubscriptionsScreen({ onOpen }: { onOpen: (id: string) => void }) {
  const [state, setState] = useState<ListState>({ q: '', status: '', page: 1, pageSize: 25 });
  const [searchText, setSearchText] = useListSearch((q) =>
    setState((s) => (s.q === q ? s : { ...s, q, page: 1 })),
  );
  const [answer, setAnswer] = useState<SubscriptionList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);

  const load = useCallback(async () => {
    setIsLoading(true);
    try {
      const query: Partial<SubscriptionListQuery> = {
        page: state.page,
        pageSize: state.pageSize,
        ...(state.q && { q: state.q }),
        ...(state.status && { status: state.status }),
      };
      setAnswer(await subscriptionsApi.list(query));
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setIsLoading(false);
    }
  }, [state]);
  useEffect(() => {
    void load();
  }, [load]);

  const isFiltered = Boolean(state.q || state.status);
  const clearFilters = () => {
    setSearchText('');
    setState((s) => ({ ...s, q: '', status: '', page: 1 }));
  };

  let body: React.ReactNode;
  if (answer === null) {
    body = error ? null : <Skeleton lines={6} label="Loading subscriptions…" />;
  } else if (answer.total === 0) {
    body = isFiltered ? (
      <NoMatches title="No subscriptions match" onClear={clearFilters}>
        Try another email or product, or clear the filters to see every subscription.
      </NoMatches>
    ) : (
      <EmptyState title="No subscriptions yet">
        Turn on "Sell as a subscription" on a physical or service product; each customer who
        subscribes appears here with every renewal.
      </EmptyState>
    );
  } else {
    body = (
      <DataTable
        caption="Subscriptions"
        isCaptionHidden
        rows={answer.subscriptions}
        columns={columnsFor(onOpen)}
        rowKey={(sub) => sub.id}
        rowLabel={(sub) => `${sub.email}, ${sub.productName}`}
        pageSizes={LIST_PAGE_SIZES}
        isBusy={isLoading}
        server={serverPaging(state, answer.total, setState)}
      />
    );
  }

  return (
    <div className="screen subscriptions-screen">
      <div className="screen-header">
        <div>
          <h1>Subscriptions</h1>
          <p className="screen-header__lead">
            Customers who subscribe are charged again each period; open one to pause, move its next
            payment or cancel it.
          </p>
        </div>
      </div>
      <Card as="div">
        <ListToolbar
          label="Find subscriptions"
          placeholder="Email or product"
          searchText={searchText}
          onSearchText={setSearchText}
          filters={
            <FilterSelect
              label="Status"
              anyLabel="Any status"
              value={state.status}
              options={STATUS_FILTER}
              onChange={(status) =>
                setState((s) => ({ ...s, status: status as ListState['status'], page: 1 }))
              }
            />
          }
          total={answer?.total ?? null}
          noun={['subscription', 'subscriptions']}
          onClearFilters={isFiltered ? clearFilters : undefined}
          error={error}
          onRetry={() => void load()}
        />
        {body}
      </Card>
    </div>
  );
}

/** A date input's value for an instant: its day in the store's zone, as the server reads it. */
const dateInputValue = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));

/** One subscription: what it bills, its renewals (each an order to refund there) and its timeline. */
export function SubscriptionDetail({
  subscriptionId,
  onClose,
  onOpenOrder,
}: {
  subscriptionId: string;
  onClose: () => void;
  onOpenOrder: (orderId: string) => void;
}) {
  const [sub, setSub] = useState<Subscription | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'cancel' | 'date' | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const toast = useToast();

  useEffect(() => {
    subscriptionsApi
      .get(subscriptionId)
      .then(setSub)
      .catch((failure: unknown) => setError(errorText(failure)));
  }, [subscriptionId]);

  const back = <Button onClick={onClose}>Back to subscriptions</Button>;
  if (!sub) {
    return (
      <div className="screen subscription-detail">
        {back}
        {error ? (
          <p role="alert" className="notice notice--error">
            {error}
          </p>
        ) : (
          <Skeleton lines={6} label="Loading the subscription…" />
        )}
      </div>
    );
  }

  async function run(action: () => Promise<Subscription>, done: string) {
    setIsBusy(true);
    setActionError(null);
    try {
      setSub(await action());
      toast(done);
      setDialog(null);
    } catch (failure) {
      setActionError(errorText(failure));
    } finally {
      setIsBusy(false);
    }
  }

  async function saveDate(event: FormEvent) {
    event.preventDefault();
    if (!date) {
      setDateError('Choose a date.');
      return;
    }
    setIsBusy(true);
    setDateError(null);
    try {
      setSub(await subscriptionsApi.setNextBillingDate(subscriptionId, date));
      toast('Next payment date changed.');
      setDialog(null);
    } catch (failure) {
      setDateError(
        failure instanceof ApiError ? (failure.fields.date ?? failure.message) : errorText(failure),
      );
    } finally {
      setIsBusy(false);
    }
  }

  const money = (cents: number) => moneyText(cents, sub.currency);
  const isEnded = ['cancelled', 'expired', 'completed'].includes(sub.status);
  const status = SUBSCRIPTION_STATUS_LABELS[sub.status];
  const address = sub.shippingAddress;

  return (
    <div className="screen subscription-detail">
      {back}
      <div className="screen-header">
        <div>
          <h1>
            {sub.productName}
            {sub.quantity > 1 ? ` × ${sub.quantity}` : ''}
          </h1>
          <p className="screen-header__lead order-detail__lead">
            <span>{sub.email}</span>
            <Badge tone={status.tone}>{status.label}</Badge>
          </p>
        </div>
        {!isEnded ? (
          <div className="order-detail__actions">
            {sub.status === 'active' ? (
              <Button
                disabled={isBusy}
                onClick={() =>
                  void run(() => subscriptionsApi.pause(sub.id), 'Subscription paused.')
                }
              >
                Pause
              </Button>
            ) : null}
            {sub.status === 'paused' ? (
              <Button
                variant="primary"
                disabled={isBusy}
                onClick={() =>
                  void run(() => subscriptionsApi.resume(sub.id), 'Subscription resumed.')
                }
              >
                Resume
              </Button>
            ) : null}
            {sub.status !== 'past_due' ? (
              <Button
                onClick={() => {
                  setDate(sub.nextBillingAt ? dateInputValue(sub.nextBillingAt, sub.timeZone) : '');
                  setDateError(null);
                  setDialog('date');
                }}
              >
                Change next payment…
              </Button>
            ) : null}
            <Button variant="danger" onClick={() => setDialog('cancel')}>
              Cancel subscription…
            </Button>
          </div>
        ) : null}
      </div>
      {actionError ? (
        <p role="alert" className="notice notice--error">
          {actionError}
        </p>
      ) : null}
      <ConfirmDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        title="Cancel this subscription?"
        description={`${sub.email} will not be charged again, and will get an email saying so. Renewals already paid are kept; refund one from its order if you need to.`}
        confirmLabel="Cancel subscription"
        cancelLabel="Keep subscription"
        isBusy={isBusy}
        onConfirm={() => void run(() => subscriptionsApi.cancel(sub.id), 'Subscription cancelled.')}
      />
      <FormDialog
        open={dialog === 'date'}
        onOpenChange={(open) => setDialog(open ? 'date' : null)}
        title="Change the next payment"
        description={`Later payments follow on from the new date, ${sub.plan.billingPeriod.value === 1 ? `every ${sub.plan.billingPeriod.unit.toLowerCase()}` : `every ${sub.plan.billingPeriod.value} ${sub.plan.billingPeriod.unit.toLowerCase()}s`}. Times are in the store's zone (${sub.timeZone}).`}
        submitLabel="Save date"
        isBusy={isBusy}
        onSubmit={(event) => void saveDate(event)}
        noValidate
      >
        <TextField
          label="Next payment"
          type="date"
          value={date}
          error={dateError ?? undefined}
          onChange={(event) => setDate(event.target.value)}
        />
      </FormDialog>

      <div className="order-detail__grid">
        <div className="order-detail__items">
          <Card title="Plan">
            <dl className="order-totals subscription-facts">
              <dt>Price</dt>
              <dd>{planText(sub)}</dd>
              <dt>Shipping each time</dt>
              <dd>{money(sub.shippingCents)}</dd>
              <dt>Payments made</dt>
              <dd>
                {sub.paymentsMade}
                {sub.plan.numBillingCycles > 0 ? ` of ${sub.plan.numBillingCycles}` : ''}
              </dd>
              <dt>Started</dt>
              <dd>{dayText(sub.started, sub.timeZone)}</dd>
              <dt>{sub.status === 'past_due' ? 'Next try' : 'Next payment'}</dt>
              <dd>
                {sub.status === 'past_due' && sub.nextRetryAt
                  ? dateTimeText(sub.nextRetryAt, sub.timeZone)
                  : sub.nextBillingAt
                    ? dateTimeText(sub.nextBillingAt, sub.timeZone)
                    : '—'}
              </dd>
              {sub.status === 'past_due' ? (
                <>
                  <dt>Failed tries</dt>
                  <dd>{sub.failedAttempts}</dd>
                </>
              ) : null}
            </dl>
            {sub.lastFailure && sub.status === 'past_due' ? (
              <p className="subscription-detail__failure">Last payment failed: {sub.lastFailure}</p>
            ) : null}
          </Card>
          <Card title="Orders">
            {sub.orders.length === 0 ? (
              <p>No orders yet.</p>
            ) : (
              <table className="subscription-orders">
                <caption className="visually-hidden">Orders of this subscription</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Payment</th>
                    <th scope="col">Date</th>
                    <th scope="col" className="orders__money">
                      Total
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {sub.orders.map((order) => (
                    <tr key={order.id}>
                      <th scope="row">
                        <AppLink
                          href={detailPath({ screen: 'orders', id: order.id })}
                          onOpen={() => onOpenOrder(order.id)}
                        >
                          #{order.orderNumber}
                        </AppLink>
                      </th>
                      <td>{order.cycle === 0 ? 'First' : `Renewal ${order.cycle}`}</td>
                      <td>{dayText(order.created, sub.timeZone)}</td>
                      <td className="orders__money">{money(order.totalCents)}</td>
                      <td>{ORDER_STATUS_LABELS[order.status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <p className="subscription-detail__hint">
              To refund a renewal, open its order and choose Refund.
            </p>
          </Card>
        </div>
        <div className="order-detail__side">
          <Card title="Customer">
            <p>
              <a href={`mailto:${sub.email}`}>{sub.email}</a>
            </p>
            {address ? <PostalAddress address={address} /> : <p>No shipping needed.</p>}
            {sub.shippingOptionName ? <p>Shipping: {sub.shippingOptionName}</p> : null}
          </Card>
          <Card title="Card on file">
            {sub.card ? (
              <p>
                {sub.card.brand} ending {sub.card.last4}, expires{' '}
                {String(sub.card.expMonth).padStart(2, '0')}/{sub.card.expYear}
              </p>
            ) : (
              <p>No card on file.</p>
            )}
            <p className="subscription-detail__hint">
              Customers change their card from the link in their subscription emails.
            </p>
          </Card>
          <Card title="Timeline">
            <ol className="order-timeline">
              {sub.events.map((event, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: events only grow, never reorder
                <li key={index}>
                  <time dateTime={new Date(event.created).toISOString()}>
                    {dateTimeText(event.created, sub.timeZone)}
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
