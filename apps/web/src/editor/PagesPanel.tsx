import {
  FOLDER_BEHAVIORS,
  type FolderBehavior,
  findMainNavigation,
  PAGE_STATUS_LABELS,
  type PageStatus,
  type SiteLayout,
} from '@atelier/contract';
import { editorMessages, isLivePageStatus } from '@atelier/core';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { api, errorText } from './api/client.ts';
import { useCan } from './capabilities.tsx';
import {
  FOLDER_BEHAVIOR_LABELS,
  foldersFor,
  isFolder,
  type ListName,
  type NavAction,
  type NavNode,
  type NavTree,
  navigationReducer,
  toItems,
  treeFromLayout,
} from './navigation/navigation-tree.ts';
import { PageSettingsDialog } from './navigation/PageSettingsDialog.tsx';
import './navigation/navigation.css';
import { AllPagesTable } from './navigation/AllPagesTable.tsx';
import { STATUS_TONES } from './navigation/page-status.ts';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Icon,
  IconButton,
  Select,
  Skeleton,
  Tabs,
  TextField,
  useToast,
} from './ui/index.ts';

const LIST_TITLES: Record<ListName, string> = { main: 'Main Navigation', hidden: 'Not Linked' };

/**
 * The Pages screen. "Site menu": the two navigations, Main Navigation (the header menu)
 * and Not Linked (reachable by URL only); reorder with Move up/down or by dragging, nest
 * pages in folders, move between the lists, open a page's settings, delete (confirmed).
 * Every change is saved at once through UpdateNavigation. "All pages": every page in a
 * sortable table. Beside them, forms to add a folder or a link; Add page is at the top.
 */
