import {
  type AnalyticsTag,
  type BlockData,
  findUnsafeText,
  type MemberLock,
  type MenuAudience,
  PAGE_UNLOCK_COOKIE,
  PAGE_UNLOCK_CRUMB_FIELD,
  PAGE_UNLOCK_PATH,
  type PaywallOffer,
  type Product,
  PUBLIC_MENU,
  type PublicNavigationItem,
  SITE_USER_SESSION_COOKIE,
  type SiteView,
  splitSectionsWithSettings,
  type TrackedProduct,
  withoutUnsafeText,
} from '@atelier/contract';
import {
  cartMessages,
  editorMessages,
  installmentOffer,
  isSameSitePath,
  memberAreaMessages,
  PageType,
  ProductType,
  plainTextOf,
  productTypeName,
} from '@atelier/core';
import { CartPage } from '@atelier/web/storefront/cart/CartPage.tsx';
import { CheckoutPage } from '@atelier/web/storefront/checkout/CheckoutPage.tsx';
import { ErrorPage } from '@atelier/web/storefront/error/ErrorPage.tsx';
import { GiftCardPage } from '@atelier/web/storefront/gift-card/GiftCardPage.tsx';
import { LockScreenPage } from '@atelier/web/storefront/lock/LockScreenPage.tsx';
import {
  NewsletterPage,
  type NewsletterPageProps,
} from '@atelier/web/storefront/newsletter/NewsletterPage.tsx';
import { NotFoundPage } from '@atelier/web/storefront/not-found/NotFoundPage.tsx';
import { OrderPage } from '@atelier/web/storefront/orders/OrderPage.tsx';
import {
  ContentPage,
  imageBlockSizes,
  sectionImageSizes,
} from '@atelier/web/storefront/page/ContentPage.tsx';
import {
  PRODUCT_IMAGE_SIZES,
  ProductPage,
  productStructuredData,
} from '@atelier/web/storefront/product/ProductPage.tsx';
import { SearchPage } from '@atelier/web/storefront/search/SearchPage.tsx';
import { ProductListPage } from '@atelier/web/storefront/shop/ProductListPage.tsx';
import {
  SubscriptionLinkProblem,
  SubscriptionPage,
} from '@atelier/web/storefront/subscriptions/SubscriptionPage.tsx';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SESSION_COOKIE } from '../features/auth/member-guard.ts';
import { cartIdOf } from '../features/cart/cart.routes.ts';
import type { SiteStyle } from '../features/design/design.service.ts';
import {
  createMemberGate,
  type GuardTarget,
  type MemberDenial,
} from '../features/member-areas/member-gate.ts';
import { cookieWithUnlock } from '../features/member-areas/page-unlock.ts';
import { createPaywallGate } from '../features/paywall/paywall-gate.ts';
import { crumbMatches, ensureCrumb } from '../http/csrf.ts';
import { fail } from '../http/errors.ts';
import { createRateLimiter } from '../http/rate-limit.ts';
import { withStyleHash } from '../http/security-headers.ts';
import type { WebsiteResolver } from '../http/website-resolver.ts';
import { checkoutPrefillOf, registerAccountPages } from './account-pages.tsx';
import { customRegions, NO_TEMPLATES, TemplateOutput } from './custom-templates.tsx';
import type { PageCache } from './page-cache.ts';
import { collectionRecord, itemRecord, websiteRecord } from './page-json.ts';
import { type PageRender, renderDocument } from './render.tsx';
import type { StorefrontServices } from './storefront-services.ts';

const MAX_SEARCH_LENGTH = 200;
const slugParams = z.object({ slug: z.string().min(1).max(200) });
const productParams = z.object({
  collection: z.string().min(1).max(200),
  urlId: z.string().min(1).max(200),
});
const formatQuery = z.object({ format: z.string().max(20).optional() });
const wantsJson = (request: FastifyRequest) =>
  formatQuery.safeParse(request.query).data?.format === 'json';
const listQuery = z.object({ category: z.string().max(200).optional() });
const orderParams = z.object({ orderId: z.string().uuid() });
const subscriptionCheckoutQuery = z.object({ cartToken: z.string().uuid() });
const subscriptionParams = z.object({ subscriptionId: z.string().uuid() });
const subscriptionQuery = z.object({ token: z.string().min(20).max(200) });
const orderQuery = z.object({ token: z.string().min(1).max(200) });
const newsletterQuery = z.object({ t: z.string().min(16).max(200) });
const giftCardParams = z.object({ urlId: z.string().min(1).max(200) });
const giftCardQuery = z.object({ sku: z.string().max(200).optional() });
/** `page` is a slug: never a path of its own, so the redirect after it stays on the site. */
const unlockBody = z.object({
  page: z
    .string()
    .max(200)
    .refine((slug) => slug === '' || isSameSitePath(`/${slug}`)),
  password: z.string().max(200),
  [PAGE_UNLOCK_CRUMB_FIELD]: z.string().max(200).optional(),
});
/**
 * Whether a form post's Origin names another site (or cannot be read). Absent (an old
 * browser, curl) and "null" (what the no-referrer lock page's own post sends) say nothing
 * either way: the form's crumb is what proves the post came from our page.
 */
function isForeignOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined || origin === 'null') return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * The cookies with which a visitor may see another menu than the public's: a customer's
 * session (member areas they are let into) and an editor's (every area, for preview).
 */
const SIGNED_IN_COOKIES = [SITE_USER_SESSION_COOKIE, SESSION_COOKIE] as const;

/** Page password tries per visitor address and page in this window (issue 23). */
const UNLOCK_WINDOW_MS = 5 * 60_000;
const DEFAULT_UNLOCK_LIMIT = 10;

