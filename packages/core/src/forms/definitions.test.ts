import { describe, expect, it } from 'vitest';
import {
  type FormFieldDefinition,
  MULTI_PART_LABELS,
  toFormField,
  validateAnswers,
} from './definitions';

const lessonForm: FormFieldDefinition[] = [
  { id: 'name', kind: 'name', label: 'Your name', isRequired: true },
  {
    id: 'topic',
    kind: 'select',
    label: 'Topic',
    isRequired: true,
    options: ['Machine basics', 'Pattern fitting'],
  },
  { id: 'level', kind: 'radio', label: 'Experience', options: ['New', 'Some', 'Lots'] },
  { id: 'extras', kind: 'checkbox', label: 'Bring', options: ['Fabric', 'Machine'] },
  { id: 'notes', kind: 'textarea', label: 'Notes', maxLength: 10 },
  { id: 'email', kind: 'email', label: 'Email' },
  { id: 'mood', kind: 'likert', label: 'How do you feel?', questions: ['Ready'] },
  { id: 'about', kind: 'section', label: 'About you' },
  { id: 'ref', kind: 'hidden', label: 'Ref', defaultValue: 'shop' },
];

describe('form definitions and answers', () => {
  it('accepts complete, well-formed answers', () => {
    const result = validateAnswers({
      definitions: lessonForm,
      values: {
        name: ['Ada', 'L'],
        topic: 'Machine basics',
        level: 'New',
        extras: ['Fabric'],
        notes: 'short',
        email: '',
      },
    });
    expect(result.ok).toBe(true);
  });

  it('marks missing required fields and an invalid email with the spec messages', () => {
    const result = validateAnswers({
      definitions: lessonForm,
      values: { name: ['', ''], email: 'nope' },
    });
    expect(result).toEqual({
      ok: false,
      error: {
        message: 'One or more fields is invalid, please check your entries.',
        fieldErrors: {
          name: 'Required',
          topic: 'Required',
          email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
        },
      },
    });
  });

  it('enforces a text area limit and refuses answers outside the options', () => {
    const tooLong = validateAnswers({
      definitions: lessonForm,
      values: { name: ['A', 'B'], topic: 'Machine basics', notes: 'far too long for ten' },
    });
    expect(!tooLong.ok && tooLong.error.fieldErrors.notes).toBe(
      'You have exceeded the character limit.',
    );
    const forged = validateAnswers({
      definitions: lessonForm,
      values: { name: ['A', 'B'], topic: 'Free lessons forever', extras: ['Fabric', 'Cake'] },
    });
    expect(!forged.ok && forged.error.fieldErrors).toEqual({
      topic: 'Free lessons forever is not one of the expected options',
      extras: 'Fabric, Cake is not one of the expected options',
    });
  });

  it('reads each kind of answer into the shape the rules expect', () => {
    expect(toFormField(lessonForm[0]!, ['Ada', 'L'])).toEqual({
      id: 'name',
      isRequired: true,
      kind: 'name',
      parts: ['Ada', 'L'],
    });
    expect(toFormField(lessonForm[2]!, undefined)).toMatchObject({ kind: 'radio', selected: null });
    expect(toFormField(lessonForm[3]!, 'Fabric')).toMatchObject({
      kind: 'checkbox',
      selected: ['Fabric'],
    });
    expect(toFormField(lessonForm[6]!, { Ready: '2' })).toMatchObject({
      kind: 'likert',
      answers: { Ready: '2' },
    });
    expect(toFormField(lessonForm[6]!, 'x')).toMatchObject({ kind: 'likert', answers: {} });
    expect(toFormField(lessonForm[8]!, undefined)).toMatchObject({
      kind: 'hidden',
      defaultValue: 'shop',
    });
    expect(toFormField(lessonForm[7]!, undefined)).toMatchObject({ kind: 'section' });
    expect(toFormField(lessonForm[5]!, ['x'])).toMatchObject({ kind: 'email', value: '' });
    expect(MULTI_PART_LABELS.name).toEqual(['First Name', 'Last Name']);
  });
});
