// What PostgreSQL (and PGlite, which speaks its protocol) sends back when it refuses a
// statement: a severity and an SQLSTATE code, and for a broken constraint its name.
type DatabaseErrorFields = { severity?: unknown; code?: unknown; constraint?: unknown };

const fieldsOf = (error: unknown): DatabaseErrorFields =>
  typeof error === 'object' && error !== null ? (error as DatabaseErrorFields) : {};

/**
 * Whether the database refused the statement, so it rolled back: a severity and an
 * SQLSTATE, which a lost connection's error (code ECONNRESET, EPIPE…, no severity) lacks.
 */
export function isDatabaseError(error: unknown): boolean {
  const { code, severity } = fieldsOf(error);
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** Whether a write failed by being a duplicate (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return fieldsOf(error).code === '23505';
}

/**
 * The constraint a failed write broke by being a duplicate, if that is why it failed: a
 * concurrent writer can take a url id or SKU between check and insert.
 */
export function uniqueViolation(error: unknown): string | undefined {
  const { constraint } = fieldsOf(error);
  return isUniqueViolation(error) && typeof constraint === 'string' ? constraint : undefined;
}
