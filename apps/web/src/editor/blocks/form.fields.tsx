import { type FormBlock, type NewsletterBlock, newsletterEditorMessages } from '@atelier/contract';
import { formSubmissionMessages } from '@atelier/core';
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import { type Choice, PickerSelect } from './catalog-pickers.tsx';
import { LabelledInput } from './field-controls.tsx';

// Editor-only: the form and newsletter blocks pick one of the website's forms (built in
// /config/forms) by name; the block stores its id.

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; choices: Choice[] }
  | { state: 'failed'; message: string };

/** Named choices from one of the editor's choice routes, loaded once per picker. */
function useChoices(fetchChoices: () => Promise<{ id: string; name: string }[]>): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    fetchChoices().then(
      (items) =>
        isCurrent &&
        setLoad({
          state: 'loaded',
          choices: items.map((item) => ({ value: item.id, label: item.name })),
        }),
      () =>
        isCurrent &&
        setLoad({ state: 'failed', message: 'Unable to load the list. Try again later.' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [fetchChoices]);
  return load;
}

const fetchForms = async () => (await api.formChoices()).forms;
const fetchLists = async () => (await api.mailingListChoices()).lists;

/** The form picker, or where to build a form when the website has none. */
export function FormPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (formId: string) => void;
}) {
  const load = useChoices(fetchForms);
  if (load.state === 'loaded' && load.choices.length === 0 && !value) {
    return (
      <div className="field">
        <p className="field__hint" role="status">
          {formSubmissionMessages.noForms}
        </p>
        <a className="field__link" href="/config/forms">
          Build a form
        </a>
      </div>
    );
  }
  return (
    <PickerSelect
      label="Form"
      placeholder="Choose a form"
      value={value}
      load={load}
      onChange={onChange}
    />
  );
}

/**
 * The newsletter block's mailing list (issue 21), with SPEC §8's words when the site has
 * no list or none is chosen.
 */
export function MailingListPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (listId: string) => void;
}) {
  const load = useChoices(fetchLists);
  if (load.state === 'loaded' && load.choices.length === 0 && !value) {
    return (
      <div className="field">
        <p className="field__error" role="alert">
          {newsletterEditorMessages.noLists}
        </p>
        <a className="field__link" href="/config/mailing-lists">
          Create a mailing list
        </a>
      </div>
    );
  }
  return (
    <PickerSelect
      label="Mailing list"
      placeholder="Choose a list"
      value={value}
      load={load}
      onChange={onChange}
      error={load.state === 'loaded' && !value ? newsletterEditorMessages.listRequired : undefined}
    />
  );
}

export function FormFields({
  block,
  onChange,
}: {
  block: FormBlock;
  onChange: (block: FormBlock) => void;
}) {
  return (
    <>
      <FormPicker value={block.formId} onChange={(formId) => onChange({ ...block, formId })} />
      <LabelledInput
        label="Title"
        hint="Shown above the form; leave empty for none."
        value={block.title ?? ''}
        onChange={(title) => onChange({ ...block, title })}
      />
      <LabelledInput
        label="Description"
        value={block.description ?? ''}
        onChange={(description) => onChange({ ...block, description })}
      />
    </>
  );
}

export function NewsletterFields({
  block,
  onChange,
}: {
  block: NewsletterBlock;
  onChange: (block: NewsletterBlock) => void;
}) {
  return (
    <>
      <FormPicker value={block.formId} onChange={(formId) => onChange({ ...block, formId })} />
      <MailingListPicker
        value={block.listId ?? ''}
        onChange={(listId) => onChange({ ...block, listId })}
      />
      <LabelledInput
        label="Title"
        value={block.title}
        onChange={(title) => onChange({ ...block, title })}
      />
      <LabelledInput
        label="Description"
        value={block.description}
        onChange={(description) => onChange({ ...block, description })}
      />
      <LabelledInput
        label="Button label"
        hint="Leave empty to use the form's own submit label."
        value={block.buttonLabel ?? ''}
        onChange={(buttonLabel) => onChange({ ...block, buttonLabel })}
      />
    </>
  );
}
