import type { FastifyRequest } from 'fastify';
import type { CartService } from '../features/cart/cart.service.ts';
import type { CatalogService } from '../features/catalog/catalog.service.ts';
import type { Commerce } from '../features/checkout/commerce.ts';
import type { ContentService } from '../features/content/content.service.ts';
import type { FormsService } from '../features/forms/forms.service.ts';
import type { HeaderFooterService } from '../features/header-footer/header-footer.service.ts';
import type { NavigationService } from '../features/navigation/navigation.service.ts';
import type { PreferencesService } from '../features/preferences/preferences.service.ts';
import type { TemplatesService } from '../features/templates/templates.service.ts';
import type { WebsiteService } from '../features/websites/website.service.ts';
import type { StorefrontAssets } from './assets.ts';
import type { PageCache } from './page-cache.ts';

export type StorefrontServices = {
  websites: WebsiteService;
  content: ContentService;
  navigation: NavigationService;
  catalog: CatalogService;
  cart: CartService;
  forms: FormsService;
  commerce: Commerce;
  preferences: PreferencesService;
  /** The header and footer blocks from the editor, on every page. */
  headerFooter?: HeaderFooterService;
  /** Developer mode: the website's own templates for page regions. */
  templates?: TemplatesService;
  assets: StorefrontAssets;
  /** Whether the request comes from a signed-in member of the website (private pages). */
  isMember?: (request: FastifyRequest, websiteId: string) => Promise<boolean>;
};

/**
 * The services with what every page reads (navigation, header and footer, templates,
 * checkout preferences) remembered per website under the page cache's clock. Rendering a
 * page then costs the queries of its own content only, even with PAGE_CACHE=off; every
 * write to these ticks the clock after it commits (docs/ARCHITECTURE.md, page cache).
 */
export function withRememberedSiteReads(
  services: StorefrontServices,
  pageCache: Pick<PageCache, 'rememberForWebsite'>,
): StorefrontServices {
  const { navigation, preferences, headerFooter, templates } = services;
  const remember = pageCache.rememberForWebsite;
  return {
    ...services,
    navigation: {
      ...navigation,
      getPublicNavigation: (websiteId) =>
        remember(websiteId, 'navigation', () => navigation.getPublicNavigation(websiteId)),
    },
    preferences: {
      ...preferences,
      checkout: (websiteId) =>
        remember(websiteId, 'checkout-preferences', () => preferences.checkout(websiteId)),
    },
    ...(headerFooter && {
      headerFooter: {
        ...headerFooter,
        forStorefront: (websiteId) =>
          remember(websiteId, 'header-footer', () => headerFooter.forStorefront(websiteId)),
      },
    }),
    ...(templates && {
      templates: {
        ...templates,
        forWebsite: (websiteId, locale) =>
          remember(websiteId, `templates|${locale ?? ''}`, () =>
            templates.forWebsite(websiteId, locale),
          ),
      },
    }),
  };
}
