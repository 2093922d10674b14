import type { MailingList } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, errorText } from '../api/client.ts';
import {
  Badge,
  Button,
  Card,
  type DataColumn,
  DataTable,
  EmptyState,
  FormDialog,
  Skeleton,
  TextArea,
  TextField,
  useToast,
} from '../ui/index.ts';
import { ListDetail } from './ListDetail.tsx';
import { newsletterApi } from './newsletter-client.ts';
import './newsletter.css';

// /config → Mailing lists (issue 21): the website's lists with how many addresses each
// holds, a new list, and one list's subscribers (ListDetail) at its own address.

export const mailingListPath = (listId: string) =>
  `/config/mailing-lists/${encodeURIComponent(listId)}`;

const countFormat = new Intl.NumberFormat();

/** A list's name and description, for a new list or a rename. */
export function ListDialog({
  open,
  list,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  /** The list being renamed; none for a new one. */
  list?: MailingList | undefined;
  onOpenChange: (open: boolean) => void;
  onSaved: (list: MailingList) => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();

  useEffect(() => {
    if (!open) return;
    setName(list?.name ?? '');
    setDescription(list?.description ?? '');
    setErrors({});
  }, [open, list]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Name is required' });
      return;
    }
    setIsBusy(true);
    try {
      const body = { name, description };
      const saved = list
        ? await newsletterApi.update(list.id, body)
        : await newsletterApi.create(body);
      toast(list ? 'List saved.' : `“${saved.name}” created.`);
      onSaved(saved);
      onOpenChange(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields) setErrors(failure.fields);
      else toast(errorText(failure), { tone: 'error' });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={list ? 'Rename list' : 'New mailing list'}
      description="Visitors who sign up through a newsletter block join the list you pick on the block."
      submitLabel={list ? 'Save' : 'Create list'}
      onSubmit={save}
      isBusy={isBusy}
      formClassName="newsletter__form"
      noValidate
    >
      <TextField
        label="Name"
        value={name}
        maxLength={100}
        error={errors.name}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <TextArea
        label="Description"
        hint="For you and your team; visitors do not see it."
        value={description}
        maxLength={500}
        rows={3}
        error={errors.description}
        onChange={(event) => setDescription(event.target.value)}
      />
    </FormDialog>
  );
}

function columnsFor(onOpen: (list: MailingList) => void): DataColumn<MailingList>[] {
  return [
    {
      key: 'name',
      header: 'List',
      isRowHeader: true,
      cell: (list) => (
        <span className="newsletter__list-name">
          <button type="button" className="newsletter__open" onClick={() => onOpen(list)}>
            {list.name}
          </button>
          {list.description ? (
            <span className="newsletter__list-description">{list.description}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'subscribed',
      header: 'Subscribed',
      className: 'newsletter__num',
      cell: (list) => countFormat.format(list.counts.subscribed),
    },
    {
      key: 'pending',
      header: 'Awaiting confirmation',
      className: 'newsletter__num newsletter__wide-only',
      cell: (list) =>
        list.counts.pending > 0 ? (
          <Badge tone="warning">{countFormat.format(list.counts.pending)}</Badge>
        ) : (
          '0'
        ),
    },
    {
      key: 'unsubscribed',
      header: 'Unsubscribed',
      className: 'newsletter__num newsletter__wide-only',
      cell: (list) => countFormat.format(list.counts.unsubscribed + list.counts.bounced),
    },
  ];
}

export function MailingListsScreen({
  openListId,
  onOpenList,
  onCloseList,
}: {
  openListId: string | null;
  onOpenList: (listId: string) => void;
  onCloseList: () => void;
}) {
  const [lists, setLists] = useState<MailingList[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);

  const load = useCallback(async () => {
    try {
      setLists((await newsletterApi.lists()).lists);
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    }
  }, []);

  useEffect(() => {
    if (!openListId) void load();
  }, [load, openListId]);

  if (openListId) {
    return <ListDetail key={openListId} listId={openListId} onBack={onCloseList} />;
  }

  let body: React.ReactNode;
  if (error) {
    body = (
      <div className="ui-list__error">
        <p role="alert" className="notice notice--error">
          {error}
        </p>
        <Button size="sm" onClick={() => void load()}>
          {editorMessages.tryAgain}
        </Button>
      </div>
    );
  } else if (lists === null) {
    body = <Skeleton lines={4} label="Loading mailing lists…" />;
  } else if (lists.length === 0) {
    body = (
      <EmptyState
        title="No mailing lists yet"
        action={
          <Button variant="primary" onClick={() => setIsCreating(true)}>
            New list
          </Button>
        }
      >
        Create a list, then add a newsletter block to a page and pick the list: visitors who sign up
        confirm by email and appear here.
      </EmptyState>
    );
  } else {
    body = (
      <DataTable
        caption="Mailing lists"
        isCaptionHidden
        rows={lists}
        columns={columnsFor((list) => onOpenList(list.id))}
        rowKey={(list) => list.id}
        rowLabel={(list) => list.name}
      />
    );
  }

  return (
    <div className="screen newsletter">
      <div className="screen-header">
        <div>
          <h1>Mailing lists</h1>
          <p className="screen-header__lead">
            People who asked to hear from you. Sign-ups confirm by email first (double opt-in), and
            every email they get has a one-click unsubscribe link.
          </p>
        </div>
        {lists && lists.length > 0 ? (
          <Button variant="primary" onClick={() => setIsCreating(true)}>
            New list
          </Button>
        ) : null}
      </div>
      <Card as="div">{body}</Card>
      <ListDialog
        open={isCreating}
        onOpenChange={setIsCreating}
        onSaved={(list) => onOpenList(list.id)}
      />
    </div>
  );
}
