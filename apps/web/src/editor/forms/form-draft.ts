import {
  type FormAdmin,
  type FormFieldDefinitionDto,
  type FormInput,
  formInputSchema,
} from '@atelier/contract';

// The form builder's state and its pure rules (issue 20): new fields of each kind with an
// id no other field has, moving fields, and the input the API takes. Errors are keyed as
// the server's 400 keys them (`fields.2.id`), so both show beside the same control.

export type BuilderKind = Exclude<FormFieldDefinitionDto['kind'], 'password' | 'twitter'>;

/** The kinds the builder offers, in the order its palette shows them (SPEC §3). */
export const BUILDER_KINDS: readonly { kind: BuilderKind; label: string; hint: string }[] = [
  { kind: 'text', label: 'Text', hint: 'One line' },
  { kind: 'textarea', label: 'Paragraph', hint: 'Several lines, with a length limit' },
  { kind: 'email', label: 'Email', hint: 'An email address' },
  { kind: 'name', label: 'Name', hint: 'First and last name' },
  { kind: 'phone', label: 'Phone', hint: 'Country, area code, number' },
  { kind: 'address', label: 'Address', hint: 'Street, city, zip, country' },
  { kind: 'number', label: 'Number', hint: 'A number' },
  { kind: 'currency', label: 'Currency', hint: 'An amount of money' },
  { kind: 'website', label: 'Website', hint: 'A web address' },
  { kind: 'date', label: 'Date', hint: 'Month, day, year' },
  { kind: 'time', label: 'Time', hint: 'Hour, minute, AM/PM' },
  { kind: 'checkbox', label: 'Checkboxes', hint: 'Tick any of several options' },
  { kind: 'radio', label: 'Radio buttons', hint: 'Pick one of several options' },
  { kind: 'select', label: 'Dropdown', hint: 'Pick one from a list' },
  { kind: 'likert', label: 'Likert scale', hint: 'Agree or disagree with statements' },
  { kind: 'section', label: 'Section title', hint: 'A heading between fields' },
  { kind: 'hidden', label: 'Hidden', hint: 'Filled from the page address' },
];

export const kindLabel = (kind: FormFieldDefinitionDto['kind']): string =>
  BUILDER_KINDS.find((k) => k.kind === kind)?.label ?? kind;

const DEFAULT_LABELS: Record<BuilderKind, string> = {
  text: 'Text',
  textarea: 'Message',
  email: 'Email',
  name: 'Name',
  phone: 'Phone',
  address: 'Address',
  number: 'Number',
  currency: 'Amount',
  website: 'Website',
  date: 'Date',
  time: 'Time',
  checkbox: 'Choose any',
  radio: 'Choose one',
  select: 'Choose from the list',
  likert: 'How much do you agree?',
  section: 'Section',
  hidden: 'Source',
};

export const kindHasOptions = (kind: FormFieldDefinitionDto['kind']) =>
  kind === 'checkbox' || kind === 'radio' || kind === 'select';
/** Kinds a visitor types into, so a placeholder means something. */
export const kindHasPlaceholder = (kind: FormFieldDefinitionDto['kind']) =>
  ['text', 'textarea', 'email', 'number', 'currency', 'website'].includes(kind);
/** Kinds with a required check (SPEC §5: likert, hidden and section have none). */
export const kindCanBeRequired = (kind: FormFieldDefinitionDto['kind']) =>
  !['likert', 'hidden', 'section'].includes(kind);

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'field';

/** An id no field of `fields` has: the label's slug, then -2, -3… */
export function freeId(fields: readonly { id: string }[], base: string): string {
  const taken = new Set(fields.map((f) => f.id));
  const start = /^[a-z_]/.test(base) ? base : `field-${base}`;
  if (!taken.has(start)) return start;
  for (let n = 2; ; n += 1) if (!taken.has(`${start}-${n}`)) return `${start}-${n}`;
}

export function newField(kind: BuilderKind, fields: readonly { id: string }[]) {
  const label = DEFAULT_LABELS[kind];
  const field: FormFieldDefinitionDto = { id: freeId(fields, slug(label)), kind, label };
  if (kindHasOptions(kind)) field.options = ['Option 1', 'Option 2'];
  if (kind === 'likert') field.questions = ['The service met my needs.'];
  if (kind === 'textarea') field.maxLength = 500;
  return field;
}

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  if (item === undefined) return [...list];
  next.splice(target, 0, item);
  return next;
}

export type AfterSubmit = 'message' | 'html' | 'redirect';

/** A field as the builder holds it: `key` stays the same while its id is edited or it moves. */
export type DraftField = FormFieldDefinitionDto & { key: string };

