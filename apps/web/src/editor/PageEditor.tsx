import { editorMessages, formWidgetButtonText, formWidgetReducer } from '@atelier/core';
import { type FormEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { BLOCK_TYPE_LABELS, BlockFields, newBlock } from '../blocks/fields.tsx';
import { BlockView } from '../blocks/render.tsx';
import type { Block } from '../blocks/schema.ts';
import { ApiError, api } from './api/client.ts';
import { type EditorPage, PAGE_STATUS_LABELS, type PageSettings } from './api/contract.ts';
import { blocksOf, draftReducer, emptyDraft } from './page-draft.ts';

type Message = { text: string; isError: boolean };

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : editorMessages.somethingWentWrong;

/** One page: its settings, its draft blocks with a live preview, Save and Publish. */
export function PageEditor({ pageId, onChanged }: { pageId: string; onChanged: () => void }) {
  const [page, setPage] = useState<EditorPage | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, dispatch] = useReducer(draftReducer, emptyDraft);
  // SPEC §4 form widget: editing → saving ('Saving…') → editing.
  const [saveStatus, dispatchSave] = useReducer(formWidgetReducer, 'editing');
  const [message, setMessage] = useState<Message | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const blocksRef = useRef<HTMLOListElement>(null);
  /** After a move or delete, where focus should land once React has re-rendered. */
  const pendingFocus = useRef<string[]>([]);

  useEffect(() => {
    api
      .page(pageId)
      .then((loaded) => {
        setPage(loaded);
        dispatch({ type: 'load', blocks: loaded.draftBlocks });
        headingRef.current?.focus();
      })
      .catch((error: unknown) => setLoadError(errorText(error)));
  }, [pageId]);

  useEffect(() => {
    // The first candidate that exists and is enabled (a block moved to the end has its
    // Move down button disabled, so focus goes to its Move up).
    const candidates = pendingFocus.current;
    if (candidates.length === 0) return;
    pendingFocus.current = [];
    for (const selector of candidates) {
      const target = blocksRef.current?.querySelector<HTMLElement>(selector);
      if (target && !(target as HTMLButtonElement).disabled) {
        target.focus();
        return;
      }
    }
  });

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!page) return <p>Loading…</p>;

  function accept(updated: EditorPage, text: string) {
    setPage(updated);
    setMessage({ text, isError: false });
    onChanged();
  }

  async function save(): Promise<EditorPage | null> {
    if (!page) return null;
    dispatchSave({ type: 'save' });
    try {
      const saved = await api.saveDraft(page.id, blocksOf(draft), page.draftRevision);
      dispatch({ type: 'saved' });
      dispatchSave({ type: 'saved' });
      accept(saved, 'Draft saved. Visitors still see the published version.');
      return saved;
    } catch (error) {
      dispatchSave({ type: 'save-failed' });
      const fields = error instanceof ApiError ? Object.keys(error.fields) : [];
      setMessage({
        text: fields.length > 0 ? `${errorText(error)} (${fields.join(', ')})` : errorText(error),
        isError: true,
      });
      return null;
    }
  }

  async function publish(at?: string) {
    // Publishing publishes what is saved, so unsaved edits are saved first.
    const current = draft.isDirty ? await save() : page;
    if (!current) return;
    try {
      const published = await api.publish(current.id, current.draftRevision, at);
      accept(
        published,
        at
          ? `Scheduled to publish at ${new Date(at).toLocaleString()}.`
          : published.status === 'private'
            ? 'Published for signed-in members.'
            : 'Published. The page is live.',
      );
    } catch (error) {
      setMessage({ text: errorText(error), isError: true });
    }
  }

  function add(type: Block['type']) {
    const isFull = draft.items.length >= 60;
    dispatch({ type: 'add', block: newBlock(type) });
    if (!isFull) {
      pendingFocus.current = [
        'li:last-child [data-first-field] input, li:last-child [data-first-field] textarea',
      ];
    }
  }

  function move(key: string, by: -1 | 1) {
    dispatch({ type: 'move', key, by });
    pendingFocus.current = [
      `[data-key="${key}"] [data-move="${by}"]`,
      `[data-key="${key}"] [data-move="${-by}"]`,
    ];
  }

  function remove(key: string, index: number) {
    const neighbour = draft.items[index + 1] ?? draft.items[index - 1];
    dispatch({ type: 'remove', key });
    pendingFocus.current = neighbour ? [`[data-key="${neighbour.key}"] h3`] : [];
    if (!neighbour) document.getElementById('add-block-type')?.focus();
  }

  const data = page.data;
  return (
    <div className="page-editor">
      <h1 ref={headingRef} tabIndex={-1}>
        {page.title}
      </h1>
      <p className="page-editor__status">
        Status: <strong>{PAGE_STATUS_LABELS[page.status]}</strong>
        {page.publishAt && page.status === 'scheduled'
          ? ` for ${new Date(page.publishAt).toLocaleString()}`
          : ''}
        {page.hasUnpublishedChanges ? ' · the draft has changes that are not published' : ''}
        {draft.isDirty ? ' · unsaved edits' : ''}
      </p>
      <p className={message?.isError ? 'notice notice--error' : 'notice'} role="status">
        {message?.text ?? ''}
      </p>

      <PageSettingsForm
        page={page}
        onSaved={(updated) => accept(updated, 'Page settings saved.')}
        onError={(text) => setMessage({ text, isError: true })}
      />

      <div className="page-editor__columns">
        <section className="page-editor__blocks" aria-labelledby="blocks-heading">
          <h2 id="blocks-heading">Blocks ({draft.items.length} of 60)</h2>
          {draft.notice ? (
            <p className="notice notice--error" role="alert">
              {draft.notice}
            </p>
          ) : null}
          <ol className="block-list" ref={blocksRef}>
            {draft.items.map((item, index) => (
              <li key={item.key} className="block-editor" data-key={item.key}>
                <h3 tabIndex={-1}>
                  {index + 1}. {BLOCK_TYPE_LABELS[item.block.type]}
                </h3>
                <div data-first-field>
                  <BlockFields
                    block={item.block}
                    onChange={(block) => dispatch({ type: 'update', key: item.key, block })}
                  />
                </div>
                <div className="block-editor__actions">
                  <button
                    type="button"
                    className="button button--small"
                    data-move="-1"
                    disabled={index === 0}
                    aria-label={`Move up, block ${index + 1}`}
                    onClick={() => move(item.key, -1)}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    data-move="1"
                    disabled={index === draft.items.length - 1}
                    aria-label={`Move down, block ${index + 1}`}
                    onClick={() => move(item.key, 1)}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Delete, block ${index + 1}`}
                    onClick={() => remove(item.key, index)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <AddBlock onAdd={add} />
          <div className="page-editor__actions">
            <button
              type="button"
              className="button"
              disabled={saveStatus === 'saving'}
              onClick={() => void save()}
            >
              {formWidgetButtonText(saveStatus, 'Save draft')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={saveStatus === 'saving'}
              onClick={() => void publish()}
            >
              Publish
            </button>
          </div>
          {page.status === 'published' || page.status === 'private' ? null : (
            <ScheduleForm onSchedule={(at) => void publish(at)} />
          )}
        </section>

        <section className="page-editor__preview" aria-labelledby="preview-heading">
          <h2 id="preview-heading">Preview</h2>
          <div className="preview-frame page-content">
            {draft.items.length === 0 ? <p>This page has no blocks yet.</p> : null}
            {draft.items.map((item) => (
              <BlockView key={item.key} block={item.block} data={data} useCLDRMoneyFormat={false} />
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}

function AddBlock({ onAdd }: { onAdd: (type: Block['type']) => void }) {
  const [type, setType] = useState<Block['type']>('heading');
  return (
    <div className="add-block">
      <div className="field">
        <label htmlFor="add-block-type">Block type</label>
        <select
          id="add-block-type"
          value={type}
          onChange={(e) => setType(e.target.value as Block['type'])}
        >
          {Object.entries(BLOCK_TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="button" onClick={() => onAdd(type)}>
        Add block
      </button>
    </div>
  );
}

function ScheduleForm({ onSchedule }: { onSchedule: (at: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <form
      className="schedule"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (value) onSchedule(new Date(value).toISOString());
      }}
    >
      <div className="field">
        <label htmlFor={id}>Publish at (your time)</label>
        <input
          id={id}
          type="datetime-local"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={!value}>
        Schedule
      </button>
    </form>
  );
}

function PageSettingsForm({
  page,
  onSaved,
  onError,
}: {
  page: EditorPage;
  onSaved: (page: EditorPage) => void;
  onError: (text: string) => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(page.title);
  const [urlSlug, setUrlSlug] = useState(page.urlSlug);
  const [description, setDescription] = useState(page.description);
  const [status, setStatus] = useState(page.status === 'scheduled' ? '' : page.status);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const isHome = page.urlSlug === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const settings: PageSettings = { title, description };
    if (!isHome) settings.urlSlug = urlSlug;
    if (status && status !== page.status) settings.status = status as PageSettings['status'];
    try {
      setFieldErrors({});
      onSaved(await api.updatePage(page.id, settings));
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.fields);
      onError(errorText(error));
    }
  }

  return (
    <details className="page-settings" open={page.draftBlocks.length === 0}>
      <summary>Page settings</summary>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-title`}>Page title</label>
          <input
            id={`${id}-title`}
            value={title}
            required
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-slug`}>URL slug</label>
          <input
            id={`${id}-slug`}
            value={isHome ? '' : urlSlug}
            disabled={isHome}
            aria-invalid={fieldErrors.urlSlug ? true : undefined}
            aria-describedby={`${id}-slug-hint`}
            onChange={(e) => setUrlSlug(e.target.value)}
          />
          <p className="field__hint" id={`${id}-slug-hint`}>
            {fieldErrors.urlSlug ??
              (isHome
                ? 'The home page always lives at /.'
                : 'Lower-case letters, digits and hyphens, at least 3 characters.')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>SEO description</label>
          <textarea
            id={`${id}-description`}
            rows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            {page.status === 'scheduled' ? <option value="">Scheduled</option> : null}
            <option value="published">{PAGE_STATUS_LABELS.published}</option>
            <option value="draft">{PAGE_STATUS_LABELS.draft}</option>
            <option value="needs-review">{PAGE_STATUS_LABELS['needs-review']}</option>
            <option value="private">{PAGE_STATUS_LABELS.private}</option>
          </select>
        </div>
        <button type="submit" className="button">
          Save settings
        </button>
      </form>
    </details>
  );
}
