import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Standard Webhooks signatures (https://www.standardwebhooks.com): every delivery carries
//   webhook-id:        the event's id (the same on every retry and replay)
//   webhook-timestamp: seconds since the epoch when this attempt was signed
//   webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">
// keyed with the base64-decoded part of the endpoint's `whsec_…` secret. `verifyWebhook`
// is the check a receiver makes, written out in docs/ARCHITECTURE.md and on the screen.

export const SECRET_PREFIX = 'whsec_';
/** Receivers should refuse timestamps further than this from their clock (replays). */
export const TOLERANCE_SECONDS = 5 * 60;

/** A new endpoint secret: 24 random bytes, base64, after `whsec_`. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** The webhook-signature header's value for one attempt. */
export function signWebhook(input: {
  secret: string;
  id: string;
  timestamp: number;
  body: string;
}): string {
  const mac = createHmac('sha256', keyOf(input.secret))
    .update(`${input.id}.${input.timestamp}.${input.body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/**
 * The receiver's check: the timestamp is recent and one of the space-separated
 * signatures is ours over exactly these bytes. False for a tampered body, id or
 * timestamp, another secret, or a stale message.
 */
export function verifyWebhook(input: {
  secret: string;
  headers: { 'webhook-id'?: string; 'webhook-timestamp'?: string; 'webhook-signature'?: string };
  body: string;
  nowSeconds?: number;
}): boolean {
  const id = input.headers['webhook-id'];
  const timestamp = Number(input.headers['webhook-timestamp']);
  const signatures = input.headers['webhook-signature'];
  if (!id || !Number.isInteger(timestamp) || !signatures) return false;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(
    signWebhook({ secret: input.secret, id, timestamp, body: input.body }),
  );
  return signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
