import { hmacSha1 } from './sha1';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) for the optional second
 * factor of members and customers: HMAC-SHA-1, 6 digits, 30-second steps, one step either
 * side accepted for clock drift. Pure: the caller passes the clock, the secret's bytes and
 * the last step it accepted; remembering that step is what stops a code being used twice.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of now (RFC 6238 §5.2 recommends at most one). */
export const TOTP_WINDOW = 1;
/** 160 bits, the HMAC-SHA-1 output size RFC 4226 §4 recommends for a secret. */
export const TOTP_SECRET_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;
/** 120 bits each: above ASVS's 112, so a plain SHA-256 may store them (V6.5.2). */
export const RECOVERY_CODE_BYTES = 15;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, the form otpauth:// URIs and authenticator apps take. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** Reads base32 ignoring case, spaces and padding; undefined for any other character. */
export function base32Decode(text: string): Uint8Array | undefined {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) return undefined;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** RFC 4226 HOTP: the code for one counter value. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const mac = hmacSha1(secret, message);
  const offset = (mac[19] ?? 0) & 0x0f;
  const binary = new DataView(mac.buffer, mac.byteOffset).getUint32(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment falls in (RFC 6238's T, with T0 = 0). */
export const totpStep = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

export const totpCode = (secret: Uint8Array, nowMs: number, digits = TOTP_DIGITS): string =>
  hotp(secret, totpStep(nowMs), digits);

/** Spaces and hyphens people type or paste are dropped; letters compare lowercased. */
export const normaliseOneTimeCode = (input: string): string =>
  input.replace(/[\s-]/g, '').toLowerCase();

/** Whether what was typed has the shape of an authenticator code (else: a recovery code). */
export const isTotpCodeShape = (input: string): boolean =>
  new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normaliseOneTimeCode(input));

/** Compares without stopping at the first difference, so timing says nothing. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export type TotpCheck =
  | { ok: true; step: number }
  /** wrong: no step in the window has this code; used: it was accepted before (replay). */
  | { ok: false; reason: 'wrong' | 'used' };

/**
 * Checks a typed code against the steps around `nowMs`. A code whose step is not after
 * `lastUsedStep` is refused as used, so each code (and any older one) works once; the
 * caller stores the returned step only if no one stored a later one meanwhile.
 */
export function checkTotp(input: {
  secret: Uint8Array;
  code: string;
  nowMs: number;
  lastUsedStep: number | null;
}): TotpCheck {
  const code = normaliseOneTimeCode(input.code);
  if (!isTotpCodeShape(code)) return { ok: false, reason: 'wrong' };
  const now = totpStep(input.nowMs);
  let isUsed = false;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (!sameText(hotp(input.secret, step), code)) continue;
    if (input.lastUsedStep !== null && step <= input.lastUsedStep) isUsed = true;
    else return { ok: true, step };
  }
  return { ok: false, reason: isUsed ? 'used' : 'wrong' };
}

/**
 * The otpauth:// URI authenticator apps read from a QR code (Google Authenticator's
 * Key Uri Format): the issuer labels the entry, the account tells two entries apart.
 */
export function otpauthUri(input: { issuer: string; account: string; secret: string }): string {
  const issuer = encodeURIComponent(input.issuer);
  const label = `${issuer}:${encodeURIComponent(input.account)}`;
  return `otpauth://totp/${label}?secret=${input.secret}&issuer=${issuer}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_SECONDS}`;
}

/** The key in groups of four, easier to type into an app by hand. */
export const groupedKey = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? '';

/** A recovery code as shown: 24 lowercase base32 characters in four groups of six. */
export const formatRecoveryCode = (bytes: Uint8Array): string =>
  (
    base32Encode(bytes)
      .toLowerCase()
      .match(/.{1,6}/g) ?? []
  ).join('-');

/** What a recovery code is stored and compared as, or undefined if it cannot be one. */
export function recoveryCodeKey(input: string): string | undefined {
  const key = normaliseOneTimeCode(input);
  const length = Math.ceil((RECOVERY_CODE_BYTES * 8) / 5);
  return new RegExp(`^[a-z2-7]{${length}}$`).test(key) ? key : undefined;
}
