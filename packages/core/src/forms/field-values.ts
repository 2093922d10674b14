/** The value each field kind sends (SPEC §5 field value collection). */
import type { FormField } from './fields';

export type FieldValue = string | string[] | Record<string, string>;

/**
 * A three-part phone number has no country code; a leading empty item keeps the parts
 * in the same positions as a four-part one, which the server reads by position.
 */
const phoneParts = (parts: readonly string[]): string[] =>
  parts.length === 3 ? ['', ...parts] : [...parts];

export const collectFieldValue = (field: FormField, queryString = ''): FieldValue => {
  switch (field.kind) {
    case 'address':
    case 'date':
    case 'name':
    case 'time':
      return [...field.parts];
    case 'phone':
      return phoneParts(field.parts);
    case 'checkbox':
      return [...field.selected];
    case 'radio':
      return field.selected ?? '';
    case 'likert':
      return { ...field.answers };
    case 'hidden':
      return new URLSearchParams(queryString).get(field.name) ?? field.defaultValue;
    case 'section':
      return '';
    default:
      return field.value;
  }
};

/** The `form` map of a submission: field id → value; sections carry no value. */
export const collectFormValues = (
  fields: readonly FormField[],
  queryString = '',
): Record<string, FieldValue> =>
  Object.fromEntries(
    fields
      .filter((f) => f.kind !== 'section')
      .map((f) => [f.id, collectFieldValue(f, queryString)]),
  );
