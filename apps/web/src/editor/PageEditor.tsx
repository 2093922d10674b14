import {
  countBlocks,
  type EditorPage,
  isReadable,
  PAGE_STATUS_LABELS,
  type PageSettings,
} from '@atelier/contract';
import { editorMessages, formWidgetButtonText, formWidgetReducer } from '@atelier/core';
import { type FormEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { LayoutView } from '../blocks/render.tsx';
import { ApiError, api } from './api/client.ts';
import { DevicePreview } from './canvas/DevicePreview.tsx';
import { LayoutCanvas } from './canvas/LayoutCanvas.tsx';
import { UndoRedo } from './canvas/UndoRedo.tsx';
import { blocksOf, draftReducer, emptyDraft } from './page-draft.ts';

type Message = { text: string; isError: boolean };

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : editorMessages.somethingWentWrong;

/** Quiet time after the last edit before the draft saves itself. */
export const AUTOSAVE_DELAY_MS = 1500;

/** One page: its settings, its draft on the canvas with a live preview, Save and Publish. */
export function PageEditor({
  pageId,
  onChanged,
}: {
  pageId: string;
  onChanged: () => void;
  onClose: () => void;
}) {
  const [page, setPage] = useState<EditorPage | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, dispatch] = useReducer(draftReducer, emptyDraft);
  // SPEC §4 form widget: editing → saving ('Saving…') → editing.
  const [saveStatus, dispatchSave] = useReducer(formWidgetReducer, 'editing');
  const [message, setMessage] = useState<Message | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** One save at a time: each is based on the revision the previous one returned. */
  const saving = useRef<Promise<EditorPage | null> | null>(null);
  /** The newest draft revision: a save queued behind another must build on its result. */
  const revision = useRef(0);

  useEffect(() => {
    api
      .page(pageId)
      .then((loaded) => {
        setPage(loaded);
        revision.current = loaded.draftRevision;
        dispatch({ type: 'load', blocks: loaded.draftBlocks });
        headingRef.current?.focus();
      })
      .catch((error: unknown) => setLoadError(errorText(error)));
  }, [pageId]);

  // Autosave: a quiet moment after the last edit saves the draft (never publishes).
  // A refused draft (a block still missing its video link…) waits for the next edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the layout; save reads the latest state
  useEffect(() => {
    if (!draft.isDirty || !page || saveStatus === 'saving') return;
    const timer = setTimeout(() => void save({ isAuto: true }), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.sections, draft.isDirty, page?.draftRevision]);

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!page) return <p>Loading…</p>;

  function accept(updated: EditorPage, text: string) {
    revision.current = updated.draftRevision;
    setPage(updated);
    setMessage({ text, isError: false });
    onChanged();
  }

  async function save(options: { isAuto?: boolean } = {}): Promise<EditorPage | null> {
    if (saving.current) await saving.current;
    const pending = saveNow(options);
    saving.current = pending;
    try {
      return await pending;
    } finally {
      saving.current = null;
    }
  }

  async function saveNow({ isAuto = false }: { isAuto?: boolean }): Promise<EditorPage | null> {
    if (!page) return null;
    const sections = draft.sections;
    dispatchSave({ type: 'save' });
    try {
      const saved = await api.saveDraft(page.id, blocksOf(draft), revision.current);
      dispatch({ type: 'saved', sections });
      dispatchSave({ type: 'saved' });
      accept(
        saved,
        isAuto
          ? 'Draft saved automatically. Visitors still see the published version.'
          : 'Draft saved. Visitors still see the published version.',
      );
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
    // Publishing publishes what is saved, so unsaved edits are saved first (after any
    // autosave already on its way, whose revision the publish must name).
    if (saving.current) await saving.current;
    const current = draft.isDirty ? await save() : page;
    if (!current) return;
    try {
      const published = await api.publish(current.id, revision.current, at);
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

  const data = page.data;
  const blocks = blocksOf(draft);
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

      <section className="page-editor__blocks" aria-labelledby="blocks-heading">
        <div className="page-editor__toolbar">
          <h2 id="blocks-heading">Blocks</h2>
          <UndoRedo draft={draft} dispatch={dispatch} />
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
        </div>
        <LayoutCanvas draft={draft} dispatch={dispatch} data={data} name="page" />
        {page.status === 'published' || page.status === 'private' ? null : (
          <ScheduleForm onSchedule={(at) => void publish(at)} />
        )}
      </section>

      <DevicePreview title="Preview">
        {countBlocks(blocks) === 0 ? <p>This page has no blocks yet.</p> : null}
        <LayoutView blocks={blocks.filter(isReadable)} data={data} useCLDRMoneyFormat={false} />
      </DevicePreview>
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
