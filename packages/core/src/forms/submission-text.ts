/**
 * A stored submission's answers as text people read: the owner's inbox and its CSV export
 * (issue 20). Multi-part answers are joined the way they are written on an envelope or a
 * calendar, checkboxes with commas, and likert answers by their labels, one per line.
 */
import type { FieldValue } from './field-values';
import { isLikertValue, type LikertValue, likertLabel } from './likert';

const filled = (parts: readonly string[]) => parts.map((p) => p.trim()).filter((p) => p !== '');

/** A likert answer (-2..2, as sent) by its label; anything else as it was stored. */
export const likertAnswerText = (
  answer: string,
  localized: Partial<Record<LikertValue, string>> = {},
): string => {
  const value = answer.trim() === '' ? Number.NaN : Number(answer);
  return isLikertValue(value) ? likertLabel(value, localized) : answer;
};

function partsText(kind: string | undefined, parts: readonly string[]): string {
  switch (kind) {
    case 'name':
      return filled(parts).join(' ');
    case 'date':
      return filled(parts).join('/');
    case 'time': {
      const [hour = '', minute = '', second = '', half = ''] = parts;
      return `${filled([hour, minute, second]).join(':')} ${half.trim()}`.trim();
    }
    case 'phone': {
      const [country = '', area = '', number = '', extension = ''] = parts;
      const main = filled([country.trim() ? `+${country.trim()}` : '', area, number]).join(' ');
      return extension.trim() ? `${main} ext. ${extension.trim()}`.trim() : main;
    }
    default:
      return filled(parts).join(', ');
  }
}

/** One answer as text; `kind` is the field's kind when the form still has the field. */
export function submissionValueText(
  kind: string | undefined,
  value: FieldValue | undefined,
  localized: Partial<Record<LikertValue, string>> = {},
): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return partsText(kind, value);
  return Object.entries(value)
    .map(([question, answer]) => `${question}: ${likertAnswerText(answer, localized)}`)
    .join('\n');
}
