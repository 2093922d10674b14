/** Shortening text for excerpts and titles (SPEC §9: default 100 with ellipsis). */

export const TRUNCATE_DEFAULT_LENGTH = 100;
/** Three dots, as the template language's truncate formatter writes them. */
export const TRUNCATE_ELLIPSIS = '...';

/**
 * Cuts at a word boundary where there is one, so a shopper never reads half a word; the
 * result, ellipsis included, is never longer than `length`.
 */
export const truncate = (
  text: string,
  { length = TRUNCATE_DEFAULT_LENGTH, ellipsis = TRUNCATE_ELLIPSIS } = {},
): string => {
  if (text.length <= length) return text;
  const room = Math.max(0, length - ellipsis.length);
  const cut = text.slice(0, room);
  const lastSpace = cut.lastIndexOf(' ');
  const kept = lastSpace > 0 ? cut.slice(0, lastSpace) : cut;
  return `${kept.trimEnd()}${ellipsis}`;
};

/** Text of an HTML excerpt with markup removed; blank means there is no excerpt to show. */
export const stripMarkup = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const hasExcerptText = (html: string | null | undefined): boolean =>
  stripMarkup(html ?? '') !== '';
