import type { FormDefinition } from '@atelier/contract';
import {
  type FieldValue,
  LIGHTBOX_RESIZE_DEBOUNCE_MS,
  lightboxTopOffset,
  validateAnswers,
} from '@atelier/core';
import { useEffect, useRef, useState } from 'react';
import { useIslandId } from '../../islands/island-id.ts';
import { type Answers, FormFields } from './FormFields.tsx';

type FieldsLightboxProps = {
  form: FormDefinition;
  isOpen: boolean;
  submitLabel: string;
  isSubmitting: boolean;
  /** Server-side field errors from the last attempt, field id → message. */
  serverErrors: Record<string, string>;
  onSubmit: (answersJson: string) => void;
  onClose: () => void;
};

/**
 * The additional-fields form a product asks for before it goes into the cart, in a modal
 * lightbox (SPEC §2). The native dialog traps focus and closes on Escape; its position
 * follows SPEC §9: 50 px from the top when taller than the window, else centred.
 */
export function FieldsLightbox(props: FieldsLightboxProps) {
  const { form, isOpen, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [top, setTop] = useState<number | undefined>(undefined);
  const idPrefix = useIslandId('fields');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const place = () => {
      const element = dialog.current;
      if (!element) return;
      setTop(
        lightboxTopOffset({
          contentHeight: element.scrollHeight,
          windowHeight: window.innerHeight,
        }),
      );
    };
    place();
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timeout);
      timeout = setTimeout(place, LIGHTBOX_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timeout);
      window.removeEventListener('resize', onResize);
    };
  }, [isOpen]);

  useEffect(() => {
    if (Object.keys(props.serverErrors).length > 0) setErrors(props.serverErrors);
  }, [props.serverErrors]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const result = validateAnswers({ definitions: form.fields, values: answers });
    if (!result.ok) {
      setErrors(result.error.fieldErrors);
      setSummary(result.error.message);
      return;
    }
    setErrors({});
    setSummary(null);
    props.onSubmit(JSON.stringify(answers));
  }

  return (
    <dialog
      ref={dialog}
      className="fields-lightbox"
      aria-labelledby={`${idPrefix}-title`}
      style={top === undefined ? undefined : { marginTop: `${top}px`, marginBottom: 'auto' }}
      onClose={onClose}
    >
      <form className="fields-lightbox__form" onSubmit={submit} noValidate>
        <button type="button" className="quick-view__close" onClick={onClose}>
          Close
        </button>
        <h2 id={`${idPrefix}-title`}>{form.name}</h2>
        <div role="alert" className="form-error">
          {summary}
        </div>
        <FormFields
          idPrefix={idPrefix}
          fields={form.fields}
          answers={answers}
          errors={errors}
          onChange={(fieldId: string, value: FieldValue) =>
            setAnswers((current) => ({ ...current, [fieldId]: value }))
          }
        />
        {form.disclaimer ? <p className="fields-lightbox__disclaimer">{form.disclaimer}</p> : null}
        <button type="submit" className="button" disabled={props.isSubmitting}>
          {props.submitLabel}
        </button>
      </form>
    </dialog>
  );
}
