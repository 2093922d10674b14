import { PUBLIC_MENU } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { CartService } from '../features/cart/cart.service.ts';
import type { CatalogService } from '../features/catalog/catalog.service.ts';
import type { Commerce } from '../features/checkout/commerce.ts';
import type { ContentService } from '../features/content/content.service.ts';
import type { DesignService } from '../features/design/design.service.ts';
import type { FormsService } from '../features/forms/forms.service.ts';
import type { HeaderFooterService } from '../features/header-footer/header-footer.service.ts';
import type { MemberAreasService } from '../features/member-areas/member-areas.service.ts';
import type { NavigationService } from '../features/navigation/navigation.service.ts';
import type { NewsletterService } from '../features/newsletter/newsletter.service.ts';
import type { PaywallService } from '../features/paywall/paywall.service.ts';
import type { PreferencesService } from '../features/preferences/preferences.service.ts';
import type { AccountSectionsService } from '../features/site-users/account-sections.service.ts';
import type { SiteUsersService } from '../features/site-users/site-users.service.ts';
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
  /** Site design (issue 25): the style guide's CSS and font preloads every page inlines. */
  design?: Pick<DesignService, 'siteStyle'>;
  /** Developer mode: the website's own templates for page regions. */
  templates?: TemplatesService;
  assets: StorefrontAssets;
  /** The newsletter's confirm and unsubscribe pages (issue 21). */
  newsletter?: Pick<
    NewsletterService,
    'confirm' | 'confirmTarget' | 'unsubscribeTarget' | 'unsubscribeWithToken'
  >;
  /** Paywalls (issue 22): which pages are locked, and who holds a grant that opens them. */
  paywall?: Pick<PaywallService, 'locksOf' | 'unlockedProducts' | 'offersOf'>;
  /** Member areas and page passwords (issue 23): who may see a guarded page. */
  memberAreas?: Pick<MemberAreasService, 'accessLocksOf' | 'purchasedProducts' | 'tryPassword'>;
  /** Customer accounts (issue 23): the account pages read the session and its orders. */
  siteUsers?: Pick<SiteUsersService, 'sessionOf' | 'orders'>;
  /** The account's sections, and the default address checkout fills in for it. */
  accountSections?: Pick<
    AccountSectionsService,
    'addresses' | 'defaultAddress' | 'subscriptions' | 'downloads' | 'newsletters' | 'subscription'
  >;
  /** Whether the request comes from a signed-in member of the website (private pages). */
  isMember?: (request: FastifyRequest, websiteId: string) => Promise<boolean>;
  /** Whether the request comes from an editor who may read pages: previews member areas. */
  isEditor?: (request: FastifyRequest, websiteId: string) => Promise<boolean>;
};

/**
 * The services with what pages read (navigation, header and footer, templates, checkout
 * preferences, and the catalog's products, lists and their forms) remembered per website
 * under the page cache's clock. Every write to these ticks the clock after it commits
 * (docs/ARCHITECTURE.md, page cache), so a remembered read is exactly as current as a
 * cached page, and a page rendered with PAGE_CACHE=off costs React and no queries.
 * Failed reads (an unknown product) are not remembered: visitors choose those addresses.
 */
/** Thrown inside a remembered page read when the page turns out to be members-only. */
const MEMBERS_ONLY = Symbol('members only');

export function withRememberedSiteReads(
  services: StorefrontServices,
  pageCache: Pick<PageCache, 'rememberForWebsite'>,
): StorefrontServices {
  const { navigation, preferences, headerFooter, templates, catalog, forms, content } = services;
  const remember = pageCache.rememberForWebsite;
  const findCollectionList: CatalogService['findCollectionList'] = (websiteId, urlId, options) =>
    remember(websiteId, `list|${urlId}|${options?.categorySlug ?? ''}`, () =>
      catalog.findCollectionList(websiteId, urlId, options),
    );
  return {
    ...services,
    content: {
      ...content,
      // Only a page for everyone is remembered: whether a members-only page shows depends
      // on the visitor, so asking about one stops the remembered read and asks again.
      getPage: async (websiteId, slug, options) => {
        try {
          return await remember(websiteId, `page|${slug}`, () =>
            content.getPage(websiteId, slug, { canSeePrivate: () => Promise.reject(MEMBERS_ONLY) }),
          );
        } catch (error) {
          if (error !== MEMBERS_ONLY) throw error;
          return content.getPage(websiteId, slug, options);
        }
      },
    },
    catalog: {
      ...catalog,
      findCollectionList,
      // The same remembered list; a missing one asks the catalog again for its 404.
      getCollectionList: async (websiteId, urlId, options) =>
        (await findCollectionList(websiteId, urlId, options)) ??
        catalog.getCollectionList(websiteId, urlId, options),
      getProduct: (websiteId, collectionUrlId, urlId) =>
        remember(websiteId, `product|${collectionUrlId}|${urlId}`, () =>
          catalog.getProduct(websiteId, collectionUrlId, urlId),
        ),
    },
    forms: {
      ...forms,
      getForm: (websiteId, formId) =>
        remember(websiteId, `form|${formId}`, () => forms.getForm(websiteId, formId)),
    },
    navigation: {
      ...navigation,
      // One remembered menu per audience: the public's, an editor's, and one per set of
      // member areas a visitor is let into (few: sites have a handful of areas).
      getPublicNavigation: (websiteId, audience = PUBLIC_MENU) =>
        remember(
          websiteId,
          `navigation|${audience === 'all' ? '*' : [...audience].sort().join(',')}`,
          () => navigation.getPublicNavigation(websiteId, audience),
        ),
    },
    preferences: {
      ...preferences,
      checkout: (websiteId) =>
        remember(websiteId, 'checkout-preferences', () => preferences.checkout(websiteId)),
      installments: (websiteId) =>
        remember(websiteId, 'installment-preferences', () => preferences.installments(websiteId)),
      analytics: (websiteId) =>
        remember(websiteId, 'analytics-preferences', () => preferences.analytics(websiteId)),
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