/**
 * A page's address parts. One that is malformed (a NUL, a lone surrogate, an id that is
 * not one) names a page that does not exist: the 404 page, never a 500.
 */
function pageInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success || findUnsafeText(value) !== undefined) {
    throw fail('PAGE_NOT_FOUND', 'Page not found');
  }
  return parsed.data;
}

/** What a visitor searched for, as much of it as a search can use. */
function searchText(query: unknown): string {
  const q = (query as { q?: unknown } | undefined)?.q;
  const first = Array.isArray(q) ? q[0] : q;
  return typeof first === 'string' ? withoutUnsafeText(first).slice(0, MAX_SEARCH_LENGTH) : '';
}

/** Visitor-facing pages: server-rendered HTML, complete without JavaScript. */
export function registerStorefrontRoutes(
  app: FastifyInstance,
  services: StorefrontServices,
  {
    pageCache,
    websiteOf,
    unlockLimit = DEFAULT_UNLOCK_LIMIT,
  }: { pageCache: PageCache; websiteOf?: WebsiteResolver; unlockLimit?: number },
) {
  const { websites, content, catalog, forms, assets } = services;
  /** Options of a page that is the same for every visitor, so it may be cached. */
  const cacheable = { schema: { hide: true }, onRequest: pageCache.onRequest };
  /** Developer-mode header and footer of a page, found by its site view in send(). */
  const regionsOf = new WeakMap<SiteView, ReturnType<typeof customRegions>>();
  /** Each rendered site's design stylesheet (issue 25), beside it like its regions. */
  const styleOf = new WeakMap<SiteView, SiteStyle>();
  /**
   * The document, with the site's design inlined. The policy helmet set lets our own
   * stylesheet in by its hash; the design's is the website's own, so its hash joins it on
   * this response (and on the copy the page cache keeps, which stores these headers).
   */
  function documentOf(reply: FastifyReply, page: PageRender) {
    const style = styleOf.get(page.site);
    if (style) {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        reply.header('content-security-policy', withStyleHash(policy, style.cspHash));
      }
    }
    return renderDocument({ ...page, regions: regionsOf.get(page.site) }, assets, style);
  }
  /** Site views whose menu is a member's or an editor's: any page framed by one is theirs. */
  const personalSites = new WeakSet<SiteView>();

  /** The additional-fields forms of listed products, so quick view can ask for them. */
  async function formsOf(websiteId: string, products: Product[]) {
    const ids = [
      ...new Set(
        products.flatMap((p) => (p.additionalFieldsFormId ? [p.additionalFieldsFormId] : [])),
      ),
    ];
    const loaded = await Promise.all(ids.map((id) => formOrNull(websiteId, id)));
    return Object.fromEntries(loaded.flatMap((form) => (form ? [[form.id, form]] : [])));
  }

  /**
   * A product's additional-fields form, or null when it cannot be read: the product is
   * still shown (without the form) rather than its page and its whole list failing.
   */
  async function formOrNull(websiteId: string, formId: string) {
    try {
      return await forms.getForm(websiteId, formId);
    } catch (error) {
      app.log.warn({ err: error, websiteId, formId }, 'a product names a form that cannot be read');
      return null;
    }
  }

  const memberGate =
    services.memberAreas &&
    createMemberGate({
      memberAreas: services.memberAreas,
      sessionOf: async (websiteId, token) => services.siteUsers?.sessionOf(websiteId, token),
      ...(services.isEditor && { isEditor: services.isEditor }),
    });

  /**
   * Whose menu a request gets (issue 23). Without member areas, or without a customer's
   * or an editor's session cookie, the public's: the page may be cached as ever. With
   * areas, the page cache is told that those cookies change the page, so a member is
   * never served the public's stored copy, and what a member is shown is never stored.
   */
  async function menuAudienceOf(request: FastifyRequest, websiteId: string) {
    if (!memberGate || !services.memberAreas) return PUBLIC_MENU;
    const locks = await services.memberAreas.accessLocksOf(websiteId);
    if (Object.keys(locks.areas).length === 0) return PUBLIC_MENU;
    pageCache.variesWithCookies(request, SIGNED_IN_COOKIES);
    // A request Fastify refused before its hooks ran (a malformed address) has no cookies.
    if (!SIGNED_IN_COOKIES.some((name) => request.cookies?.[name])) return PUBLIC_MENU;
    return memberGate.audienceOf(request, websiteId);
  }

  /**
   * Block data without the product lists of collections in a member area the visitor is
   * not let into (issue 23): a products, product or summary block on an open page shows
   * outsiders nothing of them, as the catalog API answers them 403 MEMBERS_ONLY. The
   * audience is the menu's, so the page cache keeps each version to its own visitors.
   */
  async function openBlockData(
    websiteId: string,
    audience: MenuAudience,
    data: BlockData,
  ): Promise<BlockData> {
    const urlIds = Object.keys(data.collections);
    if (urlIds.length === 0 || audience === 'all' || !services.memberAreas) return data;
    const locks = await services.memberAreas.accessLocksOf(websiteId);
    const isLocked = (urlId: string) => {
      const area = Object.hasOwn(locks.collections, urlId)
        ? locks.collections[urlId]?.memberAreaId
        : null;
      return Boolean(area) && !audience.has(area ?? '');
    };
    if (!urlIds.some(isLocked)) return data;
    return {
      ...data,
      collections: Object.fromEntries(
        Object.entries(data.collections).filter(([urlId]) => !isLocked(urlId)),
      ),
    };
  }

  async function siteFor(request: FastifyRequest) {
    const website = await websites.resolveByHost(request.headers.host);
    if (!website) throw fail('WEBSITE_NOT_FOUND', 'No website is published at this address');
    pageCache.attach(request, website.id);
    const audience = await menuAudienceOf(request, website.id);
    const [navigation, checkoutPreferences, analytics, templates, headerFooter, style] =
      await Promise.all([
        services.navigation.getPublicNavigation(website.id, audience),
        services.preferences.checkout(website.id),
        services.preferences.analytics(website.id),
        services.templates?.forWebsite(website.id, website.language) ?? NO_TEMPLATES,
        services.headerFooter?.forStorefront(website.id),
        services.design?.siteStyle(website.id, website.language),
      ]);
    const site: SiteView = {
      title: website.title,
      description: website.description,
      language: website.language,
      currency: website.storeCurrency,
      useCLDRMoneyFormat: website.useCLDRMoneyFormat,
      isExpressCheckout: checkoutPreferences.isExpressCheckout,
      navigation,
      ...(analytics.isCensusEnabled &&
        analytics.isConsentBannerOn && { hasCookiePreferences: true }),
      ...(headerFooter && {
        headerFooter: {
          ...headerFooter,
          data: await openBlockData(website.id, audience, headerFooter.data),
        },
      }),
    };
    regionsOf.set(site, customRegions(templates, { website: websiteRecord(website), navigation }));
    if (style) styleOf.set(site, style);
    if (audience !== PUBLIC_MENU) personalSites.add(site);
    return { website, site, templates, audience };
  }

  /**
   * What a trackable page tells the analytics collector (issue 24), or undefined: census is
   * off, and the collector is not even loaded. Pages that are never tracked (not found,
   * lock screens, search, account and status pages) do not call this.
   */
  async function trackOf(
    websiteId: string,
    tag: Omit<AnalyticsTag, 'websiteId' | 'siteVisitorMetrics'>,
  ): Promise<AnalyticsTag | undefined> {
    const preferences = await services.preferences.analytics(websiteId);
    if (!preferences.isCensusEnabled) return undefined;
    const privacyPath = preferences.isConsentBannerOn
      ? privacyPageOf(await services.navigation.getPublicNavigation(websiteId, PUBLIC_MENU))
      : undefined;
    return {
      ...tag,
      websiteId,
      siteVisitorMetrics: preferences.isSiteVisitorMetricsOn,
      ...(preferences.isConsentBannerOn && { consentBanner: true }),
      ...(privacyPath && { privacyPath }),
    };
  }

  /** A product as the collector's commerce events name it (SPEC §3 add-to-cart event). */
  const trackedProduct = (
    product: { id: string; productType: number; title: string },
    collection: { id: string; title: string },
  ): TrackedProduct => ({
    item_id: product.id,
    item_type: productTypeName(product.productType),
    item_title: product.title.slice(0, 500),
    item_collection_id: collection.id,
    item_collection_name: collection.title.slice(0, 500),
  });

  /** The pay-in-installments pill's brand and range (issue 22), or null: none shown. */
  async function installmentsOf(website: {
    id: string;
    language: string;
    storeAddress: { country: string } | null;
  }) {
    const { isEnabled } = await services.preferences.installments(website.id);
    return installmentOffer({
      isEnabled,
      country: website.storeAddress?.country,
      language: website.language,
    });
  }

  const paywallVerdict = services.paywall && createPaywallGate(services.paywall);
  /**
   * Whether a paywall hides what this address shows (issue 22): the offers of the lock
   * screen (page type 103) for a visitor without a standing grant, or null to show the
   * content. Either way the answer depends on the visitor, so it is never stored by the
   * page cache or a proxy, and never indexed.
   */
  async function paywallGate(
    request: FastifyRequest,
    reply: FastifyReply,
    websiteId: string,
    lock: { kind: 'page' | 'collection'; address: string },
  ): Promise<PaywallOffer[] | null> {
    if (!services.paywall || !paywallVerdict) return null;
    const verdict = await paywallVerdict(request, websiteId, lock);
    if (!verdict.isPaywalled) return null;
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    if (verdict.hasAccess) return null;
    return services.paywall.offersOf(websiteId, verdict.productIds);
  }

  /** The lock screen (103): the offer, never the content, as HTML or as page JSON. */
  function lockScreen(
    request: FastifyRequest,
    reply: FastifyReply,
    page: {
      site: SiteView;
      website: Parameters<typeof websiteRecord>[0];
      title: string;
      path: string;
    },
    offers: PaywallOffer[],
    memberLock?: MemberLock,
    status = 200,
  ) {
    if (wantsJson(request)) {
      reply.status(status);
      return sendJson(reply, {
        website: websiteRecord(page.website),
        pageType: PageType.lockScreen,
        page: { title: page.title },
        offers,
        ...(memberLock && { lock: memberLock.kind }),
      });
    }
    return send(
      reply,
      {
        site: page.site,
        currentPath: request.url.split('?')[0] ?? '/',
        head: {
          title: editorMessages.pageLocked,
          description: page.site.description,
          path: page.path,
          isNoIndex: true,
        },
        body: (
          <LockScreenPage
            title={page.title}
            offers={offers}
            useCLDRMoneyFormat={page.site.useCLDRMoneyFormat}
            memberLock={memberLock}
          />
        ),
      },
      status,
    );
  }

  /**
   * Whether a member area or a password keeps this visitor from the page (issue 23): the
   * denial, or null to show it. A guarded page differs per visitor, so whether shown or
   * not it is never stored by the page cache or a proxy, and never indexed.
   */
  async function memberGateOf(
    request: FastifyRequest,
    reply: FastifyReply,
    websiteId: string,
    target: GuardTarget,
  ): Promise<MemberDenial | null> {
    if (!memberGate) return null;
    const verdict = await memberGate.verdictOf(request, websiteId, target);
    if (!verdict.isGuarded) return null;
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    return verdict.denied;
  }

  /**
   * What the lock screen shows a visitor a member area or a password keeps out. The
   * password form carries the browser's crumb (double submit; the page is private, so
   * it may set the cookie).
   */
  async function memberLockOf(
    request: FastifyRequest,
    reply: FastifyReply,
    websiteId: string,
    denial: MemberDenial,
    path: string,
    passwordError?: string,
  ): Promise<{ lock: MemberLock; offers: PaywallOffer[] }> {
    if (denial.kind === 'password') {
      const crumb = ensureCrumb(request, reply);
      return {
        lock: { kind: 'password', pagePath: path, crumb, error: passwordError },
        offers: [],
      };
    }
    const back = encodeURIComponent(path);
    const offers =
      denial.productIds.length > 0 && services.paywall
        ? await services.paywall.offersOf(websiteId, denial.productIds)
        : [];
    return {
      lock: {
        kind: 'members',
        access: denial.access,
        isSignedIn: denial.isSignedIn,
        signInHref: `/account/sign-in?return=${back}`,
        signUpHref: `/account/sign-up?return=${back}`,
      },
      offers,
    };
  }

  /** The page's template data instead of its HTML (`?format=json`). */
  function sendJson(reply: FastifyReply, context: object) {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    return pageCache.send(reply.type('application/json; charset=utf-8'), JSON.stringify(context));
  }

  function send(reply: FastifyReply, page: PageRender, status = 200) {
    // A member's menu is theirs, on every page (the 404 page too, which no route marks).
    if (personalSites.has(page.site)) reply.header('cache-control', 'private, no-store');
    else if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    return pageCache.send(
      reply.status(status).type('text/html; charset=utf-8'),
      documentOf(reply, page),
    );
  }

  async function contentPage(
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    /** A refused password try (issue 23): the lock screen says why, with this status. */
    passwordTry?: { error: string; status: number },
  ) {
    const { website, site, audience } = await siteFor(request);
    const page = await content.getPage(website.id, slug, {
      canSeePrivate: async () => (await services.isMember?.(request, website.id)) ?? false,
    });
    // A folder with behaviour index is only a way to its first page.
    if (page.redirectTo) return reply.redirect(page.redirectTo, 302);
    // A members-only page differs per visitor: never stored by the page cache or a proxy.
    if (page.isPrivate) reply.header('cache-control', 'private, no-store');
    const path = slug === '' ? '/' : `/${slug}`;
    // Member areas and passwords first: a page they deny shows no paywall offer of its own.
    // A denied page is the lock screen (page type 103), never counted as a page view.
    const denial = await memberGateOf(request, reply, website.id, { kind: 'page', address: slug });
    if (denial) {
      const { lock, offers } = await memberLockOf(
        request,
        reply,
        website.id,
        denial,
        path,
        passwordTry?.error,
      );
      return lockScreen(
        request,
        reply,
        { site, website, title: page.title, path },
        offers,
        lock,
        denial.kind === 'password' && passwordTry ? passwordTry.status : 200,
      );
    }
    const offers = await paywallGate(request, reply, website.id, { kind: 'page', address: slug });
    if (offers)
      return lockScreen(request, reply, { site, website, title: page.title, path }, offers);
    const isPaywalled = reply.hasHeader('x-robots-tag');
    if (wantsJson(request)) {
      return sendJson(reply, {
        website: websiteRecord(website),
        pageType: page.pageType,
        page: {
          title: page.title,
          description: page.description,
          urlSlug: page.urlSlug,
          blocks: page.blocks,
        },
      });
    }
    const firstImage = page.blocks.find((b) => b.type === 'image');
    const image = firstImage?.type === 'image' ? page.data.media[firstImage.mediaId] : undefined;
    // A first section pictured behind its blocks is the top of the page: fetch it first.
    const hero = splitSectionsWithSettings(page.blocks)[0]?.settings;
    const heroImage =
      hero?.background.kind === 'image' ? page.data.media[hero.background.mediaId] : undefined;
    return send(reply, {
      site,
      currentPath: request.url.split('?')[0] ?? '/',
      head: {
        title: slug === '' ? site.title : page.seoTitle || page.title,
        description: page.description || site.description,
        path,
        openGraph: { type: 'website', image: page.socialImage?.src ?? image?.src },
        isNoIndex: isPaywalled,
        track: await trackOf(website.id, { pageType: page.pageType }),
        preloadImage:
          hero && heroImage
            ? {
                href: heroImage.src,
                srcset: heroImage.srcset,
                sizes: sectionImageSizes(hero.width),
              }
            : image && firstImage?.type === 'image' && firstImage.isPriority
              ? {
                  href: image.src,
                  srcset: image.srcset,
                  sizes: imageBlockSizes(image),
                }
              : undefined,
      },
      body: (
        <ContentPage
          blocks={page.blocks}
          data={await openBlockData(website.id, audience, page.data)}
          useCLDRMoneyFormat={site.useCLDRMoneyFormat}
        />
      ),
    });
  }

  app.get('/', cacheable, (request, reply) => contentPage(request, reply, ''));

  // A page password's form (issue 23): a plain form post, so it works without JavaScript.
  // A right password adds the page to the browser-session unlock cookie and goes back to
  // the page (303); a wrong one shows the lock screen again with the reason. Tries are
  // limited per visitor address and page, before the (deliberately slow) hash is checked.
  const unlockTries = createRateLimiter({ limit: unlockLimit, windowMs: UNLOCK_WINDOW_MS });
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(PAGE_UNLOCK_PATH, { schema: { hide: true } }, async (request, reply) => {
      const { page: slug, password, crumb } = pageInput(unlockBody, request.body);
      // Another site's form cannot post passwords in this visitor's name: a foreign (or
      // unreadable) Origin is refused outright, and every post must echo the crumb the
      // lock page put in its form (below). The lock page is no-referrer, so the
      // browser's own post says Origin "null": the crumb, not the Origin, vouches for it.
      if (isForeignOrigin(request.headers.origin, request.headers.host)) {
        throw fail('CSRF_FAILED', cartMessages.sessionExpired);
      }
      const website = websiteOf
        ? await websiteOf(request)
        : await websites.resolveByHost(request.headers.host);
      if (!website) throw fail('WEBSITE_NOT_FOUND', 'No website is published at this address');
      const path = slug === '' ? '/' : `/${slug}`;
      const verdict = memberGate
        ? await memberGate.verdictOf(request, website.id, { kind: 'page', address: slug })
        : undefined;
      // Nothing to unlock (no password, already open, or an area to sign in to first).
      if (!verdict?.isGuarded || verdict.denied?.kind !== 'password') {
        return reply.redirect(path, 303);
      }
      // No crumb, or not this browser's: another site's form, or a form so old its crumb
      // is gone. Refused before the try is counted; the lock screen comes back with a
      // fresh form (and crumb) saying so.
      if (!crumbMatches(request, crumb)) {
        return contentPage(request, reply, slug, {
          error: memberAreaMessages.passwordFormExpired,
          status: 403,
        });
      }
      if (!unlockTries.hit(`${website.id}|${request.ip}|${verdict.id}`)) {
        return contentPage(request, reply, slug, {
          error: memberAreaMessages.passwordTooManyTries,
          status: 429,
        });
      }
      if (!password) {
        return contentPage(request, reply, slug, {
          error: memberAreaMessages.passwordMissing,
          status: 400,
        });
      }
      const unlockKey = await services.memberAreas?.tryPassword(website.id, verdict.id, password);
      if (!unlockKey) {
        return contentPage(request, reply, slug, {
          error: memberAreaMessages.passwordWrong,
          status: 403,
        });
      }
      reply.setCookie(
        PAGE_UNLOCK_COOKIE,
        cookieWithUnlock({
          cookie: request.cookies[PAGE_UNLOCK_COOKIE],
          websiteId: website.id,
          pageId: verdict.id,
          unlockKey,
        }),
        // No maxAge: the unlock lasts as long as the browser session.
        { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' },
      );
      reply.header('cache-control', 'no-store');
      return reply.redirect(path, 303);
    });
  });

  app.get('/cart', { schema: { hide: true } }, async (request, reply) => {
    const { website, site } = await siteFor(request);
    const cart = await services.commerce.checkout.withCartFigures(
      website.id,
      await services.cart.getCart(website.id, cartIdOf(request)),
    );
    const [{ minimumSubtotalCents }, installments] = await Promise.all([
      services.preferences.checkout(website.id),
      installmentsOf(website),
    ]);
    reply.header('cache-control', 'no-store');
    return send(reply, {
      site,
      currentPath: '/cart',
      head: {
        title: 'Shopping Cart',
        description: `Your cart at ${site.title}`,
        path: '/cart',
        track: await trackOf(website.id, {
          pageType: PageType.cart,
          ...(cart.id && { cartId: cart.id }),
        }),
      },
      body: (
        <CartPage
          cart={cart}
          useCLDRMoneyFormat={site.useCLDRMoneyFormat}
          minimumSubtotalCents={minimumSubtotalCents}
          installments={installments}
        />
      ),
    });
  });

  app.get('/checkout', { schema: { hide: true } }, async (request, reply) => {
    const { website, site } = await siteFor(request);
    const cart = await services.cart.getCart(website.id, cartIdOf(request));
    const prefill = await checkoutPrefillOf(services, request, website.id);
    reply.header('cache-control', 'no-store');
    return send(reply, {
      site,
      currentPath: '/checkout',
      head: {
        title: 'Checkout',
        description: `Checkout at ${site.title}`,
        path: '/checkout',
        // Only a checkout with something in it is a started checkout.
        track:
          cart.entries.length > 0
            ? await trackOf(website.id, {
                pageType: PageType.checkout,
                ...(cart.id && { cartId: cart.id }),
              })
            : undefined,
      },
      body: (
        <CheckoutPage
          hasItems={cart.entries.length > 0}
          useCLDRMoneyFormat={site.useCLDRMoneyFormat}
          locale={site.language}
          {...(prefill && { prefill })}
        />
      ),
    });
  });

  // The subscription checkout (page type 204, SPEC §2, §4): the checkout form over the
  // subscription's own cart, named by the token in the address.
  app.get('/commerce/subscription-checkout', { schema: { hide: true } }, async (request, reply) => {
    const { cartToken } = pageInput(subscriptionCheckoutQuery, request.query);
    const { website, site } = await siteFor(request);
    const cart = await services.cart.getCart(website.id, cartToken);
    const prefill = await checkoutPrefillOf(services, request, website.id);
    reply
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');
    return send(reply, {
      site,
      currentPath: '/commerce/subscription-checkout',
      head: {
        title: 'Subscribe',
        description: `Subscription checkout at ${site.title}`,
        path: '/commerce/subscription-checkout',
      },
      body: (
        <CheckoutPage
          hasItems={cart.entries.length > 0}
          useCLDRMoneyFormat={site.useCLDRMoneyFormat}
          locale={site.language}
          cartToken={cartToken}
          {...(prefill && { prefill })}
        />
      ),
    });
  });

  // A subscription email's manage link: the token is the capability, like an order's.
  app.get(
    '/commerce/subscriptions/:subscriptionId',
    { schema: { hide: true } },
    async (request, reply) => {
      const { subscriptionId } = pageInput(subscriptionParams, request.params);
      const { token } = pageInput(subscriptionQuery, request.query);
      const { website, site } = await siteFor(request);
      // A stale or mistyped link says so in the customer's words, not as a bare 404 page.
      const subscription = await services.commerce.subscriptions
        .viewByLink(website.id, subscriptionId, token)
        .catch(() => null);
      reply
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex');
      return send(
        reply,
        {
          site,
          currentPath: '/commerce/subscriptions',
          head: {
            title: 'Your subscription',
            description: `Your subscription at ${site.title}`,
            path: '/commerce/subscriptions',
          },
          body: subscription ? (
            <SubscriptionPage
              subscription={subscription}
              access={{ kind: 'link', token }}
              useCLDRMoneyFormat={site.useCLDRMoneyFormat}
              timeZone={website.timeZone}
            />
          ) : (
            <SubscriptionLinkProblem />
          ),
        },
        subscription ? 200 : 404,
      );
    },
  );

  async function orderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'confirmed' | 'status',
  ) {
    const { orderId } = pageInput(orderParams, request.params);
    const { token } = pageInput(orderQuery, request.query);
    const { website, site } = await siteFor(request);
    const order = await services.commerce.orders.getOrder({
      websiteId: website.id,
      orderId,
      token,
    });
    const statusUrl = `/commerce/orders/${encodeURIComponent(order.id)}?token=${encodeURIComponent(token)}`;
    // The token in the address is a capability: never cache it, never leak it onwards.
    reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
    return send(reply, {
      site,
      currentPath: request.url.split('?')[0] ?? '/',
      head: {
        title: kind === 'confirmed' ? 'Order confirmed' : `Order #${order.orderNumber}`,
        description: `Order #${order.orderNumber} at ${site.title}`,
        path: statusUrl,
        // The confirmation is the purchase step of the funnel; the status page is not tracked.
        track:
          kind === 'confirmed'
            ? await trackOf(website.id, {
                pageType: PageType.orderConfirmed,
                purchase: {
                  transaction_id: order.id,
                  value: order.grandTotalCents,
                  shipping: order.shippingTotalCents,
                  tax: order.taxTotalCents,
                  currency: order.currency,
                  items: order.items.slice(0, 500).map((item) => ({
                    id: item.sku.slice(0, 64),
                    name: item.productName.slice(0, 500),
                    quantity: Math.max(1, item.quantity),
                    price: Math.max(0, item.unitPriceCents),
                  })),
                },
              })
            : undefined,
      },
      body: (
        <OrderPage
          order={order}
          kind={kind}
          statusUrl={statusUrl}
          useCLDRMoneyFormat={site.useCLDRMoneyFormat}
        />
      ),
    });
  }
  app.get('/order-confirmed/:orderId', { schema: { hide: true } }, (request, reply) =>
    orderPage(request, reply, 'confirmed'),
  );
  app.get('/commerce/orders/:orderId', { schema: { hide: true } }, (request, reply) =>
    orderPage(request, reply, 'status'),
  );

  // The newsletter's links (issue 21). The token in the address is a capability: never
  // cached, never sent on as a referrer, never indexed.
  async function newsletterPage(
    request: FastifyRequest,
    reply: FastifyReply,
    render: (websiteId: string, token: string, siteTitle: string) => Promise<NewsletterPageProps>,
  ) {
    const { t } = pageInput(newsletterQuery, request.query);
    const { website, site } = await siteFor(request);
    const props = await render(website.id, t, site.title);
    reply
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');
    const isConfirm = props.kind === 'confirm';
    return send(reply, {
      site,
      currentPath: request.url.split('?')[0] ?? '/',
      head: {
        title: isConfirm ? 'Confirm your subscription' : 'Unsubscribe',
        description: site.description,
        path: isConfirm ? '/newsletter/confirm' : '/newsletter/unsubscribe',
      },
      body: <NewsletterPage {...props} />,
    });
  }
  const newsletterService = () => {
    if (!services.newsletter) throw fail('PAGE_NOT_FOUND', 'Page not found');
    return services.newsletter;
  };
  const unsubscribeAction = (token: string) =>
    `/newsletter/unsubscribe?t=${encodeURIComponent(token)}`;

  const confirmAction = (token: string) => `/newsletter/confirm?t=${encodeURIComponent(token)}`;
  // Opening the link asks; the button's POST confirms (link scanners only GET).
  app.get('/newsletter/confirm', { schema: { hide: true } }, (request, reply) =>
    newsletterPage(request, reply, async (websiteId, token, siteTitle) => {
      const target = await newsletterService().confirmTarget(websiteId, token);
      return {
        kind: 'confirm',
        state: target.state,
        listName: target.listName,
        siteTitle,
        action: confirmAction(token),
      };
    }),
  );
  app.get('/newsletter/unsubscribe', { schema: { hide: true } }, (request, reply) =>
    newsletterPage(request, reply, async (websiteId, token, siteTitle) => ({
      kind: 'unsubscribe',
      target: await newsletterService().unsubscribeTarget(websiteId, token),
      isDone: false,
      action: unsubscribeAction(token),
      siteTitle,
    })),
  );
  // The click on the page's button, and RFC 8058's one-click POST from a mail client
  // (`List-Unsubscribe=One-Click`, form-encoded or multipart): the body says nothing the
  // token does not, so any body is read as text and ignored.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, _body, done) => done(null, null),
    );
    scope.post('/newsletter/confirm', { schema: { hide: true } }, (request, reply) =>
      newsletterPage(request, reply, async (websiteId, token, siteTitle) => {
        const result = await newsletterService().confirm(websiteId, token);
        return {
          kind: 'confirm',
          state: result.state,
          listName: result.listName,
          siteTitle,
          action: confirmAction(token),
        };
      }),
    );
    scope.post('/newsletter/unsubscribe', { schema: { hide: true } }, (request, reply) =>
      newsletterPage(request, reply, async (websiteId, token, siteTitle) => ({
        kind: 'unsubscribe',
        target: await newsletterService().unsubscribeWithToken(websiteId, token),
        isDone: true,
        action: unsubscribeAction(token),
        siteTitle,
      })),
    );
  });

  app.get('/gift-card/:urlId', cacheable, async (request, reply) => {
    const { urlId } = pageInput(giftCardParams, request.params);
    const { sku } = pageInput(giftCardQuery, request.query);
    const { website, site } = await siteFor(request);
    const product = await catalog.findProductByUrlId(website.id, urlId);
    if (product?.productType !== ProductType.giftCard) {
      throw fail('GIFT_CARD_NOT_FOUND', 'Gift card not found');
    }
    return send(reply, {
      site,
      currentPath: request.url.split('?')[0] ?? '/',
      head: {
        title: product.title,
        description: product.excerpt || site.description,
        path: `/gift-card/${urlId}`,
      },
      body: (
        <GiftCardPage
          product={product}
          initialSku={product.variants.some((v) => v.sku === sku) ? (sku ?? null) : null}
          useCLDRMoneyFormat={site.useCLDRMoneyFormat}
        />
      ),
    });
  });

  registerAccountPages(app, { services, siteFor, send });

  app.get('/search', cacheable, async (request, reply) => {
    const q = searchText(request.query);
    const { website, site, audience } = await siteFor(request);
    // A paywalled collection's products are left out of search for everyone (a search
    // page is shared by every visitor), except the products that open it. A member-area
    // collection's products are found only by visitors let into its area, whose results
    // page is their own (siteFor marks it so).
    const [locks, memberLocks] = await Promise.all([
      services.paywall?.locksOf(website.id),
      services.memberAreas?.accessLocksOf(website.id),
    ]);
    const isFound = (product: Product) => {
      const collection = product.fullUrl.split('/')[1] ?? '';
      const area =
        memberLocks && Object.hasOwn(memberLocks.collections, collection)
          ? memberLocks.collections[collection]?.memberAreaId
          : null;
      if (area && audience !== 'all' && !audience.has(area)) return false;
      return (
        !locks ||
        product.productType === ProductType.paywall ||
        !Object.hasOwn(locks.collections, collection)
      );
    };
    const results: Product[] = (await catalog.search(website.id, q)).filter(isFound);
    if (wantsJson(request)) {
      return sendJson(reply, {
        website: websiteRecord(website),
        pageType: PageType.search,
        query: q,
        items: results.map((product) =>
          itemRecord(product, { id: '', urlId: product.fullUrl.split('/')[1] ?? '' }),
        ),
      });
    }
    return send(reply, {
      site,
      currentPath: '/search',
      head: {
        title: q ? `Search: ${q}` : 'Search',
        description: `Search ${site.title}`,
        path: '/search',
      },
      body: <SearchPage query={q} results={results} useCLDRMoneyFormat={site.useCLDRMoneyFormat} />,
    });
  });

  app.get('/:slug', cacheable, async (request, reply) => {
    const { slug } = pageInput(slugParams, request.params);
    const { category } = pageInput(listQuery, request.query);
    const { website, site, templates } = await siteFor(request);
    const list = await catalog.findCollectionList(
      website.id,
      slug,
      category ? { categorySlug: category } : {},
    );
    if (!list) return contentPage(request, reply, slug);
    const path = `/${slug}`;
    // A collection in a member-area folder is guarded like the folder's pages (issue 23).
    const denial = await memberGateOf(request, reply, website.id, {
      kind: 'collection',
      address: slug,
    });
    if (denial) {
      const { lock, offers } = await memberLockOf(request, reply, website.id, denial, path);
      return lockScreen(
        request,
        reply,
        { site, website, title: list.collection.title, path },
        offers,
        lock,
      );
    }
    const offers = await paywallGate(request, reply, website.id, {
      kind: 'collection',
      address: slug,
    });
    if (offers) {
      return lockScreen(
        request,
        reply,
        { site, website, title: list.collection.title, path: `/${slug}` },
        offers,
      );
    }
    const isPaywalled = reply.hasHeader('x-robots-tag');
    const activeCategory = category ? list.categories.find((c) => c.slug === category) : undefined;
    if (category && !activeCategory) throw fail('CATEGORY_NOT_FOUND', 'Category not found');
    const context = {
      website: websiteRecord(website),
      pageType: PageType.mainContent,
      collection: { ...collectionRecord(list.collection), categories: list.categories },
      items: list.products.map((product) => itemRecord(product, list.collection)),
    };
    if (wantsJson(request)) return sendJson(reply, context);
    const custom = templates.render('collection-list', context);
    const first = list.products[0]?.images[0];
    return send(reply, {
      site,
      currentPath: `/${slug}`,
      head: {
        title: list.collection.title,
        description: list.collection.description || site.description,
        path: `/${slug}`,
        openGraph: { type: 'website', image: first?.src },
        isNoIndex: isPaywalled,
        track: await trackOf(website.id, {
          pageType: PageType.mainContent,
          products: Object.fromEntries(
            list.products.map((p) => [p.id, trackedProduct(p, list.collection)]),
          ),
        }),
      },
      body:
        custom !== null ? (
          <TemplateOutput html={custom} />
        ) : (
          <ProductListPage
            list={list}
            activeCategorySlug={activeCategory?.slug ?? null}
            forms={await formsOf(website.id, list.products)}
            useCLDRMoneyFormat={site.useCLDRMoneyFormat}
            isExpressCheckout={site.isExpressCheckout}
          />
        ),
    });
  });

  app.get('/:collection/p/:urlId', cacheable, async (request, reply) => {
    const { collection, urlId } = pageInput(productParams, request.params);
    const { website, site, templates } = await siteFor(request);
    let product: Product;
    try {
      product = await catalog.getProduct(website.id, collection, urlId);
    } catch (error) {
      // A product whose url id changed: links already out there move with it for good.
      const moved = await catalog.findRenamedProductUrl(website.id, urlId);
      if (moved) return reply.redirect(moved, 301);
      throw error;
    }
    // An item of a collection in a member-area folder is guarded with its list (issue 23).
    const denial = await memberGateOf(request, reply, website.id, {
      kind: 'collection',
      address: collection,
    });
    if (denial) {
      const { lock, offers } = await memberLockOf(
        request,
        reply,
        website.id,
        denial,
        product.fullUrl,
      );
      return lockScreen(
        request,
        reply,
        { site, website, title: product.title, path: product.fullUrl },
        offers,
        lock,
      );
    }
    // An item of a locked collection is locked with it, except a product that itself
    // opens the collection: its page is where a visitor buys access.
    const offers = await paywallGate(request, reply, website.id, {
      kind: 'collection',
      address: collection,
    });
    if (offers && !offers.some((offer) => offer.productId === product.id)) {
      return lockScreen(
        request,
        reply,
        { site, website, title: product.title, path: product.fullUrl },
        offers,
      );
    }
    const isPaywalled = reply.hasHeader('x-robots-tag');
    const itemContext = async () => {
      const list = await catalog.getCollectionList(website.id, collection);
      return {
        website: websiteRecord(website),
        pageType: PageType.contentItem,
        collection: collectionRecord(list.collection),
        item: itemRecord(product, list.collection),
      };
    };
    if (wantsJson(request)) return sendJson(reply, await itemContext());
    const custom = templates.has('item') ? templates.render('item', await itemContext()) : null;
    const mainImage = product.images[0];
    return send(reply, {
      site,
      currentPath: product.fullUrl,
      head: {
        title: product.seo.title || product.title,
        description:
          product.seo.description || product.excerpt || plainTextOf(product.description, 160),
        path: product.fullUrl,
        openGraph: {
          type: 'product',
          image: (await catalog.socialImageOf(website.id, product)) ?? mainImage?.src,
        },
        structuredData: productStructuredData(product, site),
        isNoIndex: isPaywalled,
        track: await trackOf(website.id, {
          pageType: PageType.contentItem,
          product: trackedProduct(
            product,
            (await catalog.getCollectionList(website.id, collection)).collection,
          ),
        }),
        preloadImage: mainImage
          ? { href: mainImage.src, srcset: mainImage.srcset, sizes: PRODUCT_IMAGE_SIZES }
          : undefined,
      },
      body:
        custom !== null ? (
          <TemplateOutput html={custom} />
        ) : (
          <ProductPage
            product={product}
            site={site}
            installments={await installmentsOf(website)}
            additionalFieldsForm={
              product.additionalFieldsFormId
                ? await formOrNull(website.id, product.additionalFieldsFormId)
                : null
            }
          />
        ),
    });
  });

  return {
    /** The 404 page (page type 100) for any address that is not a page or an API call. */
    async renderNotFound(request: FastifyRequest, reply: FastifyReply) {
      const resolved = await websites.resolveByHost(request.headers.host);
      if (!resolved)
        return reply.status(404).type('text/plain').send('No website is published at this address');
      const { site } = await siteFor(request);
      return send(
        reply,
        {
          site,
          currentPath: request.url,
          head: { title: 'Page not found', description: site.description, path: request.url },
          body: <NotFoundPage />,
        },
        404,
      );
    },

    /**
     * Page type 101 inside the site's frame. If the frame itself cannot be read (the
     * database is down), a plain page says the same: a browser never gets JSON.
     */
    async renderError(
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      message: string,
    ) {
      reply.header('cache-control', 'no-store');
      try {
        const { site } = await siteFor(request);
        return reply
          .status(status)
          .type('text/html; charset=utf-8')
          .send(
            documentOf(reply, {
              site,
              currentPath: request.url.split('?')[0] ?? '/',
              head: { title: 'Something went wrong', description: site.description, path: '/' },
              body: <ErrorPage message={message} />,
            }),
          );
      } catch (error) {
        request.log.error({ err: error }, 'the error page could not be rendered in the site frame');
        return reply.status(status).type('text/html; charset=utf-8').send(plainErrorPage(message));
      }
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function plainErrorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}

/** The site's privacy or cookie page in its public menu, for the cookie banner to link. */
function privacyPageOf(items: readonly PublicNavigationItem[]): string | undefined {
  for (const item of items) {
    if (item.href?.startsWith('/') && /\/(privacy|cookie)[^/]*$/i.test(item.href)) return item.href;
    const inFolder = privacyPageOf(item.children);
    if (inFolder) return inFolder;
  }
  return undefined;
}
