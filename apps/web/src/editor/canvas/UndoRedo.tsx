import type { Dispatch } from 'react';
import type { DraftAction, DraftState } from '../page-draft.ts';

/**
 * Undo and Redo buttons. Their keys (Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z, Ctrl+Y) are the
 * canvas's, which hears them in the editor window and in its frame alike.
 */
export function UndoRedo({
  draft,
  dispatch,
}: {
  draft: DraftState;
  dispatch: Dispatch<DraftAction>;
}) {
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
