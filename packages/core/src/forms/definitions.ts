/**
 * A form as a merchant defines it, and the answers a shopper sends for it. The server
 * checks answers with exactly the rules the browser used, so both go through here.
 */
import { editorMessages, formMessages, formSubmissionMessages } from '../messages';
import type { Result } from '../result';
import type { FieldValue } from './field-values';
import type { FormField, MultiPartFieldKind, TextFieldKind } from './fields';
import { type FormErrors, validateForm } from './form-validation';

export type FormFieldDefinitionKind =
  | TextFieldKind
  | MultiPartFieldKind
  | 'checkbox'
  | 'radio'
  | 'likert'
  | 'hidden'
  | 'section';

export interface FormFieldDefinition {
  id: string;
  kind: FormFieldDefinitionKind;
  label: string;
  description?: string;
  isRequired?: boolean;
  /** Choices of a checkbox, radio or select field. */
  options?: readonly string[];
  /** Statements a likert field asks about. */
  questions?: readonly string[];
  maxLength?: number;
  placeholder?: string;
  /** Hidden fields send this unless the query string names them. */
  defaultValue?: string;
}

/** The parts each multi-part kind is typed in, in the order they are sent. */
export const MULTI_PART_LABELS: Readonly<Record<MultiPartFieldKind, readonly string[]>> = {
  name: ['First Name', 'Last Name'],
  address: ['Address 1', 'Address 2', 'City', 'State', 'Zip Code', 'Country'],
  date: ['Month', 'Day', 'Year'],
  time: ['Hour', 'Minute', 'Second', 'AM/PM'],
  phone: ['Country', 'Area Code', 'Number', 'Extension'],
};

const MULTI_PART = new Set<string>(Object.keys(MULTI_PART_LABELS));

const asText = (value: FieldValue | undefined): string => (typeof value === 'string' ? value : '');
const asList = (value: FieldValue | undefined): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string' && value !== ''
      ? [value]
      : [];
const asAnswers = (value: FieldValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};

/** The rules' view of one field given the shopper's answer for it. */
export const toFormField = (
  definition: FormFieldDefinition,
  value: FieldValue | undefined,
): FormField => {
  const base = { id: definition.id, isRequired: definition.isRequired ?? false };
  if (MULTI_PART.has(definition.kind)) {
    return { ...base, kind: definition.kind as MultiPartFieldKind, parts: asList(value) };
  }
  switch (definition.kind) {
    case 'checkbox':
      return { ...base, kind: 'checkbox', selected: asList(value) };
    case 'radio':
      return { ...base, kind: 'radio', selected: asText(value) || null };
    case 'likert':
      return { ...base, kind: 'likert', answers: asAnswers(value) };
    case 'hidden':
      return {
        ...base,
        kind: 'hidden',
        name: definition.id,
        defaultValue: definition.defaultValue ?? '',
      };
    case 'section':
      return { ...base, kind: 'section' };
    default:
      return {
        ...base,
        kind: definition.kind as TextFieldKind,
        value: asText(value),
        ...(definition.maxLength ? { maxLength: definition.maxLength } : {}),
      };
  }
};

/**
 * Answers outside the field's own choices are refused too: a select, radio or checkbox
 * answer must be one of its options, so a hand-made request cannot store anything else.
 */
export const validateAnswers = ({
  definitions,
  values,
}: {
  definitions: readonly FormFieldDefinition[];
  values: Readonly<Record<string, FieldValue>>;
}): Result<null, FormErrors> => {
  const result = validateForm({
    fields: definitions.map((d) => toFormField(d, values[d.id])),
    isTextareaLimitEnforced: true,
  });
  if (!result.ok) return result;
  const fieldErrors: Record<string, string> = {};
  for (const d of definitions) {
    if (!d.options || !['select', 'radio', 'checkbox'].includes(d.kind)) continue;
    const chosen = asList(values[d.id]).filter((v) => v !== '');
    if (chosen.some((v) => !d.options?.includes(v)))
      fieldErrors[d.id] = editorMessages.notAnExpectedOption(chosen.join(', '));
  }
  if (Object.keys(fieldErrors).length > 0) {
    return { ok: false, error: { message: formMessages.someFieldsInvalid, fieldErrors } };
  }
  return result;
};

/** The shape of answer each kind takes: text, a list of parts or choices, or a map. */
const expectedShape = (kind: FormFieldDefinitionKind): 'text' | 'list' | 'map' | 'none' => {
  if (MULTI_PART.has(kind) || kind === 'checkbox') return 'list';
  if (kind === 'likert') return 'map';
  if (kind === 'section') return 'none';
  return 'text';
};

/**
 * What a hand-made submission gets wrong before any rule is asked: an answer for a field
 * the form does not have, or an answer of the wrong shape (a list for a text field).
 * A checkbox may send one choice as text. Field id → message; empty when all fit.
 */
export const answerShapeErrors = ({
  definitions,
  values,
}: {
  definitions: readonly FormFieldDefinition[];
  values: Readonly<Record<string, FieldValue>>;
}): Record<string, string> => {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const errors: Record<string, string> = {};
  for (const [id, value] of Object.entries(values)) {
    const definition = byId.get(id);
    if (!definition) {
      errors[id] = formSubmissionMessages.unknownField;
      continue;
    }
    const shape = expectedShape(definition.kind);
    const actual = Array.isArray(value) ? 'list' : typeof value === 'string' ? 'text' : 'map';
    const fits =
      shape === actual ||
      (shape === 'none' && value === '') ||
      (definition.kind === 'checkbox' && actual === 'text');
    if (!fits) errors[id] = formSubmissionMessages.wrongShape;
  }
  return errors;
};
