import {
  FORM_INBOX_PAGE_SIZES,
  type FormInboxStatus,
  type FormSubmission,
  type FormSubmissionList,
} from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { dateTimeFormat } from '../orders/order-labels.ts';
import {
  BulkActions,
  Button,
  buttonClass,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  NoMatches,
  Select,
  Skeleton,
  TextField,
  useToast,
} from '../ui/index.ts';
import { formInboxApi } from './inbox-client.ts';
import { SubmissionDetail } from './SubmissionDetail.tsx';
import { summaryOf } from './submission-values.tsx';
import '../orders/orders.css';
import './inbox.css';

/** The address of a form's inbox in /config. */
export const formInboxPath = (formId: string) =>
  `/config/forms/${encodeURIComponent(formId)}/submissions`;

type ListState = { q: string; status: FormInboxStatus; page: number; pageSize: number };

const STATUS_LABELS: Record<FormInboxStatus, string> = {
  all: 'All',
  unread: 'Unread',
  read: 'Read',
};

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function columnsFor(
  answer: FormSubmissionList,
  onOpen: (submission: FormSubmission) => void,
): DataColumn<FormSubmission>[] {
  return [
    {
      key: 'createdAt',
      header: 'Submitted',
      isRowHeader: true,
      cell: (submission) => {
        const at = new Date(submission.createdAt);
        return (
          <span
            className={`form-inbox__when${submission.isRead ? '' : ' form-inbox__when--unread'}`}
          >
            {submission.isRead ? null : <span className="form-inbox__dot" aria-hidden="true" />}
            <button type="button" className="form-inbox__open" onClick={() => onOpen(submission)}>
              {/* Day and time each kept whole, so a phone breaks between them only. */}
              <time dateTime={at.toISOString()}>
                <span className="form-inbox__nowrap">{dayFormat.format(at)}</span>{' '}
                <span className="form-inbox__nowrap">{timeFormat.format(at)}</span>
              </time>
              {submission.isRead ? null : <span className="visually-hidden">, unread</span>}
            </button>
            {/* On a phone the answers move under the date, so the row keeps its width. */}
            <span className="form-inbox__phone-summary">
              {summaryOf(answer.form.fields, submission)}
            </span>
          </span>
        );
      },
    },
    {
      key: 'summary',
      header: 'Answers',
      className: 'form-inbox__summary orders__wide-only',
      cell: (submission) => summaryOf(answer.form.fields, submission),
    },
    {
      key: 'page',
      header: 'Page',
      className: 'form-inbox__page orders__wide-only',
      cell: (submission) => submission.pagePath ?? submission.pageTitle ?? '',
    },
  ];
}

/**
 * A form's inbox (issue 20): what visitors sent through it, newest first, searched,
 * filtered by read state and paged by the server; ticked rows are marked or deleted, and
 * opening one shows every answer and marks it read. The CSV holds them all.
 */
