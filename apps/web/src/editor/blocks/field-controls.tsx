import { type ReactNode, useId } from 'react';
import type { ZodType } from 'zod';

// Editor-only inputs shared by the blocks' *.fields.tsx files: a label, a hint, and the
// block schema's own message when the value would be refused on save.

/** The first message the schema gives for a value, or null when it passes. */
export function problemOf(schema: ZodType, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export function LabelledInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** Shown instead of the hint, and marks the input invalid. */
  error?: string | null;
  type?: 'text' | 'number' | 'url';
  min?: number;
  max?: number;
}) {
  const id = useId();
  const hintText = props.error ?? props.hint;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        min={props.min}
        max={props.max}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={hintText ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {hintText ? (
        <p
          className={props.error ? 'field__hint field__hint--error' : 'field__hint'}
          id={`${id}-hint`}
        >
          {hintText}
        </p>
      ) : null}
    </div>
  );
}

export type RadioOption<V extends string> = {
  value: V;
  label: string;
  /** Drawn before the label, hidden from screen readers (a colour swatch). */
  mark?: ReactNode;
};

/** A group of radio buttons under a legend: one choice, every option's name visible. */
export function RadioGroup<V extends string>(props: {
  legend: string;
  value: V;
  options: readonly RadioOption<V>[];
  onChange: (value: V) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <fieldset className="fieldset" aria-describedby={props.hint ? `${id}-hint` : undefined}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <div className="field__choice" key={option.value}>
          <label>
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={option.value === props.value}
              onChange={() => props.onChange(option.value)}
            />{' '}
            {option.mark ? <span aria-hidden="true">{option.mark}</span> : null}
            {option.label}
          </label>
        </div>
      ))}
      {props.hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
    </fieldset>
  );
}
