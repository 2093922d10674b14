import type { Block, BlockData, EditorBlock, UnreadableBlock } from '@atelier/contract';
import { editorApiMessages, MAX_BLOCKS_PER_LAYOUT } from '@atelier/core';
import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
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
import {
  type Dispatch,
  type PointerEventHandler,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { BlockView } from '../../blocks/render.tsx';
import { BlockFields, blockEditors, blockLabel, newBlock } from '../blocks/registry.tsx';
import {
  blockCountOf,
  type DraftAction,
  type DraftPlace,
  type DraftState,
  isFull,
  locate,
} from '../page-draft.ts';

// The canvas shared by the page editor and the header & footer screen: a palette of
// blocks, sections holding blocks, drag and drop (pointer and keyboard, via dnd-kit),
// Move up / Move down / Delete buttons, the selected block's settings and undo/redo.
// The layout itself lives in the page-draft reducer; this file only turns gestures into
// its actions.

/** The sentence shown when the layout is full (SPEC §9 limit). */
export const fullLayoutMessage = `A page can hold at most ${MAX_BLOCKS_PER_LAYOUT} blocks.`;

/** Blocks offered in the palette, in the order owners look for them. */
const PALETTE: Exclude<Block['type'], 'section'>[] = [
  'heading',
  'text',
  'image',
  'button',
  'spacer',
  'line',
  'video',
  'audio',
  'code',
  'social-links',
  'gallery',
  'product',
  'products',
  'summary',
];
// Blocks others register later appear too, after ours.
const paletteTypes = (): Exclude<Block['type'], 'section'>[] => [
  ...PALETTE,
  ...(Object.keys(blockEditors) as Block['type'][]).filter(
    (type): type is Exclude<Block['type'], 'section'> =>
      type !== 'section' && !(PALETTE as string[]).includes(type),
  ),
];

/** What a block is called on the canvas; one the server could not read needs attention. */
const labelOf = (block: EditorBlock): string =>
  block.type === 'unreadable' ? editorApiMessages.unreadableBlockLabel : blockLabel(block.type);

const PALETTE_PREFIX = 'palette:';
const SECTION_PREFIX = 'section:';

/** Prefer a block under the pointer over the section around it; keyboard drags have no pointer. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const blocks = hits.filter((hit) => !String(hit.id).startsWith(SECTION_PREFIX));
  if (blocks.length > 0) return blocks;
  return hits.length > 0 ? hits : closestCenter(args);
};

type LayoutCanvasProps = {
  draft: DraftState;
  dispatch: Dispatch<DraftAction>;
  data: BlockData;
  /** Names the layout in headings and labels ("Page", "Header"). */
  name: string;
};

