import type { GiftCardList, GiftCardListQuery, GiftCardSummary } from '@atelier/contract';
import { editorMessages, isCurrencyCode } from '@atelier/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { giftCardsApi } from '../api/gift-cards-client.ts';
import { storeSettingsApi } from '../api/store-settings-client.ts';
import { detailPath } from '../detail-routes.ts';
import { dateTimeFormat, moneyText } from '../orders/order-labels.ts';
import {
  AppLink,
  Badge,
  Button,
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
  useListSearch,
} from '../ui/index.ts';
import { GIFT_CARD_STATUS_LABELS, maskedCodeLabel } from './gift-card-labels.ts';
import { IssueGiftCardDialog } from './IssueGiftCardDialog.tsx';
import { MaskedCode } from './MaskedCode.tsx';
import './giftcards.css';

type ListState = {
  q: string;
  status: '' | GiftCardSummary['status'];
  page: number;
  pageSize: number;
};

const columnsFor = (onOpen: (id: string) => void): DataColumn<GiftCardSummary>[] => [
  {
    key: 'code',
    header: 'Code',
    isRowHeader: true,
    cell: (card) => (
      <AppLink
        className="gift-cards__open"
        href={detailPath({ screen: 'gift-cards', id: card.id })}
        onOpen={() => onOpen(card.id)}
      >
        <MaskedCode last4={card.last4} />
      </AppLink>
    ),
  },
  {
    key: 'balance',
    header: 'Balance',
    className: 'gift-cards__money',
    cell: (card) => (
      <span className="gift-cards__balance">
        <strong>{moneyText(card.balanceCents, card.currency)}</strong>
        <span className="gift-cards__muted">of {moneyText(card.initialCents, card.currency)}</span>
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (card) => (
      <Badge tone={GIFT_CARD_STATUS_LABELS[card.status].tone}>
        {GIFT_CARD_STATUS_LABELS[card.status].label}
      </Badge>
    ),
  },
  {
    key: 'recipient',
    header: 'Recipient',
    className: 'gift-cards__wide-only',
    cell: (card) =>
      card.recipientName || card.recipientEmail ? (
        <span className="gift-cards__recipient">
          {card.recipientName ? <span>{card.recipientName}</span> : null}
          {card.recipientEmail ? (
            <span className="gift-cards__muted">{card.recipientEmail}</span>
          ) : null}
        </span>
      ) : (
        <span className="gift-cards__muted">—</span>
      ),
  },
  {
    key: 'created',
    header: 'Created',
    className: 'gift-cards__wide-only',
    cell: (card) => (
      <span className="gift-cards__recipient">
        <time dateTime={new Date(card.created).toISOString()}>
          {dateTimeFormat.format(new Date(card.created))}
        </time>
        <span className="gift-cards__muted">
          {card.source === 'purchased' ? 'Bought in an order' : 'Issued by staff'}
        </span>
      </span>
    ),
  },
];

/**
 * The store's gift cards (issue 19): issued and bought cards with their balances,
 * searched and filtered by the server; a card opens with its history at its own address; Issue gift card
 * makes one by hand and shows its code once.
 */
export function GiftCardsScreen({ onOpen }: { onOpen: (giftCardId: string) => void }) {
  const [state, setState] = useState<ListState>({ q: '', status: '', page: 1, pageSize: 25 });
  const [searchText, setSearchText] = useListSearch((q) =>
    setState((s) => (s.q === q ? s : { ...s, q, page: 1 })),
  );
  const [answer, setAnswer] = useState<GiftCardList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [isIssuing, setIsIssuing] = useState(false);
  const [currency, setCurrency] = useState<string | null>(null);

  useEffect(() => {
    storeSettingsApi
      .settings()
      .then((settings) =>
        setCurrency(isCurrencyCode(settings.storeCurrency) ? settings.storeCurrency : null),
      )
      .catch(() => setCurrency(null));
  }, []);

  const load = useCallback(async () => {
    setIsLoading(true);
    try {
      const query: Partial<GiftCardListQuery> = {
        page: state.page,
        pageSize: state.pageSize,
        ...(state.q && { q: state.q }),
        ...(state.status && { status: state.status }),
      };
      setAnswer(await giftCardsApi.list(query));
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

  const isFiltered = Boolean(state.q || state.status);
  const clearFilters = () => {
    setSearchText('');
    setState((s) => ({ ...s, q: '', status: '', page: 1 }));
  };
  const issueButton = (
    <Button variant="primary" onClick={() => setIsIssuing(true)}>
      Issue gift card
    </Button>
  );

  let body: React.ReactNode;
  if (answer === null) {
    body = error ? null : <Skeleton lines={6} label="Loading gift cards…" />;
  } else if (answer.total === 0) {
    body = isFiltered ? (
      <NoMatches title="No gift cards match" onClear={clearFilters}>
        Try the code's last four characters, or the recipient's email or name.
      </NoMatches>
    ) : (
      <EmptyState title="No gift cards yet" action={issueButton}>
        Cards your customers buy appear here with their balances. Issue one by hand to thank a
        customer or make good on a problem.
      </EmptyState>
    );
  } else {
    body = (
      <DataTable
        caption="Gift cards"
        isCaptionHidden
        rows={answer.giftCards}
        columns={columnsFor(onOpen)}
        rowKey={(card) => card.id}
        rowLabel={(card) => maskedCodeLabel(card.last4)}
        pageSizes={LIST_PAGE_SIZES}
        isBusy={isLoading}
        server={serverPaging(state, answer.total, setState)}
      />
    );
  }

  return (
    <div className="screen gift-cards-screen">
      <div className="screen-header">
        <div>
          <h1>Gift cards</h1>
          <p className="screen-header__lead">
            Balances of the cards you issued and your customers bought. Codes show only their last
            four characters.
          </p>
        </div>
        {issueButton}
      </div>
      <Card as="div">
        <ListToolbar
          label="Find gift cards"
          placeholder="Code, last 4, recipient email or name"
          searchText={searchText}
          onSearchText={setSearchText}
          filters={
            <FilterSelect
              label="Status"
              anyLabel="Any status"
              value={state.status}
              options={GIFT_CARD_STATUS_LABELS}
              onChange={(status) =>
                setState((s) => ({ ...s, status: status as ListState['status'], page: 1 }))
              }
            />
          }
          total={answer?.total ?? null}
          noun={['gift card', 'gift cards']}
          onClearFilters={isFiltered ? clearFilters : undefined}
          error={error}
          onRetry={() => void load()}
        />
        {body}
      </Card>
      <IssueGiftCardDialog
        open={isIssuing}
        onOpenChange={setIsIssuing}
        currency={currency}
        onIssued={() => void load()}
      />
    </div>
  );
}
