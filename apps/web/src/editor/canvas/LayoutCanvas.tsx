import {
  type Block,
  type BlockData,
  type EditorBlock,
  newSectionBlock,
  type UnreadableBlock,
} from '@atelier/contract';
import { editorApiMessages, formMessages, MAX_BLOCKS_PER_LAYOUT } from '@atelier/core';
import {
  type Dispatch,
  memo,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { BlockView, SectionFrame } from '../../blocks/render.tsx';
import { BlockFields, blockEditors, blockLabel, newBlock } from '../blocks/registry.tsx';
import {
  blockCountOf,
  type DraftAction,
  type DraftItem,
  type DraftPlace,
  type DraftSection,
  type DraftState,
  draftReducer,
  isFull,
  locate,
  type SectionBlock,
} from '../page-draft.ts';
import { CanvasFrame, type CanvasFrameHandle, type Device } from './CanvasFrame.tsx';
import { Icon, type IconName } from './icons.tsx';
import { InlineHeading, InlineText, preloadRichTextEditor } from './inline-editing.tsx';
import { type DragSource, usePointerDrag } from './pointer-drag.ts';
import './canvas.css';

// The canvas shared by the page editor and the header & footer screen: the layout drawn
// with the storefront's own views inside a frame at the chosen device width, edited where
// it stands. Hover outlines a block, a click selects it (a toolbar appears on it, its
// settings open beside the page), text and headings are typed into in place. Blocks come
// from the palette by a click (after the selected block) or a drag onto the page. The
// layout lives in the page-draft reducer; this file turns gestures into its actions.

/** The sentence shown when the layout is full (SPEC §9 limit). */
export const fullLayoutMessage = `A page can hold at most ${MAX_BLOCKS_PER_LAYOUT} blocks.`;

type PaletteType = Exclude<Block['type'], 'section'>;

/** Blocks offered in the palette, grouped and ordered the way owners look for them. */
const PALETTE_GROUPS: { name: string; types: PaletteType[] }[] = [
  { name: 'Basics', types: ['heading', 'text', 'button', 'quote', 'line', 'spacer'] },
  { name: 'Media', types: ['image', 'gallery', 'video', 'audio', 'embed', 'code'] },
  { name: 'Store', types: ['product', 'products', 'summary'] },
  { name: 'Forms', types: ['form', 'newsletter'] },
  { name: 'Social', types: ['social-links'] },
];
// Blocks others register later appear too, in a group of their own.
const paletteGroups = () => {
  const listed = new Set<string>(PALETTE_GROUPS.flatMap((group) => group.types));
  const more = (Object.keys(blockEditors) as Block['type'][]).filter(
    (type): type is PaletteType => type !== 'section' && !listed.has(type),
  );
  return more.length > 0 ? [...PALETTE_GROUPS, { name: 'More', types: more }] : PALETTE_GROUPS;
};

/** What a block is called on the canvas; one the server could not read needs attention. */
export const labelOf = (block: EditorBlock): string =>
  block.type === 'unreadable' ? editorApiMessages.unreadableBlockLabel : blockLabel(block.type);

export type Selection = { kind: 'block'; key: string } | { kind: 'section'; key: string } | null;

/** Focus in a field of its own: the canvas's keys (Delete, Alt+arrows, undo) leave it be. */
const isTypingTarget = (target: EventTarget | null): boolean => {
  const element = target as HTMLElement | null;
  if (!element?.closest) return false;
  return Boolean(
    element.closest('input, textarea, select, [contenteditable="true"], .cm-editor') ||
      element.closest('[contenteditable="plaintext-only"]'),
  );
};

type LayoutCanvasProps = {
  draft: DraftState;
  dispatch: Dispatch<DraftAction>;
  data: BlockData;
  /** Names the layout in the frame's title and the live messages ("Page", "Header"). */
  name: string;
  device: Device;
  language: string;
  /** What surrounds the layout in the frame: the site's header and footer, for a page. */
  chrome?: (layout: ReactNode) => ReactNode;
  /** Ctrl/Cmd+S. */
  onSaveNow?: () => void;
};

/** Actions the blocks and sections in the frame call; one stable object, so memo holds. */
export type CanvasActions = {
  selectBlock: (key: string) => void;
  selectSection: (key: string) => void;
  moveBlock: (key: string, by: -1 | 1) => void;
  duplicateBlock: (key: string) => void;
  removeBlock: (key: string) => void;
  openSettings: () => void;
  updateBlock: (key: string, block: Block) => void;
  startDrag: (event: ReactPointerEvent<HTMLElement>, source: DragSource, label: string) => void;
  addSection: (key: string, isAbove: boolean) => void;
  moveSection: (key: string, by: -1 | 1) => void;
  removeSection: (key: string) => void;
};

export function LayoutCanvas({
  draft,
  dispatch,
  data,
  name,
  device,
  language,
  chrome,
  onSaveNow,
}: LayoutCanvasProps) {
  const [selection, setSelection] = useState<Selection>(null);
  const [announcement, setAnnouncement] = useState('');
  const [undoOffer, setUndoOffer] = useState<string | null>(null);
  const frame = useRef<CanvasFrameHandle | null>(null);
  const scrollerRef = useRef<HTMLElement>(null);
  const settingsRef = useRef<HTMLElement>(null);
  /** Where focus should land (in the frame) once React has drawn the last change. */
  const pendingFocus = useRef<string | null>(null);
  const count = blockCountOf(draft);
  const full = isFull(draft);

  const selectedBlock =
    selection?.kind === 'block' ? findItem(draft.sections, selection.key) : undefined;
  const selectedSection =
    selection?.kind === 'section'
      ? draft.sections.find((section) => section.key === selection.key)
      : undefined;

  // The handlers below read the newest state through this ref, so `actions` is made once.
  const latest = useRef({ draft, selection, full, onSaveNow });
  latest.current = { draft, selection, full, onSaveNow };

  function announce(text: string) {
    // The same sentence twice would not be read again; a trailing space makes it new.
    setAnnouncement((previous) => (previous === text ? `${text} ` : text));
  }

  function positionOf(key: string, sections: readonly DraftSection[]): string {
    const all = sections.flatMap((section) => section.items);
    const index = all.findIndex((item) => item.key === key);
    return `${index + 1} of ${all.length}`;
  }

  function add(type: Block['type'], place?: DraftPlace) {
    const { draft: current, selection: selected } = latest.current;
    if (latest.current.full) {
      dispatch({ type: 'add', block: newBlock(type) });
      announce(fullLayoutMessage);
      return;
    }
    const at = selected?.kind === 'block' ? locate(current.sections, selected.key) : null;
    const selectedSectionIndex =
      selected?.kind === 'section'
        ? current.sections.findIndex((section) => section.key === selected.key)
        : -1;
    const lastSection = current.sections.at(-1);
    // Without a place: after the selected block, at the end of the selected section, else
    // at the end of the last section.
    const target: DraftPlace | undefined =
      place ??
      (at
        ? { sectionKey: current.sections[at.section]?.key ?? '', index: at.index + 1 }
        : selectedSectionIndex >= 0
          ? {
              sectionKey: current.sections[selectedSectionIndex]?.key ?? '',
              index: current.sections[selectedSectionIndex]?.items.length ?? 0,
            }
          : lastSection
            ? { sectionKey: lastSection.key, index: lastSection.items.length }
            : undefined);
    // The reducer names the new block with the next key; select it so its settings open.
    const key = `b${current.nextKey}`;
    dispatch({ type: 'add', block: newBlock(type), place: target });
    setSelection({ kind: 'block', key });
    pendingFocus.current = key;
    announce(`${blockLabel(type)} added.`);
  }

  const drag = usePointerDrag({
    frame,
    scroller: scrollerRef,
    sections: draft.sections,
    onDrop: (source, place) => {
      if (source.kind === 'palette') {
        add(source.type, place);
        return;
      }
      dispatch({ type: 'move-to', key: source.key, place });
      setSelection({ kind: 'block', key: source.key });
      pendingFocus.current = source.key;
      announce('Block moved.');
    },
  });
  const dragStart = useRef(drag.start);
  dragStart.current = drag.start;

  // Made once, so the memoised blocks keep it; the handlers read the newest state through refs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once on purpose, reads refs
  const actions = useMemo<CanvasActions>(
    () => ({
      selectBlock: (key) => setSelection({ kind: 'block', key }),
      selectSection: (key) => setSelection({ kind: 'section', key }),
      moveBlock: (key, by) => {
        const { draft: current } = latest.current;
        const next = simulate(current, { type: 'move', key, by });
        if (next === current) return;
        dispatch({ type: 'move', key, by });
        pendingFocus.current = key;
        const item = findItem(current.sections, key);
        announce(
          `${item ? labelOf(item.block) : 'Block'} moved to position ${positionOf(key, next.sections)}.`,
        );
      },
      duplicateBlock: (key) => {
        const { draft: current } = latest.current;
        const item = findItem(current.sections, key);
        if (!item || item.block.type === 'unreadable') return;
        dispatch({ type: 'duplicate', key });
        if (latest.current.full) {
          announce(fullLayoutMessage);
          return;
        }
        const copyKey = `b${current.nextKey}`;
        setSelection({ kind: 'block', key: copyKey });
        pendingFocus.current = copyKey;
        announce(`${labelOf(item.block)} duplicated.`);
      },
      removeBlock: (key) => {
        const { draft: current } = latest.current;
        const item = findItem(current.sections, key);
        const all = current.sections.flatMap((section) => section.items);
        const index = all.findIndex((candidate) => candidate.key === key);
        const neighbour = all[index + 1] ?? all[index - 1];
        dispatch({ type: 'remove', key });
        setSelection(neighbour ? { kind: 'block', key: neighbour.key } : null);
        pendingFocus.current = neighbour?.key ?? null;
        const text = `${item ? labelOf(item.block) : 'Block'} deleted.`;
        announce(`${text} Press Ctrl+Z to undo.`);
        setUndoOffer(text);
      },
      openSettings: () => {
        settingsRef.current
          ?.querySelector<HTMLElement>('input, textarea, select, button, [tabindex="0"]')
          ?.focus();
      },
      updateBlock: (key, block) => dispatch({ type: 'update', key, block }),
      startDrag: (event, source, label) => dragStart.current(event, source, label),
      addSection: (key, isAbove) => {
        const { draft: current } = latest.current;
        const newKey = `s${current.nextKey}`;
        dispatch({
          type: 'add-section',
          settings: newSectionBlock(),
          near: { sectionKey: key, isAbove },
        });
        setSelection({ kind: 'section', key: newKey });
        pendingFocus.current = newKey;
        announce(`Section added ${isAbove ? 'above' : 'below'}.`);
      },
      moveSection: (key, by) => {
        const { draft: current } = latest.current;
        const next = simulate(current, { type: 'move-section', sectionKey: key, by });
        if (next === current) return;
        dispatch({ type: 'move-section', sectionKey: key, by });
        pendingFocus.current = key;
        const index = next.sections.findIndex((section) => section.key === key);
        announce(`Section moved to position ${index + 1} of ${next.sections.length}.`);
      },
      removeSection: (key) => {
        const { draft: current } = latest.current;
        if (current.sections.length === 1) {
          announce('A page keeps at least one section.');
          return;
        }
        dispatch({ type: 'remove-section', sectionKey: key });
        setSelection(null);
        announce('Section deleted. Press Ctrl+Z to undo.');
        setUndoOffer('Section deleted.');
      },
    }),
    [dispatch],
  );

  // A selection whose block or section is gone (undo, delete) is dropped.
  useEffect(() => {
    if (!selection) return;
    const exists =
      selection.kind === 'block'
        ? findItem(draft.sections, selection.key) !== undefined
        : draft.sections.some((section) => section.key === selection.key);
    if (!exists) setSelection(null);
  }, [draft.sections, selection]);

  // Focus follows the block or section a keyboard action moved, added or selected.
  useEffect(() => {
    const key = pendingFocus.current;
    if (!key) return;
    pendingFocus.current = null;
    const doc = frame.current?.document;
    const block = doc?.querySelector<HTMLElement>(`[data-block-key="${key}"]`);
    // A heading or text selected on the canvas has already put the caret in itself.
    if (block?.contains(doc?.activeElement ?? null) && block !== doc?.activeElement) return;
    const target =
      block ??
      doc?.querySelector<HTMLElement>(
        `[data-section-key="${key}"] > .canvas-section__bar [data-section-select]`,
      );
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: 'nearest' });
  });

  useEffect(() => {
    if (!undoOffer) return;
    const timer = setTimeout(() => setUndoOffer(null), 8000);
    return () => clearTimeout(timer);
  }, [undoOffer]);

  // The keys of a site builder, in the editor window and in the frame alike.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const { selection: selected, onSaveNow: saveNow } = latest.current;
      const isCommand = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const typing = isTypingTarget(event.target);
      if (isCommand && !event.altKey && key === 's') {
        event.preventDefault();
        saveNow?.();
        return;
      }
      if (isCommand && !event.altKey && (key === 'z' || key === 'y')) {
        // Rich-text and code editors keep their own undo while focus is in them.
        if (typing) return;
        event.preventDefault();
        dispatch({ type: key === 'y' || event.shiftKey ? 'redo' : 'undo' });
        return;
      }
      if (event.key === 'Escape' && selected) {
        // A dialog or menu open over the canvas closes first.
        if ((event.target as HTMLElement | null)?.closest?.('[role="dialog"], dialog')) return;
        event.preventDefault();
        const doc = frame.current?.document;
        setSelection(null);
        doc
          ?.querySelector<HTMLElement>(
            selected.kind === 'block'
              ? `[data-block-key="${selected.key}"]`
              : `[data-section-key="${selected.key}"] [data-section-select]`,
          )
          ?.focus();
        return;
      }
      if (selected?.kind !== 'block') return;
      if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
        if (typing && !(event.target as HTMLElement).closest('.canvas-frame-root')) return;
        event.preventDefault();
        actions.moveBlock(selected.key, event.key === 'ArrowUp' ? -1 : 1);
        return;
      }
      if (typing) return;
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        actions.removeBlock(selected.key);
      } else if (isCommand && key === 'd') {
        event.preventDefault();
        actions.duplicateBlock(selected.key);
      }
    }
    const documents = [document, frame.current?.document].filter(
      (doc): doc is Document => doc !== undefined,
    );
    for (const doc of documents) doc.addEventListener('keydown', onKeyDown);
    return () => {
      for (const doc of documents) doc.removeEventListener('keydown', onKeyDown);
    };
  });

  let blockNumber = 0;
  const layout = (
    <div className="content-page canvas-frame-root">
      {draft.sections.map((section, sectionIndex) => {
        const first = blockNumber;
        blockNumber += section.items.length;
        return (
          <CanvasSection
            key={section.key}
            section={section}
            number={sectionIndex + 1}
            sectionCount={draft.sections.length}
            firstBlockNumber={first}
            blockCount={count}
            data={data}
            selectedBlockKey={selection?.kind === 'block' ? selection.key : null}
            isSelected={selection?.kind === 'section' && selection.key === section.key}
            dropIndex={drag.drag?.place?.sectionKey === section.key ? drag.drag.place.index : null}
            actions={actions}
          />
        );
      })}
    </div>
  );

  return (
    <div className="editor-canvas">
      <aside className="canvas-palette" aria-labelledby={`${name}-palette-heading`} data-palette>
        <h2 id={`${name}-palette-heading`}>Add a block</h2>
        <p className="canvas-palette__hint" id={`${name}-palette-hint`}>
          Drag a block onto the page, or press it to add it after the selected block.
        </p>
        <p className="canvas-palette__count" aria-live="polite">
          {count} of {MAX_BLOCKS_PER_LAYOUT} blocks
        </p>
        {full ? (
          <p className="notice notice--error" role="alert">
            {fullLayoutMessage} Remove one before adding another.
          </p>
        ) : null}
        {draft.notice ? (
          <p className="notice notice--error" role="alert">
            {draft.notice}
          </p>
        ) : null}
        {paletteGroups().map((group) => (
          <div key={group.name} className="canvas-palette__group">
            <h3 id={`${name}-palette-${group.name}`}>{group.name}</h3>
            <ul className="palette" aria-labelledby={`${name}-palette-${group.name}`}>
              {group.types.map((type) => (
                <li key={type}>
                  <button
                    type="button"
                    className="palette__item"
                    data-palette-type={type}
                    disabled={full}
                    aria-describedby={`${name}-palette-hint`}
                    onPointerDown={(event) =>
                      drag.start(event, { kind: 'palette', type }, blockLabel(type))
                    }
                    onClick={() => add(type)}
                  >
                    <span className="palette__icon" aria-hidden="true">
                      {PALETTE_ICONS[type] ?? '▦'}
                    </span>
                    {blockLabel(type)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </aside>

      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long page scrolls here; a scrolling region must take focus for the keyboard to scroll it (WCAG 2.1.1) */}
      <section className="canvas-scroller" ref={scrollerRef} aria-label="Canvas" tabIndex={0}>
        <CanvasFrame device={device} title={`${name} canvas`} language={language} handle={frame}>
          <div className="canvas-root">{chrome ? chrome(layout) : layout}</div>
        </CanvasFrame>
      </section>

      <aside
        className="canvas-settings"
        aria-labelledby={`${name}-settings-heading`}
        data-settings
        ref={settingsRef}
      >
        <h2 id={`${name}-settings-heading`}>
          {selectedBlock
            ? `${labelOf(selectedBlock.block)} settings`
            : selectedSection
              ? 'Section settings'
              : 'Settings'}
        </h2>
        {selectedBlock ? (
          <BlockSettings
            item={selectedBlock}
            onChange={(block) => dispatch({ type: 'update', key: selectedBlock.key, block })}
          />
        ) : selectedSection ? (
          <BlockFields
            key={selectedSection.key}
            block={selectedSection.settings ?? newBlock('section')}
            onChange={(block) =>
              dispatch({
                type: 'update-section',
                sectionKey: selectedSection.key,
                settings: block as SectionBlock,
              })
            }
          />
        ) : (
          <p className="canvas-settings__hint">
            Select a block or a section on the page to change it. Press Escape to deselect.
          </p>
        )}
      </aside>

      <p className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </p>
      {undoOffer ? (
        <div className="canvas-toast" role="status">
          <span>{undoOffer}</span>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              dispatch({ type: 'undo' });
              setUndoOffer(null);
              announce('Undone.');
            }}
          >
            Undo
          </button>
        </div>
      ) : null}
      {drag.drag ? (
        <div className="canvas-drag-ghost" style={{ left: drag.drag.x, top: drag.drag.y }}>
          {drag.drag.label}
        </div>
      ) : null}
    </div>
  );
}

const PALETTE_ICONS: Partial<Record<PaletteType, string>> = {
  heading: 'H',
  text: '¶',
  button: '▭',
  quote: '❝',
  line: '—',
  spacer: '↕',
  image: '▣',
  gallery: '▦',
  video: '▶',
  audio: '♪',
  embed: '</>',
  code: '{ }',
  product: '◈',
  products: '◈◈',
  summary: '☰',
  'social-links': '@',
  form: '✎',
  newsletter: '✉',
};

function findItem(sections: readonly DraftSection[], key: string): DraftItem | undefined {
  const at = locate(sections, key);
  return at ? sections[at.section]?.items[at.index] : undefined;
}

/** The state an action would make, to say where a move lands before React has drawn it. */
function simulate(state: DraftState, action: DraftAction): DraftState {
  return draftReducer(state, action);
}

function BlockSettings({ item, onChange }: { item: DraftItem; onChange: (block: Block) => void }) {
  if (item.block.type === 'unreadable') return <UnreadableBlockNotice block={item.block} />;
  if (item.block.type === 'text') {
    return (
      <p className="canvas-settings__hint">
        Type on the page to change this text. Select words to format them or make a link.
      </p>
    );
  }
  return <BlockFields key={item.key} block={item.block} onChange={onChange} />;
}

/**
 * A stored block the server could not read: what it was and why. It has no fields: it can
 * only be moved or deleted, and a save sends it back exactly as it came.
 */
function UnreadableBlockNotice({ block }: { block: UnreadableBlock }) {
  return (
    <div className="canvas-block__attention notice notice--error">
      <p>
        <strong>{editorApiMessages.unreadableBlockLabel}.</strong>{' '}
        {editorApiMessages.unreadableBlockType(block.storedType)} {block.reason}
      </p>
      <p>{editorApiMessages.unreadableBlockHelp}</p>
    </div>
  );
}

type CanvasSectionProps = {
  section: DraftSection;
  number: number;
  sectionCount: number;
  firstBlockNumber: number;
  blockCount: number;
  data: BlockData;
  selectedBlockKey: string | null;
  isSelected: boolean;
  dropIndex: number | null;
  actions: CanvasActions;
};

export const CanvasSection = memo(function CanvasSection({
  section,
  number,
  sectionCount,
  firstBlockNumber,
  blockCount,
  data,
  selectedBlockKey,
  isSelected,
  dropIndex,
  actions,
}: CanvasSectionProps) {
  const label = `Section ${number}`;
  const dropLine = <div className="canvas-drop-line" aria-hidden="true" />;
  return (
    <div
      className={isSelected ? 'canvas-section canvas-section--selected' : 'canvas-section'}
      data-section-key={section.key}
    >
      <div className="canvas-section__bar">
        <button
          type="button"
          className="canvas-section__tab"
          data-section-select
          aria-pressed={isSelected}
          onClick={() => actions.selectSection(section.key)}
        >
          {label}
        </button>
        {isSelected ? (
          <div className="canvas-toolbar" role="toolbar" aria-label={`${label} actions`}>
            <ToolButton
              label="Add section above"
              icon="addAbove"
              onClick={() => actions.addSection(section.key, true)}
            />
            <ToolButton
              label="Add section below"
              icon="addBelow"
              onClick={() => actions.addSection(section.key, false)}
            />
            <ToolButton
              label="Move section up"
              icon="up"
              disabled={number === 1}
              onClick={() => actions.moveSection(section.key, -1)}
            />
            <ToolButton
              label="Move section down"
              icon="down"
              disabled={number === sectionCount}
              onClick={() => actions.moveSection(section.key, 1)}
            />
            <ToolButton label="Section settings" icon="settings" onClick={actions.openSettings} />
            <ToolButton
              label="Delete section"
              icon="delete"
              isDanger
              disabled={sectionCount === 1}
              onClick={() => actions.removeSection(section.key)}
            />
          </div>
        ) : null}
      </div>
      <SectionFrame settings={section.settings} data={data}>
        {section.items.map((item, index) => (
          <CanvasBlockSlot
            key={item.key}
            item={item}
            number={firstBlockNumber + index + 1}
            blockCount={blockCount}
            data={data}
            isSelected={item.key === selectedBlockKey}
            dropLine={dropIndex === index ? dropLine : null}
            actions={actions}
          />
        ))}
        {dropIndex !== null && dropIndex >= section.items.length && section.items.length > 0
          ? dropLine
          : null}
        {section.items.length === 0 ? (
          <div className="canvas-section__empty">
            {dropIndex !== null ? dropLine : null}
            Drag a block here from the left, or select this section and press a block to add it.
          </div>
        ) : null}
      </SectionFrame>
    </div>
  );
});

function ToolButton({
  label,
  icon,
  onClick,
  disabled = false,
  isDanger = false,
}: {
  label: string;
  icon: IconName;
  onClick: () => void;
  disabled?: boolean;
  isDanger?: boolean;
}) {
  return (
    <button
      type="button"
      className={isDanger ? 'canvas-tool canvas-tool--danger' : 'canvas-tool'}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}

type CanvasBlockProps = {
  item: DraftItem;
  number: number;
  blockCount: number;
  data: BlockData;
  isSelected: boolean;
  dropLine: ReactNode;
  actions: CanvasActions;
};

/** One block: memoised on its item, so typing in one block does not redraw the others. */
const CanvasBlockSlot = memo(function CanvasBlockSlot({
  item,
  number,
  blockCount,
  data,
  isSelected,
  dropLine,
  actions,
}: CanvasBlockProps) {
  const { block, key } = item;
  const label = labelOf(block);
  const name = `${label}, block ${number} of ${blockCount}`;
  const editsInPlace = isSelected && (block.type === 'text' || block.type === 'heading');
  return (
    <>
      {dropLine}
      {/* A group of the block and its toolbar (a fieldset would mean a form), focusable so the
          block is selected from the keyboard as with a click. */}
      {/* biome-ignore lint/a11y/useSemanticElements: see above */}
      <div
        role="group"
        aria-roledescription="block"
        aria-label={isSelected ? `${name}, selected` : name}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        className={isSelected ? 'canvas-block canvas-block--selected' : 'canvas-block'}
        data-block-key={key}
        data-block-type={block.type}
        onPointerEnter={block.type === 'text' ? preloadRichTextEditor : undefined}
        onFocus={block.type === 'text' ? preloadRichTextEditor : undefined}
        onClick={(event) => {
          // React events bubble out of portals: a click in a dialog a block opened (the
          // link editor) arrives here too, and is not the block's.
          const target = event.target as HTMLElement;
          if (!event.currentTarget.contains(target)) return;
          // Links and buttons of the page do not navigate or submit in the editor.
          if (target.closest('a, button:not(.canvas-tool), form')) event.preventDefault();
          if (!isSelected) actions.selectBlock(key);
        }}
        onKeyDown={(event) => {
          if (event.target !== event.currentTarget) return;
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            actions.selectBlock(key);
          }
        }}
      >
        {isSelected ? (
          <div
            className="canvas-toolbar canvas-block__toolbar"
            role="toolbar"
            aria-label={`${label} actions`}
          >
            <button
              type="button"
              className="canvas-tool canvas-tool--drag"
              aria-label={`Drag ${label} block ${number}`}
              title="Drag to move (or Alt+↑ / Alt+↓)"
              aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
              onPointerDown={(event) => actions.startDrag(event, { kind: 'block', key }, label)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
                  event.preventDefault();
                  actions.moveBlock(key, event.key === 'ArrowUp' ? -1 : 1);
                }
              }}
            >
              <Icon name="drag" />
            </button>
            <ToolButton
              label="Move up"
              icon="up"
              disabled={number === 1}
              onClick={() => actions.moveBlock(key, -1)}
            />
            <ToolButton
              label="Move down"
              icon="down"
              disabled={number === blockCount}
              onClick={() => actions.moveBlock(key, 1)}
            />
            <ToolButton
              label="Duplicate"
              icon="duplicate"
              disabled={block.type === 'unreadable'}
              onClick={() => actions.duplicateBlock(key)}
            />
            <ToolButton label="Settings" icon="settings" onClick={actions.openSettings} />
            <ToolButton
              label="Delete"
              icon="delete"
              isDanger
              onClick={() => actions.removeBlock(key)}
            />
          </div>
        ) : null}
        {block.type === 'unreadable' ? (
          <UnreadableBlockNotice block={block} />
        ) : (block.type === 'form' || block.type === 'newsletter') &&
          block.formId !== '' &&
          !data.forms?.[block.formId] ? (
          // Visitors see nothing here; the owner learns why.
          <div className="canvas-block__attention notice" role="note">
            <p>{formMessages.notConfigured}</p>
          </div>
        ) : editsInPlace && block.type === 'text' ? (
          <InlineText block={block} onChange={(updated) => actions.updateBlock(key, updated)} />
        ) : editsInPlace && block.type === 'heading' ? (
          <InlineHeading block={block} onChange={(updated) => actions.updateBlock(key, updated)} />
        ) : (
          // The block as visitors see it; inert so its links and players take no clicks or focus.
          <div
            className="canvas-block__view"
            inert
            data-placeholder={`Empty ${label.toLowerCase()}: select it to set it up`}
          >
            <BlockView block={block} data={data} useCLDRMoneyFormat={false} />
          </div>
        )}
      </div>
    </>
  );
});
