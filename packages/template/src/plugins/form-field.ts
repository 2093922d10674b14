// The summary-form-field snippet (§5 ▲): one submitted form field as the HTML block of
// an order/form summary e-mail. Each field type has its own layout of `values`; any
// other type shows `value`. Site text is emitted as submitted (the reference does not
// escape it), and a field with nothing to show reads "N/A".

import type { Formatter } from '../types.ts';
import { emitText, getKey, isTruthy, type Value } from '../values.ts';

const NOT_AVAILABLE = 'N/A';

const LIKERT_ANSWERS: Record<string, string> = {
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
};

/** The answer to one likert statement, keyed by the value's JS string form. */
function likertAnswer(v: Value): string {
  const key = v !== null && typeof v === 'object' && !Array.isArray(v) ? '' : String(v);
  const answer = Object.hasOwn(LIKERT_ANSWERS, key) ? LIKERT_ANSWERS[key] : undefined;
  if (answer !== undefined) return answer;
  // The reference looks the key up on a plain object, so inherited names
  // ("constructor", …) find something that prints as nothing.
  return key in Object.prototype ? '' : 'Neutral';
}

const nested = (lines: string) => `<div style="padding-left:5px;">\n${lines}</div>`;

function address(values: Value): string {
  const part = (key: string) => emitText(getKey(values, key));
  const line2 = getKey(values, 'Line2');
  return nested(
    `  <div>${part('Line1')}</div>\n` +
      (isTruthy(line2) ? `  <div>${emitText(line2)}</div>\n` : '') +
      `  <div>${part('City')}, ${part('State')} ${part('Zip')} ${part('Country')}</div>\n`,
  );
}

function likert(values: Value): string {
  if (values === undefined || values === null) {
    // Mirrors the reference, which fails on a likert field without answers.
    throw new TypeError('Cannot convert undefined or null to object');
  }
  let lines = '';
  for (const [statement, answer] of Object.entries(values as object)) {
    lines += `  <div><span style="font-weight:bold;">${statement}:</span> ${likertAnswer(answer as Value)}</div>\n`;
  }
  return nested(lines);
}

function time(values: Value): string {
  const part = (key: string) => {
    const v = getKey(values, key);
    return isTruthy(v) ? emitText(v) : '00';
  };
  return `${part('Hour')}:${part('Minute')}:${part('Second')} ${emitText(getKey(values, 'Ampm'))}`;
}

function phone(values: Value): string {
  const part = (key: string) => emitText(getKey(values, key));
  const country = getKey(values, 'Country');
  const prefix = isTruthy(country) ? `+${emitText(country)} ` : '';
  return `${prefix}${part('Areacode')}-${part('Prefix')}-${part('Line')}`;
}

/** Text of a scalar (objects and arrays print as nothing, unlike in `values`). */
const scalarText = (v: Value) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/** `value` of a field without its own layout. */
function plainValue(field: Value): string {
  const text = scalarText(getKey(field, 'value'));
  return text === '' ? NOT_AVAILABLE : text;
}

function fieldText(field: Value): string {
  const values = getKey(field, 'values');
  const part = (key: string) => emitText(getKey(values, key));
  switch (getKey(field, 'type')) {
    case 'address':
      return address(values);
    case 'checkbox': {
      // Checked boxes as a list; with none checked the field falls back to a truthy `value`.
      if (isTruthy(values))
        return `${Array.isArray(values) ? values.map(emitText).join(', ') : ''}\n`;
      const value = getKey(field, 'value');
      const text = isTruthy(value) ? emitText(value) : '';
      return text === '' ? NOT_AVAILABLE : text;
    }
    case 'date':
      return `${part('Month')}/${part('Day')}/${part('Year')}`;
    case 'likert':
      return likert(values);
    case 'name':
      return `${part('First')} ${part('Last')}`;
    case 'phone':
      return phone(values);
    case 'time':
      return time(values);
    default:
      return plainValue(field);
  }
}

export const FORM_FIELD_FORMATTERS: Record<string, Formatter> = {
  'summary-form-field': (_ctx, _call, [field]) => {
    const text = fieldText(field);
    return (
      '<div style="font-size:11px; margin-top:3px">\n' +
      `  <span style="font-weight:bold;">${scalarText(getKey(field, 'rawTitle'))}:</span> ${text}\n</div>`
    );
  },
};
