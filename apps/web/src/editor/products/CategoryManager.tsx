import type { CategoryTreeItem, CategoryUpdate, CollectionSummary } from '@atelier/contract';
import { catalogMessages, editorMessages, MAX_CATEGORY_LENGTH } from '@atelier/core';
import { type PointerEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError, api, errorText } from '../api/client.ts';
import {
  Button,
  Card,
  ConfirmDialog,
  Dialog,
  EmptyState,
  Icon,
  IconButton,
  Select,
  Skeleton,
  TextField,
  useToast,
} from '../ui/index.ts';
import {
  type CategoryRow,
  type DropPosition,
  dropChange,
  filterRows,
  moveAmongSiblings,
  parentChoices,
  pathName,
  productCountsText,
} from './category-tree.ts';
import { editRefusal } from './manager-rules.ts';
import { StorePageDialog } from './StorePageDialog.tsx';
import './categories.css';

// The category manager (SPEC §2: Edit, Merge, New, Filter; issue 18): a store page's
// category tree with each category's product count. A row edits in place (name and
// where it sits), one at a time; a row's handle drags it onto another row (a child) or
// between rows (a new place); Move up/down and the edit row's "Move to" do the same from
// the keyboard. Merge moves the products of the selected categories into one of them.

type Action = 'new' | 'merge' | 'delete' | 'new-page' | 'page-settings' | null;
type Drop = { targetId: string; position: DropPosition };

const fieldErrorOf = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.fields[field] ?? error.message) : errorText(error);

/** Travel before a press on the handle becomes a drag. */
const DRAG_THRESHOLD_PX = 4;
/** The top and bottom quarter of a row drop beside it; the middle drops inside it. */
const EDGE_SHARE = 0.25;

