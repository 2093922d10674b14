import * as RadixSwitch from '@radix-ui/react-switch';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

type FieldFrame = {
  label: ReactNode;
  /** Help under the control, read after the label (aria-describedby). */
  hint?: ReactNode;
  /** What is wrong; marks the control aria-invalid and is read with it. */
  error?: ReactNode;
  className?: string;
};

/**
 * The ids and aria attributes that tie a control to its hint and error: the error is read
 * first, so a screen reader user hears what is wrong before the general help.
 */
export function fieldDescription(id: string, { hint, error }: Pick<FieldFrame, 'hint' | 'error'>) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return {
    hintId,
    errorId,
    controlProps: {
      'aria-describedby': describedBy,
      'aria-invalid': error ? (true as const) : undefined,
    },
  };
}

function Frame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: FieldFrame & { id: string; children: ReactNode }) {
  const { hintId, errorId } = fieldDescription(id, { hint, error });
  return (
    <div className={`field ${className ?? ''}`.trim()}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>;

/** A labelled one-line input with optional hint and error. */
export function TextField({
  label,
  hint,
  error,
  className,
  id: givenId,
  ...input
}: TextFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const { controlProps } = fieldDescription(id, { hint, error });
  return (
    <Frame id={id} label={label} hint={hint} error={error} className={className}>
      <input id={id} {...controlProps} {...input} />
    </Frame>
  );
}

type TextAreaProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

/** A labelled multi-line input with optional hint and error. */
export function TextArea({ label, hint, error, className, id: givenId, ...area }: TextAreaProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const { controlProps } = fieldDescription(id, { hint, error });
  return (
    <Frame id={id} label={label} hint={hint} error={error} className={className}>
      <textarea id={id} rows={3} {...controlProps} {...area} />
    </Frame>
  );
}

type SelectProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { children: ReactNode };

/** A styled native <select>: the platform's picker is the most accessible one on phones. */
export function Select({
  label,
  hint,
  error,
  className,
  id: givenId,
  children,
  ...select
}: SelectProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const { controlProps } = fieldDescription(id, { hint, error });
  return (
    <Frame id={id} label={label} hint={hint} error={error} className={className}>
      <select id={id} {...controlProps} {...select}>
        {children}
      </select>
    </Frame>
  );
}

/** An on/off setting that applies at once (Radix Switch: role="switch", Space toggles). */
export function Switch({
  label,
  checked,
  onCheckedChange,
  hint,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="ui-switch-field">
      <RadixSwitch.Root
        id={id}
        className="ui-switch"
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <RadixSwitch.Thumb className="ui-switch__thumb" />
      </RadixSwitch.Root>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
