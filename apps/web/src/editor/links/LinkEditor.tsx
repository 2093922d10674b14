import { LINK_KINDS, type Link, type LinkKind } from '@atelier/core';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { api } from '../api/client.ts';
import { FileManager } from '../files/FileManager.tsx';
import '../rich-text/rich-text.css';
import {
  initialLinkForm,
  LINK_TAB_LABELS,
  type LinkFormState,
  submitLinkForm,
} from './link-form.ts';

// The link editor (SPEC §2): a modal dialog with the tabs Page, Web Address, Email, Phone
// and File, and Open in New Window. A native <dialog> opened with showModal() keeps focus
// inside and closes on Escape; tabs follow the WAI-ARIA tabs pattern (arrow keys, Home, End).

type LinkEditorProps = {
  /** The link being edited, or null for a new one. */
  initial: Link | null;
  onApply: (link: Link) => void;
  /** Shown only when editing an existing link. */
  onRemove?: (() => void) | undefined;
  onClose: () => void;
  /** False where the link has no window to choose (a button block always opens in place). */
  canOpenInNewWindow?: boolean;
};

type PageOption = { title: string; path: string };

export function LinkEditor({
  initial,
  onApply,
  onRemove,
  onClose,
  canOpenInNewWindow = true,
}: LinkEditorProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<LinkFormState>(() => initialLinkForm(initial));
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [pages, setPages] = useState<PageOption[] | null>(null);
  const id = useId();
  const titleId = `${id}-title`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    api
      .pages()
      .then(({ pages: list }) =>
        setPages(list.map((page) => ({ title: page.title, path: `/${page.urlSlug}` }))),
      )
      .catch(() => setPages([]));
  }, []);

  const set = (changes: Partial<LinkFormState>) => {
    setForm((current) => ({ ...current, ...changes }));
    setError(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    // A form inside the dialog of another form's editor must not submit that one.
    event.stopPropagation();
    const result = submitLinkForm(form);
    if (result.ok) {
      onApply(result.value);
      return;
    }
    setError(result.error);
    // Focus the field at fault so its message (aria-describedby) is read out.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>(`[data-field="${result.error.field}"]`)?.focus(),
    );
  }

  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  const fieldProps = (field: string, label: string) => ({ field, label, error: errorFor(field) });

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the dialog itself (cancel)
    <dialog
      ref={dialogRef}
      className="link-editor"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes, as people expect.
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <h2 id={titleId}>{initial ? 'Edit link' : 'Add link'}</h2>
        <Tabs
          id={id}
          kind={form.kind}
          onSelect={(kind) => set({ kind })}
          panel={
            <>
              {form.kind === 'page' ? (
                <PageChooser
                  {...fieldProps('page', 'Page')}
                  pages={pages}
                  value={form.pagePath}
                  onChange={(pagePath) => set({ pagePath })}
                />
              ) : null}
              {form.kind === 'web' ? (
                <Field
                  {...fieldProps('address', 'Web address')}
                  hint="For example example.com or https://example.com"
                  value={form.address}
                  inputMode="url"
                  onChange={(address) => set({ address })}
                />
              ) : null}
              {form.kind === 'email' ? (
                <>
                  <Field
                    {...fieldProps('email', 'Email address')}
                    type="email"
                    value={form.email}
                    onChange={(email) => set({ email })}
                  />
                  <Field
                    {...fieldProps('subject', 'Subject')}
                    value={form.subject}
                    onChange={(subject) => set({ subject })}
                  />
                  <Field
                    {...fieldProps('cc', 'CC')}
                    hint="Separate several addresses with commas."
                    value={form.cc}
                    onChange={(cc) => set({ cc })}
                  />
                  <Field
                    {...fieldProps('bcc', 'BCC')}
                    hint="Separate several addresses with commas."
                    value={form.bcc}
                    onChange={(bcc) => set({ bcc })}
                  />
                  <Field
                    {...fieldProps('body', 'Body')}
                    isMultiline
                    value={form.body}
                    onChange={(body) => set({ body })}
                  />
                </>
              ) : null}
              {form.kind === 'phone' ? (
                <Field
                  {...fieldProps('phone', 'Phone number')}
                  type="tel"
                  value={form.phone}
                  onChange={(phone) => set({ phone })}
                />
              ) : null}
              {form.kind === 'file' ? (
                <FileChooser
                  {...fieldProps('file', 'File')}
                  value={form.filePath}
                  onChange={(filePath) => set({ filePath })}
                />
              ) : null}
            </>
          }
        />
        {canOpenInNewWindow ? (
          <div className="field field--checkbox">
            <input
              id={`${id}-new-window`}
              type="checkbox"
              checked={form.isNewWindow}
              onChange={(event) => set({ isNewWindow: event.target.checked })}
            />
            <label htmlFor={`${id}-new-window`}>Open in New Window</label>
          </div>
        ) : null}
        <div className="link-editor__actions">
          <button type="submit" className="button">
            Apply link
          </button>
          {onRemove ? (
            <button type="button" onClick={onRemove}>
              Remove link
            </button>
          ) : null}
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