export function CategoryManager() {
  const id = useId();
  const toast = useToast();
  const [collections, setCollections] = useState<CollectionSummary[] | null>(null);
  const [collectionId, setCollectionId] = useState('');
  const [categories, setCategories] = useState<CategoryTreeItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // What the last action said: a refusal (shown as an error) or what was done.
  const [notice, setNoticeState] = useState({ text: '', isError: false });
  const setNotice = (text: string, isError = true) => setNoticeState({ text, isError });
  const [action, setAction] = useState<Action>(null);
  const [isBusy, setIsBusy] = useState(false);
  // The one row being edited, with its draft name and place.
  const [editing, setEditing] = useState<{ id: string; name: string; parentId: string } | null>(
    null,
  );
  const [fieldError, setFieldError] = useState<string | undefined>();
  // The New and New store page dialogs' fields; Merge's target.
  const [newName, setNewName] = useState('');
  const [newParent, setNewParent] = useState('');
  const [mergeInto, setMergeInto] = useState('');
  const [drag, setDrag] = useState<{ id: string; drop: Drop | null } | null>(null);

  const loadCollections = useCallback((choose?: string) => {
    setLoadError(null);
    api
      .collections()
      .then(({ collections: loaded }) => {
        setCollections(loaded);
        setCollectionId((current) => {
          const wanted = choose ?? current;
          if (loaded.some((c) => c.id === wanted)) return wanted;
          return (loaded.find((c) => c.urlId === 'shop') ?? loaded[0])?.id ?? '';
        });
      })
      .catch((error: unknown) => setLoadError(errorText(error)));
  }, []);
  useEffect(() => loadCollections(), [loadCollections]);

  const loadCategories = useCallback(() => {
    if (!collectionId) return;
    setLoadError(null);
    api
      .categories(collectionId)
      .then(({ categories: loaded }) => {
        setCategories(loaded);
        setSelected(
          (current) => new Set([...current].filter((c) => loaded.some((l) => l.id === c))),
        );
      })
      .catch((error: unknown) => setLoadError(errorText(error)));
  }, [collectionId]);
  useEffect(() => {
    setCategories(null);
    setSelected(new Set());
    setEditing(null);
    loadCategories();
  }, [loadCategories]);

  const all = categories ?? [];
  const chosen = [...selected];
  const nameOf = (categoryId: string) => all.find((c) => c.id === categoryId)?.displayName ?? '';

  function startEdit(categoryId: string | undefined, chosenCount = 1) {
    setNotice('');
    const refusal = editRefusal(
      'category',
      categoryId ? chosenCount : 0,
      editing !== null && editing.id !== categoryId,
    );
    if (refusal || !categoryId) {
      setNotice(refusal ?? '');
      return;
    }
    const category = all.find((c) => c.id === categoryId);
    if (!category) return;
    setFieldError(undefined);
    setEditing({
      id: categoryId,
      name: category.displayName,
      parentId: category.parentCategoryId ?? '',
    });
  }

  function open(next: Exclude<Action, null>) {
    setNotice('');
    setFieldError(undefined);
    if (next === 'merge' && chosen.length < 2) {
      setNotice('Select two or more categories to merge.');
      return;
    }
    if (next === 'delete' && chosen.length === 0) {
      setNotice('Select the categories to delete.');
      return;
    }
    setNewName('');
    setNewParent('');
    setMergeInto(chosen[0] ?? '');
    setAction(next);
  }

  /** Runs a change, says what happened and reads the tree again; a refusal is shown. */
  async function change(work: () => Promise<unknown>, done: string, field?: string) {
    setIsBusy(true);
    setFieldError(undefined);
    setNotice('');
    try {
      await work();
      // Said once, beside the tree (a status region), rather than again in a toast.
      setNotice(done, false);
      setAction(null);
      loadCategories();
      return true;
    } catch (error) {
      if (field) setFieldError(fieldErrorOf(error, field));
      else setNotice(errorText(error));
      // Several deletes are one call each: show what the ones before a refusal did.
      loadCategories();
      return false;
    } finally {
      setIsBusy(false);
    }
  }

  async function saveEdit() {
    if (!editing) return;
    const category = all.find((c) => c.id === editing.id);
    const name = editing.name.trim();
    if (!category) return;
    if (name === '') {
      setFieldError(catalogMessages.categoryNameNeeded);
      return;
    }
    const patch: CategoryUpdate = {};
    if (name !== category.displayName) patch.displayName = name;
    const parentId = editing.parentId || null;
    if (parentId !== category.parentCategoryId) patch.parentCategoryId = parentId;
    if (Object.keys(patch).length === 0) {
      setEditing(null);
      return;
    }
    const saved = await change(
      () => api.updateCategory(editing.id, patch),
      `Saved ${name}.`,
      'displayName',
    );
    if (saved) setEditing(null);
  }

  function move(categoryId: string, patch: CategoryUpdate | null, done: string) {
    if (!patch) return;
    void change(() => api.updateCategory(categoryId, patch), done);
  }

  // Pointer drag on a row's handle: the pointer is captured, so moves keep arriving
  // wherever it goes; the row under it is found by hit testing.
  const pressed = useRef<{ id: string; x: number; y: number; isDragging: boolean } | null>(null);
  function dropAt(x: number, y: number, draggedId: string): Drop | null {
    const row = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-category-id]');
    const targetId = row?.dataset.categoryId;
    if (!row || !targetId || targetId === draggedId) return null;
    const rect = row.getBoundingClientRect();
    const share = (y - rect.top) / rect.height;
    const position: DropPosition =
      share < EDGE_SHARE ? 'before' : share > 1 - EDGE_SHARE ? 'after' : 'inside';
    return { targetId, position };
  }
  function onHandleDown(event: PointerEvent<HTMLElement>, categoryId: string) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pressed.current = { id: categoryId, x: event.clientX, y: event.clientY, isDragging: false };
  }
  function onHandleMove(event: PointerEvent<HTMLElement>) {
    const press = pressed.current;
    if (!press) return;
    const travel = Math.hypot(event.clientX - press.x, event.clientY - press.y);
    if (!press.isDragging && travel < DRAG_THRESHOLD_PX) return;
    press.isDragging = true;
    setDrag({ id: press.id, drop: dropAt(event.clientX, event.clientY, press.id) });
  }
  function onHandleUp(event: PointerEvent<HTMLElement>) {
    const press = pressed.current;
    pressed.current = null;
    setDrag(null);
    if (!press?.isDragging) return;
    const drop = dropAt(event.clientX, event.clientY, press.id);
    if (!drop) return;
    const result = dropChange(all, press.id, drop.targetId, drop.position);
    if (!result) return;
    if ('refused' in result) {
      setNotice(result.refused);
      return;
    }
    const name = nameOf(press.id);
    const target = nameOf(drop.targetId);
    move(
      press.id,
      result,
      drop.position === 'inside' ? `Moved ${name} into ${target}.` : `Moved ${name}.`,
    );
  }

  const rows = filterRows(all, filter);
  const collection = collections?.find((c) => c.id === collectionId);
  const mergeSources = chosen.filter((c) => c !== mergeInto);

  let tree: React.ReactNode;
  if (loadError) {
    tree = (
      <EmptyState
        title="The categories could not be loaded"
        action={
          <Button
            onClick={() => {
              loadCollections();
              loadCategories();
            }}
          >
            {editorMessages.tryAgain}
          </Button>
        }
      >
        {loadError}
      </EmptyState>
    );
  } else if (collections !== null && collections.length === 0) {
    tree = (
      <EmptyState
        title="No store page yet"
        action={
          <Button variant="primary" onClick={() => open('new-page')}>
            New store page
          </Button>
        }
      >
        Categories belong to a store page. Make one first.
      </EmptyState>
    );
  } else if (categories === null) {
    tree = <Skeleton lines={4} label="Loading categories…" />;
  } else if (categories.length === 0) {
    tree = (
      <EmptyState
        title="No categories yet"
        action={
          <Button variant="primary" onClick={() => open('new')}>
            New category
          </Button>
        }
      >
        Categories let shoppers narrow {collection?.title ?? 'the store page'} down.
      </EmptyState>
    );
  } else if (rows.length === 0) {
    tree = <p className="category-manager__none">No category matches the filter.</p>;
  } else {
    tree = (
      <ul className="category-tree" aria-label={`Categories of ${collection?.title ?? ''}`}>
        {rows.map((row) => (
          <CategoryItem
            key={row.id}
            row={row}
            all={all}
            isSelected={selected.has(row.id)}
            onSelect={(isOn) =>
              setSelected((current) => {
                const next = new Set(current);
                if (isOn) next.add(row.id);
                else next.delete(row.id);
                return next;
              })
            }
            editing={editing?.id === row.id ? editing : null}
            onEditChange={(draft) => setEditing((current) => current && { ...current, ...draft })}
            fieldError={editing?.id === row.id ? fieldError : undefined}
            isBusy={isBusy}
            drop={drag?.drop?.targetId === row.id ? drag.drop.position : null}
            isDragged={drag?.id === row.id}
            onEdit={() => startEdit(row.id)}
            onSave={() => void saveEdit()}
            onCancel={() => {
              setEditing(null);
              setFieldError(undefined);
            }}
            onMove={(by) =>
              move(
                row.id,
                moveAmongSiblings(all, row.id, by),
                `Moved ${row.displayName} ${by < 0 ? 'up' : 'down'}.`,
              )
            }
            handle={{
              onPointerDown: (event) => onHandleDown(event, row.id),
              onPointerMove: onHandleMove,
              onPointerUp: onHandleUp,
              onPointerCancel: () => {
                pressed.current = null;
                setDrag(null);
              },
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="screen category-manager">
      <div className="screen-header">
        <div>
          <h1>Categories</h1>
          <p className="screen-header__lead">
            Group a store page's products so shoppers can narrow it down. Drag a category onto
            another to nest it, or between two to reorder; from the keyboard, use Move up, Move down
            and Edit's Move to.
          </p>
        </div>
      </div>
      <Card>
        <div className="category-manager__page">
          <Select
            label="Store page"
            value={collectionId}
            disabled={!collections || collections.length === 0}
            onChange={(event) => setCollectionId(event.target.value)}
          >
            {(collections ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {`${c.title} (/${c.urlId})`}
              </option>
            ))}
          </Select>
          <Button disabled={!collection} onClick={() => open('page-settings')}>
            Store page settings
          </Button>
          <Button icon={<Icon name="plus" />} onClick={() => open('new-page')}>
            New store page
          </Button>
        </div>
        <div className="category-manager__bar">
          <TextField
            className="category-manager__filter"
            label="Filter"
            type="search"
            value={filter}
            placeholder="Category name"
            onChange={(event) => setFilter(event.target.value)}
          />
          <div className="category-manager__actions">
            <Button disabled={!collectionId} onClick={() => open('new')}>
              New
            </Button>
            <Button onClick={() => startEdit(chosen[0], chosen.length)}>Edit</Button>
            <Button onClick={() => open('merge')}>Merge</Button>
            <Button variant="danger" onClick={() => open('delete')}>
              Delete
            </Button>
          </div>
        </div>
        <p
          id={`${id}-notice`}
          className={notice.isError ? 'notice notice--error' : 'notice'}
          role="status"
        >
          {notice.text}
        </p>
        {tree}
      </Card>

      <Dialog
        open={action === 'new'}
        onOpenChange={(isOpen) => (isOpen ? undefined : setAction(null))}
        title="New category"
        description={`A category of ${collection?.title ?? 'the store page'}.`}
        size="sm"
        footer={
          <>
            <Button onClick={() => setAction(null)}>Cancel</Button>
            <Button
              variant="primary"
              disabled={isBusy || newName.trim() === ''}
              onClick={() =>
                void change(
                  () =>
                    api.createCategory(collectionId, {
                      displayName: newName.trim(),
                      parentCategoryId: newParent || null,
                      displayIndex: all.filter((c) => c.parentCategoryId === (newParent || null))
                        .length,
                    }),
                  `Added ${newName.trim()}.`,
                  'displayName',
                )
              }
            >
              Add
            </Button>
          </>
        }
      >
        <NameField
          label="Name"
          value={newName}
          error={action === 'new' ? fieldError : undefined}
          onChange={setNewName}
        />
        <Select label="Inside" value={newParent} onChange={(e) => setNewParent(e.target.value)}>
          <option value="">Top level</option>
          {filterRows(all, '').map((row) => (
            <option key={row.id} value={row.id}>
              {pathName(all, row.id)}
            </option>
          ))}
        </Select>
      </Dialog>

      <StorePageDialog
        collection={collection}
        open={action === 'page-settings'}
        onOpenChange={(isOpen) => (isOpen ? undefined : setAction(null))}
        onChanged={() => loadCollections()}
      />
      <Dialog
        open={action === 'new-page'}
        onOpenChange={(isOpen) => (isOpen ? undefined : setAction(null))}
        title="New store page"
        description="A page of products, with categories of its own. It joins the navigation."
        size="sm"
        footer={
          <>
            <Button onClick={() => setAction(null)}>Cancel</Button>
            <Button
              variant="primary"
              disabled={isBusy || newName.trim() === ''}
              onClick={() => {
                const title = newName.trim();
                setIsBusy(true);
                api
                  .createCollection(title)
                  .then((created) => {
                    toast(`Added the store page ${created.title}.`);
                    setAction(null);
                    loadCollections(created.id);
                  })
                  .catch((error: unknown) => setFieldError(fieldErrorOf(error, 'title')))
                  .finally(() => setIsBusy(false));
              }}
            >
              Add
            </Button>
          </>
        }
      >
        <TextField
          label="Title"
          value={newName}
          maxLength={200}
          error={action === 'new-page' ? fieldError : undefined}
          onChange={(event) => setNewName(event.target.value)}
        />
      </Dialog>

      <Dialog
        open={action === 'merge'}
        onOpenChange={(isOpen) => (isOpen ? undefined : setAction(null))}
        title={`Merge ${chosen.length} categories`}
        description="Every product of the others goes into the one you keep; their subcategories move under it, and the others are deleted."
        size="sm"
        footer={
          <>
            <Button onClick={() => setAction(null)}>Cancel</Button>
            <Button
              variant="primary"
              disabled={isBusy || !mergeInto}
              onClick={() =>
                void change(
                  () => api.mergeCategories(mergeSources, mergeInto),
                  `Merged into ${nameOf(mergeInto)}.`,
                ).then((done) => done && setSelected(new Set()))
              }
            >
              Merge
            </Button>
          </>
        }
      >
        <Select label="Keep" value={mergeInto} onChange={(e) => setMergeInto(e.target.value)}>
          {chosen.map((c) => (
            <option key={c} value={c}>
              {pathName(all, c)}
            </option>
          ))}
        </Select>
        <p className="category-manager__hint">
          {mergeSources.length > 0
            ? `Merged into it: ${productCountsText(all, mergeSources)}.`
            : null}
        </p>
      </Dialog>

      <ConfirmDialog
        open={action === 'delete'}
        onOpenChange={(isOpen) => (isOpen ? undefined : setAction(null))}
        title={
          chosen.length === 1
            ? `Delete the category ${nameOf(chosen[0] ?? '')}?`
            : `Delete ${chosen.length} categories?`
        }
        description={`${deleteText(all, chosen)} Subcategories move up a level; the products stay.`}
        confirmLabel="Delete"
        isBusy={isBusy}
        onConfirm={() =>
          void change(
            async () => {
              for (const categoryId of chosen) await api.deleteCategory(categoryId);
            },
            chosen.length === 1 ? `Deleted ${nameOf(chosen[0] ?? '')}.` : 'Categories deleted.',
          ).then((done) => done && setSelected(new Set()))
        }
      />
    </div>
  );
}

/** "3 products lose Linen." or, for several, each with its own count. */
function deleteText(all: readonly CategoryTreeItem[], ids: readonly string[]): string {
  const [only] = ids;
  if (ids.length === 1 && only) {
    const category = all.find((c) => c.id === only);
    const count = category?.productCount ?? 0;
    return `${count} ${count === 1 ? 'product loses' : 'products lose'} ${category?.displayName ?? 'it'}.`;
  }
  return `Products lose these categories: ${productCountsText(all, ids)}.`;
}

/** A category name: at most 25 characters (SPEC §9), with how many are left. */
function NameField({
  label,
  value,
  error,
  onChange,
  autoFocus,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (name: string) => void;
  autoFocus?: boolean;
}) {
  const left = MAX_CATEGORY_LENGTH - value.length;
  return (
    <TextField
      label={label}
      value={value}
      maxLength={MAX_CATEGORY_LENGTH}
      error={error}
      hint={`${value.length}/${MAX_CATEGORY_LENGTH} characters${left === 0 ? ': the most a name can have' : ''}`}
      autoFocus={autoFocus}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function CategoryItem({
  row,
  all,
  isSelected,
  onSelect,
  editing,
  onEditChange,
  fieldError,
  isBusy,
  drop,
  isDragged,
  onEdit,
  onSave,
  onCancel,
  onMove,
  handle,
}: {
  row: CategoryRow;
  all: readonly CategoryTreeItem[];
  isSelected: boolean;
  onSelect: (isOn: boolean) => void;
  editing: { name: string; parentId: string } | null;
  onEditChange: (draft: { name?: string; parentId?: string }) => void;
  fieldError: string | undefined;
  isBusy: boolean;
  drop: DropPosition | null;
  isDragged: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  onMove: (by: -1 | 1) => void;
  handle: {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: (event: PointerEvent<HTMLElement>) => void;
    onPointerCancel: () => void;
  };
}) {
  const checkId = useId();
  const name = row.displayName;
  // Focus comes back to Edit when the edit row closes, rather than falling to the page.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing !== null;
  }, [editing]);
  const siblings = all.filter((c) => c.parentCategoryId === row.parentCategoryId);
  const place = siblings.findIndex((c) => c.id === row.id);
  const count = `${row.productCount} ${row.productCount === 1 ? 'product' : 'products'}`;
  const classes = [
    'category-row',
    drop ? `category-row--drop-${drop}` : '',
    isDragged ? 'category-row--dragged' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={classes}
      data-category-id={row.id}
      style={{ '--category-depth': row.depth } as React.CSSProperties}
    >
      <div className="category-row__line">
        {/* Pointer only: Move up/down and Edit's Move to are the keyboard's way. */}
        <span
          className="category-row__handle"
          aria-hidden="true"
          title={`Drag ${name} onto a category to nest it, between two to reorder`}
          {...handle}
        >
          ⠿
        </span>
        <input
          id={checkId}
          type="checkbox"
          className="category-row__check"
          checked={isSelected}
          onChange={(event) => onSelect(event.target.checked)}
        />
        <span className="category-row__text">
          <label htmlFor={checkId} className="category-row__name">
            {name}
            {row.parentCategoryId ? (
              <span className="visually-hidden">{`, inside ${pathName(all, row.parentCategoryId)}`}</span>
            ) : null}
          </label>
          <span className="category-row__count">{count}</span>
        </span>
        <div className="category-row__actions">
          <IconButton
            size="sm"
            variant="quiet"
            label={`Move ${name} up`}
            icon={<Icon name="sortUp" />}
            disabled={isBusy || place <= 0}
            onClick={() => onMove(-1)}
          />
          <IconButton
            size="sm"
            variant="quiet"
            label={`Move ${name} down`}
            icon={<Icon name="sortDown" />}
            disabled={isBusy || place === siblings.length - 1}
            onClick={() => onMove(1)}
          />
          <Button
            ref={editButton}
            size="sm"
            variant="quiet"
            disabled={editing !== null}
            onClick={onEdit}
          >
            Edit<span className="visually-hidden">{` ${name}`}</span>
          </Button>
        </div>
      </div>
      {editing ? (
        <form
          className="category-row__edit"
          aria-label={`Edit ${name}`}
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
        >
          <NameField
            label="Name"
            value={editing.name}
            error={fieldError}
            autoFocus
            onChange={(next) => onEditChange({ name: next })}
          />
          <Select
            label="Move to"
            value={editing.parentId}
            onChange={(event) => onEditChange({ parentId: event.target.value })}
          >
            <option value="">Top level</option>
            {parentChoices(all, row.id).map((choice) => (
              <option key={choice.id} value={choice.id}>
                {`Inside ${choice.label}`}
              </option>
            ))}
          </Select>
          <div className="category-row__edit-actions">
            <Button type="button" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={isBusy}>
              Save
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
