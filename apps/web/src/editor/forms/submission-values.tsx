import type { FormAnswers, FormInboxField, FormSubmission } from '@atelier/contract';
import { likertAnswerText, submissionValueText } from '@atelier/core';

// How the inbox shows a visitor's answers (issue 20). Everything is React text, never
// markup: a `<script>` or an `onerror=` typed into a form shows as those characters.

type FieldValue = FormAnswers[string];

/** The fields a submission answers: the form's own in order, then any since removed. */
export function answeredFields(
  fields: readonly FormInboxField[],
  values: FormAnswers,
): FormInboxField[] {
  const known = new Set(fields.map((field) => field.id));
  const removed = Object.keys(values)
    .filter((id) => !known.has(id))
    .sort()
    .map((id) => ({ id, label: `${id} (removed field)`, kind: 'removed' }));
  return [...fields, ...removed];
}

/** A one-line glimpse of the first answered fields, for the list. */
export function summaryOf(fields: readonly FormInboxField[], submission: FormSubmission): string {
  const parts: string[] = [];
  for (const field of answeredFields(fields, submission.values)) {
    const text = submissionValueText(field.kind, submission.values[field.id])
      .replace(/\s+/g, ' ')
      .trim();
    if (text) parts.push(text);
    if (parts.length === 3) break;
  }
  const summary = parts.join(' · ');
  return summary.length > 140 ? `${summary.slice(0, 139)}…` : summary || 'No answers';
}

/** One answer in the detail view: text with its line breaks, likert answers as a list. */
export function AnswerText({
  field,
  value,
}: {
  field: FormInboxField;
  value: FieldValue | undefined;
}) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return <span className="form-inbox__none">No answer</span>;
    return (
      <ul className="form-inbox__likert">
        {entries.map(([question, answer]) => (
          <li key={question}>
            <span>{question}</span> <strong>{likertAnswerText(answer)}</strong>
          </li>
        ))}
      </ul>
    );
  }
  const text = submissionValueText(field.kind, value);
  return text.trim() === '' ? (
    <span className="form-inbox__none">No answer</span>
  ) : (
    <span className="form-inbox__answer">{text}</span>
  );
}
