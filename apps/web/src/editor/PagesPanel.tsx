import {
  FOLDER_BEHAVIORS,
  type FolderBehavior,
  findMainNavigation,
  PAGE_STATUS_LABELS,
  type PageStatus,
  type SiteLayout,
} from '@atelier/contract';
import { editorMessages } from '@atelier/core';
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
import { ApiError, api } from './api/client.ts';
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

const LIST_TITLES: Record<ListName, string> = { main: 'Main Navigation', hidden: 'Not Linked' };

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : editorMessages.somethingWentWrong;

/**
 * Pages in the two navigations: Main Navigation (the header menu) and Not Linked (reachable
 * by URL only). Reorder with Move up/down or by dragging, nest pages in folders, move
 * between the lists, add pages and folders, open a page's settings, delete. Every change
 * is saved at once through UpdateNavigation.
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
  const saving = useRef(Promise.resolve());

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

  async function remove(node: NavNode) {
    const pageId = node.link.collectionId;
    if (node.link.kind === 'link' || !pageId) {
      change({ type: 'remove', key: node.key }, `Removed ${node.link.title}.`);
      return;
    }
    const what = isFolder(node) ? 'folder' : 'page';
    if (!window.confirm(`Delete the ${what} “${node.link.title}”? This cannot be undone.`)) return;
    try {
      await api.deletePage(pageId);
      setMessage({ text: `Deleted ${node.link.title}.`, isError: false });
      onDeleted(pageId);
      setReload((v) => v + 1);
    } catch (error) {
      setMessage({ text: errorText(error), isError: true });
    }
  }

  return (
    <nav className="pages-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Pages</h2>
      <p className={message?.isError ? 'notice notice--error' : 'notice'} role="status">
        {message?.text ?? ''}
      </p>
      {tree === null ? (
        <p>Loading…</p>
      ) : (
        (['main', 'hidden'] as const).map((list) => (
          <NavigationList
            key={list}
            list={list}
            tree={tree}
            openPageId={openPageId}
            onOpen={onOpen}
            onChange={change}
            onSettings={setSettingsFor}
            onRemove={remove}
          />
        ))
      )}
      <AddLinkForm
        onAdd={(title, url) =>
          change({ type: 'addLink', key: `link:${url}`, title, url }, `Added ${title || url}.`)
        }
      />
      <AddForms
        onAdded={(pageId, title, isPage) => {
          setMessage({ text: `Added ${title}.`, isError: false });
          setReload((v) => v + 1);
          if (isPage) onOpen(pageId);
        }}
        onError={(text) => setMessage({ text, isError: true })}
      />
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
    </nav>
  );
}

type RowHandlers = {
  tree: NavTree;
  openPageId: string | null;
  onOpen: (id: string) => void;
  onChange: (action: NavAction, done: string) => void;
  onSettings: (pageId: string) => void;
  onRemove: (node: NavNode) => void;
};

function NavigationList({ list, ...handlers }: RowHandlers & { list: ListName }) {
  const headingId = useId();
  const nodes = handlers.tree[list];
  return (
    <section className="nav-list" aria-labelledby={headingId}>
      <h3 id={headingId} className="nav-list__title">
        {LIST_TITLES[list]}
      </h3>
      {nodes.length === 0 ? <p className="nav-list__empty">No pages here.</p> : null}
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
    handlers.onChange(
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
  const { tree, openPageId, onOpen, onChange, onSettings, onRemove } = handlers;
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
  const meta = [
    link.kind === 'folder'
      ? `Folder · ${FOLDER_BEHAVIOR_LABELS[link.folderBehavior ?? 'index']}`
      : link.kind === 'collection'
        ? `Collection · ${link.fullUrl}`
        : link.kind === 'link'
          ? `Link · ${link.fullUrl}`
          : link.fullUrl,
    link.kind === 'page' && link.status && link.status in PAGE_STATUS_LABELS
      ? PAGE_STATUS_LABELS[link.status as PageStatus]
      : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <li
      ref={setNodeRef}
      className={`nav-row${isDragging ? ' nav-row--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <div className="nav-row__line">
        <button
          type="button"
          className="nav-row__handle"
          aria-label={`Drag ${title}`}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        {pageId ? (
          <button
            type="button"
            className="pages-panel__open"
            aria-current={pageId === openPageId ? 'page' : undefined}
            onClick={() => onOpen(pageId)}
          >
            <span className="pages-panel__title">{title}</span>
            <span className="pages-panel__meta">{meta}</span>
          </button>
        ) : (
          <span className="nav-row__static">
            <span className="pages-panel__title">{title}</span>
            <span className="pages-panel__meta">{meta}</span>
          </span>
        )}
      </div>
      <div className="nav-row__actions">
        <button
          type="button"
          className="button button--small"
          aria-label={`Move ${title} up`}
          disabled={isFirst}
          onClick={() => onChange({ type: 'move', key: node.key, by: -1 }, `Moved ${title} up.`)}
        >
          ↑
        </button>
        <button
          type="button"
          className="button button--small"
          aria-label={`Move ${title} down`}
          disabled={isLast}
          onClick={() => onChange({ type: 'move', key: node.key, by: 1 }, `Moved ${title} down.`)}
        >
          ↓
        </button>
        {folders.length > 0 || isNested ? (
          <span className="nav-row__folder">
            <label htmlFor={selectId} className="visually-hidden">
              {`Move ${title} into folder`}
            </label>
            <select
              id={selectId}
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
        {link.isHomePage && location === 'main' ? null : (
          <button
            type="button"
            className="button button--small"
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
          </button>
        )}
        {pageId ? (
          <button
            type="button"
            className="button button--small"
            aria-label={`Settings of ${title}`}
            onClick={() => onSettings(pageId)}
          >
            Settings
          </button>
        ) : null}
        {link.isHomePage || link.kind === 'collection' ? null : (
          <button
            type="button"
            className="button button--small"
            aria-label={`Delete ${title}`}
            onClick={() => onRemove(node)}
          >
            Delete
          </button>
        )}
      </div>
      {node.children.length > 0 ? (
        <SortableList nodes={node.children} label={`Pages in ${title}`} {...handlers} />
      ) : null}
    </li>
  );
}

/** A link to another site in the main navigation; the server checks the address. */
function AddLinkForm({ onAdd }: { onAdd: (title: string, url: string) => void }) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  return (
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
      <div className="field">
        <label htmlFor={`${id}-title`}>Link title</label>
        <input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-url`}>Web address</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={2083}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <button type="submit" className="button">
        Add link
      </button>
    </form>
  );
}

function AddForms({
  onAdded,
  onError,
}: {
  onAdded: (pageId: string, title: string, isPage: boolean) => void;
  onError: (text: string) => void;
}) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [folderTitle, setFolderTitle] = useState('');
  const [behavior, setBehavior] = useState<FolderBehavior>('index');

  async function addPage(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return;
    try {
      const page = await api.addPage(title.trim());
      setTitle('');
      onAdded(page.id, page.title, true);
    } catch (error) {
      onError(errorText(error));
    }
  }
  async function addFolder(event: FormEvent) {
    event.preventDefault();
    if (!folderTitle.trim()) return;
    try {
      const folder = await api.addFolder(folderTitle.trim(), behavior);
      setFolderTitle('');
      onAdded(folder.id, folder.title, false);
    } catch (error) {
      onError(errorText(error));
    }
  }

  return (
    <>
      <form className="pages-panel__add" onSubmit={addPage}>
        <div className="field">
          <label htmlFor={`${id}-page`}>New page title</label>
          <input id={`${id}-page`} value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <button type="submit" className="button">
          Add page
        </button>
      </form>
      <form className="pages-panel__add" onSubmit={addFolder}>
        <div className="field">
          <label htmlFor={`${id}-folder`}>New folder title</label>
          <input
            id={`${id}-folder`}
            value={folderTitle}
            onChange={(e) => setFolderTitle(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-behavior`}>Folder link</label>
          <select
            id={`${id}-behavior`}
            value={behavior}
            onChange={(e) => setBehavior(e.target.value as FolderBehavior)}
          >
            {FOLDER_BEHAVIORS.map((value) => (
              <option key={value} value={value}>
                {FOLDER_BEHAVIOR_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Add folder
        </button>
      </form>
    </>
  );
}
