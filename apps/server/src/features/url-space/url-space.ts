import {
  editorApiMessages,
  editorMessages,
  generateUrlId,
  MIN_SLUG_LENGTH,
  slugify,
} from '@atelier/core';
import { type AppError, fail } from '../../http/errors.ts';
import type { UrlHolder, UrlSpaceRepo } from './url-space.repo.ts';

// A website's first path segments are one space: /{segment} is the server's own route, a
// page or a collection, never two of them. Every place that gives a page its slug or a
// collection its url id goes through here, so the rules (reserved, shape, unique) live once.
// Redirects join when they exist: they are one more holder in url-space.repo.ts.

export type UrlSpace = ReturnType<typeof createUrlSpace>;

/**
 * First segments the server answers or will answer itself; a page or collection there
 * could never be reached. `url-space.test.ts` walks every route the built app registers
 * and fails when its first segment is missing here. Future entries are reserved now
 * because a merchant's page at /blog would be hidden the day the blog ships; a page
 * that already holds one of them keeps working until then (the storefront's /:slug
 * route still finds it) and is only refused a new slug there.
 */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set([
  // Answered today.
  'api',
  'assets',
  'files',
  'healthz',
  'config',
  'cart',
  'checkout',
  'commerce',
  'order-confirmed',
  'gift-card',
  'search',
  'sitemap.xml',
  'robots.txt',
  // Implied by SPEC: order status (211), subscription checkout, donate (203), the
  // visitor's account and member areas, blog items, forms, newsletter sign-ups and their
  // unsubscribe links, incoming payment and integration webhooks.
  'orders',
  'order-status',
  'subscription',
  'donate',
  'account',
  'members',
  'blog',
  'forms',
  'newsletter',
  'unsubscribe',
  'webhooks',
  // What browsers, crawlers and certificate authorities ask every site for.
  'favicon',
  'favicon.ico',
  '.well-known',
]);

export const isReservedSegment = (segment: string): boolean => RESERVED_SEGMENTS.has(segment);

/**
 * Why `segment` cannot name a page or collection, whoever holds what: reserved first (so
 * /sitemap.xml says it is the store's rather than malformed), then core's slug rule
 * (SPEC §5: what was typed must already be a clean slug of at least three characters).
 */
export function segmentProblem(segment: string): string | undefined {
  if (isReservedSegment(segment)) return editorApiMessages.slugReserved(segment);
  if (segment.length < MIN_SLUG_LENGTH || slugify(segment) !== segment) {
    return editorMessages.invalidPageUrl(segment);
  }
  return undefined;
}

export function createUrlSpace({ urlSpaceRepo }: { urlSpaceRepo: UrlSpaceRepo }) {
  return {
    /**
     * Refuses a segment a person chose: 400 when reserved or malformed, 409 when another
     * page or collection of the website holds it. `field` names the input in the
     * answer's field errors; `holder` is the page or collection being renamed.
     */
    async check(args: {
      websiteId: string;
      segment: string;
      field: string;
      holder?: UrlHolder;
    }): Promise<void> {
      const { websiteId, segment, field, holder } = args;
      const problem = segmentProblem(segment);
      if (problem) {
        const code = isReservedSegment(segment) ? 'URL_RESERVED' : 'PAGE_URL_INVALID';
        throw fail(code, problem, { [field]: problem });
      }
      if (await urlSpaceRepo.isTaken(websiteId, segment, holder)) throw taken(segment, field);
    },

    /** A free segment from a title: core's slug, the fallback under 3 characters, then -1, -2, …. */
    async generate(args: {
      websiteId: string;
      title: string;
      fallbackTitle: string;
    }): Promise<string> {
      const { websiteId, title, fallbackTitle } = args;
      const base = generateUrlId({ title, fallbackTitle, takenIds: new Set() });
      const takenIds = new Set([
        ...RESERVED_SEGMENTS,
        ...(await urlSpaceRepo.listTakenStartingWith(websiteId, base)),
      ]);
      return generateUrlId({ title: base, fallbackTitle, takenIds });
    },
  };
}

/** Another page or collection holds `segment` (also when a racing writer took it first). */
export function taken(segment: string, field: string): AppError {
  const message = editorApiMessages.slugTaken(segment);
  return fail('URL_TAKEN', message, { [field]: message });
}
