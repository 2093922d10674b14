import { LINK_KINDS, type Link, type LinkKind } from '@atelier/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { api } from '../api/client.ts';
import { FileManager } from '../files/FileManager.tsx';
import '../rich-text/rich-text.css';
import './link-form.css';
import { Button, Dialog, Switch, Tabs } from '../ui/index.ts';
import {
  initialLinkForm,
  LINK_TAB_LABELS,
  type LinkFormState,
  submitLinkForm,
} from './link-form.ts';

// The link editor (SPEC §2): the admin Dialog with the tabs Page, Web Address, Email, Phone
// and File, and Open in New Window. The Dialog keeps focus inside and closes on Escape or a
// click outside; the Tabs follow the WAI-ARIA tabs pattern (arrow keys, Home, End).

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
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<LinkFormState>(() => initialLinkForm(initial));
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [pages, setPages] = useState<PageOption[] | null>(null);

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

  const panel = (
    <div className="link-form__panel">
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
          <div className="form-row">
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
          </div>
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
    </div>
  );

  return (
    <Dialog
      open
      className="link-dialog"
      size={form.kind === 'file' ? 'wide' : 'md'}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={initial ? 'Edit link' : 'Add link'}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="link-form">
        <Tabs
          label="Link to"
          value={form.kind}
          onValueChange={(kind: LinkKind) => set({ kind })}
          items={LINK_KINDS.map((kind) => ({
            value: kind,
            label: LINK_TAB_LABELS[kind],
            content: kind === form.kind ? panel : null,
          }))}
        />
        {canOpenInNewWindow ? (
          <Switch
            label="Open in New Window"
            checked={form.isNewWindow}
            onCheckedChange={(isNewWindow) => set({ isNewWindow })}
          />
        ) : null}
        <div className="ui-dialog__footer">
          {onRemove ? (
            <Button variant="quiet" className="link-form__remove" onClick={onRemove}>
              Remove link
            </Button>
          ) : null}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary">
            Apply link
          </Button>
        </div>
      </form>
    </Dialog>
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
