import {
  formatDiagnostic,
  formatWarning,
  TEMPLATE_SLOT_LABELS,
  TEMPLATE_SLOTS,
} from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { html } from '@codemirror/lang-html';
import {
  bracketMatching,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
// @lezer/highlight comes with @codemirror/language (its dependency): the token names.
import { tags } from '@lezer/highlight';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { ApiError } from './api/client.ts';
import { type SaveOutcome, templatesApi } from './api/templates-client.ts';
import { codeMirrorNonce } from './csp-nonce.ts';
import {
  currentTemplate,
  developerReducer,
  initialDeveloperState,
  sourceOf,
} from './developer-state.ts';
import { Button, ConfirmDialog, Skeleton } from './ui/index.ts';

// Developer mode: the website's own JSON-Template templates, edited with CodeMirror 6.
// Loaded as its own chunk (CodeMirror is large) only when an admin opens it. The server
// validates on save and refuses a template with errors, so what is live is always valid.

/**
 * CodeMirror's default colours fall below 4.5:1 for some tokens (entities, tag names on
 * the active line); these all pass WCAG AA on the white editor.
 */
const readableHighlighting = HighlightStyle.define([
  { tag: [tags.tagName, tags.typeName], color: '#1a4d8f' },
  { tag: [tags.attributeName, tags.propertyName], color: '#7a3e00' },
  { tag: [tags.string, tags.attributeValue], color: '#9a1111' },
  { tag: [tags.character, tags.escape], color: '#6b2a91' },
  { tag: tags.comment, color: '#545454', fontStyle: 'italic' },
  { tag: [tags.angleBracket, tags.punctuation], color: '#404040' },
  { tag: tags.keyword, color: '#6a1b9a' },
  { tag: tags.invalid, color: '#b00020', textDecoration: 'underline wavy' },
]);

export default function DeveloperPanel() {
  const [state, dispatch] = useReducer(developerReducer, initialDeveloperState);
  const [isLoaded, setIsLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isConfirmingRemove, setIsConfirmingRemove] = useState(false);
  const labelId = useId();
  const hintId = useId();

  useEffect(() => {
    templatesApi
      .list()
      .then((templates) => {
        dispatch({ type: 'loaded', templates });
        setIsLoaded(true);
      })
      .catch((error: unknown) =>
        setLoadError(error instanceof ApiError ? error.message : editorMessages.somethingWentWrong),
      );
  }, []);

  if (loadError) {
    return (
      <p role="alert" className="notice notice--error">
        {loadError}
      </p>
    );
  }
  if (!isLoaded) return <Skeleton lines={4} label="Loading templates…" />;

  const { slot, notice } = state;
  const current = currentTemplate(state);
  const source = sourceOf(state);

  async function run(action: () => Promise<void>) {
    setIsBusy(true);
    try {
      await action();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : editorMessages.somethingWentWrong;
      dispatch({ type: 'failed', message });
    } finally {
      setIsBusy(false);
    }
  }

  const save = () =>
    run(async () => {
      const outcome: SaveOutcome = await templatesApi.save(slot, source);
      dispatch(
        outcome.isSaved
          ? { type: 'saved', template: outcome.template, warnings: outcome.warnings }
          : { type: 'refused', message: outcome.message, diagnostics: outcome.diagnostics },
      );
    });

  const remove = () =>
    run(async () => {
      dispatch({ type: 'removed', template: await templatesApi.remove(slot) });
      setIsConfirmingRemove(false);
    });

  return (
    <div className="screen developer">
      <div className="screen-header">
        <div>
          <h1>Developer mode</h1>
          <p className="screen-header__lead" id={hintId}>
            Templates use the JSON-Template language and see the page's data: add{' '}
            <code>?format=json</code> to a public page's address to read it. Tab leaves the editor;
            Ctrl+S (⌘S) saves.
          </p>
        </div>
      </div>
      <div className="developer__layout ui-card">
        <nav aria-label="Template slots">
          <ul className="developer__slots">
            {TEMPLATE_SLOTS.map((s) => {
              const template = state.templates.find((t) => t.slot === s);
              return (
                <li key={s}>
                  <button
                    type="button"
                    className="developer__slot"
                    aria-current={s === slot ? 'true' : undefined}
                    onClick={() => dispatch({ type: 'select', slot: s })}
                  >
                    {TEMPLATE_SLOT_LABELS[s]}
                    <span className="developer__state">
                      {template?.isCustom ? 'Custom template' : 'Default'}
                      {state.drafts[s] !== undefined ? ' · unsaved changes' : ''}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <section className="developer__editor" aria-labelledby={labelId}>
          <h2 id={labelId}>{TEMPLATE_SLOT_LABELS[slot]} template</h2>
          <p>
            {current?.isCustom
              ? `Custom template, saved ${new Date(current.updatedAt ?? '').toLocaleString()}.`
              : 'This region uses the default rendering. Save a template to replace it.'}
          </p>
          <SourceEditor
            key={slot}
            value={source}
            labelId={labelId}
            describedById={hintId}
            onChange={(text) => dispatch({ type: 'edit', source: text })}
            onSave={() => {
              if (!isBusy) void save();
            }}
          />
          <div className="developer__actions">
            <Button variant="primary" disabled={isBusy} onClick={save}>
              Save template
            </Button>
            {current?.isCustom && (
              <Button
                variant="quiet"
                className="developer__remove"
                disabled={isBusy}
                onClick={() => setIsConfirmingRemove(true)}
              >
                Remove custom template
              </Button>
            )}
          </div>
          <ConfirmDialog
            open={isConfirmingRemove}
            onOpenChange={setIsConfirmingRemove}
            title={`Remove the custom ${TEMPLATE_SLOT_LABELS[slot]} template?`}
            description="This region goes back to the default rendering at once. The template's text is not kept."
            confirmLabel="Remove template"
            isBusy={isBusy}
            onConfirm={() => void remove()}
          />
          <div role="alert" className="developer__errors">
            {notice?.kind === 'invalid' && (
              <>
                <p>{notice.text}</p>
                <ul>
                  {notice.diagnostics.map((d) => (
                    <li key={`${d.line}:${d.column}:${d.message}`}>{formatDiagnostic(d)}</li>
                  ))}
                </ul>
              </>
            )}
            {notice?.kind === 'error' && <p>{notice.text}</p>}
          </div>
          {/* Saved, so not an alert: rendering over the site's real data reported problems
              the live page will show as missing parts. */}
          <div role="status" className="developer__status">
            {notice?.kind === 'status' && <p>{notice.text}</p>}
            {notice?.kind === 'status' && notice.warnings && (
              <div className="developer__warnings">
                <p>Rendering it with this site's data reported:</p>
                <ul>
                  {notice.warnings.map((w) => (
                    <li key={formatWarning(w)}>{formatWarning(w)}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

/** CodeMirror 6 with HTML highlighting; Tab is left to the browser so focus can leave it. */
function SourceEditor(props: {
  value: string;
  labelId: string;
  describedById: string;
  onChange: (source: string) => void;
  onSave: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  // The latest callbacks, read by the long-lived editor.
  const latest = useRef(props);
  latest.current = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per slot (the parent keys it); edits flow out through onChange
  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: props.value,
        extensions: [
          codeMirrorNonce(),
          lineNumbers(),
          highlightActiveLineGutter(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(readableHighlighting),
          html(),
          EditorView.lineWrapping,
          keymap.of([
            {
              key: 'Mod-s',
              run: () => {
                latest.current.onSave();
                return true;
              },
            },
          ]),
          EditorView.contentAttributes.of({
            'aria-labelledby': props.labelId,
            'aria-describedby': props.describedById,
            'aria-multiline': 'true',
            role: 'textbox',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    return () => view.destroy();
  }, []);

  return <div className="developer__source" ref={host} />;
}
