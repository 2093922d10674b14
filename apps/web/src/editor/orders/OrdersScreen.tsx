import type { OrderAdminList, OrderAdminListQuery, OrderSummary } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { ordersApi } from '../api/orders-client.ts';
import { detailPath } from '../detail-routes.ts';
import {
  AppLink,
  Badge,
  Card,
  type DataColumn,
  DataTable,
  EmptyState,
  FilterSelect,
  LIST_PAGE_SIZES,
  ListToolbar,
  NoMatches,
  Skeleton,
  serverPaging,
  TextField,
  useListSearch,
} from '../ui/index.ts';
import {
  dateTimeFormat,
  FULFILLMENT_LABELS,
  moneyText,
  ORDER_STATUS_LABELS,
  PAYMENT_LABELS,
} from './order-labels.ts';
import './orders.css';

/** New orders show up without a reload: the list asks again this often while open. */
const POLL_MS = 10_000;

type ListState = {
  q: string;
  status: '' | OrderSummary['status'];
  from: string;
  to: string;
  page: number;
  pageSize: number;
};

const columnsFor = (onOpen: (orderId: string) => void): DataColumn<OrderSummary>[] => [
  {
    key: 'number',
    header: 'Order',
    isRowHeader: true,
    cell: (order) => (
      <span className="orders__number">
        <AppLink
          href={detailPath({ screen: 'orders', id: order.id })}
          onOpen={() => onOpen(order.id)}
        >
          #{order.orderNumber}
        </AppLink>
        {order.testMode ? <Badge>Test</Badge> : null}
      </span>
    ),
  },
  {
    key: 'date',
    header: 'Date',
    className: 'orders__wide-only',
    cell: (order) => (
      <time dateTime={new Date(order.created).toISOString()}>
        {dateTimeFormat.format(new Date(order.created))}
      </time>
    ),
  },
  {
    key: 'customer',
    header: 'Customer',
    cell: (order) => (
      <span className="orders__customer">
        {order.customerName ? <span>{order.customerName}</span> : null}
        <span className={order.customerName ? 'orders__email orders__wide-only' : 'orders__email'}>
          {order.email}
        </span>
      </span>
    ),
  },
  {
    key: 'total',
    header: 'Total',
    className: 'orders__money',
    cell: (order) => moneyText(order.totalCents, order.currency),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (order) => (
      <span className="orders__states">
        <Badge tone={PAYMENT_LABELS[order.paymentStatus].tone}>
          {order.status === 'cancelled' ? 'Cancelled' : PAYMENT_LABELS[order.paymentStatus].label}
        </Badge>
        <Badge tone={FULFILLMENT_LABELS[order.fulfillmentStatus].tone}>
          {FULFILLMENT_LABELS[order.fulfillmentStatus].label}
        </Badge>
      </span>
    ),
  },
];

/**
 * The store's orders (issue 19): newest first, searched and filtered by the server, and
 * asked for again every few seconds so a new order appears while the screen is open.
 */
export function OrdersScreen({ onOpen }: { onOpen: (orderId: string) => void }) {
  const [state, setState] = useState<ListState>({
    q: '',
    status: '',
    from: '',
    to: '',
    page: 1,
    pageSize: 25,
  });
  const [searchText, setSearchText] = useListSearch((q) =>
    setState((s) => (s.q === q ? s : { ...s, q, page: 1 })),
  );
  const [answer, setAnswer] = useState<OrderAdminList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);

  const load = useCallback(
    async (isQuiet: boolean) => {
      if (!isQuiet) setIsLoading(true);
      try {
        const query: Partial<OrderAdminListQuery> = {
          page: state.page,
          pageSize: state.pageSize,
          ...(state.q && { q: state.q }),
          ...(state.status && { status: state.status }),
          ...(state.from && { from: state.from }),
          ...(state.to && { to: state.to }),
        };
        setAnswer(await ordersApi.list(query));
        setError(null);
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong);
      } finally {
        setIsLoading(false);
      }
    },
    [state],
  );

  useEffect(() => {
    void load(false);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load(true);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [load]);

  const isFiltered = Boolean(state.q || state.status || state.from || state.to);
  const clearFilters = () => {
    setSearchText('');
    setState((s) => ({ ...s, q: '', status: '', from: '', to: '', page: 1 }));
  };
  const filter = (change: Partial<ListState>) => setState((s) => ({ ...s, ...change, page: 1 }));

  let body: React.ReactNode;
  if (answer === null) {
    body = error ? null : <Skeleton lines={6} label="Loading orders…" />;
  } else if (answer.total === 0) {
    body = isFiltered ? (
      <NoMatches title="No orders match" onClear={clearFilters}>
        Try another number, email or name, or clear the filters to see every order.
      </NoMatches>
    ) : (
      <EmptyState title="No orders yet">
        Orders appear here as soon as a customer pays, with a new-order email to you.
      </EmptyState>
    );
  } else {
    body = (
      <DataTable
        caption="Orders"
        isCaptionHidden
        rows={answer.orders}
        columns={columnsFor(onOpen)}
        rowKey={(order) => order.id}
        rowLabel={(order) => `Order #${order.orderNumber}`}
        pageSizes={LIST_PAGE_SIZES}
        isBusy={isLoading}
        server={serverPaging(state, answer.total, setState)}
      />
    );
  }

  return (
    <div className="screen orders-screen">
      <div className="screen-header">
        <div>
          <h1>Orders</h1>
          <p className="screen-header__lead">
            Find an order by its number, the customer's email or name; open it to fulfil, cancel or
            refund.
          </p>
        </div>
      </div>
      <Card as="div">
        <ListToolbar
          label="Find orders"
          placeholder="Number, email or name"
          searchText={searchText}
          onSearchText={setSearchText}
          filters={
            <>
              <FilterSelect
                label="Status"
                anyLabel="Any status"
                value={state.status}
                options={ORDER_STATUS_LABELS}
                onChange={(status) => filter({ status: status as ListState['status'] })}
              />
              <TextField
                label="From"
                type="date"
                value={state.from}
                onChange={(event) => filter({ from: event.target.value })}
              />
              <TextField
                label="To"
                type="date"
                value={state.to}
                onChange={(event) => filter({ to: event.target.value })}
              />
            </>
          }
          total={answer?.total ?? null}
          noun={['order', 'orders']}
          onClearFilters={isFiltered ? clearFilters : undefined}
          error={error}
          onRetry={() => void load(false)}
        />
        {body}
      </Card>
    </div>
  );
}