let nextKey = 0;
export function withKey(field: FormFieldDefinitionDto): DraftField {
  nextKey += 1;
  return { ...field, key: `field-${nextKey}` };
}

export type FormDraft = {
  name: string;
  fields: DraftField[];
  submitLabel: string;
  afterSubmit: AfterSubmit;
  submissionMessage: string;
  postSubmitHtml: string;
  successRedirect: string;
  disclaimer: string;
  notificationEmail: string;
  isStorageOnly: boolean;
  isCaptchaEnabled: boolean;
};

export const emptyDraft = (): FormDraft => ({
  name: 'Contact form',
  fields: [],
  submitLabel: 'Submit',
  afterSubmit: 'message',
  submissionMessage: 'Thank you! Your message has been sent.',
  postSubmitHtml: '',
  successRedirect: '',
  disclaimer: '',
  notificationEmail: '',
  isStorageOnly: false,
  isCaptchaEnabled: true,
});

export const draftOf = (form: FormAdmin): FormDraft => ({
  name: form.name,
  fields: form.fields.map(withKey),
  submitLabel: form.submitLabel,
  afterSubmit: form.successRedirect ? 'redirect' : form.postSubmitHtml ? 'html' : 'message',
  submissionMessage: form.submissionMessage,
  postSubmitHtml: form.postSubmitHtml ?? '',
  successRedirect: form.successRedirect ?? '',
  disclaimer: form.disclaimer ?? '',
  notificationEmail: form.notificationEmail ?? '',
  isStorageOnly: form.isStorageOnly,
  isCaptchaEnabled: form.captchaSettings.isEnabled,
});

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** Empty optional texts are left out of a field, so the stored form carries only what is set. */
function cleanField(field: FormFieldDefinitionDto): FormFieldDefinitionDto {
  const clean: FormFieldDefinitionDto = {
    id: field.id.trim(),
    kind: field.kind,
    label: field.label,
  };
  if (field.description?.trim()) clean.description = field.description;
  if (field.isRequired && kindCanBeRequired(field.kind)) clean.isRequired = true;
  if (kindHasPlaceholder(field.kind) && field.placeholder?.trim())
    clean.placeholder = field.placeholder;
  if (kindHasOptions(field.kind)) clean.options = (field.options ?? []).map((o) => o.trim());
  if (field.kind === 'likert') clean.questions = (field.questions ?? []).map((q) => q.trim());
  if (field.kind === 'textarea' && field.maxLength) clean.maxLength = field.maxLength;
  if (field.kind === 'hidden' && field.defaultValue) clean.defaultValue = field.defaultValue;
  return clean;
}

export const inputOf = (draft: FormDraft): FormInput => ({
  name: draft.name,
  fields: draft.fields.map(cleanField),
  submitLabel: draft.submitLabel,
  submissionMessage: draft.submissionMessage,
  postSubmitHtml: draft.afterSubmit === 'html' ? orNull(draft.postSubmitHtml) : null,
  successRedirect: draft.afterSubmit === 'redirect' ? orNull(draft.successRedirect.trim()) : null,
  disclaimer: orNull(draft.disclaimer),
  notificationEmail: orNull(draft.notificationEmail.trim()),
  isStorageOnly: draft.isStorageOnly,
  captchaSettings: { isEnabled: draft.isCaptchaEnabled },
});

/**
 * The contract's verdict on a draft, keyed like the server's 400 (`fields.2.options.0`
 * folded into `fields.2.options`), or null when it would be accepted.
 */
export function draftErrors(draft: FormDraft): Record<string, string> | null {
  const parsed = formInputSchema.safeParse(inputOf(draft));
  if (parsed.success) {
    if (draft.afterSubmit === 'redirect' && !draft.successRedirect.trim()) {
      return { successRedirect: 'Enter the address to send visitors to.' };
    }
    return null;
  }
  return foldErrors(
    Object.fromEntries(
      parsed.error.issues.map((issue) => [
        issue.path.map(String).join('.') || 'body',
        issue.message,
      ]),
    ),
  );
}

/** `fields.2.options.0` is shown beside the options of field 2: fold such keys into it. */
export function foldErrors(errors: Record<string, string>): Record<string, string> {
  const folded: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const path = key.split('.');
    const at = path[0] === 'fields' && path.length > 3 ? path.slice(0, 3).join('.') : key;
    folded[at] ??= message;
  }
  return folded;
}

/** The errors of one field, by property: `fields.2.label` → { label }. */
export function fieldErrorsAt(errors: Record<string, string>, index: number) {
  const prefix = `fields.${index}.`;
  const own: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(prefix)) own[key.slice(prefix.length).split('.')[0] ?? ''] = message;
  }
  return own;
}