export function LayoutCanvas({ draft, dispatch, data, name }: LayoutCanvasProps) {
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [dragLabel, setDragLabel] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  /** Where focus should land once React has re-rendered after a move or delete. */
  const pendingFocus = useRef<string[]>([]);
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on a card still selects it.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const count = blockCountOf(draft);
  const full = isFull(draft);
  const selected = selectedKey ? locate(draft.sections, selectedKey) : null;
  const selectedItem = selected
    ? draft.sections[selected.section]?.items[selected.index]
    : undefined;

  useEffect(() => {
    const candidates = pendingFocus.current;
    if (candidates.length === 0) return;
    pendingFocus.current = [];
    for (const selector of candidates) {
      const target = rootRef.current?.querySelector<HTMLElement>(selector);
      if (target && !(target as HTMLButtonElement).disabled) {
        target.focus();
        return;
      }
    }
  });

  function add(type: Block['type'], place?: DraftPlace) {
    if (full) {
      dispatch({ type: 'add', block: newBlock(type) });
      return;
    }
    const lastSection = draft.sections.at(-1);
    // Without a place: after the selected block, else at the end of the last section.
    const target: DraftPlace | undefined =
      place ??
      (selected && selectedItem
        ? { sectionKey: draft.sections[selected.section]?.key ?? '', index: selected.index + 1 }
        : lastSection
          ? { sectionKey: lastSection.key, index: lastSection.items.length }
          : undefined);
    // The reducer names the new block with the next key; select it so its settings open.
    const key = `b${draft.nextKey}`;
    dispatch({ type: 'add', block: newBlock(type), place: target });
    setSelectedKey(key);
    pendingFocus.current = [
      '[data-settings] input, [data-settings] textarea, [data-settings] select, [data-settings] [contenteditable]',
      `[data-key="${key}"] [data-select]`,
    ];
  }

  function move(key: string, by: -1 | 1) {
    dispatch({ type: 'move', key, by });
    pendingFocus.current = [
      `[data-key="${key}"] [data-move="${by}"]`,
      `[data-key="${key}"] [data-move="${-by}"]`,
    ];
  }

  function remove(key: string) {
    const all = draft.sections.flatMap((section) => section.items);
    const index = all.findIndex((item) => item.key === key);
    const neighbour = all[index + 1] ?? all[index - 1];
    dispatch({ type: 'remove', key });
    if (selectedKey === key) setSelectedKey(null);
    pendingFocus.current = neighbour
      ? [`[data-key="${neighbour.key}"] [data-select]`]
      : ['[data-palette] button'];
  }

  function placeOf(event: DragEndEvent): DraftPlace | null {
    const { over, active } = event;
    if (!over) return null;
    const overId = String(over.id);
    if (overId.startsWith(SECTION_PREFIX)) {
      const sectionKey = overId.slice(SECTION_PREFIX.length);
      const section = draft.sections.find((s) => s.key === sectionKey);
      return section ? { sectionKey, index: section.items.length } : null;
    }
    const at = locate(draft.sections, overId);
    const section = at ? draft.sections[at.section] : undefined;
    if (!at || !section) return null;
    const from = locate(draft.sections, String(active.id));
    if (from && from.section === at.section) {
      // Within a section dnd-kit's sortable already means "take the place of".
      return { sectionKey: section.key, index: at.index };
    }
    // From the palette or another section: before or after the block, by which half
    // of it the dragged item's middle ended over.
    const dragged = active.rect.current.translated;
    const isBelow = dragged
      ? dragged.top + dragged.height / 2 > over.rect.top + over.rect.height / 2
      : false;
    return { sectionKey: section.key, index: at.index + (isBelow ? 1 : 0) };
  }

  function onDragStart(event: DragStartEvent) {
    const id = String(event.active.id);
    if (id.startsWith(PALETTE_PREFIX)) {
      setDragLabel(blockLabel(id.slice(PALETTE_PREFIX.length) as Block['type']));
    } else {
      const at = locate(draft.sections, id);
      const item = at ? draft.sections[at.section]?.items[at.index] : undefined;
      setDragLabel(item ? labelOf(item.block) : null);
    }
  }

  function onDragEnd(event: DragEndEvent) {
    setDragLabel(null);
    const place = placeOf(event);
    if (!place) return;
    const id = String(event.active.id);
    if (id.startsWith(PALETTE_PREFIX)) {
      add(id.slice(PALETTE_PREFIX.length) as Block['type'], place);
    } else {
      dispatch({ type: 'move-to', key: id, place });
      pendingFocus.current = [`[data-key="${id}"] [data-drag]`];
    }
  }

  let blockNumber = 0;
  return (
    <div className="canvas" ref={rootRef}>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragStart={onDragStart}
        onDragCancel={() => setDragLabel(null)}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable:
              'To pick up a block, press space or enter. Use the arrow keys to move it, space or enter to drop it, escape to cancel.',
          },
        }}
      >
        <div className="canvas__palette" data-palette>
          <h3 id={`${name}-palette-heading`}>Add a block</h3>
          <p className="field__hint" id={`${name}-palette-hint`}>
            Drag a block onto a section, or press it to add it after the selected block.
          </p>
          {full ? (
            <p className="notice notice--error" role="alert">
              {fullLayoutMessage} Remove one before adding another.
            </p>
          ) : null}
          <ul className="palette" aria-labelledby={`${name}-palette-heading`}>
            {paletteTypes().map((type) => (
              <PaletteItem
                key={type}
                type={type}
                isDisabled={full}
                hintId={`${name}-palette-hint`}
                onAdd={() => add(type)}
              />
            ))}
          </ul>
        </div>

        <div className="canvas__layout">
          <p className="canvas__count" aria-live="polite">
            {count} of {MAX_BLOCKS_PER_LAYOUT} blocks
          </p>
          {draft.notice ? (
            <p className="notice notice--error" role="alert">
              {draft.notice}
            </p>
          ) : null}
          {draft.sections.map((section, sectionIndex) => (
            <CanvasSection
              key={section.key}
              sectionKey={section.key}
              label={`Section ${sectionIndex + 1}`}
              itemKeys={section.items.map((item) => item.key)}
              canRemove={draft.sections.length > 1}
              onRemove={() => dispatch({ type: 'remove-section', sectionKey: section.key })}
            >
              {section.items.map((item, index) => {
                blockNumber += 1;
                const isFirst = sectionIndex === 0 && index === 0;
                const isLast =
                  sectionIndex === draft.sections.length - 1 && index === section.items.length - 1;
                return (
                  <CanvasBlock
                    key={item.key}
                    itemKey={item.key}
                    number={blockNumber}
                    label={labelOf(item.block)}
                    isSelected={item.key === selectedKey}
                    isFirst={isFirst}
                    isLast={isLast}
                    onSelect={() => setSelectedKey(item.key)}
                    onMove={(by) => move(item.key, by)}
                    onRemove={() => remove(item.key)}
                    attention={
                      item.block.type === 'unreadable' ? (
                        <UnreadableBlockNotice block={item.block} />
                      ) : null
                    }
                  >
                    {item.block.type === 'unreadable' ? null : (
                      <BlockView block={item.block} data={data} useCLDRMoneyFormat={false} />
                    )}
                  </CanvasBlock>
                );
              })}
            </CanvasSection>
          ))}
          <button
            type="button"
            className="button button--small"
            onClick={() => dispatch({ type: 'add-section' })}
          >
            Add section
          </button>
        </div>
        <DragOverlay>
          {dragLabel ? <div className="canvas__drag-overlay">{dragLabel}</div> : null}
        </DragOverlay>
      </DndContext>

      <section
        className="canvas__settings"
        aria-labelledby={`${name}-settings-heading`}
        data-settings
      >
        <h3 id={`${name}-settings-heading`}>
          {selectedItem ? `${labelOf(selectedItem.block)} settings` : 'Block settings'}
        </h3>
        {selectedItem?.block.type === 'unreadable' ? (
          <UnreadableBlockNotice block={selectedItem.block} />
        ) : selectedItem ? (
          <BlockFields
            key={selectedItem.key}
            block={selectedItem.block}
            onChange={(block) => dispatch({ type: 'update', key: selectedItem.key, block })}
          />
        ) : (
          <p className="field__hint">Select a block to change its settings.</p>
        )}
      </section>
    </div>
  );
}

