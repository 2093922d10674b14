import { type Dispatch, useEffect } from 'react';
import type { DraftAction, DraftState } from '../page-draft.ts';

/**
 * Undo and Redo buttons, and the usual keys: Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z and Ctrl+Y.
 * Rich-text and code editors keep their own undo inside them, so the keys are left to
 * them while focus is in one.
 */
export function UndoRedo({
  draft,
  dispatch,
}: {
  draft: DraftState;
  dispatch: Dispatch<DraftAction>;
}) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('[contenteditable="true"], .cm-editor')) return;
      const key = event.key.toLowerCase();
      if (key === 'z') {
        event.preventDefault();
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
      } else if (key === 'y' && !event.shiftKey) {
        event.preventDefault();
        dispatch({ type: 'redo' });
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);

  return (
    <div className="undo-redo">
      <button
        type="button"
        className="button button--small"
        disabled={draft.past.length === 0}
        aria-keyshortcuts="Control+Z Meta+Z"
        onClick={() => dispatch({ type: 'undo' })}
      >
        Undo
      </button>
      <button
        type="button"
        className="button button--small"
        disabled={draft.future.length === 0}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        onClick={() => dispatch({ type: 'redo' })}
      >
        Redo
      </button>
    </div>
  );
}
