import type { CodeBlock } from '@atelier/contract';
import { html } from '@codemirror/lang-html';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';

// CodeMirror 6 for the code block, loaded as its own chunk the first time a code block is
// edited. Editor-only: the public page shows the code as plain <pre><code>.

type CodeEditorProps = {
  id: string;
  labelId: string;
  value: string;
  language: CodeBlock['language'];
  onChange: (code: string) => void;
};

export default function CodeEditor({ id, labelId, value, language, onChange }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callback, read by the long-lived update listener.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once per language; value changes are synced below
  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          EditorView.lineWrapping,
          ...(language === 'html' ? [html()] : []),
          EditorView.contentAttributes.of({
            id,
            'aria-labelledby': labelId,
            'aria-multiline': 'true',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, [language, id, labelId]);

  useEffect(() => {
    // Undo/redo in the page editor replaces the value from outside.
    const current = view.current;
    if (current && current.state.doc.toString() !== value) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div className="code-editor" ref={host} />;
}
