import { randomInt } from 'node:crypto';

// Codes people type: 16 characters from an alphabet without look-alikes (no 0/O, 1/I/L),
// grouped in fours. 31^16 ≈ 7·10^23 codes, so guessing one is hopeless; the unique
// index (website_id, code) still guards the astronomically unlikely clash.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newGiftCardCode(): string {
  let code = '';
  for (let i = 0; i < 16; i++) {
    if (i > 0 && i % 4 === 0) code += '-';
    code += ALPHABET[randomInt(ALPHABET.length)];
  }
  return code;
}

/** What the gift card purchase form sends as an entry's additional fields (JSON). */
export type GiftCardRecipient = {
  recipientName: string | null;
  recipientEmail: string | null;
  message: string | null;
  sendAt: Date | null;
};

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/**
 * Reads the recipient from the entry's additional-fields JSON. Accepts the plain keys
 * (recipientName, recipientEmail, message, sendDate) and ignores anything unreadable:
 * a gift card with no recipient is delivered to the buyer.
 */
export function parseGiftCardRecipient(json: string | null): GiftCardRecipient {
  let fields: Record<string, unknown> = {};
  try {
    const parsed: unknown = json ? JSON.parse(json) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      fields = parsed as Record<string, unknown>;
    }
  } catch {
    fields = {};
  }
  const email = text(fields.recipientEmail, 256);
  const sendDate = text(fields.sendDate ?? fields.sendAt, 40);
  const sendAt = sendDate ? new Date(sendDate) : null;
  return {
    recipientName: text(fields.recipientName, 200),
    recipientEmail: email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null,
    message: text(fields.message, 2000),
    sendAt: sendAt && !Number.isNaN(sendAt.getTime()) ? sendAt : null,
  };
}
