import {
  type BlockData,
  type EditorBlock,
  type EditorPage,
  isReadable,
  PAGE_STATUS_LABELS,
  type PageSettings,
  type SiteFrame as SiteFrameData,
} from '@atelier/contract';
import { formWidgetButtonText, formWidgetReducer, isLivePageStatus } from '@atelier/core';
import { type FormEvent, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { SiteFrame } from '../storefront/layout/SiteFrame.tsx';
import { ApiError, api, errorText } from './api/client.ts';
import { type Device, DeviceSwitch } from './canvas/CanvasFrame.tsx';
import { LayoutCanvas } from './canvas/LayoutCanvas.tsx';
import { UndoRedo } from './canvas/UndoRedo.tsx';
import { useCan } from './capabilities.tsx';
import { blocksOf, draftReducer, emptyDraft } from './page-draft.ts';

type Message = { text: string; isError: boolean };

/** The device the canvas opens at: the one the editor's own window is closest to. */
export function initialDevice(width = typeof window === 'undefined' ? 1280 : window.innerWidth) {
  return width < 600 ? 'phone' : width < 1000 ? 'tablet' : 'desktop';
}

const NO_DATA: BlockData = { media: {}, collections: {} };

/** Quiet time after the last edit before the draft saves itself. */
export const AUTOSAVE_DELAY_MS = 1500;

/** One page, edited on the canvas: the top bar (save state, devices, Publish) over it. */
export function PageEditor({
  pageId,
  onChanged,
  onClose,
}: {
  pageId: string;
  onChanged: () => void;
  /** Back to the list of pages; asked only once nothing would be lost. */
  onClose: () => void;
}) {
  const [page, setPage] = useState<EditorPage | null>(null);
  const [site, setSite] = useState<SiteFrameData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, dispatch] = useReducer(draftReducer, emptyDraft);
  // SPEC §4 form widget: editing → saving ('Saving…') → editing.
  const [saveStatus, dispatchSave] = useReducer(formWidgetReducer, 'editing');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  // On a phone or a small tablet the owner starts where the page fits their screen.
  const [device, setDevice] = useState<Device>(() => initialDevice());
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** One save at a time: each is based on the revision the previous one returned. */
  const saving = useRef<Promise<EditorPage | null> | null>(null);
  /** The newest draft revision: a save queued behind another must build on its result. */
  const revision = useRef(0);
  // A draft editor saves drafts; publishing and a live page's settings are an editor's.
  const canPublish = useCan()('pages.publish');

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
    // The frame around the page; the canvas shows the page alone until it comes.
    api
      .siteFrame()
      .then(setSite)
      .catch(() => setSite(null));
  }, [pageId]);

  // Autosave: a quiet moment after the last edit saves the draft (never publishes).
  // A refused draft (a block still missing its video link…) waits for the next edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the layout; save reads the latest state
  useEffect(() => {
    if (!draft.isDirty || !page || saveStatus === 'saving') return;
    const timer = setTimeout(() => void save({ isAuto: true }), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.sections, draft.isDirty, page?.draftRevision]);

  // Leaving by the browser's Back (the page editor unmounts at once) still keeps the
  // edits: whatever is unsaved then is sent as a last save.
  const unsaved = useRef<{ pageId: string; blocks: EditorBlock[] } | null>(null);
  unsaved.current = page && draft.isDirty ? { pageId: page.id, blocks: blocksOf(draft) } : null;
  useEffect(
    () => () => {
      const last = unsaved.current;
      if (last)
        void api.saveDraft(last.pageId, last.blocks, revision.current).catch(() => undefined);
    },
    [],
  );

  // Closing the tab or reloading with edits not yet saved asks first.
  const hasUnsaved = draft.isDirty || saveStatus === 'saving';
  useEffect(() => {
    if (!hasUnsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsaved]);

  // Every save answers with the page's block data anew; while it says the same, the canvas
  // keeps the same object, so its memoised blocks are not all drawn again after a save.
  const dataKey = page ? JSON.stringify(page.data) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the data's content
  const data = useMemo(() => page?.data ?? NO_DATA, [dataKey]);

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!page) return <p className="page-editor__loading">Loading…</p>;

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
      setSaveError(null);
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
      const text =
        fields.length > 0 ? `${errorText(error)} (${fields.join(', ')})` : errorText(error);
      setSaveError(text);
      setMessage({ text, isError: true });
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

  async function leave() {
    if (saving.current) await saving.current;
    if (draft.isDirty && !(await save())) {
      // The save was refused: leaving now would lose the edits, so the owner decides.
      if (!window.confirm('Your latest changes could not be saved. Leave and lose them?')) return;
    }
    onClose();
  }

  const isLive = page.status === 'published' || page.status === 'private';
  const frame = site
    ? {
        ...site,
        headerFooter: {
          header: site.headerFooter.header.filter(isReadable),
          footer: site.headerFooter.footer.filter(isReadable),
          data: site.headerFooter.data,
        },
      }
    : null;
  return (
    <div className="page-editor">
      <header className="editor-topbar">
        <button type="button" className="button button--quiet" onClick={() => void leave()}>
          <span aria-hidden="true">←</span> Pages
        </button>
        <div className="editor-topbar__title">
          <h1 ref={headingRef} tabIndex={-1}>
            {page.title}
          </h1>
          <span className={`status-badge status-badge--${page.status}`}>
            {PAGE_STATUS_LABELS[page.status]}
            {page.publishAt && page.status === 'scheduled'
              ? ` for ${new Date(page.publishAt).toLocaleString()}`
              : ''}
          </span>
        </div>
        <DeviceSwitch device={device} onChange={setDevice} />
        <UndoRedo draft={draft} dispatch={dispatch} />
        <SaveState
          status={saveStatus}
          isDirty={draft.isDirty}
          error={saveError}
          hasUnpublishedChanges={page.hasUnpublishedChanges}
          onRetry={() => void save()}
        />
        <div className="editor-topbar__actions">
          {canPublish || !isLivePageStatus(page.status) ? (
            <button type="button" className="button" onClick={() => setIsSettingsOpen(true)}>
              Page settings
            </button>
          ) : null}
          <button
            type="button"
            className="button"
            disabled={saveStatus === 'saving'}
            onClick={() => void save()}
          >
            {formWidgetButtonText(saveStatus, 'Save draft')}
          </button>
          {canPublish && !isLive ? <ScheduleForm onSchedule={(at) => void publish(at)} /> : null}
          {canPublish ? (
            <button
              type="button"
              className="button button--primary"
              disabled={saveStatus === 'saving'}
              onClick={() => void publish()}
            >
              Publish
            </button>
          ) : (
            <p className="editor-topbar__note">
              Your role saves drafts. Set the page to Needs Review when it is ready; an editor
              publishes it.
            </p>
          )}
        </div>
      </header>
      <p className={message?.isError ? 'notice notice--error' : 'notice'} role="status">
        {message?.text ?? ''}
      </p>
      {isSettingsOpen ? (
        <PageSettingsDialog
          page={page}
          canPublish={canPublish}
          onClose={() => setIsSettingsOpen(false)}
          onSaved={(updated) => {
            accept(updated, 'Page settings saved.');
            setIsSettingsOpen(false);
          }}
        />
      ) : null}
      <LayoutCanvas
        draft={draft}
        dispatch={dispatch}
        data={data}
        name="Page"
        device={device}
        language={frame?.language ?? 'en'}
        onSaveNow={() => void save()}
        chrome={
          frame
            ? (layout) => (
                <SiteFrame site={frame} currentPath={`/${page.urlSlug}`} isCanvas>
                  {layout}
                </SiteFrame>
              )
            : (layout) => <main id="main">{layout}</main>
        }
      />
    </div>
  );
}