function PaletteItem({
  type,
  isDisabled,
  hintId,
  onAdd,
}: {
  type: Block['type'];
  isDisabled: boolean;
  hintId: string;
  onAdd: () => void;
}) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `${PALETTE_PREFIX}${type}`,
    disabled: isDisabled,
  });
  // Only the pointer drags from the palette: Enter and Space press the button and add
  // the block, which keyboard users then place with the move buttons or a keyboard drag.
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        className="palette__item"
        data-palette-type={type}
        disabled={isDisabled}
        aria-describedby={hintId}
        style={{ opacity: isDragging ? 0.5 : undefined }}
        // dnd-kit types its listeners as bare Functions; this one is its pointer handler.
        onPointerDown={
          listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined
        }
        onClick={onAdd}
      >
        {blockLabel(type)}
      </button>
    </li>
  );
}

function CanvasSection({
  sectionKey,
  label,
  itemKeys,
  canRemove,
  onRemove,
  children,
}: {
  sectionKey: string;
  label: string;
  itemKeys: string[];
  canRemove: boolean;
  onRemove: () => void;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `${SECTION_PREFIX}${sectionKey}` });
  return (
    <section
      className={isOver ? 'canvas-section canvas-section--over' : 'canvas-section'}
      aria-label={label}
      data-section={sectionKey}
    >
      <div className="canvas-section__header">
        <h3>{label}</h3>
        {canRemove ? (
          <button
            type="button"
            className="button button--small"
            aria-label={`Remove ${label.toLowerCase()}, keeping its blocks`}
            onClick={onRemove}
          >
            Remove section
          </button>
        ) : null}
      </div>
      <SortableContext id={sectionKey} items={itemKeys} strategy={verticalListSortingStrategy}>
        <ol className="canvas-section__blocks" ref={setNodeRef}>
          {children}
          {itemKeys.length === 0 ? (
            <li className="canvas-section__empty">Drop blocks here</li>
          ) : null}
        </ol>
      </SortableContext>
    </section>
  );
}

/**
 * A stored block the server could not read: what it was and why, readable by a screen
 * reader (it is not inside the inert preview). It has no fields: it can only be moved or
 * deleted, and a save sends it back exactly as it came.
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

function CanvasBlock({
  itemKey,
  number,
  label,
  isSelected,
  isFirst,
  isLast,
  onSelect,
  onMove,
  onRemove,
  attention,
  children,
}: {
  itemKey: string;
  number: number;
  label: string;
  isSelected: boolean;
  isFirst: boolean;
  isLast: boolean;
  onSelect: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** Shown instead of the preview, outside `inert` so assistive technology reads it. */
  attention: ReactNode;
  children: ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: itemKey });
  const name = `${label} block ${number}`;
  return (
    <li
      ref={setNodeRef}
      className={isSelected ? 'canvas-block canvas-block--selected' : 'canvas-block'}
      data-key={itemKey}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : undefined,
      }}
    >
      <div className="canvas-block__bar">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="canvas-block__handle"
          data-drag
          {...attributes}
          {...listeners}
          aria-label={`Drag ${name}`}
          aria-roledescription="sortable block"
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <button
          type="button"
          className="canvas-block__select"
          data-select
          aria-pressed={isSelected}
          onClick={onSelect}
        >
          {number}. {label}
        </button>
        <span className="canvas-block__actions">
          <button
            type="button"
            className="button button--small"
            data-move="-1"
            disabled={isFirst}
            aria-label={`Move up, block ${number}`}
            onClick={() => onMove(-1)}
          >
            Move up
          </button>
          <button
            type="button"
            className="button button--small"
            data-move="1"
            disabled={isLast}
            aria-label={`Move down, block ${number}`}
            onClick={() => onMove(1)}
          >
            Move down
          </button>
          <button
            type="button"
            className="button button--small"
            aria-label={`Delete, block ${number}`}
            onClick={onRemove}
          >
            Delete
          </button>
        </span>
      </div>
      {attention ?? (
        // The block as visitors see it; inert so its links and players do not take clicks or focus.
        <div className="canvas-block__view page-content" inert>
          {children}
        </div>
      )}
    </li>
  );
}
