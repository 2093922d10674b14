import type { CustomerList, CustomerSort, CustomerSummary } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { customersApi } from '../api/customers-client.ts';
import { detailPath } from '../detail-routes.ts';
import { dateTimeFormat, moneyText } from '../orders/order-labels.ts';
import {
  AppLink,
  Badge,
  Button,
  buttonClass,
  Card,
  type DataColumn,
  DataTable,
  EmptyState,
  LIST_PAGE_SIZES,
  ListToolbar,
  Skeleton,
  type SortState,
  serverPaging,
  useListSearch,
} from '../ui/index.ts';
import '../orders/orders.css';
import './customers.css';

const DEFAULT_SORT: NonNullable<SortState> = { key: 'lastOrder', direction: 'descending' };

type ListState = { q: string; sort: SortState; page: number; pageSize: number };

const columnsFor = (onOpen: (email: string) => void): DataColumn<CustomerSummary>[] => [
  {
    key: 'name',
    header: 'Customer',
    isRowHeader: true,
    isSortable: true,
    cell: (customer) => (
      <span className="customers__who">
        <AppLink
          className="customers__open"
          href={detailPath({ screen: 'customers', id: customer.email })}
          onOpen={() => onOpen(customer.email)}
        >
          {customer.name ?? customer.email}
        </AppLink>
        {customer.testOrdersCount === customer.ordersCount ? <Badge>Test</Badge> : null}
        {customer.hasNote ? <Badge tone="accent">Note</Badge> : null}
        <span className="customers__phone-only">
          {customer.ordersCount} {customer.ordersCount === 1 ? 'order' : 'orders'}
        </span>
      </span>
    ),
  },
  {
    key: 'email',
    header: 'Email',
    isSortable: true,
    className: 'customers__email',
    cell: (customer) => customer.email,
  },
  {
    key: 'orders',
    header: 'Orders',
    isSortable: true,
    // On a phone the count moves under the name, so the value column fits.
    className: 'customers__number orders__wide-only',
    cell: (customer) => customer.ordersCount,
  },
  {
    key: 'spent',
    header: 'Lifetime value',
    isSortable: true,
    className: 'orders__money',
    cell: (customer) => moneyText(customer.lifetimeValueCents, customer.currency),
  },
  {
    key: 'lastOrder',
    header: 'Last order',
    isSortable: true,
    className: 'orders__wide-only',
    cell: (customer) => (
      <time dateTime={new Date(customer.lastOrderAt).toISOString()}>
        {dateTimeFormat.format(new Date(customer.lastOrderAt))}
      </time>
    ),
  },
];

/**
 * The store's customers (issue 19): everyone who placed an order, one per email, searched,
 * sorted and paged by the server; a name opens the customer at their own address.
 */
export function CustomersScreen({ onOpen }: { onOpen: (email: string) => void }) {
  const [state, setState] = useState<ListState>({
    q: '',
    sort: DEFAULT_SORT,
    page: 1,
    pageSize: 25,
  });
  const [searchText, setSearchText] = useListSearch((q) =>
    setState((s) => (s.q === q ? s : { ...s, q, page: 1 })),
  );
  const [answer, setAnswer] = useState<CustomerList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);

  const load = useCallback(async () => {
    setIsLoading(true);
    try {
      const sort = state.sort ?? DEFAULT_SORT;
      setAnswer(
        await customersApi.list({
          page: state.page,
          pageSize: state.pageSize,
          sort: sort.key as CustomerSort,
          direction: sort.direction === 'ascending' ? 'asc' : 'desc',
          ...(state.q && { q: state.q }),
        }),
      );
      setError(null);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong);
    } finally {
      setIsLoading(false);
    }
  }, [state]);

  useEffect(() => {
    void load();
  }, [load]);

  const clearSearch = () => {
    setSearchText('');
    setState((s) => ({ ...s, q: '', page: 1 }));
  };

  let body: React.ReactNode;
  if (answer === null) {
    body = error ? null : <Skeleton lines={6} label="Loading customers…" />;
  } else if (answer.total === 0) {
    body = state.q ? (
      <EmptyState
        title="No customers match"
        action={
          <Button variant="primary" onClick={clearSearch}>
            Clear search
          </Button>
        }
      >
        Try another email or name, or clear the search to see every customer.
      </EmptyState>
    ) : (
      <EmptyState title="No customers yet">
        Everyone who places an order appears here, with their orders and what they spent.
      </EmptyState>
    );
  } else {
    body = (
      <DataTable
        caption="Customers"
        isCaptionHidden
        rows={answer.customers}
        columns={columnsFor(onOpen)}
        rowKey={(customer) => customer.email}
        rowLabel={(customer) => `Customer ${customer.name ?? customer.email}`}
        pageSizes={LIST_PAGE_SIZES}
        isBusy={isLoading}
        server={serverPaging(state, answer.total, setState)}
      />
    );
  }

  return (
    <div className="screen customers-screen">
      <div className="screen-header">
        <div>
          <h1>Customers</h1>
          <p className="screen-header__lead">
            Everyone who ordered from your store, with what they spent. Open one to see their orders
            and keep a note.
          </p>
        </div>
        {answer && answer.total > 0 ? (
          <a className={buttonClass()} href={customersApi.exportUrl()} download>
            Export CSV
          </a>
        ) : null}
      </div>
      <Card as="div">
        <ListToolbar
          label="Find customers"
          placeholder="Email or name"
          searchText={searchText}
          onSearchText={setSearchText}
          total={answer?.total ?? null}
          noun={['customer', 'customers']}
          error={error}
          onRetry={() => void load()}
        />
        {body}
      </Card>
    </div>
  );
}
