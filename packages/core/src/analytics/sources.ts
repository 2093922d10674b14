/**
 * Where a visit came from, what it ran on and which error it hit, reduced to the few
 * values a dashboard groups by. Pure, so the server's ingestion and its tests agree.
 */

export type WebVitalName = 'FCP' | 'LCP' | 'CLS' | 'INP' | 'TTFB' | 'FID';

export const DIRECT_SOURCE = 'Direct / None';

/** Hosts a shop owner knows by name; any other referrer is shown as its host. */
const NAMED_SOURCES: readonly [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, 'Google'],
  [/(^|\.)bing\.com$/, 'Bing'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo'],
  [/(^|\.)search\.yahoo\.com$|(^|\.)yahoo\.com$/, 'Yahoo'],
  [/(^|\.)ecosia\.org$/, 'Ecosia'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'Facebook'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)pinterest\.[a-z.]+$|(^|\.)pin\.it$/, 'Pinterest'],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'X (Twitter)'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'LinkedIn'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube'],
  [/(^|\.)reddit\.com$/, 'Reddit'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
];

/** The referrer's host without www., or null when there is none or it is this site. */
export function referrerHostOf(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!host || host === ownHost.toLowerCase().replace(/:\d+$/, '')) return null;
  return host.replace(/^www\./, '');
}

/** utm_source wins (the owner tagged the link), then the named referrer, then its host. */
export function trafficSourceOf(referrerHost: string | null, utmSource: string | null): string {
  if (utmSource) return utmSource;
  if (!referrerHost) return DIRECT_SOURCE;
  for (const [pattern, name] of NAMED_SOURCES) if (pattern.test(referrerHost)) return name;
  return referrerHost;
}

export type UtmTags = { source: string | null; medium: string | null; campaign: string | null };

/** The utm_ tags of a landing address's query string, trimmed and bounded. */
export function utmTagsOf(search: string | undefined): UtmTags {
  const params = new URLSearchParams(search ?? '');
  const tag = (name: string) => {
    const value = params.get(name)?.trim().slice(0, 100);
    return value ? value : null;
  };
  return { source: tag('utm_source'), medium: tag('utm_medium'), campaign: tag('utm_campaign') };
}

/** SPEC §9: a phone is up to 432 px wide; tablets up to 1024. */
export function deviceOfWidth(width: number | undefined): 'Mobile' | 'Tablet' | 'Desktop' | null {
  if (width === undefined || width <= 0) return null;
  if (width <= 432) return 'Mobile';
  return width <= 1024 ? 'Tablet' : 'Desktop';
}

/** The region of a language tag ('en-GB' → 'GB'), when it names one. */
export function regionOfLanguage(language: string | undefined): string | null {
  if (!language) return null;
  const match = /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})(?:[-_]|$)/.exec(language.trim());
  return match?.[1] ? match[1].toUpperCase() : null;
}

/**
 * What makes two JavaScript errors the same: the message with its numbers and quoted
 * values blanked (an id in a message would otherwise split one bug into thousands) and
 * the first stack frame's file and function, without line and column (a redeploy moves
 * them).
 */
export function errorFingerprintSource(message: string, stack: string | undefined): string {
  const normalized = message
    .replace(/(["'`]).*?\1/g, '…')
    .replace(/\b0x[0-9a-f]+\b/gi, 'N')
    .replace(/\d+(\.\d+)?/g, 'N')
    .trim()
    .slice(0, 300);
  const frame = (stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /^at\s|@/.test(line));
  const where = frame ? frame.replace(/:\d+(:\d+)?\)?$/, '').replace(/\?[^\s)]*/, '') : '';
  return `${normalized}\n${where}`;
}
