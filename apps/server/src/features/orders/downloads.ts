import { createHmac, timingSafeEqual } from 'node:crypto';

// A digital product's file reaches its buyer through a signed, expiring link. The key is
// the order's own secret token (the status page's capability, never part of the link),
// so no server-wide secret has to be configured, a link cannot be made for another
// order or line, and one order's links all die with its token. Nothing is stored: a
// fresh link is signed whenever the order is read.

/**
 * How long a download link works unless the merchant says otherwise: long enough to get
 * to a computer, short if forwarded.
 */
export const DOWNLOAD_LINK_HOURS = 72;

type DownloadKey = { orderId: string; lineNumber: number; secretToken: string };

function signature(key: DownloadKey, expiresAtSeconds: number): string {
  return createHmac('sha256', key.secretToken)
    .update(`download:${key.orderId}:${key.lineNumber}:${expiresAtSeconds}`)
    .digest('base64url');
}

/** A link to the line's file that works for `hours` (the product's terms) from `now`. */
export function signDownload(
  key: DownloadKey,
  now: number,
  hours = DOWNLOAD_LINK_HOURS,
): { url: string; expiresAt: number } {
  const expiresAtSeconds = Math.floor(now / 1000) + hours * 3600;
  const sig = signature(key, expiresAtSeconds);
  return {
    url: `/commerce/downloads/${key.orderId}/${key.lineNumber}?expires=${expiresAtSeconds}&sig=${sig}`,
    expiresAt: expiresAtSeconds * 1000,
  };
}

/** Whether the link's signature is the order's: 'ok', 'expired' or 'invalid'. */
export function checkDownload(
  key: DownloadKey,
  link: { expires: number; sig: string },
  now: number,
): 'ok' | 'expired' | 'invalid' {
  const expected = Buffer.from(signature(key, link.expires));
  const given = Buffer.from(link.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return link.expires * 1000 < now ? 'expired' : 'ok';
}
