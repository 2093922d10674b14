import type { PaywallAccess, PaywallOffer, PaywallTargets, Product } from '@atelier/contract';
import { ProductType, paywallMessages, productLevelPrice } from '@atelier/core';
import { fail } from '../../http/errors.ts';
import type { PaywallLock, PaywallQueries } from './paywall.repo.ts';
import { hashAccessToken, isAccessToken } from './paywall-tokens.ts';

export type PaywallService = ReturnType<typeof createPaywallService>;

/**
 * The products guarding each locked address of a website (what the storefront asks), by
 * page slug and collection url id. Plain records, as remembered reads are measured as JSON.
 */
export type PaywallLocks = {
  pages: Readonly<Record<string, readonly string[]>>;
  collections: Readonly<Record<string, readonly string[]>>;
};

/** The products that open an address, or none: it is not locked. */
export const lockOf = (
  locks: Readonly<Record<string, readonly string[]>>,
  address: string,
): readonly string[] => (Object.hasOwn(locks, address) ? (locks[address] ?? []) : []);

function groupLocks(locks: readonly PaywallLock[]): PaywallLocks {
  const pages = new Map<string, string[]>();
  const collections = new Map<string, string[]>();
  for (const lock of locks) {
    const into = lock.kind === 'page' ? pages : collections;
    into.set(lock.address, [...(into.get(lock.address) ?? []), lock.productId]);
  }
  return { pages: Object.fromEntries(pages), collections: Object.fromEntries(collections) };
}

/** The offer a lock screen shows for one paywall product. */
export function offerOf(product: Product): PaywallOffer | null {
  const variant = product.variants[0];
  if (!variant) return null;
  const level = productLevelPrice(product);
  const isOnSale = level?.isOnSale ?? variant.isOnSale;
  return {
    productId: product.id,
    sku: variant.sku,
    title: product.title,
    url: product.fullUrl,
    priceCents: level?.priceCents ?? variant.priceCents,
    salePriceCents: isOnSale ? (level?.salePriceCents ?? variant.salePriceCents) : null,
    currency: product.currency,
  };
}

export function createPaywallService({
  paywallRepo,
  findProductByUrlId,
  onPublicChange,
}: {
  paywallRepo: PaywallQueries;
  /** A visible product by url id (the catalog's storefront read), for offers. */
  findProductByUrlId: (websiteId: string, urlId: string) => Promise<Product | undefined>;
  /** Locking or unlocking a page changes what it shows: the page cache must forget it. */
  onPublicChange: (websiteId: string) => void;
}) {
  async function paywallProduct(websiteId: string, productId: string) {
    const product = await paywallRepo.productTypeOf(websiteId, productId);
    if (!product) throw fail('PRODUCT_NOT_FOUND', 'Product not found');
    return product;
  }

  async function access(websiteId: string, productId: string): Promise<PaywallAccess> {
    const [targets, choices] = await Promise.all([
      paywallRepo.targetsOf(websiteId, productId),
      paywallRepo.choices(websiteId),
    ]);
    return {
      ...targets,
      pages: choices.pages.map((p) => ({ id: p.page_id, title: p.title, urlSlug: p.url_slug })),
      collections: choices.collections.map((c) => ({
        id: c.collection_id,
        title: c.title,
        urlId: c.url_id,
      })),
    };
  }

  return {
    /** What the product unlocks, and what it could (the merchant's picker). */
    async getAccess(websiteId: string, productId: string): Promise<PaywallAccess> {
      await paywallProduct(websiteId, productId);
      return access(websiteId, productId);
    },

    async setAccess(
      websiteId: string,
      productId: string,
      targets: PaywallTargets,
    ): Promise<PaywallAccess> {
      const product = await paywallProduct(websiteId, productId);
      if (product.product_type !== ProductType.paywall) {
        throw fail('PRODUCT_INVALID', paywallMessages.notPaywall);
      }
      const choices = await paywallRepo.choices(websiteId);
      const pageIds = new Set(choices.pages.map((p) => p.page_id));
      const collectionIds = new Set(choices.collections.map((c) => c.collection_id));
      if (targets.pageIds.some((id) => !pageIds.has(id))) {
        throw fail('PRODUCT_INVALID', paywallMessages.unknownPage, {
          pageIds: paywallMessages.unknownPage,
        });
      }
      if (targets.collectionIds.some((id) => !collectionIds.has(id))) {
        throw fail('PRODUCT_INVALID', paywallMessages.unknownCollection, {
          collectionIds: paywallMessages.unknownCollection,
        });
      }
      await paywallRepo.setTargets(websiteId, productId, targets);
      onPublicChange(websiteId);
      return access(websiteId, productId);
    },

    /** Every locked address of the website; remembered per website by the storefront. */
    async locksOf(websiteId: string): Promise<PaywallLocks> {
      return groupLocks(await paywallRepo.locksOf(websiteId));
    },

    /** The paywall products whose grants these tokens (a browser's cookie) hold. */
    async unlockedProducts(websiteId: string, tokens: readonly string[]): Promise<Set<string>> {
      const grants = await paywallRepo.standingGrants(
        websiteId,
        tokens.filter(isAccessToken).map(hashAccessToken),
      );
      return new Set(grants.map((g) => g.product_id));
    },

    /** What a lock screen offers: the visible products that open the page. */
    async offersOf(websiteId: string, productIds: readonly string[]): Promise<PaywallOffer[]> {
      const rows = await paywallRepo.productUrlIds(websiteId, productIds);
      const products = await Promise.all(
        rows.map((row) => findProductByUrlId(websiteId, row.url_id)),
      );
      return products.flatMap((p) => {
        const offer = p && p.productType === ProductType.paywall ? offerOf(p) : null;
        return offer ? [offer] : [];
      });
    },

    /**
     * An opened access link: where it leads (the first page or collection the product
     * unlocks), or why it does not work. A forged token looks like an unknown one.
     */
    async redeem(websiteId: string, token: string, locks: PaywallLocks): Promise<{ path: string }> {
      const hash = isAccessToken(token) ? hashAccessToken(token) : undefined;
      const [grant] = hash ? await paywallRepo.standingGrants(websiteId, [hash]) : [];
      if (!grant) {
        if (hash && (await paywallRepo.hasGrant(websiteId, hash))) {
          throw fail('PAYWALL_ACCESS_WITHDRAWN', paywallMessages.accessWithdrawn);
        }
        throw fail('PAYWALL_ACCESS_INVALID', paywallMessages.accessInvalid);
      }
      const opens = (productIds: readonly string[]) => productIds.includes(grant.product_id);
      for (const [slug, productIds] of Object.entries(locks.pages)) {
        if (opens(productIds)) return { path: slug === '' ? '/' : `/${slug}` };
      }
      for (const [urlId, productIds] of Object.entries(locks.collections)) {
        if (opens(productIds)) return { path: `/${urlId}` };
      }
      return { path: '/' };
    },
  };
}
