import { describe, expect, it } from 'vitest';
import {
  draftErrors,
  emptyDraft,
  foldErrors,
  freeId,
  inputOf,
  move,
  newField,
  withKey,
} from './form-draft.ts';

describe('form builder draft', () => {
  it('gives each new field an id no other field has', () => {
    const first = newField('email', []);
    const second = newField('email', [first]);
    expect([first.id, second.id]).toEqual(['email', 'email-2']);
    expect(freeId([{ id: 'x' }], '2fa')).toBe('field-2fa');
    expect(newField('select', []).options).toEqual(['Option 1', 'Option 2']);
    expect(newField('likert', []).questions).toHaveLength(1);
  });

  it('moves a field and clamps to the ends', () => {
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(move(['a'], 3, 0)).toEqual(['a']);
  });

  it('sends only what the chosen after-submit behaviour uses, and no builder keys', () => {
    const draft = {
      ...emptyDraft(),
      fields: [withKey({ ...newField('text', []), placeholder: '', isRequired: true })],
      afterSubmit: 'redirect' as const,
      successRedirect: ' /thanks ',
      postSubmitHtml: '<p>unused</p>',
    };
    const input = inputOf(draft);
    expect(input.fields).toEqual([{ id: 'text', kind: 'text', label: 'Text', isRequired: true }]);
    expect(input.successRedirect).toBe('/thanks');
    expect(input.postSubmitHtml).toBeNull();
    expect(draftErrors(draft)).toBeNull();
  });

  it('keys errors as the server does, beside the field they name', () => {
    const draft = {
      ...emptyDraft(),
      fields: [
        withKey(newField('email', [])),
        withKey({ ...newField('select', []), id: 'email', options: ['A', ''] }),
      ],
    };
    expect(draftErrors(draft)).toEqual({
      'fields.1.id': 'Another field already uses the id "email". Give each field its own id.',
      'fields.1.options': 'Fill in or remove the empty option',
    });
    expect(draftErrors({ ...emptyDraft(), afterSubmit: 'redirect' })).toEqual({
      successRedirect: 'Enter the address to send visitors to.',
    });
    expect(foldErrors({ 'fields.0.options.3': 'x', name: 'y' })).toEqual({
      'fields.0.options': 'x',
      name: 'y',
    });
  });
});