/** Where the draft stands, always in view: saving, saved, or not saved with a retry. */
function SaveState({
  status,
  isDirty,
  error,
  hasUnpublishedChanges,
  onRetry,
}: {
  status: 'editing' | 'saving';
  isDirty: boolean;
  error: string | null;
  hasUnpublishedChanges: boolean;
  onRetry: () => void;
}) {
  if (status === 'saving') {
    return <p className="save-state save-state--saving">Saving…</p>;
  }
  if (error) {
    return (
      <p className="save-state save-state--error">
        Not saved{' '}
        <button type="button" className="button button--small" onClick={onRetry}>
          Retry
        </button>
      </p>
    );
  }
  if (isDirty) return <p className="save-state">Unsaved changes</p>;
  return (
    <p className="save-state save-state--saved">
      Saved{hasUnpublishedChanges ? ' · not published' : ''}
    </p>
  );
}

/** Schedule sits in the top bar as a disclosure: a time, then Schedule. */
function ScheduleForm({ onSchedule }: { onSchedule: (at: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <details className="schedule-popover">
      <summary className="button">Schedule…</summary>
      <form
        className="schedule-popover__panel"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (value) onSchedule(new Date(value).toISOString());
          (event.currentTarget.closest('details') as HTMLDetailsElement | null)?.removeAttribute(
            'open',
          );
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
        <button type="submit" className="button button--primary" disabled={!value}>
          Schedule
        </button>
      </form>
    </details>
  );
}

/** The page's title, address, description and status, in a modal dialog over the canvas. */
function PageSettingsDialog({
  page,
  canPublish,
  onSaved,
  onClose,
}: {
  page: EditorPage;
  canPublish: boolean;
  onSaved: (page: EditorPage) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="page-settings-title"
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="dialog__header">
        <h2 id="page-settings-title">Page settings</h2>
        <button
          type="button"
          className="button button--quiet button--small"
          aria-label="Close page settings"
          onClick={onClose}
        >
          ✕
        </button>
      </div>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <PageSettingsForm page={page} canPublish={canPublish} onSaved={onSaved} onError={setError} />
    </dialog>
  );
}

function PageSettingsForm({
  page,
  canPublish,
  onSaved,
  onError,
}: {
  page: EditorPage;
  canPublish: boolean;
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
    <form onSubmit={submit} className="page-settings">
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
          {canPublish ? <option value="published">{PAGE_STATUS_LABELS.published}</option> : null}
          <option value="draft">{PAGE_STATUS_LABELS.draft}</option>
          <option value="needs-review">{PAGE_STATUS_LABELS['needs-review']}</option>
          {canPublish ? <option value="private">{PAGE_STATUS_LABELS.private}</option> : null}
        </select>
      </div>
      <button type="submit" className="button button--primary">
        Save settings
      </button>
    </form>
  );
}
