import type { FormDefinition } from '@atelier/contract';
import {
  characterCount,
  type FieldValue,
  LIKERT_VALUES,
  likertLabel,
  MULTI_PART_LABELS,
} from '@atelier/core';

type Field = FormDefinition['fields'][number];
export type Answers = Record<string, FieldValue>;

type FormFieldsProps = {
  idPrefix: string;
  fields: Field[];
  answers: Answers;
  errors: Record<string, string>;
  onChange: (fieldId: string, value: FieldValue) => void;
};

const MULTI_PART_KINDS = new Set(Object.keys(MULTI_PART_LABELS));

/**
 * The fields of a merchant's form, each with its label, and its error above the title
 * (SPEC §5). Controlled: answers live with the caller, who validates with core.
 */
export function FormFields({ idPrefix, fields, answers, errors, onChange }: FormFieldsProps) {
  return (
    <>
      {fields.map((field) => {
        const id = `${idPrefix}-${field.id}`;
        const error = errors[field.id];
        const errorId = `${id}-error`;
        const described = error ? errorId : undefined;
        const required = field.isRequired ? (
          <span className="form-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null;
        const errorLine = error ? (
          <p className="form-field__error" id={errorId}>
            {error}
          </p>
        ) : null;
        if (field.kind === 'section') {
          return (
            <h3 key={field.id} className="form-section">
              {field.label}
            </h3>
          );
        }
        if (field.kind === 'hidden') return null;
        if (MULTI_PART_KINDS.has(field.kind)) {
          const parts = MULTI_PART_LABELS[field.kind as keyof typeof MULTI_PART_LABELS];
          const values = Array.isArray(answers[field.id]) ? (answers[field.id] as string[]) : [];
          return (
            <fieldset key={field.id} className="form-field" aria-describedby={described}>
              {errorLine}
              <legend>
                {field.label}
                {required}
              </legend>
              <div className="form-field__parts">
                {parts.map((part, index) => (
                  <label key={part} className="form-field__part">
                    <span>{part}</span>
                    <input
                      value={values[index] ?? ''}
                      onChange={(event) => {
                        const next = parts.map((_, i) => values[i] ?? '');
                        next[index] = event.target.value;
                        onChange(field.id, next);
                      }}
                    />
                  </label>
                ))}
              </div>
            </fieldset>
          );
        }
        if (field.kind === 'checkbox' || field.kind === 'radio') {
          const selected = answers[field.id];
          const list = Array.isArray(selected)
            ? selected
            : typeof selected === 'string' && selected
              ? [selected]
              : [];
          return (
            <fieldset key={field.id} className="form-field" aria-describedby={described}>
              {errorLine}
              <legend>
                {field.label}
                {required}
              </legend>
              {(field.options ?? []).map((option) => (
                <label key={option} className="form-field__choice">
                  <input
                    type={field.kind}
                    name={id}
                    value={option}
                    checked={list.includes(option)}
                    onChange={(event) => {
                      if (field.kind === 'radio') onChange(field.id, option);
                      else
                        onChange(
                          field.id,
                          event.target.checked
                            ? [...list, option]
                            : list.filter((v) => v !== option),
                        );
                    }}
                  />{' '}
                  {option}
                </label>
              ))}
            </fieldset>
          );
        }
        if (field.kind === 'likert') {
          const chosen = (answers[field.id] ?? {}) as Record<string, string>;
          return (
            <fieldset key={field.id} className="form-field" aria-describedby={described}>
              {errorLine}
              <legend>{field.label}</legend>
              {(field.questions ?? []).map((question) => (
                <div key={question} className="form-field__likert">
                  <label htmlFor={`${id}-${question}`}>{question}</label>
                  <select
                    id={`${id}-${question}`}
                    value={chosen[question] ?? ''}
                    onChange={(event) =>
                      onChange(field.id, { ...chosen, [question]: event.target.value })
                    }
                  >
                    <option value="">Choose an answer</option>
                    {LIKERT_VALUES.map((value) => (
                      <option key={value} value={String(value)}>
                        {likertLabel(value)}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </fieldset>
          );
        }
        const value = typeof answers[field.id] === 'string' ? (answers[field.id] as string) : '';
        // Past the limit the counter turns red; typing goes on (the check runs on submit).
        const count =
          field.kind === 'textarea'
            ? characterCount({ length: value.length, maxLength: field.maxLength ?? 0 })
            : null;
        const counterId = `${id}-count`;
        const describedBy = [described, count ? counterId : null].filter(Boolean).join(' ');
        const common = {
          id,
          value,
          'aria-describedby': describedBy || undefined,
          'aria-invalid': error || count?.isOverLimit ? true : undefined,
          required: field.isRequired,
          placeholder: field.placeholder,
        };
        return (
          <div key={field.id} className="form-field">
            {errorLine}
            <label htmlFor={id}>
              {field.label}
              {required}
            </label>
            {field.description ? (
              <p className="form-field__description">{field.description}</p>
            ) : null}
            {field.kind === 'textarea' ? (
              <>
                <textarea
                  {...common}
                  rows={4}
                  onChange={(event) => onChange(field.id, event.target.value)}
                />
                {count ? (
                  <p
                    id={counterId}
                    className={
                      count.isOverLimit
                        ? 'form-field__counter form-field__counter--over'
                        : 'form-field__counter'
                    }
                  >
                    {count.text}
                  </p>
                ) : null}
              </>
            ) : field.kind === 'select' ? (
              <select {...common} onChange={(event) => onChange(field.id, event.target.value)}>
                <option value="">Select an option</option>
                {(field.options ?? []).map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={inputType(field.kind)}
                maxLength={field.maxLength || undefined}
                onChange={(event) => onChange(field.id, event.target.value)}
              />
            )}
          </div>
        );
      })}
    </>
  );
}

function inputType(kind: Field['kind']): string {
  switch (kind) {
    case 'email':
      return 'email';
    case 'number':
    case 'currency':
      return 'number';
    case 'website':
      return 'url';
    case 'password':
      return 'password';
    default:
      return 'text';
  }
}
