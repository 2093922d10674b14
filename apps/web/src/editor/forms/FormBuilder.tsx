import type { FormAdmin, FormFieldDefinitionDto } from '@atelier/contract';
import { editorMessages, LIKERT_VALUES, likertLabel } from '@atelier/core';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Answers, FormFields } from '../../storefront/forms/FormFields.tsx';
import { ApiError } from '../api/client.ts';
import { formsAdminApi } from '../api/forms-admin-client.ts';
import { useLeaveConfirm, useUnsavedChangesGuard } from '../UnsavedChanges.tsx';
import {
  Badge,
  Button,
  Card,
  Icon,
  IconButton,
  Switch,
  Tabs,
  TextArea,
  TextField,
  useToast,
} from '../ui/index.ts';
import {
  type AfterSubmit,
  BUILDER_KINDS,
  type BuilderKind,
  type DraftField,
  draftErrors,
  draftOf,
  emptyDraft,
  type FormDraft,
  fieldErrorsAt,
  foldErrors,
  inputOf,
  kindCanBeRequired,
  kindHasOptions,
  kindHasPlaceholder,
  kindLabel,
  move,
  newField,
  withKey,
} from './form-draft.ts';

// The form builder (issue 20): the fields of a site form and what happens on submit,
// with a live preview drawn by the storefront's own FormFields. Fields reorder by drag
// and by the move buttons (keyboard); errors, the browser's check or the server's 400,
// show beside the control they name.

const AFTER_SUBMIT: readonly { value: AfterSubmit; label: string; hint: string }[] = [
  { value: 'message', label: 'Show a message', hint: 'The form is replaced by your message.' },
  {
    value: 'html',
    label: 'Show a message and formatted content',
    hint: 'Your message, then HTML such as a link or an image.',
  },
  { value: 'redirect', label: 'Go to another page', hint: 'Visitors are sent to an address.' },
];

