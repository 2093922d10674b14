// The one rule for text that crosses the boundary. PostgreSQL refuses a NUL byte in text
// (and in jsonb), and a lone UTF-16 surrogate cannot be encoded as UTF-8, so either one
// reaching a statement fails it; they are refused where a person typed the value and
// removed where a value is only read (a search query, a page address).

/** The largest value of a PostgreSQL `integer` column. */
export const MAX_INT4 = 2_147_483_647;

export const unsafeTextMessage = 'Remove the invisible control characters from this text.';

// A NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL is the point
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSAFE_GLOBAL = new RegExp(UNSAFE.source, 'g');

export function isSafeText(text: string): boolean {
  return !UNSAFE.test(text);
}

export function withoutUnsafeText(text: string): string {
  return isSafeText(text) ? text : text.replace(UNSAFE_GLOBAL, '');
}

/**
 * The path of the first string (object key or value) in a parsed JSON value, query or
 * form that is not safe text, or undefined. Iterative, so a deeply nested hostile body
 * cannot overflow the stack; it visits each value once.
 */
export function findUnsafeText(value: unknown): (string | number)[] | undefined {
  // Each visited value remembers its parent and key; the path is built only when found,
  // so a 100,000-deep body costs 100,000 small records, not 100,000 copied paths.
  type Visit = { value: unknown; key: string | number; parent: Visit | undefined };
  const pathOf = (visit: Visit | undefined, key?: string | number): (string | number)[] => {
    const path: (string | number)[] = key === undefined ? [] : [key];
    for (let at = visit; at?.parent !== undefined; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Visit[] = [{ value, key: '', parent: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i], key: i, parent: visit });
      }
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (!isSafeText(key)) return pathOf(visit, key);
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return undefined;
}
