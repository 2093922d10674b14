import type { Block } from '@atelier/contract';
import { type PointerEvent as ReactPointerEvent, type RefObject, useRef, useState } from 'react';
import { type DraftPlace, type DraftSection, locate } from '../page-draft.ts';
import type { CanvasFrameHandle } from './CanvasFrame.tsx';

// Dragging onto the canvas. The canvas is an iframe, which a drag library bound to one
// document cannot cross, so the drag is our own, on pointer events: the pressed element
// captures the pointer (so moves keep arriving wherever the pointer goes, over the frame
// or not), each position is mapped into the frame's coordinates and the block under it is
// found with the frame's own hit testing. Keyboard users move blocks with Alt+↑/↓ and the
// block toolbar instead (LayoutCanvas), which is what a pointer drag does in one go.

export type DragSource = { kind: 'palette'; type: Block['type'] } | { kind: 'block'; key: string };

export type DragState = {
  source: DragSource;
  label: string;
  /** Where the ghost is drawn, in the editor window's coordinates. */
  x: number;
  y: number;
  /** Where the drop would put the block, shown as the insertion line. */
  place: DraftPlace | null;
};

/** Travel before a press becomes a drag, so a click still clicks. */
const DRAG_THRESHOLD_PX = 6;
/** Near the top or bottom of the scrolling canvas, a drag scrolls it. */
const EDGE_SCROLL_PX = 48;

/**
 * Where a drop at a point of the frame would land: before or after the block under it by
 * which half it is over, or at the end of the section under it (the start, when over the
 * top half of an empty one).
 */
export function placeAt(
  doc: Document,
  x: number,
  y: number,
  sections: readonly DraftSection[],
): DraftPlace | null {
  const hit = doc.elementFromPoint(x, y);
  if (!hit) return null;
  const blockElement = hit.closest<HTMLElement>('[data-block-key]');
  if (blockElement) {
    const key = blockElement.dataset.blockKey ?? '';
    const at = locate(sections, key);
    const section = at ? sections[at.section] : undefined;
    if (!at || !section) return null;
    const rect = blockElement.getBoundingClientRect();
    return { sectionKey: section.key, index: at.index + (y > rect.top + rect.height / 2 ? 1 : 0) };
  }
  const sectionElement = hit.closest<HTMLElement>('[data-section-key]');
  const sectionKey = sectionElement?.dataset.sectionKey;
  const section = sections.find((candidate) => candidate.key === sectionKey);
  if (!sectionElement || !section) return null;
  const rect = sectionElement.getBoundingClientRect();
  const isTopHalf = y < rect.top + rect.height / 2;
  return { sectionKey: section.key, index: isTopHalf ? 0 : section.items.length };
}

export function usePointerDrag({
  frame,
  scroller,
  sections,
  onDrop,
}: {
  frame: RefObject<CanvasFrameHandle | null>;
  /** The element that scrolls the canvas, scrolled when a drag nears its edges. */
  scroller: RefObject<HTMLElement | null>;
  sections: readonly DraftSection[];
  onDrop: (source: DragSource, place: DraftPlace) => void;
}) {
  const [drag, setDrag] = useState<DragState | null>(null);
  // The pointer handlers outlive renders; they read the newest layout and callback here.
  const latest = useRef({ sections, onDrop });
  latest.current = { sections, onDrop };

  function start(event: ReactPointerEvent<HTMLElement>, source: DragSource, label: string) {
    if (event.button !== 0) return;
    const target = event.currentTarget;
    const ownerDocument = target.ownerDocument;
    const isInFrame = ownerDocument !== document;
    const startX = event.clientX;
    const startY = event.clientY;
    let isActive = false;
    let place: DraftPlace | null = null;
    target.setPointerCapture(event.pointerId);

    /** The pointer in the editor window's coordinates and in the frame's. */
    function positions(moveEvent: PointerEvent) {
      const handle = frame.current;
      const rect = handle?.iframe.getBoundingClientRect();
      const scale = handle?.scale ?? 1;
      if (!rect) return null;
      if (isInFrame) {
        return {
          outer: {
            x: rect.left + moveEvent.clientX * scale,
            y: rect.top + moveEvent.clientY * scale,
          },
          inner: { x: moveEvent.clientX, y: moveEvent.clientY },
        };
      }
      return {
        outer: { x: moveEvent.clientX, y: moveEvent.clientY },
        inner: {
          x: (moveEvent.clientX - rect.left) / scale,
          y: (moveEvent.clientY - rect.top) / scale,
        },
      };
    }

    function onMove(moveEvent: PointerEvent) {
      if (!isActive) {
        const travel = Math.hypot(moveEvent.clientX - startX, moveEvent.clientY - startY);
        if (travel < DRAG_THRESHOLD_PX) return;
        isActive = true;
        document.body.classList.add('is-dragging');
        frame.current?.document.body.classList.add('is-dragging');
      }
      const at = positions(moveEvent);
      const handle = frame.current;
      if (!at || !handle) return;
      place = placeAt(handle.document, at.inner.x, at.inner.y, latest.current.sections);
      setDrag({ source, label, x: at.outer.x, y: at.outer.y, place });
      const box = scroller.current?.getBoundingClientRect();
      if (box && scroller.current) {
        if (at.outer.y < box.top + EDGE_SCROLL_PX) scroller.current.scrollBy(0, -16);
        else if (at.outer.y > box.bottom - EDGE_SCROLL_PX) scroller.current.scrollBy(0, 16);
      }
    }

    function finish(isDrop: boolean) {
      target.removeEventListener('pointermove', onMove);
      target.removeEventListener('pointerup', onUp);
      target.removeEventListener('pointercancel', onCancel);
      ownerDocument.removeEventListener('keydown', onKey, true);
      document.body.classList.remove('is-dragging');
      frame.current?.document.body.classList.remove('is-dragging');
      setDrag(null);
      if (!isActive) return;
      // The release that ends a drag is not also a click on what was dragged.
      const swallow = (clickEvent: MouseEvent) => {
        clickEvent.stopPropagation();
        clickEvent.preventDefault();
      };
      ownerDocument.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => ownerDocument.removeEventListener('click', swallow, { capture: true }), 0);
      if (isDrop && place) latest.current.onDrop(source, place);
    }
    function onUp() {
      finish(true);
    }
    function onCancel() {
      finish(false);
    }
    function onKey(keyEvent: KeyboardEvent) {
      if (keyEvent.key === 'Escape') {
        keyEvent.preventDefault();
        finish(false);
      }
    }
    target.addEventListener('pointermove', onMove);
    target.addEventListener('pointerup', onUp);
    target.addEventListener('pointercancel', onCancel);
    ownerDocument.addEventListener('keydown', onKey, true);
  }

  return { drag, start };
}
