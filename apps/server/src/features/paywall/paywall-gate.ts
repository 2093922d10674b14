import type { FastifyRequest } from 'fastify';
import { lockOf, type PaywallService } from './paywall.service.ts';
import { ACCESS_COOKIE, tokensOfCookie } from './paywall-tokens.ts';

/** What a paywall says about one address for one visitor. */
export type PaywallVerdict =
  | { isPaywalled: false }
  | { isPaywalled: true; hasAccess: boolean; productIds: readonly string[] };

/**
 * Whether a page or collection is paywalled, and whether this visitor's cookie holds a
 * standing grant that opens it. The storefront pages and the public catalog API ask the
 * same question, so neither can show what the other locks.
 */
export function createPaywallGate(paywall: Pick<PaywallService, 'locksOf' | 'unlockedProducts'>) {
  return async function verdictOf(
    request: FastifyRequest,
    websiteId: string,
    lock: { kind: 'page' | 'collection'; address: string },
  ): Promise<PaywallVerdict> {
    const locks = await paywall.locksOf(websiteId);
    const productIds = lockOf(lock.kind === 'page' ? locks.pages : locks.collections, lock.address);
    if (productIds.length === 0) return { isPaywalled: false };
    const tokens = tokensOfCookie(request.cookies[ACCESS_COOKIE]);
    const unlocked =
      tokens.length > 0 ? await paywall.unlockedProducts(websiteId, tokens) : new Set<string>();
    return { isPaywalled: true, hasAccess: productIds.some((id) => unlocked.has(id)), productIds };
  };
}

export type PaywallGate = ReturnType<typeof createPaywallGate>;