export function InboxScreen({ formId, onBack }: { formId: string; onBack: () => void }) {
  const [state, setState] = useState<ListState>({ q: '', status: 'all', page: 1, pageSize: 25 });
  const [searchText, setSearchText] = useState('');
  const [answer, setAnswer] = useState<FormSubmissionList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<FormSubmission | null>(null);
  const [toDelete, setToDelete] = useState<string[] | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();

  // The search box asks once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(
      () =>
        setState((s) => (s.q === searchText.trim() ? s : { ...s, q: searchText.trim(), page: 1 })),
      300,
    );
    return () => clearTimeout(timer);
  }, [searchText]);

  const load = useCallback(async () => {
    setIsLoading(true);
    try {
      setAnswer(
        await formInboxApi.list(formId, {
          page: state.page,
          pageSize: state.pageSize,
          status: state.status,
          ...(state.q && { q: state.q }),
        }),
      );
      setError(null);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong);
    } finally {
      setIsLoading(false);
    }
  }, [formId, state]);

  useEffect(() => {
    void load();
  }, [load]);
  // A new query starts with nothing ticked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the query changes
  useEffect(() => setSelected(new Set()), [state]);

  const failed = (failure: unknown) =>
    toast(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong, {
      tone: 'error',
    });

  async function mark(ids: readonly string[], isRead: boolean) {
    setIsBusy(true);
    try {
      const { count } = await formInboxApi.mark(formId, ids, isRead);
      toast(`${plural(count, 'submission', 'submissions')} marked ${isRead ? 'read' : 'unread'}.`);
      setSelected(new Set());
      await load();
    } catch (failure) {
      failed(failure);
    } finally {
      setIsBusy(false);
    }
  }

  async function openSubmission(submission: FormSubmission) {
    setOpen(submission);
    if (submission.isRead) return;
    // Opening it is reading it; the list shows it read once the server agrees.
    try {
      await formInboxApi.mark(formId, [submission.id], true);
      setOpen((current) =>
        current?.id === submission.id ? { ...current, isRead: true } : current,
      );
      await load();
    } catch (failure) {
      failed(failure);
    }
  }

  async function remove(ids: readonly string[]) {
    setIsBusy(true);
    try {
      const { count } = await formInboxApi.remove(formId, ids);
      toast(`${plural(count, 'submission', 'submissions')} deleted.`);
      setToDelete(null);
      setOpen(null);
      setSelected(new Set());
      // The last row of a page gone: step back a page rather than show an empty one.
      if (answer && state.page > 1 && answer.submissions.every((s) => ids.includes(s.id))) {
        setState((s) => ({ ...s, page: s.page - 1 }));
      } else await load();
    } catch (failure) {
      failed(failure);
    } finally {
      setIsBusy(false);
    }
  }

  const isFiltered = state.q !== '' || state.status !== 'all';
  const clearFilters = () => {
    setSearchText('');
    setState((s) => ({ ...s, q: '', status: 'all', page: 1 }));
  };

  let body: React.ReactNode;
  if (answer === null) {
    body = error ? null : <Skeleton lines={6} label="Loading submissions…" />;
  } else if (answer.total === 0) {
    body = isFiltered ? (
      <NoMatches title="No submissions match" onClear={clearFilters}>
        Try other words, or clear the search and filter to see every submission.
      </NoMatches>
    ) : (
      <EmptyState title="No submissions yet">
        What visitors send through this form appears here. Put the form on a page with a form block
        and publish it.
      </EmptyState>
    );
  } else {
    body = (
      <>
        {selected.size > 0 ? (
          <BulkActions label="Selected submissions" count={selected.size}>
            <Button size="sm" disabled={isBusy} onClick={() => void mark([...selected], true)}>
              Mark read
            </Button>
            <Button size="sm" disabled={isBusy} onClick={() => void mark([...selected], false)}>
              Mark unread
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={isBusy}
              onClick={() => setToDelete([...selected])}
            >
              Delete…
            </Button>
          </BulkActions>
        ) : null}
        <DataTable
          caption={`Submissions of ${answer.form.name}`}
          isCaptionHidden
          rows={answer.submissions}
          columns={columnsFor(answer, (submission) => void openSubmission(submission))}
          rowKey={(submission) => submission.id}
          rowLabel={(submission) =>
            `Submission of ${dateTimeFormat.format(new Date(submission.createdAt))}`
          }
          pageSizes={FORM_INBOX_PAGE_SIZES}
          isBusy={isLoading}
          selection={{ selected, onChange: setSelected }}
          server={{
            sort: null,
            page: state.page,
            pageSize: state.pageSize,
            total: answer.total,
            onChange: (next) =>
              setState((s) => ({ ...s, page: next.page, pageSize: next.pageSize })),
          }}
        />
      </>
    );
  }

  const title = answer?.form.name ?? 'Form submissions';
  // Nothing sent yet: no search or filter to offer, no file to export.
  const isEmpty = answer !== null && answer.total === 0 && !isFiltered;
  const lead =
    answer === null || isEmpty
      ? 'What visitors send through this form.'
      : answer.unreadCount === 0
        ? 'Every submission is read. Open one to see all its answers.'
        : `${plural(answer.unreadCount, 'submission', 'submissions')} unread. Open one to see all its answers; that marks it read.`;
  return (
    <div className="screen form-inbox">
      <Button onClick={onBack}>Back to forms</Button>
      <div className="screen-header">
        <div>
          <h1>{title}</h1>
          <p className="screen-header__lead">{lead}</p>
        </div>
        {answer && !isEmpty ? (
          <a className={buttonClass()} href={formInboxApi.exportUrl(formId)} download>
            Export CSV
          </a>
        ) : null}
      </div>
      <Card as="div">
        {isEmpty ? null : (
          <>
            <search className="orders__filters" aria-label="Find submissions">
              <TextField
                className="orders__search"
                label="Search"
                type="search"
                placeholder="Any answer or page"
                autoComplete="off"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
              />
              <Select
                label="Show"
                value={state.status}
                onChange={(event) =>
                  setState((s) => ({
                    ...s,
                    status: event.target.value as FormInboxStatus,
                    page: 1,
                  }))
                }
              >
                {(Object.keys(STATUS_LABELS) as FormInboxStatus[]).map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </Select>
            </search>
            <div className="orders__bar">
              <p className="orders__count" role="status">
                {answer ? plural(answer.total, 'submission', 'submissions') : ''}
              </p>
            </div>
          </>
        )}
        {error ? (
          <div className="orders__error">
            <p role="alert" className="notice notice--error">
              {error}
            </p>
            <Button size="sm" onClick={() => void load()}>
              {editorMessages.tryAgain}
            </Button>
          </div>
        ) : null}
        {body}
      </Card>
      {answer ? (
        <SubmissionDetail
          form={answer.form}
          submission={open}
          isBusy={isBusy}
          onClose={() => setOpen(null)}
          onMarkUnread={(submission) => {
            setOpen(null);
            void mark([submission.id], false);
          }}
          onDelete={(submission) => setToDelete([submission.id])}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setToDelete(null);
        }}
        title={`Delete ${plural(toDelete?.length ?? 0, 'submission', 'submissions')}?`}
        description="The answers are deleted for good, and leave the CSV export too. This cannot be undone."
        confirmLabel="Delete"
        isBusy={isBusy}
        onConfirm={() => {
          if (toDelete) void remove(toDelete);
        }}
      />
    </div>
  );
}
