/**
 * Form fields as the validation rules see them (SPEC §3, §5): one shape per kind, so a
 * rule cannot read parts from a checkbox or options from an address.
 */

export type TextFieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'currency'
  | 'number'
  | 'website'
  | 'password'
  | 'twitter'
  | 'select';

/** Address, date, name, time and phone are typed in several parts. */
export type MultiPartFieldKind = 'address' | 'date' | 'name' | 'time' | 'phone';

interface FieldBase {
  id: string;
  isRequired?: boolean;
}

export type FormField =
  | (FieldBase & { kind: TextFieldKind; value: string; maxLength?: number })
  | (FieldBase & { kind: MultiPartFieldKind; parts: readonly string[] })
  | (FieldBase & { kind: 'checkbox'; selected: readonly string[] })
  | (FieldBase & { kind: 'radio'; selected: string | null })
  | (FieldBase & { kind: 'likert'; answers: Readonly<Record<string, string>> })
  | (FieldBase & { kind: 'hidden'; name: string; defaultValue: string })
  | (FieldBase & { kind: 'section' });

export type FormFieldKind = FormField['kind'];

const isFilled = (text: string | null | undefined): boolean => (text ?? '').trim() !== '';

/**
 * Whether a required field has an answer: a checkbox needs one box ticked, a radio one
 * choice, a multi-part field any one part. Likert, hidden and section fields have no
 * required check.
 */
export const hasRequiredValue = (field: FormField): boolean => {
  switch (field.kind) {
    case 'checkbox':
      return field.selected.length > 0;
    case 'radio':
      return isFilled(field.selected);
    case 'address':
    case 'date':
    case 'name':
    case 'time':
    case 'phone':
      return field.parts.some(isFilled);
    case 'likert':
    case 'hidden':
    case 'section':
      return true;
    default:
      return isFilled(field.value);
  }
};
