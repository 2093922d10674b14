import { z } from 'zod';

// Paywalls (issue 22): what a paywall product unlocks, set by the merchant, and what a
// lock screen (page type 103) tells a visitor who has not paid.

const MAX_TARGETS = 200;

/** What a paywall product unlocks: pages and collections, by id (each at most once). */
export const paywallTargetsSchema = z
  .object({
    pageIds: z
      .array(z.string().uuid('pageIds must be page ids'))
      .max(MAX_TARGETS)
      .transform((ids) => [...new Set(ids)]),
    collectionIds: z
      .array(z.string().uuid('collectionIds must be collection ids'))
      .max(MAX_TARGETS)
      .transform((ids) => [...new Set(ids)]),
  })
  .meta({ id: 'PaywallTargets' });

/** The targets plus every page and collection the merchant may choose from. */
export const paywallAccessSchema = z
  .object({
    pageIds: z.array(z.string()),
    collectionIds: z.array(z.string()),
    pages: z.array(z.object({ id: z.string(), title: z.string(), urlSlug: z.string() })),
    collections: z.array(z.object({ id: z.string(), title: z.string(), urlId: z.string() })),
  })
  .meta({ id: 'PaywallAccess' });

export const paywallAccessQuerySchema = z.object({ t: z.string().min(1).max(200) });

/** One way into a locked page: a paywall product the visitor can buy. */
export const paywallOfferSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  title: z.string(),
  url: z.string(),
  priceCents: z.number().int(),
  salePriceCents: z.number().int().nullable(),
  currency: z.string(),
});

export type PaywallTargets = z.infer<typeof paywallTargetsSchema>;
export type PaywallAccess = z.infer<typeof paywallAccessSchema>;
export type PaywallOffer = z.infer<typeof paywallOfferSchema>;
