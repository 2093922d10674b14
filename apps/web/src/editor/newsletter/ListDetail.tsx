import {
  type MailingList,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  type Subscriber,
  type SubscriberImportResult,
  type SubscriberList,
  type SubscriberStatus,
} from '@atelier/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { errorText } from '../api/client.ts';
import { dateTimeFormat } from '../orders/order-labels.ts';
import {
  Badge,
  type BadgeTone,
  Button,
  buttonClass,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  Dialog,
  EmptyState,
  FilterSelect,
  FormDialog,
  ListToolbar,
  Skeleton,
  serverPaging,
  TextField,
  useListSearch,
  useToast,
} from '../ui/index.ts';
import { ListDialog } from './MailingListsScreen.tsx';
import { newsletterApi } from './newsletter-client.ts';

// One mailing list (issue 21): its subscribers searched, filtered by status and paged by
// the server; add one address, import a CSV, export them all, unsubscribe or delete an
// address, rename or delete the list.

const STATUS: Record<SubscriberStatus, { label: string; tone: BadgeTone }> = {
  subscribed: { label: 'Subscribed', tone: 'success' },
  pending: { label: 'Awaiting confirmation', tone: 'warning' },
  unsubscribed: { label: 'Unsubscribed', tone: 'neutral' },
  bounced: { label: 'Bounced', tone: 'accent' },
};
const STATUS_OPTIONS = Object.fromEntries(
  Object.entries(STATUS).map(([status, { label }]) => [status, label]),
);
const SOURCES: Record<Subscriber['source'], string> = {
  newsletter: 'Newsletter block',
  import: 'Import',
  restock: 'Restock sign-up',
  member: 'Added by you',
  account: 'Customer account',
};
const PAGE_SIZES = [25, 50, 100] as const;