function Tabs({
  id,
  kind,
  onSelect,
  panel,
}: {
  id: string;
  kind: LinkKind;
  onSelect: (kind: LinkKind) => void;
  panel: ReactNode;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (tab: LinkKind) => `${id}-tab-${tab}`;

  function onKeyDown(event: KeyboardEvent) {
    const index = LINK_KINDS.indexOf(kind);
    const last = LINK_KINDS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = LINK_KINDS[next] ?? kind;
    onSelect(tab);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tab))}`)?.focus();
  }

  return (
    <>
      <div
        role="tablist"
        aria-label="Link to"
        className="link-editor__tabs"
        ref={listRef}
        onKeyDown={onKeyDown}
      >
        {LINK_KINDS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={tab === kind}
            aria-controls={`${id}-panel`}
            tabIndex={tab === kind ? 0 : -1}
            onClick={() => onSelect(tab)}
          >
            {LINK_TAB_LABELS[tab]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={tabId(kind)}
        className="link-editor__panel"
      >
        {panel}
      </div>
    </>
  );
}

type FieldProps = {
  field: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'url';
  isMultiline?: boolean;
};

function Field({
  field,
  label,
  error,
  value,
  onChange,
  hint,
  type,
  inputMode,
  isMultiline,
}: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim();
  const common = {
    id,
    'data-field': field,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {isMultiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type ?? 'text'}
          inputMode={inputMode}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function PageChooser(props: {
  field: string;
  label: string;
  error: string | undefined;
  pages: PageOption[] | null;
  value: string;
  onChange: (path: string) => void;
}) {
  const id = useId();
  const { pages, value } = props;
  const isKnown = pages?.some((page) => page.path === value) ?? false;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        data-field={props.field}
        value={value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{pages === null ? 'Loading pages…' : 'Choose a page'}</option>
        {value !== '' && !isKnown ? <option value={value}>{value}</option> : null}
        {(pages ?? []).map((page) => (
          <option key={page.path} value={page.path}>
            {page.title} ({page.path})
          </option>
        ))}
      </select>
      {props.error ? (
        <p className="field__error" id={`${id}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

function FileChooser(props: {
  field: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (path: string) => void;
}) {
  return (
    <div className="link-editor__files">
      {/* Any kind: a PDF size guide, a CSV price list or an image all make sense as links. */}
      <FileManager
        accept="any"
        onChoose={(media) => props.onChange(media.url)}
        chooseLabel="Link to this file"
      />
      <Field
        field={props.field}
        label="File address"
        hint="Filled in when you choose a file above, or type an address starting with /files/"
        error={props.error}
        value={props.value}
        onChange={props.onChange}
      />
    </div>
  );
}
