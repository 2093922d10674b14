import type { TagList } from '@atelier/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api, errorText } from '../api/client.ts';
import {
  Button,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  Dialog,
  EmptyState,
  Skeleton,
  TextField,
  useToast,
} from '../ui/index.ts';
import { editRefusal, matchesFilter } from './manager-rules.ts';
import './tags.css';

// The tag manager (SPEC §2: Edit, Merge, New, Filter; issue 18): the products' tags with
// how many products have each. Edit renames one tag everywhere, Merge makes several one,
// Delete takes them off every product. A tag exists while a product has it, so a new tag
// is given on the product itself.

type Tag = TagList['tags'][number];
type Action = 'edit' | 'merge' | 'delete' | null;

const columns: DataColumn<Tag>[] = [
  {
    key: 'name',
    header: 'Tag',
    isRowHeader: true,
    sortValue: (tag) => tag.name.toLowerCase(),
    cell: (tag) => tag.name,
  },
  {
    key: 'products',
    header: 'Products',
    sortValue: (tag) => tag.productCount,
    cell: (tag) => tag.productCount,
  },
];

/** Which tags the filter keeps: those whose name holds the text, whatever its case. */
export const filterTags = (tags: readonly Tag[], filter: string): Tag[] =>
  tags.filter((tag) => matchesFilter(tag.name, filter));

export function TagManager() {
  const toast = useToast();
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [action, setAction] = useState<Action>(null);
  const [notice, setNotice] = useState('');
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);

  const load = useCallback(() => {
    setLoadError(null);
    api
      .productTags()
      .then(({ tags: loaded }) => {
        setTags(loaded);
        // A selection of tags that are gone (merged, deleted) is dropped.
        setSelected(
          (current) => new Set([...current].filter((n) => loaded.some((t) => t.name === n))),
        );
      })
      .catch((error: unknown) => setLoadError(errorText(error)));
  }, []);
  useEffect(load, [load]);

  const chosen = [...selected];

  function open(next: Exclude<Action, null>) {
    setNotice('');
    setFieldError(undefined);
    const refusal = next === 'edit' ? editRefusal('tag', chosen.length) : null;
    if (refusal) {
      // SPEC §2's own words when more than one is selected.
      setNotice(refusal);
      return;
    }
    if (next === 'merge' && chosen.length < 2) {
      setNotice('Select two or more tags to merge.');
      return;
    }
    setName(next === 'edit' ? (chosen[0] ?? '') : next === 'merge' ? (chosen[0] ?? '') : '');
    setAction(next);
  }

  async function run(work: () => Promise<{ productsChanged: number }>, done: string) {
    setIsBusy(true);
    setFieldError(undefined);
    try {
      const { productsChanged } = await work();
      toast(
        `${done} ${productsChanged} ${productsChanged === 1 ? 'product' : 'products'} changed.`,
      );
      setAction(null);
      setSelected(new Set());
      load();
    } catch (error) {
      const message = errorText(error);
      if (error instanceof ApiError && action !== 'delete') setFieldError(message);
      else setNotice(message);
    } finally {
      setIsBusy(false);
    }
  }

  const shown = tags ? filterTags(tags, filter) : [];
  return (
    <div className="screen tag-manager">
      <div className="screen-header">
        <div>
          <h1>Tags</h1>
          <p className="screen-header__lead">
            Rename a tag on every product at once, merge tags that mean the same, or remove one. A
            new tag is given to a product where you edit it.
          </p>
        </div>
      </div>
      <Card>
        <div className="tag-manager__bar">
          <TextField
            className="tag-manager__filter"
            label="Filter"
            type="search"
            value={filter}
            placeholder="Tag name"
            onChange={(event) => setFilter(event.target.value)}
          />
          <div className="tag-manager__actions">
            <Button onClick={() => open('edit')}>Edit</Button>
            <Button onClick={() => open('merge')}>Merge</Button>
            <Button variant="danger" disabled={chosen.length === 0} onClick={() => open('delete')}>
              Delete
            </Button>
          </div>
        </div>
        <p className={notice ? 'notice notice--error' : 'notice'} role="status">
          {notice}
        </p>
        {loadError ? (
          <EmptyState
            title="The tags could not be loaded"
            action={<Button onClick={load}>Try again</Button>}
          >
            {loadError}
          </EmptyState>
        ) : tags === null ? (
          <Skeleton lines={4} label="Loading tags…" />
        ) : tags.length === 0 ? (
          <EmptyState title="No tags yet">
            Give a product a tag where you edit it, and it appears here.
          </EmptyState>
        ) : (
          <DataTable
            caption="Tags"
            isCaptionHidden
            rows={shown}
            columns={columns}
            rowKey={(tag) => tag.name}
            rowLabel={(tag) => tag.name}
            defaultSort={{ key: 'name', direction: 'ascending' }}
            selection={{ selected, onChange: setSelected }}
            emptyText="No tag matches the filter."
          />
        )}
      </Card>

      <Dialog
        open={action === 'edit' || action === 'merge'}
        onOpenChange={(isOpen) => (isOpen ? undefined : setAction(null))}
        title={action === 'edit' ? `Edit tag ${chosen[0] ?? ''}` : `Merge ${chosen.length} tags`}
        description={
          action === 'merge'
            ? `Every product with ${chosen.join(', ')} gets this one tag instead.`
            : 'The new name replaces the tag on every product that has it.'
        }
        footer={
          <>
            <Button onClick={() => setAction(null)}>Cancel</Button>
            <Button
              variant="primary"
              disabled={isBusy || name.trim() === ''}
              onClick={() =>
                void run(
                  action === 'edit'
                    ? () => api.renameProductTag(chosen[0] ?? '', name.trim())
                    : () => api.mergeProductTags(chosen, name.trim()),
                  action === 'edit' ? 'Tag renamed.' : 'Tags merged.',
                )
              }
            >
              {action === 'edit' ? 'Rename' : 'Merge'}
            </Button>
          </>
        }
      >
        <TextField
          label={action === 'edit' ? 'Tag name' : 'Merged tag name'}
          value={name}
          maxLength={60}
          error={fieldError}
          onChange={(event) => setName(event.target.value)}
        />
      </Dialog>

      <ConfirmDialog
        open={action === 'delete'}
        onOpenChange={(isOpen) => (isOpen ? undefined : setAction(null))}
        title={chosen.length === 1 ? `Delete tag ${chosen[0]}?` : `Delete ${chosen.length} tags?`}
        description={`${chosen.join(', ')} will be taken off every product that has ${
          chosen.length === 1 ? 'it' : 'them'
        }. The products stay.`}
        confirmLabel="Delete"
        isBusy={isBusy}
        onConfirm={() =>
          void run(
            () => api.deleteProductTags(chosen),
            chosen.length === 1 ? 'Tag deleted.' : 'Tags deleted.',
          )
        }
      />
    </div>
  );
}