type ListState = { q: string; status: SubscriberStatus | ''; page: number; pageSize: number };
type RowAction = { kind: 'unsubscribe' | 'delete'; subscriber: Subscriber };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function AddDialog({
  listId,
  open,
  onOpenChange,
  onAdded,
}: {
  listId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: () => void;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();
  useEffect(() => {
    if (open) {
      setEmail('');
      setName('');
      setError(undefined);
    }
  }, [open]);

  async function add(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    try {
      const added = await newsletterApi.add(listId, { email, name });
      toast(`${added.email} subscribed.`);
      onAdded();
      onOpenChange(false);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a subscriber"
      description="Only add people who agreed to hear from you: they are subscribed at once, without a confirmation email."
      submitLabel="Add subscriber"
      onSubmit={add}
      isBusy={isBusy}
      formClassName="newsletter__form"
      noValidate
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={email}
        error={error}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="Name"
        hint="Optional."
        autoComplete="off"
        value={name}
        maxLength={200}
        onChange={(event) => setName(event.target.value)}
      />
    </FormDialog>
  );
}

function ImportDialog({
  listId,
  open,
  onOpenChange,
  onImported,
}: {
  listId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<SubscriberImportResult | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setFile(null);
      setError(undefined);
      setResult(null);
    }
  }, [open]);

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError('Choose a CSV file');
      return;
    }
    if (file.size > SUBSCRIBER_IMPORT_MAX_BYTES) {
      setError('The file can be at most 5 MB');
      return;
    }
    setIsBusy(true);
    try {
      setResult(await newsletterApi.importCsv(listId, await file.text()));
      setError(undefined);
      onImported();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import subscribers"
      description="A CSV file whose first row names its columns: one named email, and optionally name. Only import people who agreed to hear from you. Anyone who unsubscribed stays unsubscribed."
      footer={
        result ? (
          <Button variant="primary" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" form="subscriber-import" variant="primary" disabled={isBusy}>
              {isBusy ? 'Importing…' : 'Import'}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div role="status" className="newsletter__import-result">
          <p>
            <strong>{plural(result.added, 'address', 'addresses')} added</strong>
            {result.confirmed > 0
              ? `, ${result.confirmed} awaiting confirmation now subscribed`
              : ''}
            {result.unchanged > 0 ? `, ${result.unchanged} already subscribed` : ''}
            {result.skipped > 0
              ? `, ${plural(result.skipped, 'address', 'addresses')} left out because they unsubscribed or bounced`
              : ''}
            .
          </p>
          {result.errorCount > 0 ? (
            <>
              <p>
                {plural(result.errorCount, 'row', 'rows')} could not be read
                {result.errorCount > result.errors.length
                  ? `; the first ${result.errors.length}:`
                  : ':'}
              </p>
              <ul className="newsletter__import-errors">
                {result.errors.map((problem) => (
                  <li key={problem.line}>
                    Line {problem.line}: {problem.message}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : (
        <form id="subscriber-import" className="newsletter__form" onSubmit={upload} noValidate>
          <TextField
            label="CSV file"
            type="file"
            accept=".csv,text/csv"
            error={error}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </form>
      )}
    </Dialog>
  );
}

function columnsFor(onAction: (action: RowAction) => void): DataColumn<Subscriber>[] {
  return [
    {
      key: 'email',
      header: 'Email',
      isRowHeader: true,
      cell: (subscriber) => (
        <span className="newsletter__who">
          <span className="newsletter__email">{subscriber.email}</span>
          {subscriber.name ? <span className="newsletter__name">{subscriber.name}</span> : null}
          {/* On a phone the status moves under the address, so the row keeps its width. */}
          <span className="newsletter__phone-only">
            <Badge tone={STATUS[subscriber.status].tone}>{STATUS[subscriber.status].label}</Badge>
          </span>
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      className: 'newsletter__wide-only',
      cell: (subscriber) => (
        <Badge tone={STATUS[subscriber.status].tone}>{STATUS[subscriber.status].label}</Badge>
      ),
    },
    {
      key: 'source',
      header: 'Source',
      className: 'newsletter__wide-only',
      cell: (subscriber) => SOURCES[subscriber.source],
    },
    {
      key: 'createdAt',
      header: 'Added',
      className: 'newsletter__wide-only',
      cell: (subscriber) => dateTimeFormat.format(new Date(subscriber.createdAt)),
    },
    {
      key: 'actions',
      header: 'Actions',
      className: 'newsletter__actions',
      cell: (subscriber) => (
        <span className="newsletter__row-actions">
          {subscriber.status === 'subscribed' || subscriber.status === 'pending' ? (
            <Button size="sm" onClick={() => onAction({ kind: 'unsubscribe', subscriber })}>
              Unsubscribe<span className="visually-hidden"> {subscriber.email}</span>
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="quiet"
            onClick={() => onAction({ kind: 'delete', subscriber })}
          >
            Delete<span className="visually-hidden"> {subscriber.email}</span>
          </Button>
        </span>
      ),
    },
  ];
}

export function ListDetail({ listId, onBack }: { listId: string; onBack: () => void }) {
  const [state, setState] = useState<ListState>({ q: '', status: '', page: 1, pageSize: 25 });
  const [searchText, setSearchText] = useListSearch((q) =>
    setState((s) => (s.q === q ? s : { ...s, q, page: 1 })),
  );
  const [answer, setAnswer] = useState<SubscriberList | null>(null);
  const [list, setList] = useState<MailingList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [dialog, setDialog] = useState<'add' | 'import' | 'rename' | 'delete' | null>(null);
  const [action, setAction] = useState<RowAction | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();

  const load = useCallback(async () => {
    setIsLoading(true);
    try {
      const next = await newsletterApi.subscribers(listId, {
        page: state.page,
        pageSize: state.pageSize,
        ...(state.status && { status: state.status }),
        ...(state.q && { q: state.q }),
      });
      setAnswer(next);
      setList(next.list);
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setIsLoading(false);
    }
  }, [listId, state]);

  useEffect(() => {
    void load();
  }, [load]);

  async function act(chosen: RowAction) {
    setIsBusy(true);
    try {
      if (chosen.kind === 'unsubscribe') {
        await newsletterApi.unsubscribe(listId, chosen.subscriber.id);
        toast(`${chosen.subscriber.email} unsubscribed.`);
      } else {
        await newsletterApi.removeSubscriber(listId, chosen.subscriber.id);
        toast(`${chosen.subscriber.email} deleted.`);
      }
      setAction(null);
      await load();
    } catch (failure) {
      toast(errorText(failure), { tone: 'error' });
    } finally {
      setIsBusy(false);
    }
  }

  async function deleteList() {
    setIsBusy(true);
    try {
      await newsletterApi.remove(listId);
      toast(`“${list?.name ?? 'List'}” deleted.`);
      onBack();
    } catch (failure) {
      toast(errorText(failure), { tone: 'error' });
      setIsBusy(false);
    }
  }

  const isFiltered = state.q !== '' || state.status !== '';
  const clearFilters = () => {
    setSearchText('');
    setState((s) => ({ ...s, q: '', status: '', page: 1 }));
  };
  const isEmpty = answer !== null && answer.total === 0 && !isFiltered;

  let body: React.ReactNode;
  if (answer === null) {
    body = error ? null : <Skeleton lines={6} label="Loading subscribers…" />;
  } else if (isEmpty) {
    body = (
      <EmptyState
        title="No subscribers yet"
        action={
          <Button variant="primary" onClick={() => setDialog('import')}>
            Import subscribers
          </Button>
        }
      >
        Pick this list on a newsletter block: visitors who sign up and confirm by email appear here.
        You can also import people who agreed to hear from you.
      </EmptyState>
    );
  } else if (answer.total === 0) {
    body = (
      <EmptyState
        title="No subscribers match"
        action={<Button onClick={clearFilters}>Clear filters</Button>}
      >
        Try other words, or clear the search and filter to see everyone on the list.
      </EmptyState>
    );
  } else {
    body = (
      <DataTable
        caption={`Subscribers of ${answer.list.name}`}
        isCaptionHidden
        rows={answer.subscribers}
        columns={columnsFor(setAction)}
        rowKey={(subscriber) => subscriber.id}
        rowLabel={(subscriber) => subscriber.email}
        pageSizes={PAGE_SIZES}
        isBusy={isLoading}
        server={serverPaging(state, answer.total, setState)}
      />
    );
  }

  const counts = list?.counts;
  return (
    <div className="screen newsletter">
      <Button onClick={onBack}>Back to mailing lists</Button>
      <div className="screen-header">
        <div>
          <h1>{list?.name ?? 'Mailing list'}</h1>
          <p className="screen-header__lead">
            {counts
              ? `${plural(counts.subscribed, 'subscriber', 'subscribers')}, ${counts.pending} awaiting confirmation, ${counts.unsubscribed + counts.bounced} unsubscribed or bounced.`
              : 'Everyone on this list.'}
          </p>
        </div>
        <div className="newsletter__header-actions">
          <Button variant="primary" onClick={() => setDialog('add')}>
            Add subscriber
          </Button>
          <Button onClick={() => setDialog('import')}>Import CSV</Button>
          {answer && !isEmpty ? (
            <a className={buttonClass()} href={newsletterApi.exportUrl(listId)} download>
              Export CSV
            </a>
          ) : null}
          <Button onClick={() => setDialog('rename')}>Rename</Button>
          <Button variant="quiet" onClick={() => setDialog('delete')}>
            Delete list…
          </Button>
        </div>
      </div>
      <Card as="div">
        {isEmpty ? null : (
          <ListToolbar
            label="Find subscribers"
            placeholder="Email or name"
            searchText={searchText}
            onSearchText={setSearchText}
            filters={
              <FilterSelect
                label="Status"
                anyLabel="Any status"
                value={state.status}
                options={STATUS_OPTIONS}
                onChange={(status) =>
                  setState((s) => ({ ...s, status: status as SubscriberStatus | '', page: 1 }))
                }
              />
            }
            total={answer?.total ?? null}
            noun={['subscriber', 'subscribers']}
            onClearFilters={isFiltered ? clearFilters : undefined}
            error={error}
            onRetry={() => void load()}
          />
        )}
        {isEmpty && error ? (
          <p role="alert" className="notice notice--error">
            {error}
          </p>
        ) : null}
        {body}
      </Card>
      <AddDialog
        listId={listId}
        open={dialog === 'add'}
        onOpenChange={(open) => setDialog(open ? 'add' : null)}
        onAdded={() => void load()}
      />
      <ImportDialog
        listId={listId}
        open={dialog === 'import'}
        onOpenChange={(open) => setDialog(open ? 'import' : null)}
        onImported={() => void load()}
      />
      <ListDialog
        open={dialog === 'rename'}
        list={list ?? undefined}
        onOpenChange={(open) => setDialog(open ? 'rename' : null)}
        onSaved={(saved) => setList(saved)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={`Delete “${list?.name ?? 'this list'}”?`}
        description={`Its ${plural((counts?.subscribed ?? 0) + (counts?.pending ?? 0) + (counts?.unsubscribed ?? 0) + (counts?.bounced ?? 0), 'address', 'addresses')} are deleted with it, including who unsubscribed. Newsletter blocks that use it will ask for another list. This cannot be undone.`}
        confirmLabel="Delete list"
        isBusy={isBusy}
        onConfirm={() => void deleteList()}
      />
      <ConfirmDialog
        open={action !== null}
        onOpenChange={(open) => {
          if (!open) setAction(null);
        }}
        title={
          action?.kind === 'unsubscribe'
            ? `Unsubscribe ${action.subscriber.email}?`
            : `Delete ${action?.subscriber.email ?? ''}?`
        }
        description={
          action?.kind === 'unsubscribe'
            ? 'They get no more emails from this list. Only they can sign up again.'
            : 'Everything known of this address on the list is deleted, including whether it unsubscribed, so a later import could add it again. To keep someone off the list, unsubscribe them instead.'
        }
        confirmLabel={action?.kind === 'unsubscribe' ? 'Unsubscribe' : 'Delete'}
        isBusy={isBusy}
        onConfirm={() => {
          if (action) void act(action);
        }}
      />
    </div>
  );
}
