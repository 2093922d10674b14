// Value rules of the language (§2 of LANGUAGE.md): truthiness, how a value prints, and
// safe lookup of a key inside a JSON value. `undefined` stands for "missing".

/** A JSON value, or `undefined` for a name that did not resolve. */
export type Value = unknown;

export function isTruthy(v: Value): boolean {
  if (v === undefined || v === null || v === false || v === '' || v === 0) return false;
  if (typeof v === 'number') return !Number.isNaN(v);
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') {
    for (const k in v) if (Object.hasOwn(v, k)) return true;
    return false;
  }
  return true;
}

function arrayElementText(v: Value): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.map(arrayElementText).join(',');
  if (typeof v === 'object') return '[object Object]';
  return String(v);
}

/** Text emitted for a value: strings as-is, numbers in JS shortest form, objects empty. */
export function emitText(v: Value): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    case 'object':
      if (v === null) return '';
      return Array.isArray(v) ? v.map(arrayElementText).join(',') : '';
    default:
      return '';
  }
}

/** Looks `key` up inside `v`: own keys of objects, digit indexes of arrays. */
export function getKey(v: Value, key: string): Value {
  if (v === null || typeof v !== 'object') return undefined;
  if (Array.isArray(v)) {
    const i = Number(key);
    return Number.isInteger(i) && i >= 0 && key !== '' ? v[i] : undefined;
  }
  // Fast own-property read: JSON data holds no functions, so anything callable (or the
  // __proto__ accessor) comes from the prototype and counts as missing.
  if (key === '__proto__') return undefined;
  const x = (v as Record<string, unknown>)[key];
  return typeof x === 'function' ? undefined : x;
}

export function isObject(v: Value): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Number of a value as the formatters see it: numbers, numeric strings, booleans. */
export function toNumber(v: Value): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    const s = v.trim();
    return s === '' ? Number.NaN : Number(s);
  }
  return Number.NaN;
}

/** Scalar as a string; objects and arrays give ''. */
export function toStr(v: Value): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** Deep equality of JSON values (numbers by value, so 1 equals 1.0). */
export function deepEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null) return false;
  if (typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao);
  if (ak.length !== Object.keys(bo).length) return false;
  for (const k of ak) if (!Object.hasOwn(bo, k) || !deepEqual(ao[k], bo[k])) return false;
  return true;
}
