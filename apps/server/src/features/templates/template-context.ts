import type { PublicNavigationItem, TemplateSlot } from '@atelier/contract';
import { PageType } from '@atelier/core';
import { collectionRecord, itemRecord, websiteRecord } from '../../ssr/page-json.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { Website } from '../websites/website.service.ts';
import type { TemplatesRepo } from './templates.repo.ts';

/** What a save renders a template over: a real page's context for its slot. */
export type SampleContext = { context: unknown; locale: string };
export type SampleContextOf = (
  websiteId: string,
  slot: TemplateSlot,
) => Promise<SampleContext | null>;

/**
 * The data a slot's template sees on the live site, built by the same record builders as
 * the storefront (ssr/page-json.ts, storefront.routes.tsx): header and footer see the site
 * and its menu, the list page the store's first collection, the item page its first
 * product. null when the website has nothing to show there yet (no collection, no product).
 */
export function createSampleContexts(deps: {
  websites: { getById(websiteId: string): Promise<Website | undefined> };
  catalog: Pick<CatalogService, 'findCollectionList'>;
  navigation: { getPublicNavigation(websiteId: string): Promise<PublicNavigationItem[]> };
  templatesRepo: Pick<TemplatesRepo, 'firstCollectionUrlId'>;
}): SampleContextOf {
  return async (websiteId, slot) => {
    const website = await deps.websites.getById(websiteId);
    if (!website) return null;
    const locale = website.language;
    if (slot === 'header' || slot === 'footer') {
      const navigation = await deps.navigation.getPublicNavigation(websiteId);
      return { locale, context: { website: websiteRecord(website), navigation } };
    }
    const urlId = await deps.templatesRepo.firstCollectionUrlId(websiteId);
    const list = urlId ? await deps.catalog.findCollectionList(websiteId, urlId) : undefined;
    if (!list) return null;
    if (slot === 'collection-list') {
      return {
        locale,
        context: {
          website: websiteRecord(website),
          pageType: PageType.mainContent,
          collection: { ...collectionRecord(list.collection), categories: list.categories },
          items: list.products.map((product) => itemRecord(product, list.collection)),
        },
      };
    }
    const [product] = list.products;
    if (!product) return null;
    return {
      locale,
      context: {
        website: websiteRecord(website),
        pageType: PageType.contentItem,
        collection: collectionRecord(list.collection),
        item: itemRecord(product, list.collection),
      },
    };
  };
}
