import type { RestockSendRequest, RestockSignUp, RestockSignUpGroup } from '@atelier/contract';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../api/client.ts';
import { restockApi } from '../api/restock-client.ts';
import { dateTimeFormat } from '../orders/order-labels.ts';
import { InventorySettingsButton } from '../products/InventorySettings.tsx';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  Dialog,
  EmptyState,
  LIST_PAGE_SIZES,
  Skeleton,
  useToast,
} from '../ui/index.ts';
import './restock.css';

// Restock requests (issue 21): shoppers' back-in-stock sign-ups grouped by variant, with
// how many wait and how many were emailed; Send emails one variant's waiting sign-ups,
// Send all every variant's (after a confirmation); a group opens into its sign-ups.
// Automatic sending and the form's texts are in Inventory settings.

const keyOf = (group: Pick<RestockSignUpGroup, 'variantId'>) => group.variantId;
const requestOf = (group: RestockSignUpGroup): RestockSendRequest => ({
  productId: group.productId,
  variantId: group.variantId,
});
const nameOf = (group: RestockSignUpGroup) =>
  group.variantName && group.variantName !== group.sku
    ? `${group.productTitle} — ${group.variantName}`
    : group.productTitle;
const sentText = (count: number) =>
  count === 0
    ? 'Nobody was waiting: no email sent'
    : `${count} ${count === 1 ? 'email' : 'emails'} queued`;