export function PagesPanel({
  openPageId,
  listVersion,
  onOpen,
  onDeleted,
}: {
  openPageId: string | null;
  listVersion: number;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
}) {
  const id = useId();
  const [tree, setTree] = useState<NavTree | null>(null);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [settingsFor, setSettingsFor] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [tab, setTab] = useState<'navigation' | 'all'>('navigation');
  const [deleting, setDeleting] = useState<NavNode | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const saving = useRef(Promise.resolve());
  const toast = useToast();
  // What this member may do here (a viewer reads; a draft editor adds and edits drafts).
  const can = useCan();
  const canEdit = can('pages.edit');
  const canArrange = can('navigation.edit');

  const show = useCallback((layout: SiteLayout) => {
    if (!findMainNavigation(layout.layout)) {
      setMessage({ text: editorMessages.mainNavigationNotFound, isError: true });
      return;
    }
    setTree(treeFromLayout(layout.layout));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: listVersion and reload are refresh signals
  useEffect(() => {
    api
      .siteLayout()
      .then(show)
      .catch(() => setMessage({ text: editorMessages.unableToLoadResults, isError: true }));
  }, [listVersion, reload, show]);

  /** Applies a change on screen at once, then saves both lists (main first), in order. */
  function change(action: NavAction, done: string) {
    if (!tree) return;
    const next = navigationReducer(tree, action);
    if (next === tree) return;
    setTree(next);
    saving.current = saving.current.then(async () => {
      try {
        await api.updateNavigation('mainNavigation', toItems(next.main));
        show(await api.updateNavigation('_hidden', toItems(next.hidden)));
        setMessage({ text: done, isError: false });
      } catch (error) {
        setMessage({ text: errorText(error), isError: true });
        setReload((v) => v + 1);
      }
    });
  }

  function remove(node: NavNode) {
    if (node.link.kind === 'link' || !node.link.collectionId) {
      change({ type: 'remove', key: node.key }, `Removed ${node.link.title}.`);
      return;
    }
    setDeleting(node);
  }

  async function confirmDelete() {
    const node = deleting;
    const pageId = node?.link.collectionId;
    if (!node || !pageId) return;
    setIsDeleting(true);
    try {
      await api.deletePage(pageId);
      setMessage({ text: `Deleted ${node.link.title}.`, isError: false });
      toast(`Deleted ${node.link.title}.`);
      onDeleted(pageId);
      setReload((v) => v + 1);
    } catch (error) {
      setMessage({ text: errorText(error), isError: true });
    } finally {
      setIsDeleting(false);
      setDeleting(null);
    }
  }

  const deletingKind = deleting && isFolder(deleting) ? 'folder' : 'page';
  return (
    <div className="screen pages-screen">
      <div className="screen-header">
        <div>
          <h1 id={`${id}-heading`}>Pages</h1>
          <p className="screen-header__lead">
            {canArrange
              ? 'Open a page to edit it, arrange the site menu, or add a new page.'
              : canEdit
                ? 'Open a page to edit its draft, or add a new page. Publishing is for editors.'
                : 'The site’s pages and menu. Open a page to see it. Your role can see them but not change them.'}
          </p>
        </div>
        {canEdit ? (
          <AddPageForm
            onAdded={(pageId, title) => {
              setMessage({ text: `Added ${title}.`, isError: false });
              setReload((v) => v + 1);
              onOpen(pageId);
            }}
            onError={(text) => setMessage({ text, isError: true })}
          />
        ) : null}
      </div>
      <p className={message?.isError ? 'notice notice--error' : 'notice'} role="status">
        {message?.text ?? ''}
      </p>
      <div className="screen__grid">
        <Card>
          <Tabs
            label="Pages"
            value={tab}
            onValueChange={setTab}
            items={[
              {
                value: 'navigation',
                label: 'Site menu',
                content:
                  tree === null ? (
                    <Skeleton lines={4} label="Loading pages…" />
                  ) : (
                    (['main', 'hidden'] as const).map((list) => (
                      <NavigationList
                        key={list}
                        list={list}
                        tree={tree}
                        openPageId={openPageId}
                        onOpen={onOpen}
                        onChange={canArrange ? change : null}
                        onSettings={canEdit ? setSettingsFor : null}
                        onRemove={remove}
                        canChange={(node) =>
                          node.link.kind === 'page'
                            ? can('pages.publish') ||
                              (canEdit && !isLivePageStatus(node.link.status ?? 'published'))
                            : canArrange
                        }
                      />
                    ))
                  ),
              },
              {
                value: 'all',
                label: 'All pages',
                content: (
                  <AllPagesTable
                    version={listVersion + reload}
                    onOpen={onOpen}
                    onDeleted={(titles) => {
                      setMessage({ text: `Deleted ${titles.join(', ')}.`, isError: false });
                      setReload((v) => v + 1);
                    }}
                    onError={(text) => setMessage({ text, isError: true })}
                  />
                ),
              },
            ]}
          />
        </Card>
        {canArrange ? (
          <div className="screen__stack">
            <AddFolderForm
              onAdded={(title) => {
                setMessage({ text: `Added ${title}.`, isError: false });
                setReload((v) => v + 1);
              }}
              onError={(text) => setMessage({ text, isError: true })}
            />
            <AddLinkForm
              onAdd={(title, url) =>
                change(
                  { type: 'addLink', key: `link:${url}`, title, url },
                  `Added ${title || url}.`,
                )
              }
            />
          </div>
        ) : null}
      </div>
      {settingsFor ? (
        <PageSettingsDialog
          pageId={settingsFor}
          onClose={(didSave) => {
            setSettingsFor(null);
            if (didSave) {
              setMessage({ text: 'Page settings saved.', isError: false });
              setReload((v) => v + 1);
            }
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete the ${deletingKind} “${deleting?.link.title ?? ''}”?`}
        description={
          deletingKind === 'folder'
            ? 'Its pages move up to the top level. This cannot be undone.'
            : 'Visitors will no longer find it at its address. This cannot be undone.'
        }
        confirmLabel={`Delete ${deletingKind}`}
        isBusy={isDeleting}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

/**
 * A handler left null is a change the member's role may not make: its control is left out.
 * `canChange`: whether this row's settings and deletion are the member's (a draft editor's
 * are only for pages nobody sees yet).
 */
type RowHandlers = {
  tree: NavTree;
  openPageId: string | null;
  onOpen: ((id: string) => void) | null;
  onChange: ((action: NavAction, done: string) => void) | null;
  onSettings: ((pageId: string) => void) | null;
  onRemove: (node: NavNode) => void;
  canChange: (node: NavNode) => boolean;
};

function NavigationList({ list, ...handlers }: RowHandlers & { list: ListName }) {
  const headingId = useId();
  const nodes = handlers.tree[list];
  return (
    <section className="nav-list" aria-labelledby={headingId}>
      <h3 id={headingId} className="nav-list__title">
        {LIST_TITLES[list]}
      </h3>
      {nodes.length === 0 ? (
        <p className="nav-list__empty">
          {list === 'main' ? 'No pages in the menu.' : 'Every page is in the menu.'}
        </p>
      ) : null}
      <SortableList nodes={nodes} label={LIST_TITLES[list]} {...handlers} />
    </section>
  );
}

/** One level of siblings: reorder by dragging (pointer or keyboard) within it. */
function SortableList({
  nodes,
  label,
  ...handlers
}: RowHandlers & { nodes: NavNode[]; label: string }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const node = nodes.find((n) => n.key === active.id);
    handlers.onChange?.(
      { type: 'reorder', key: String(active.id), overKey: String(over.id) },
      `Moved ${node?.link.title ?? 'the page'}.`,
    );
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={nodes.map((n) => n.key)} strategy={verticalListSortingStrategy}>
        <ul className="nav-list__items" aria-label={label}>
          {nodes.map((node, index) => (
            <NavigationRow
              key={node.key}
              node={node}
              isFirst={index === 0}
              isLast={index === nodes.length - 1}
              {...handlers}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function NavigationRow({
  node,
  isFirst,
  isLast,
  ...handlers
}: RowHandlers & { node: NavNode; isFirst: boolean; isLast: boolean }) {
  const { tree, openPageId, onOpen, onChange, onSettings, onRemove, canChange } = handlers;
  const selectId = useId();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: node.key,
  });
  const { link } = node;
  const title = link.title;
  const pageId = link.kind === 'page' || link.kind === 'folder' ? link.collectionId : undefined;
  const location = tree.main.some((n) => n.key === node.key || n.children.includes(node))
    ? 'main'
    : 'hidden';
  const isNested = tree[location].every((n) => n.key !== node.key);
  const folders = isFolder(node) ? [] : foldersFor(tree, node.key);
  const parentKey = isNested
    ? tree[location].find((n) => n.children.some((c) => c.key === node.key))?.key
    : undefined;
  const meta =
    link.kind === 'folder'
      ? `Folder · ${FOLDER_BEHAVIOR_LABELS[link.folderBehavior ?? 'index']}`
      : link.kind === 'collection'
        ? `Collection · ${link.fullUrl}`
        : link.kind === 'link'
          ? `Link · ${link.fullUrl}`
          : link.fullUrl;
  const status =
    link.kind === 'page' && link.status && link.status in PAGE_STATUS_LABELS
      ? (link.status as PageStatus)
      : null;
  const summary = (
    <>
      <span className="pages-panel__title">{title}</span>
      <span className="pages-panel__meta">
        <span className="pages-panel__url">{meta}</span>
        {status ? <Badge tone={STATUS_TONES[status]}>{PAGE_STATUS_LABELS[status]}</Badge> : null}
      </span>
    </>
  );

  return (
    <li
      ref={setNodeRef}
      className={`nav-row${isDragging ? ' nav-row--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <div className="nav-row__line">
        {onChange ? (
          <button
            type="button"
            className="nav-row__handle"
            aria-label={`Drag ${title}`}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⠿</span>
          </button>
        ) : null}
        {pageId && onOpen ? (
          <button
            type="button"
            className="pages-panel__open"
            aria-current={pageId === openPageId ? 'page' : undefined}
            onClick={() => onOpen(pageId)}
          >
            {summary}
          </button>
        ) : (
          <span className="nav-row__static">{summary}</span>
        )}
        <div className="nav-row__actions">
          {onChange ? (
            <ArrangeControls
              node={node}
              title={title}
              isFirst={isFirst}
              isLast={isLast}
              folders={folders}
              isNested={isNested}
              parentKey={parentKey}
              location={location}
              selectId={selectId}
              onChange={onChange}
            />
          ) : null}
          {pageId && onSettings && canChange(node) ? (
            <Button
              size="sm"
              variant="quiet"
              aria-label={`Settings of ${title}`}
              onClick={() => onSettings(pageId)}
            >
              Settings
            </Button>
          ) : null}
          {link.isHomePage || link.kind === 'collection' || !canChange(node) ? null : (
            <Button
              size="sm"
              variant="quiet"
              className="nav-row__delete"
              aria-label={`Delete ${title}`}
              onClick={() => onRemove(node)}
            >
              Delete
            </Button>
          )}
        </div>
      </div>
      {node.children.length > 0 ? (
        <SortableList nodes={node.children} label={`Pages in ${title}`} {...handlers} />
      ) : null}
    </li>
  );
}

/** Move up/down, into a folder, Link/Unlink: for members who may change the navigation. */
function ArrangeControls({
  node,
  title,
  isFirst,
  isLast,
  folders,
  isNested,
  parentKey,
  location,
  selectId,
  onChange,
}: {
  node: NavNode;
  title: string;
  isFirst: boolean;
  isLast: boolean;
  folders: NavNode[];
  isNested: boolean;
  parentKey: string | undefined;
  location: ListName;
  selectId: string;
  onChange: (action: NavAction, done: string) => void;
}) {
  return (
    <>
      <IconButton
        size="sm"
        label={`Move ${title} up`}
        icon={<Icon name="sortUp" />}
        disabled={isFirst}
        onClick={() => onChange({ type: 'move', key: node.key, by: -1 }, `Moved ${title} up.`)}
      />
      <IconButton
        size="sm"
        label={`Move ${title} down`}
        icon={<Icon name="sortDown" />}
        disabled={isLast}
        onClick={() => onChange({ type: 'move', key: node.key, by: 1 }, `Moved ${title} down.`)}
      />
      {folders.length > 0 || isNested ? (
        <span className="nav-row__folder">
          <label htmlFor={selectId} className="visually-hidden">
            {`Move ${title} into folder`}
          </label>
          <select
            id={selectId}
            className="ui-input"
            value={parentKey ?? ''}
            onChange={(event) => {
              const folderKey = event.target.value || null;
              const folder = folders.find((f) => f.key === folderKey);
              onChange(
                { type: 'moveIntoFolder', key: node.key, folderKey },
                folder ? `Moved ${title} into ${folder.link.title}.` : `Moved ${title} out.`,
              );
            }}
          >
            <option value="">Not in a folder</option>
            {folders.map((folder) => (
              <option key={folder.key} value={folder.key}>
                {`In ${folder.link.title}`}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      {node.link.isHomePage && location === 'main' ? null : (
        <Button
          size="sm"
          variant="quiet"
          onClick={() => {
            const to = location === 'main' ? 'hidden' : 'main';
            onChange(
              { type: 'moveToList', key: node.key, list: to },
              `Moved ${title} to ${LIST_TITLES[to]}.`,
            );
          }}
        >
          {location === 'main' ? 'Unlink' : 'Link'}
          <span className="visually-hidden">{` ${title}`}</span>
        </Button>
      )}
    </>
  );
}

/** A link to another site in the main navigation; the server checks the address. */
function AddLinkForm({ onAdd }: { onAdd: (title: string, url: string) => void }) {
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  return (
    <Card title="Add a link" description="A menu item that leads to another website.">
      <form
        className="pages-panel__add"
        onSubmit={(event) => {
          event.preventDefault();
          if (!url.trim()) return;
          onAdd(title.trim(), url.trim());
          setTitle('');
          setUrl('');
        }}
      >
        <TextField label="Link title" value={title} onChange={(e) => setTitle(e.target.value)} />
        <TextField
          label="Web address"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={2083}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button type="submit">Add link</Button>
      </form>
    </Card>
  );
}

/** The screen's main action: a title, and the new page opens in the editor. */
function AddPageForm({
  onAdded,
  onError,
}: {
  onAdded: (pageId: string, title: string) => void;
  onError: (text: string) => void;
}) {
  const [title, setTitle] = useState('');
  async function addPage(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return;
    try {
      const page = await api.addPage(title.trim());
      setTitle('');
      onAdded(page.id, page.title);
    } catch (error) {
      onError(errorText(error));
    }
  }
  return (
    <form className="pages-panel__add-page" onSubmit={addPage}>
      <TextField
        label="New page title"
        value={title}
        placeholder="About us"
        onChange={(e) => setTitle(e.target.value)}
      />
      <Button type="submit" variant="primary" icon={<Icon name="plus" />}>
        Add page
      </Button>
    </form>
  );
}

function AddFolderForm({
  onAdded,
  onError,
}: {
  onAdded: (title: string) => void;
  onError: (text: string) => void;
}) {
  const [folderTitle, setFolderTitle] = useState('');
  const [behavior, setBehavior] = useState<FolderBehavior>('index');
  async function addFolder(event: FormEvent) {
    event.preventDefault();
    if (!folderTitle.trim()) return;
    try {
      const folder = await api.addFolder(folderTitle.trim(), behavior);
      setFolderTitle('');
      onAdded(folder.title);
    } catch (error) {
      onError(errorText(error));
    }
  }
  return (
    <Card title="Add a folder" description="Groups pages under one menu item.">
      <form className="pages-panel__add" onSubmit={addFolder}>
        <TextField
          label="New folder title"
          value={folderTitle}
          onChange={(e) => setFolderTitle(e.target.value)}
        />
        <Select
          label="Folder link"
          value={behavior}
          onChange={(e) => setBehavior(e.target.value as FolderBehavior)}
        >
          {FOLDER_BEHAVIORS.map((value) => (
            <option key={value} value={value}>
              {FOLDER_BEHAVIOR_LABELS[value]}
            </option>
          ))}
        </Select>
        <Button type="submit">Add folder</Button>
      </form>
    </Card>
  );
}