export function FormBuilder({
  form,
  onClose,
  onSaved,
}: {
  form: FormAdmin | null;
  onClose: () => void;
  onSaved: (form: FormAdmin) => void;
}) {
  const [saved, setSaved] = useState<FormAdmin | null>(form);
  const [draft, setDraft] = useState<FormDraft>(() => (form ? draftOf(form) : emptyDraft()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [answers, setAnswers] = useState<Answers>({});
  const [previewTab, setPreviewTab] = useState<'form' | 'after'>('form');
  /** After a keyboard move, the button to keep focus on (it moved with its field). */
  const focusAfterMove = useRef<string | null>(null);
  const toast = useToast();
  const headingId = useId();

  const savedInput = useMemo(
    () => JSON.stringify(inputOf(saved ? draftOf(saved) : emptyDraft())),
    [saved],
  );
  const isDirty = saved === null || JSON.stringify(inputOf(draft)) !== savedInput;

  // A new form left untouched has nothing to lose; anything else unsaved is asked about
  // before the sidebar, Back or signing out leaves it (and by the browser on reload).
  useUnsavedChangesGuard(
    isDirty && (saved !== null || draft.fields.length > 0),
    'Your changes to this form will be lost.',
  );
  const confirmLeave = useLeaveConfirm();

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const button = document.querySelector<HTMLButtonElement>(`[data-focus-key="${target}"]`);
    if (button && !button.disabled) button.focus();
    else {
      const other = target.endsWith('-up')
        ? target.replace(/-up$/, '-down')
        : target.replace(/-down$/, '-up');
      document.querySelector<HTMLButtonElement>(`[data-focus-key="${other}"]`)?.focus();
    }
  });

  const set = <K extends keyof FormDraft>(key: K, value: FormDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setFields = (change: (fields: DraftField[]) => DraftField[]) =>
    setDraft((current) => ({ ...current, fields: change(current.fields) }));

  function addField(kind: BuilderKind) {
    const field = withKey(newField(kind, draft.fields));
    setFields((fields) => [...fields, field]);
    setOpenKey(field.key);
    setAnnouncement(`${kindLabel(kind)} field added at the end.`);
    // The new field's label is the first thing to change.
    window.setTimeout(() => document.getElementById(`${field.key}-label`)?.focus(), 0);
  }

  function moveField(from: number, to: number, focusKey?: string) {
    const field = draft.fields[from];
    if (!field || to < 0 || to >= draft.fields.length || from === to) return;
    setFields((fields) => move(fields, from, to));
    // Errors are keyed by position: they no longer point at the right field.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([k]) => !k.startsWith('fields.'))),
    );
    if (focusKey) focusAfterMove.current = focusKey;
    setAnnouncement(`${field.label} moved to position ${to + 1} of ${draft.fields.length}.`);
  }

  function removeField(index: number) {
    const field = draft.fields[index];
    if (!field) return;
    setFields((fields) => fields.filter((_, i) => i !== index));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([k]) => !k.startsWith('fields.'))),
    );
    setAnnouncement(`${field.label} removed.`);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = draftErrors(draft);
    if (found) {
      showErrors(found);
      return;
    }
    setIsSaving(true);
    try {
      const input = inputOf(draft);
      const result = saved
        ? await formsAdminApi.update(saved.id, input)
        : await formsAdminApi.create(input);
      setSaved(result);
      // The server cleans post-submit HTML: show what it kept, keeping the fields' keys.
      setDraft((current) => ({
        ...draftOf(result),
        afterSubmit:
          current.afterSubmit === 'html' && !result.postSubmitHtml
            ? 'message'
            : current.afterSubmit,
        fields: result.fields.map((f, i) => ({
          ...f,
          key: current.fields[i]?.key ?? withKey(f).key,
        })),
      }));
      setErrors({});
      setNotice(null);
      onSaved(result);
      toast(`Saved ${result.name}.`);
    } catch (caught) {
      if (caught instanceof ApiError) showErrors(foldErrors(caught.fields ?? {}), caught.message);
      else setNotice(editorMessages.somethingWentWrong);
    } finally {
      setIsSaving(false);
    }
  }

  function showErrors(found: Record<string, string>, message?: string) {
    setErrors(found);
    const count = Object.keys(found).length;
    setNotice(
      message && count === 0
        ? message
        : `Fix ${count === 1 ? 'the field' : `the ${count} fields`} marked below, then save again.`,
    );
    // A field with an error opens so its message is seen.
    const firstField = Object.keys(found).find((k) => k.startsWith('fields.'));
    if (firstField) {
      const index = Number(firstField.split('.')[1]);
      setOpenKey(draft.fields[index]?.key ?? null);
    }
  }

  const title = saved ? saved.name : 'New form';

  return (
    <div className="screen form-builder">
      <div className="screen-header form-builder__header">
        <div>
          <Button size="sm" variant="quiet" onClick={() => confirmLeave(onClose)}>
            ← All forms
          </Button>
          <h1 id={headingId}>{title}</h1>
          <p className="screen-header__lead">
            {isDirty ? 'Unsaved changes' : 'All changes saved'}
            {saved ? ` · ${saved.submissionCount} submissions` : ''}
          </p>
        </div>
        <Button type="submit" form="form-builder" variant="primary" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save form'}
        </Button>
      </div>
      <p role="alert" className={notice ? 'notice notice--error' : 'notice'}>
        {notice ?? ''}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      <div className="form-builder__layout">
        <form
          id="form-builder"
          className="screen__stack"
          onSubmit={save}
          noValidate
          aria-labelledby={headingId}
        >
          <Card title="Form">
            <TextField
              label="Form name"
              hint="Only you see it: it names the form where you pick one."
              value={draft.name}
              maxLength={200}
              error={errors.name}
              onChange={(e) => set('name', e.target.value)}
            />
          </Card>

          <Card
            title="Fields"
            description="Drag a field by its handle, or use its move buttons, to change the order."
          >
            {draft.fields.length === 0 ? (
              <p className="form-builder__empty">No fields yet. Add the first one below.</p>
            ) : (
              <ol className="form-builder__fields">
                {draft.fields.map((field, index) => (
                  <FieldCard
                    key={field.key}
                    field={field}
                    index={index}
                    count={draft.fields.length}
                    errors={fieldErrorsAt(errors, index)}
                    isOpen={openKey === field.key}
                    isDragged={dragged === index}
                    onToggle={() => setOpenKey(openKey === field.key ? null : field.key)}
                    onChange={(patch) =>
                      setFields((fields) =>
                        fields.map((f, i) => (i === index ? { ...f, ...patch } : f)),
                      )
                    }
                    onMove={(to, focusKey) => moveField(index, to, focusKey)}
                    onRemove={() => removeField(index)}
                    onDragStart={() => setDragged(index)}
                    onDragEnd={() => setDragged(null)}
                    onDrop={() => {
                      if (dragged !== null) moveField(dragged, index);
                      setDragged(null);
                    }}
                    canDrop={dragged !== null}
                  />
                ))}
              </ol>
            )}
            <fieldset className="form-builder__palette">
              <legend>Add a field</legend>
              <div className="form-builder__kinds">
                {BUILDER_KINDS.map(({ kind, label, hint }) => (
                  <button
                    key={kind}
                    type="button"
                    className="form-builder__kind"
                    onClick={() => addField(kind)}
                  >
                    <span className="form-builder__kind-name">
                      <Icon name="plus" />
                      <span>
                        <span className="visually-hidden">Add </span>
                        {label}
                      </span>
                    </span>
                    <span className="form-builder__kind-hint">{hint}</span>
                  </button>
                ))}
              </div>
            </fieldset>
          </Card>

          <Card title="Submit">
            <TextField
              label="Submit button label"
              value={draft.submitLabel}
              maxLength={100}
              error={errors.submitLabel}
              onChange={(e) => set('submitLabel', e.target.value)}
            />
            <fieldset className="form-builder__choices">
              <legend>After a visitor submits</legend>
              {AFTER_SUBMIT.map((option) => (
                <label key={option.value} className="form-builder__choice">
                  <input
                    type="radio"
                    name="after-submit"
                    value={option.value}
                    checked={draft.afterSubmit === option.value}
                    onChange={() => set('afterSubmit', option.value)}
                  />
                  <span>
                    <strong>{option.label}</strong>
                    <span className="field__hint">{option.hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {draft.afterSubmit !== 'redirect' ? (
              <TextArea
                label="Submission message"
                value={draft.submissionMessage}
                maxLength={2000}
                error={errors.submissionMessage}
                onChange={(e) => set('submissionMessage', e.target.value)}
              />
            ) : null}
            {draft.afterSubmit === 'html' ? (
              <TextArea
                label="Post-submit HTML"
                rows={5}
                hint="Headings, bold, lists, links and images. Scripts and other tags are removed when you save."
                value={draft.postSubmitHtml}
                maxLength={20_000}
                error={errors.postSubmitHtml}
                onChange={(e) => set('postSubmitHtml', e.target.value)}
              />
            ) : null}
            {draft.afterSubmit === 'redirect' ? (
              <TextField
                label="Success redirect address"
                placeholder="/thank-you or https://…"
                hint="A page of this site such as /thanks, or an address starting with https://."
                value={draft.successRedirect}
                maxLength={2048}
                error={errors.successRedirect}
                onChange={(e) => set('successRedirect', e.target.value)}
              />
            ) : null}
            <TextArea
              label="Disclaimer"
              hint="Shown above the submit button, e.g. how you use the answers."
              value={draft.disclaimer}
              maxLength={2000}
              error={errors.disclaimer}
              onChange={(e) => set('disclaimer', e.target.value)}
            />
          </Card>

          <Card title="Notifications and spam">
            <TextField
              label="Notification email"
              type="email"
              hint="Each submission is emailed here. Leave empty to use the store's notification email (Store settings)."
              value={draft.notificationEmail}
              maxLength={256}
              disabled={draft.isStorageOnly}
              error={errors.notificationEmail}
              onChange={(e) => set('notificationEmail', e.target.value)}
            />
            <Switch
              label="Keep submissions in the inbox only"
              hint="No email is sent; read submissions under Forms."
              checked={draft.isStorageOnly}
              onCheckedChange={(checked) => set('isStorageOnly', checked)}
            />
            <Switch
              label="Ask for a CAPTCHA"
              hint="A short check that runs in the visitor's browser keeps robots out. No third-party service."
              checked={draft.isCaptchaEnabled}
              onCheckedChange={(checked) => set('isCaptchaEnabled', checked)}
            />
          </Card>
          {/* Phones and narrow windows: the header's Save is far above a long form. */}
          <div className="form-builder__savebar">
            <span>{isDirty ? 'Unsaved changes' : 'All changes saved'}</span>
            <Button type="submit" variant="primary" disabled={isSaving}>
              {isSaving ? 'Saving…' : 'Save form'}
            </Button>
          </div>
        </form>

        <aside className="form-builder__preview" aria-label="Preview">
          <h2>Preview</h2>
          <Tabs
            label="Preview"
            className="form-builder__preview-tabs"
            value={previewTab}
            onValueChange={setPreviewTab}
            items={[
              {
                value: 'form',
                label: 'Form',
                content: (
                  <div className="form-preview">
                    {draft.fields.length === 0 ? (
                      <p className="form-builder__empty">Fields you add appear here.</p>
                    ) : (
                      <FormFields
                        idPrefix="preview"
                        fields={draft.fields}
                        answers={answers}
                        errors={{}}
                        onChange={(id, value) =>
                          setAnswers((current) => ({ ...current, [id]: value }))
                        }
                      />
                    )}
                    {draft.fields.some((f) => f.kind === 'hidden') ? (
                      <p className="form-preview__note">
                        Filled from the page address:{' '}
                        {draft.fields
                          .filter((f) => f.kind === 'hidden')
                          .map((f) => `?${f.id}=`)
                          .join(', ')}
                      </p>
                    ) : null}
                    {draft.disclaimer ? (
                      <p className="form-preview__disclaimer">{draft.disclaimer}</p>
                    ) : null}
                    <button type="button" className="form-preview__submit" aria-disabled="true">
                      {draft.submitLabel || 'Submit'}
                    </button>
                  </div>
                ),
              },
              {
                value: 'after',
                label: 'After submit',
                content: <AfterSubmitPreview draft={draft} saved={saved} />,
              },
            ]}
          />
        </aside>
      </div>
    </div>
  );
}

/**
 * What a visitor sees once the form is sent, as the storefront's SiteForm draws it: the
 * submission message and the post-submit HTML, or where a redirect takes them. The HTML
 * shown is the server's cleaned copy (it is cleaned when saved), never the unsaved text.
 */
function AfterSubmitPreview({ draft, saved }: { draft: FormDraft; saved: FormAdmin | null }) {
  if (draft.afterSubmit === 'redirect') {
    const target = draft.successRedirect.trim();
    return (
      <div className="form-preview form-preview--after">
        <p className="form-preview__redirect">
          {target ? (
            <>
              Redirects to <strong>{target}</strong>
            </>
          ) : (
            'Redirects to … (enter the address under Submit)'
          )}
        </p>
        <p className="form-preview__note">Visitors go straight there; no message is shown.</p>
      </div>
    );
  }
  const cleaned = saved?.postSubmitHtml ?? null;
  const isHtmlSaved = cleaned !== null && draft.postSubmitHtml === cleaned;
  return (
    <div className="form-preview form-preview--after">
      <div className="site-form__done" role="status">
        <p className="site-form__message">{draft.submissionMessage || 'Thank you!'}</p>
        {draft.afterSubmit === 'html' && isHtmlSaved ? (
          <div
            className="site-form__post-submit form-preview__post-submit"
            // The server's sanitized copy, exactly as the storefront renders it.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side.
            dangerouslySetInnerHTML={{ __html: cleaned }}
          />
        ) : null}
      </div>
      {draft.afterSubmit === 'html' && !isHtmlSaved && draft.postSubmitHtml.trim() ? (
        <p className="form-preview__note">
          Save the form to see the formatted content: it is cleaned of scripts and other tags when
          you save, and shown here as visitors will see it.
        </p>
      ) : null}
    </div>
  );
}

type FieldCardProps = {
  field: DraftField;
  index: number;
  count: number;
  errors: Record<string, string>;
  isOpen: boolean;
  isDragged: boolean;
  canDrop: boolean;
  onToggle: () => void;
  onChange: (patch: Partial<FormFieldDefinitionDto>) => void;
  onMove: (to: number, focusKey: string) => void;
  onRemove: () => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDrop: () => void;
};

function FieldCard(props: FieldCardProps) {
  const { field, index, count, errors, isOpen, onChange, onMove } = props;
  const bodyId = `${field.key}-body`;
  const name = field.label || kindLabel(field.kind);
  const hasErrors = Object.keys(errors).length > 0;
  const open = isOpen || hasErrors;
  return (
    <li
      className={`form-builder__field${props.isDragged ? ' form-builder__field--dragged' : ''}${hasErrors ? ' form-builder__field--invalid' : ''}`}
      data-field-id={field.id}
      onDragOver={(event) => {
        if (props.canDrop) event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        props.onDrop();
      }}
    >
      <div className="form-builder__field-head">
        <span
          className="form-builder__handle"
          draggable
          title="Drag to reorder"
          aria-hidden="true"
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', field.key);
            props.onDragStart();
          }}
          onDragEnd={props.onDragEnd}
        >
          <Icon name="menu" />
        </span>
        <button
          type="button"
          className="form-builder__field-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={props.onToggle}
        >
          <span className="form-builder__field-label">
            {name}
            {field.isRequired && kindCanBeRequired(field.kind) ? (
              <span className="form-builder__required"> (required)</span>
            ) : null}
          </span>
          <Badge>{kindLabel(field.kind)}</Badge>
        </button>
        <div className="form-builder__field-actions">
          <IconButton
            size="sm"
            icon={<Icon name="sortUp" />}
            label={`Move ${name} up`}
            data-focus-key={`${field.key}-up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1, `${field.key}-up`)}
          />
          <IconButton
            size="sm"
            icon={<Icon name="sortDown" />}
            label={`Move ${name} down`}
            data-focus-key={`${field.key}-down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1, `${field.key}-down`)}
          />
          <IconButton
            size="sm"
            icon={<Icon name="close" />}
            label={`Remove ${name}`}
            onClick={props.onRemove}
          />
        </div>
      </div>
      <div id={bodyId} className="form-builder__field-body" hidden={!open}>
        <div className="form-row form-builder__row">
          <TextField
            id={`${field.key}-label`}
            label={field.kind === 'section' ? 'Title' : 'Label'}
            value={field.label}
            maxLength={500}
            error={errors.label}
            onChange={(e) => onChange({ label: e.target.value })}
          />
          <TextField
            label={field.kind === 'hidden' ? 'Query parameter' : 'Field id'}
            hint={
              field.kind === 'hidden'
                ? `Filled from the page address, e.g. ?${field.id || 'source'}=newsletter`
                : 'Answers are stored under this id.'
            }
            value={field.id}
            maxLength={100}
            error={errors.id}
            onChange={(e) => onChange({ id: e.target.value })}
          />
        </div>
        {field.kind !== 'hidden' ? (
          <TextArea
            label="Description"
            rows={2}
            value={field.description ?? ''}
            maxLength={2000}
            error={errors.description}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        ) : (
          <TextField
            label="Value when the address has none"
            value={field.defaultValue ?? ''}
            maxLength={2000}
            error={errors.defaultValue}
            onChange={(e) => onChange({ defaultValue: e.target.value })}
          />
        )}
        {kindHasPlaceholder(field.kind) || field.kind === 'textarea' ? (
          <div className="form-row form-builder__row">
            {kindHasPlaceholder(field.kind) ? (
              <TextField
                label="Placeholder"
                value={field.placeholder ?? ''}
                maxLength={200}
                error={errors.placeholder}
                onChange={(e) => onChange({ placeholder: e.target.value })}
              />
            ) : null}
            {field.kind === 'textarea' ? (
              <TextField
                label="Maximum length"
                type="number"
                min={1}
                max={100_000}
                hint="Characters; visitors see a counter."
                value={field.maxLength ?? ''}
                error={errors.maxLength}
                onChange={(e) =>
                  onChange({
                    maxLength: e.target.value === '' ? undefined : Number(e.target.value),
                  })
                }
              />
            ) : null}
          </div>
        ) : null}
        {kindCanBeRequired(field.kind) ? (
          <Switch
            label="Required"
            checked={field.isRequired ?? false}
            onCheckedChange={(checked) => onChange({ isRequired: checked })}
          />
        ) : null}
        {kindHasOptions(field.kind) ? (
          <ListEditor
            legend="Options"
            itemName="option"
            fieldName={name}
            items={field.options ?? []}
            error={errors.options}
            onChange={(options) => onChange({ options })}
          />
        ) : null}
        {field.kind === 'likert' ? (
          <ListEditor
            legend="Statements"
            itemName="statement"
            fieldName={name}
            hint={`Visitors answer each with ${LIKERT_VALUES.map((v) => likertLabel(v)).join(', ')}.`}
            items={field.questions ?? []}
            error={errors.questions}
            onChange={(questions) => onChange({ questions })}
          />
        ) : null}
      </div>
    </li>
  );
}

/** Options of a choice field or statements of a likert field: edit, add, remove. */
function ListEditor({
  legend,
  itemName,
  fieldName,
  hint,
  items,
  error,
  onChange,
}: {
  legend: string;
  itemName: string;
  fieldName: string;
  hint?: string;
  items: readonly string[];
  error: string | undefined;
  onChange: (items: string[]) => void;
}) {
  const errorId = useId();
  return (
    <fieldset className="form-builder__list" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      <ol>
        {items.map((item, i) => (
          // Position is the identity here: items may repeat while being typed.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i}>
            <input
              aria-label={`${fieldName} ${itemName} ${i + 1}`}
              value={item}
              maxLength={500}
              onChange={(e) => onChange(items.map((v, j) => (j === i ? e.target.value : v)))}
            />
            <IconButton
              size="sm"
              icon={<Icon name="close" />}
              label={`Remove ${itemName} ${i + 1} of ${fieldName}`}
              onClick={() => onChange(items.filter((_, j) => j !== i))}
            />
          </li>
        ))}
      </ol>
      <Button size="sm" icon={<Icon name="plus" />} onClick={() => onChange([...items, ''])}>
        Add {itemName}
      </Button>
    </fieldset>
  );
}