/** The next page of a cursor-paged list, under it. */
function LoadMore({ isLoading, onMore }: { isLoading: boolean; onMore: () => void }) {
  return (
    <div className="restock-admin__more">
      <Button disabled={isLoading} onClick={onMore}>
        {isLoading ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  );
}

export function RestockScreen() {
  const toast = useToast();
  const [groups, setGroups] = useState<RestockSignUpGroup[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [sending, setSending] = useState<string | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [opened, setOpened] = useState<RestockSignUpGroup | null>(null);

  const load = useCallback(async (after: string | null) => {
    setIsLoading(true);
    try {
      const page = await restockApi.groups(after);
      setGroups((current) => [...(after && current ? current : []), ...page.signUpGroups]);
      setCursor(page.hasNextPage ? page.nextPageCursor : null);
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setIsLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(null);
  }, [load]);

  async function send(group: RestockSignUpGroup) {
    setSending(keyOf(group));
    try {
      const { sentCount } = await restockApi.send(requestOf(group));
      toast(`${nameOf(group)}: ${sentText(sentCount)}`);
      await load(null);
    } catch (failure) {
      toast(errorText(failure), { tone: 'error' });
    } finally {
      setSending(null);
    }
  }

  const waitingGroups = (groups ?? []).filter((g) => g.waitingCount > 0);
  const waitingTotal = waitingGroups.reduce((sum, g) => sum + g.waitingCount, 0);

  async function sendAll() {
    setSending('all');
    try {
      const { sentCount } = await restockApi.sendAll(waitingGroups.map(requestOf));
      toast(sentText(sentCount));
      setIsConfirmOpen(false);
      await load(null);
    } catch (failure) {
      toast(errorText(failure), { tone: 'error' });
    } finally {
      setSending(null);
    }
  }

  const columns: DataColumn<RestockSignUpGroup>[] = [
    {
      key: 'product',
      header: 'Product',
      isRowHeader: true,
      cell: (group) => (
        <span className="restock-admin__product">
          <span>{group.productTitle}</span>
          {group.variantName !== group.sku ? (
            <span className="restock-admin__variant">{group.variantName}</span>
          ) : null}
          <span className="restock-admin__sku">SKU {group.sku}</span>
          <span className="restock-admin__phone-only">
            {group.qtyInStock === 0 ? 'Sold out · ' : ''}
            {group.notifiedCount} notified
          </span>
        </span>
      ),
    },
    {
      key: 'stock',
      header: 'Stock',
      className: 'restock-admin__number restock-admin__wide-only',
      cell: (group) =>
        group.qtyInStock === null ? (
          'Unlimited'
        ) : group.qtyInStock === 0 ? (
          <Badge tone="warning">Sold out</Badge>
        ) : (
          group.qtyInStock
        ),
    },
    {
      key: 'waiting',
      header: 'Waiting',
      className: 'restock-admin__number',
      cell: (group) => group.waitingCount,
    },
    {
      key: 'notified',
      header: 'Notified',
      className: 'restock-admin__number restock-admin__wide-only',
      cell: (group) => group.notifiedCount,
    },
    {
      key: 'actions',
      header: 'Actions',
      className: 'restock-admin__actions',
      cell: (group) => (
        <span className="restock-admin__buttons">
          <Button
            size="sm"
            onClick={() => setOpened(group)}
            aria-label={`Sign-ups for ${nameOf(group)}`}
          >
            Sign-ups
          </Button>
          <Button
            size="sm"
            variant="primary"
            disabled={group.waitingCount === 0 || sending !== null}
            onClick={() => void send(group)}
            aria-label={`Send to ${group.waitingCount} waiting for ${nameOf(group)}`}
          >
            {sending === keyOf(group) ? 'Sending…' : 'Send'}
          </Button>
        </span>
      ),
    },
  ];

  let body: React.ReactNode;
  if (groups === null) {
    body = error ? null : <Skeleton lines={5} label="Loading restock requests…" />;
  } else if (groups.length === 0) {
    body = (
      <EmptyState title="No restock requests yet">
        When a variant sells out, shoppers can ask on its product page to be emailed when it is
        back. Their requests appear here.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <DataTable
          caption="Restock requests by variant"
          isCaptionHidden
          rows={groups}
          columns={columns}
          rowKey={keyOf}
          rowLabel={(group) => `Restock requests for ${nameOf(group)}`}
          pageSizes={LIST_PAGE_SIZES}
          defaultPageSize={50}
          isBusy={isLoading}
        />
        {cursor ? <LoadMore isLoading={isLoading} onMore={() => void load(cursor)} /> : null}
      </>
    );
  }

  return (
    <div className="screen restock-admin">
      <div className="screen-header">
        <div>
          <h1>Restock requests</h1>
          <p className="screen-header__lead">
            Shoppers waiting for sold-out variants. Each person is emailed once, with a link to the
            product.
          </p>
        </div>
        <div className="restock-admin__header-actions">
          <InventorySettingsButton />
          <Button
            variant="primary"
            disabled={waitingTotal === 0 || sending !== null}
            onClick={() => setIsConfirmOpen(true)}
          >
            Send all
          </Button>
        </div>
      </div>
      <Card as="div">
        {error ? (
          <div role="alert" className="notice notice--error restock-admin__error">
            {error}{' '}
            <Button size="sm" onClick={() => void load(null)}>
              Try again
            </Button>
          </div>
        ) : null}
        {body}
      </Card>
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        title="Send all restock emails?"
        description={`${waitingTotal} ${waitingTotal === 1 ? 'person' : 'people'} waiting for ${waitingGroups.length} ${waitingGroups.length === 1 ? 'variant' : 'variants'} will be emailed that it is back in stock, even where it is still sold out.`}
        confirmLabel="Send all"
        isBusy={sending === 'all'}
        onConfirm={() => void sendAll()}
      />
      {opened ? <SignUpsDialog group={opened} onClose={() => setOpened(null)} /> : null}
    </div>
  );
}

function SignUpsDialog({ group, onClose }: { group: RestockSignUpGroup; onClose: () => void }) {
  const [signUps, setSignUps] = useState<RestockSignUp[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);

  const load = useCallback(
    async (after: string | null) => {
      setIsLoading(true);
      try {
        const page = await restockApi.signUps(requestOf(group), after);
        setSignUps((current) => [...(after && current ? current : []), ...page.signUps]);
        setCursor(page.hasNextPage ? page.nextPageCursor : null);
        setError(null);
      } catch (failure) {
        setError(errorText(failure));
      } finally {
        setIsLoading(false);
      }
    },
    [group],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  const columns: DataColumn<RestockSignUp>[] = [
    { key: 'email', header: 'Email', isRowHeader: true, cell: (s) => s.email },
    {
      key: 'signedUp',
      header: 'Signed up',
      cell: (s) => (
        <time dateTime={s.signedUpAt}>{dateTimeFormat.format(new Date(s.signedUpAt))}</time>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (s) =>
        s.notifiedAt ? (
          <Badge tone="success">
            Emailed{' '}
            <time dateTime={s.notifiedAt}>{dateTimeFormat.format(new Date(s.notifiedAt))}</time>
          </Badge>
        ) : (
          <Badge tone="accent">Waiting</Badge>
        ),
    },
    {
      key: 'list',
      header: 'Mailing list',
      cell: (s) => (s.isJoinMailingList ? 'Asked to join' : '—'),
    },
  ];

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="wide"
      title={`Sign-ups: ${nameOf(group)}`}
      description="In the order they came: automatic sending emails the earliest first."
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {error ? (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      ) : null}
      {signUps === null ? (
        error ? null : (
          <Skeleton lines={4} label="Loading sign-ups…" />
        )
      ) : (
        <>
          <DataTable
            caption={`Sign-ups for ${nameOf(group)}`}
            isCaptionHidden
            rows={signUps}
            columns={columns}
            rowKey={(s) => s.id}
            rowLabel={(s) => `Sign-up of ${s.email}`}
            pageSizes={LIST_PAGE_SIZES}
            defaultPageSize={50}
            emptyText="Nobody has signed up for this variant."
            isBusy={isLoading}
          />
          {cursor ? <LoadMore isLoading={isLoading} onMore={() => void load(cursor)} /> : null}
        </>
      )}
    </Dialog>
  );
}
