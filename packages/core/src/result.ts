/**
 * Expected failures in core are values, not exceptions: a caller has to look at `ok`
 * before it can reach the value, so a rejected input can never be mistaken for a valid one.
 */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });
