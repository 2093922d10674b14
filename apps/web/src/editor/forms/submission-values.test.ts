import type { FormSubmission } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { answeredFields, summaryOf } from './submission-values.tsx';

const fields = [
  { id: 'name', label: 'Your name', kind: 'name' },
  { id: 'email', label: 'Email', kind: 'email' },
  { id: 'topics', label: 'Topics', kind: 'checkbox' },
  { id: 'message', label: 'Message', kind: 'textarea' },
];
const submission = (values: FormSubmission['values']): FormSubmission => ({
  id: 'a',
  formId: 'f',
  values,
  pageTitle: null,
  pagePath: null,
  isRead: false,
  createdAt: '2026-11-26T10:00:00.000Z',
});

describe('the inbox summary of a submission', () => {
  it('joins the first three answered fields in form order, on one line', () => {
    const text = summaryOf(
      fields,
      submission({
        message: 'Hello\nthere',
        email: 'ada@example.com',
        name: ['Ada', 'Lovelace'],
        topics: [],
      }),
    );
    expect(text).toBe('Ada Lovelace · ada@example.com · Hello there');
  });

  it('says when nothing was answered, and cuts a long summary', () => {
    expect(summaryOf(fields, submission({}))).toBe('No answers');
    const long = summaryOf(fields, submission({ message: 'x'.repeat(400) }));
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });

  it('lists answers to removed fields after the form’s own, by id', () => {
    const listed = answeredFields(fields, { zeta: '1', budget: '500', email: 'a@b.c' });
    expect(listed.map((field) => field.label)).toEqual([
      'Your name',
      'Email',
      'Topics',
      'Message',
      'budget (removed field)',
      'zeta (removed field)',
    ]);
  });
});
