import { PAGE_STATUS_LABELS, type PageStatus, type PageSummary } from '@atelier/contract';
import { editorMessages, isLivePageStatus } from '@atelier/core';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import { useCan } from '../capabilities.tsx';
import {
  Badge,
  Button,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  Icon,
  Popover,
  Skeleton,
  useToast,
} from '../ui/index.ts';
import { STATUS_TONES } from './page-status.ts';

/** Who sees a page in each status (ARCHITECTURE, "Drafts and publishing"). */
const STATUS_MEANINGS: [PageStatus, string][] = [
  ['published', 'Everyone.'],
  ['scheduled', 'Everyone, once its publish time has passed.'],
  ['private', 'Only signed-in members.'],
  ['draft', 'Nobody yet.'],
  ['needs-review', 'Nobody yet: waiting for a review.'],
];

const updatedFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

const columns = (
  onOpen: ((id: string) => void) | null,
  canEdit: boolean,
): DataColumn<PageSummary>[] => [
  {
    key: 'title',
    header: 'Title',
    isRowHeader: true,
    sortValue: (page) => page.title,
    // A member who cannot edit (a viewer) opens the page to look at it (PageViewer).
    cell: (page) =>
      onOpen ? (
        <button type="button" className="all-pages__open" onClick={() => onOpen(page.id)}>
          {page.title}
          <span className="visually-hidden">{canEdit ? ', edit' : ', view'}</span>
        </button>
      ) : (
        page.title
      ),
  },
  {
    key: 'url',
    header: 'URL',
    sortValue: (page) => `/${page.urlSlug}`,
    cell: (page) => <code className="all-pages__url">/{page.urlSlug}</code>,
  },
  {
    key: 'status',
    header: 'Status',
    sortValue: (page) => PAGE_STATUS_LABELS[page.status],
    cell: (page) => (
      <Badge tone={STATUS_TONES[page.status]}>{PAGE_STATUS_LABELS[page.status]}</Badge>
    ),
  },
  {
    key: 'updated',
    header: 'Updated',
    // ISO 8601 times sort as text in time order.
    sortValue: (page) => page.updatedAt,
    cell: (page) => (
      <time dateTime={page.updatedAt}>{updatedFormat.format(new Date(page.updatedAt))}</time>
    ),
  },
];

/**
 * Every page (folders are in the site menu tab) in one table: sort by title, address,
 * status or last change, open one, or select several and delete them. The home page has
 * no box: it cannot be deleted.
 */
export function AllPagesTable({
  version,
  onOpen,
  onDeleted,
  onError,
}: {
  /** Changes when the pages may have changed, to load them again. */
  version: number;
  onOpen: (id: string) => void;
  onDeleted: (titles: string[]) => void;
  onError: (text: string) => void;
}) {
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const can = useCan();
  const canEdit = can('pages.edit');
  const canPublish = can('pages.publish');
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is a refresh signal; onError is read when a load fails
  useEffect(() => {
    api
      .pages()
      .then(({ pages: list }) => setPages(list.filter((page) => page.kind === 'page')))
      .catch(() => onError(editorMessages.unableToLoadResults));
  }, [version]);

  if (pages === null) return <Skeleton lines={5} label="Loading pages…" />;

  const chosen = pages.filter((page) => selected.has(page.id));
  async function deleteChosen() {
    setIsBusy(true);
    const deleted: string[] = [];
    try {
      for (const page of chosen) {
        await api.deletePage(page.id);
        deleted.push(page.title);
      }
    } catch (error) {
      onError(error instanceof ApiError ? error.message : editorMessages.somethingWentWrong);
    } finally {
      setIsBusy(false);
      setIsConfirming(false);
      setSelected(new Set());
      if (deleted.length > 0) {
        toast(`Deleted ${deleted.length === 1 ? deleted[0] : `${deleted.length} pages`}.`);
        onDeleted(deleted);
      }
    }
  }

  return (
    <div className="all-pages">
      <div className="all-pages__bar">
        <p className="all-pages__count">
          {chosen.length > 0 ? `${chosen.length} selected` : `${pages.length} pages`}
        </p>
        <Popover
          label="Who sees each status"
          trigger={
            <Button size="sm" variant="quiet" icon={<Icon name="info" />}>
              Who sees each status
            </Button>
          }
        >
          <dl className="all-pages__statuses">
            {STATUS_MEANINGS.map(([status, meaning]) => (
              <div key={status}>
                <dt>
                  <Badge tone={STATUS_TONES[status]}>{PAGE_STATUS_LABELS[status]}</Badge>
                </dt>
                <dd>{meaning}</dd>
              </div>
            ))}
          </dl>
        </Popover>
        {canEdit ? (
          <Button
            size="sm"
            variant="danger"
            disabled={chosen.length === 0}
            onClick={() => setIsConfirming(true)}
          >
            Delete selected
          </Button>
        ) : null}
      </div>
      <DataTable
        caption="All pages"
        isCaptionHidden
        rows={pages}
        columns={columns(onOpen, canEdit)}
        rowKey={(page) => page.id}
        rowLabel={(page) => page.title}
        defaultSort={{ key: 'updated', direction: 'descending' }}
        {...(canEdit && {
          selection: {
            selected,
            onChange: setSelected,
            // A draft editor deletes only pages nobody sees yet (pages.publish for the rest).
            isSelectable: (page: PageSummary) =>
              page.urlSlug !== '' && (canPublish || !isLivePageStatus(page.status)),
          },
        })}
        emptyText="No pages yet. Add one above."
      />
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={
          chosen.length === 1 ? `Delete “${chosen[0]?.title}”?` : `Delete ${chosen.length} pages?`
        }
        description="Visitors will no longer find them at their addresses. This cannot be undone."
        confirmLabel={chosen.length === 1 ? 'Delete page' : `Delete ${chosen.length} pages`}
        isBusy={isBusy}
        onConfirm={() => void deleteChosen()}
      />
    </div>
  );
}
