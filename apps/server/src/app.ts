import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBED_FRAME_SOURCES, errorResponses, healthSchema } from '@atelier/contract';
import { loadFontLibrary } from '@atelier/fonts';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  createJsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createAnalyticsRepo } from './features/analytics/analytics.repo.ts';
import { registerAnalyticsRoutes } from './features/analytics/analytics.routes.ts';
import { createAnalyticsService } from './features/analytics/analytics.service.ts';
import {
  registerAnalyticsDashboardRoutes,
  registerAnalyticsRunRoute,
} from './features/analytics/analytics-dashboard.routes.ts';
import { createAnalyticsDashboard } from './features/analytics/analytics-dashboard.ts';
import { createAnalyticsWorker } from './features/analytics/analytics-worker.ts';
import { createApiKeyRepo } from './features/api-keys/api-keys.repo.ts';
import { registerApiKeyRoutes } from './features/api-keys/api-keys.routes.ts';
import { createApiKeyService } from './features/api-keys/api-keys.service.ts';
import { createAuthRepo } from './features/auth/auth.repo.ts';
import { registerAuthRoutes } from './features/auth/auth.routes.ts';
import { type AuthOptions, createAuthService } from './features/auth/auth.service.ts';
import { createMemberGuard, SESSION_COOKIE } from './features/auth/member-guard.ts';
import { createMembersRepo } from './features/auth/members.repo.ts';
import { registerMembersRoutes } from './features/auth/members.routes.ts';
import { createMembersService } from './features/auth/members.service.ts';
import { createCampaignStore } from './features/campaigns/campaigns.repo.ts';
import { registerCampaignRoutes } from './features/campaigns/campaigns.routes.ts';
import {
  type CampaignsOptions,
  createCampaignsService,
} from './features/campaigns/campaigns.service.ts';
import { createCaptchaRepo } from './features/captcha/captcha.repo.ts';
import { registerCaptchaRoutes } from './features/captcha/captcha.routes.ts';
import { type CaptchaOptions, createCaptchaService } from './features/captcha/captcha.service.ts';
import { createCartRepo } from './features/cart/cart.repo.ts';
import { registerCartRoutes } from './features/cart/cart.routes.ts';
import { createCartService } from './features/cart/cart.service.ts';
import { createCatalogRepo } from './features/catalog/catalog.repo.ts';
import { registerCatalogRoutes } from './features/catalog/catalog.routes.ts';
import { createCatalogService } from './features/catalog/catalog.service.ts';
import { registerCatalogAdminRoutes } from './features/catalog/catalog-admin.routes.ts';
import { createCatalogAdminService } from './features/catalog/catalog-admin.service.ts';
import { createProductCategories } from './features/catalog/product-categories.ts';
import { createProductCsvRepo } from './features/catalog/product-csv.repo.ts';
import { registerProductCsvRoutes } from './features/catalog/product-csv.routes.ts';
import { createProductCsv } from './features/catalog/product-csv.ts';
import { createProductListRepo } from './features/catalog/product-list.repo.ts';
import { createProductTags } from './features/catalog/product-tags.ts';
import {
  type CommerceOptions,
  createCommerce,
  registerCommerceRoutes,
} from './features/checkout/commerce.ts';
import { createContentRepo } from './features/content/content.repo.ts';
import { createContentService } from './features/content/content.service.ts';
import { createCustomersRepo } from './features/customers/customers.repo.ts';
import { registerCustomerRoutes } from './features/customers/customers.routes.ts';
import { createCustomersService } from './features/customers/customers.service.ts';
import { createDemoContentRepo } from './features/demo-content/demo-content.repo.ts';
import { registerDemoContentRoutes } from './features/demo-content/demo-content.routes.ts';
import { createDemoContentService } from './features/demo-content/demo-content.service.ts';
import { registerDesignRoutes } from './features/design/design.routes.ts';
import { createDesignService, type DesignService } from './features/design/design.service.ts';
import { registerCouponRoutes } from './features/discounts/coupons.routes.ts';
import { createCoupons } from './features/discounts/coupons.ts';
import { loadEditorAssets } from './features/editor/editor-assets.ts';
import { createEditorPagesRepo } from './features/editor/editor-pages.repo.ts';
import { registerEditorPagesRoutes } from './features/editor/editor-pages.routes.ts';
import { createEditorPagesService } from './features/editor/editor-pages.service.ts';
import { registerEditorShellRoutes } from './features/editor/editor-shell.routes.ts';
import { createPageScheduleRepo } from './features/editor/page-schedule.repo.ts';
import { sanitizeBlocks } from './features/editor/rich-text-sanitize.ts';
import { registerFormBlockRoutes } from './features/forms/form-blocks.routes.ts';
import { createFormInboxRepo } from './features/forms/form-inbox.repo.ts';
import { registerFormInboxRoutes } from './features/forms/form-inbox.routes.ts';
import { createFormInboxService } from './features/forms/form-inbox.service.ts';
import { createFormSubmissionsRepo } from './features/forms/form-submissions.repo.ts';
import { registerFormSubmissionRoutes } from './features/forms/form-submissions.routes.ts';
import {
  createFormSubmissionsService,
  type VerifyCaptcha,
} from './features/forms/form-submissions.service.ts';
import { createFormsRepo } from './features/forms/forms.repo.ts';
import { registerFormsRoutes } from './features/forms/forms.routes.ts';
import { createFormsService } from './features/forms/forms.service.ts';
import { createFormsAdminRepo } from './features/forms/forms-admin.repo.ts';
import { registerFormsAdminRoutes } from './features/forms/forms-admin.routes.ts';
import { createFormsAdminService } from './features/forms/forms-admin.service.ts';
import { registerGiftCardAdminRoutes } from './features/giftcards/giftcards-admin.routes.ts';
import { createHeaderFooterRepo } from './features/header-footer/header-footer.repo.ts';
import { registerHeaderFooterRoutes } from './features/header-footer/header-footer.routes.ts';
import { createHeaderFooterService } from './features/header-footer/header-footer.service.ts';
import { installmentOfferReader } from './features/installments/installment-tender.ts';
import {
  CAMPAIGN_BATCH_JOB,
  PUBLISH_PRODUCT_JOB,
  RESTOCK_WAVE_JOB,
} from './features/jobs/job-kinds.ts';
import { registerMailRoutes } from './features/mail/mail.routes.ts';
import { createMailSender, smtpTransport } from './features/mail/mail-sender.ts';
import { createMediaRepo } from './features/media/media.repo.ts';
import { registerMediaRoutes } from './features/media/media.routes.ts';
import { createMediaService } from './features/media/media.service.ts';
import { registerMediaLibraryRoutes } from './features/media/media-library.routes.ts';
import { createMediaStore } from './features/media/media-store.ts';
import { setStoredFileHeaders } from './features/media/media-urls.ts';
import { createMemberAreasRepo } from './features/member-areas/member-areas.repo.ts';
import { registerMemberAreaRoutes } from './features/member-areas/member-areas.routes.ts';
import { createMemberAreasService } from './features/member-areas/member-areas.service.ts';
import { createMemberGate } from './features/member-areas/member-gate.ts';
import { createNavigationRepo } from './features/navigation/navigation.repo.ts';
import { registerNavigationRoutes } from './features/navigation/navigation.routes.ts';
import { createNavigationService } from './features/navigation/navigation.service.ts';
import { createNewsletterRepo } from './features/newsletter/newsletter.repo.ts';
import { registerNewsletterRoutes } from './features/newsletter/newsletter.routes.ts';
import { createNewsletterService } from './features/newsletter/newsletter.service.ts';
import { registerOrderAdminRoutes } from './features/orders/order-admin.routes.ts';
import { paywallQueries } from './features/paywall/paywall.repo.ts';
import { registerPaywallRoutes } from './features/paywall/paywall.routes.ts';
import { createPaywallService } from './features/paywall/paywall.service.ts';
import { createPaywallGate } from './features/paywall/paywall-gate.ts';
import { createPreferencesRepo } from './features/preferences/preferences.repo.ts';
import { registerPreferencesRoutes } from './features/preferences/preferences.routes.ts';
import { createPreferencesService } from './features/preferences/preferences.service.ts';
import { createRestockRepo } from './features/restock/restock.repo.ts';
import { registerRestockRoutes } from './features/restock/restock.routes.ts';
import { createRestockService } from './features/restock/restock.service.ts';
import { seedDemoStoreIfEmpty } from './features/seed/demo-store.ts';
import { createSeoRepo } from './features/seo/seo.repo.ts';
import { registerSeoRoutes } from './features/seo/seo.routes.ts';
import { createAccountSectionsRepo } from './features/site-users/account-sections.repo.ts';
import { registerAccountSectionRoutes } from './features/site-users/account-sections.routes.ts';
import { createAccountSectionsService } from './features/site-users/account-sections.service.ts';
import { createSiteUsersRepo } from './features/site-users/site-users.repo.ts';
import { registerSiteUserRoutes } from './features/site-users/site-users.routes.ts';
import {
  createSiteUsersService,
  type SiteUsersOptions,
} from './features/site-users/site-users.service.ts';
import { registerStoreSettingsRoutes } from './features/store-settings/store-settings.routes.ts';
import { createStoreSettings } from './features/store-settings/store-settings.ts';
import {
  registerSubscriptionRoutes,
  registerTestClockRoute,
} from './features/subscriptions/subscriptions.routes.ts';
import { createSampleContexts } from './features/templates/template-context.ts';
import { createTemplatesRepo } from './features/templates/templates.repo.ts';
import { registerTemplatesRoutes } from './features/templates/templates.routes.ts';
import { createTemplatesService } from './features/templates/templates.service.ts';
import { registerMemberTwoFactorRoutes } from './features/two-factor/member-two-factor.routes.ts';
import { registerSiteUserTwoFactorRoutes } from './features/two-factor/site-user-two-factor.routes.ts';
import { createTwoFactorRepo } from './features/two-factor/two-factor.repo.ts';
import { createTwoFactorService } from './features/two-factor/two-factor.service.ts';
import { createUrlSpaceRepo } from './features/url-space/url-space.repo.ts';
import { createUrlSpace } from './features/url-space/url-space.ts';
import {
  createWebhookDeliverer,
  type WebhookDelivererOptions,
} from './features/webhooks/webhook-deliverer.ts';
import { resolveWithDns } from './features/webhooks/webhook-targets.ts';
import { createWebhookStore } from './features/webhooks/webhooks.repo.ts';
import { registerWebhookRoutes } from './features/webhooks/webhooks.routes.ts';
import { createWebhooksService } from './features/webhooks/webhooks.service.ts';
import { registerSiteSettingsRoutes } from './features/websites/site-settings.routes.ts';
import { createWebsiteRepo } from './features/websites/website.repo.ts';
import { createWebsiteService } from './features/websites/website.service.ts';
import { createApiKeyGuard } from './http/auth.ts';
import { trustProxyOption } from './http/client-address.ts';
import { isPageRequest, registerErrorHandler } from './http/errors.ts';
import { createOpenApiTransformObject, withMultipartBodies } from './http/openapi.ts';
import { capabilityOfRoute, type RouteCapability } from './http/route-capability.ts';
import { withSafeText } from './http/safe-text.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createWebsiteResolver } from './http/website-resolver.ts';
import { loadStorefrontAssets, registerAssetRoutes } from './ssr/assets.ts';
import { createPageCache, type PageCache } from './ssr/page-cache.ts';
import { registerStorefrontRoutes } from './ssr/storefront.routes.tsx';
import { withRememberedSiteReads } from './ssr/storefront-services.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Seed the demo store into an empty database (on by default, as on first start). */
  seedDemo?: boolean;
  /** Checkout settings (reservation time, payment provider); defaults suit a laptop. */
  commerce?: CommerceOptions;
  /** Editor sessions: lifetimes and the clock they expire by (tests move it). */
  auth?: AuthOptions;
  /** Proof-of-work captcha: difficulty, lifetime, the clock; and challenges per address a minute. */
  captcha?: CaptchaOptions & { challengeLimit?: number };
  /** Restock sign-ups per visitor address a minute (default 10). */
  restockSignUpLimit?: number;
  /** Webhook delivery: clock, jitter, DNS, timeout and lease (tests shorten and pin them). */
  webhooks?: WebhookDelivererOptions;
  /** Campaign sending: how long the rate's minute lasts (tests make it 0). */
  campaigns?: CampaignsOptions;
  /** Customer accounts: clock, session times, hashing cost; account calls per address a minute. */
  siteUsers?: SiteUsersOptions & { addressLimit?: number };
  /** Page password tries per visitor address and page in five minutes (default 10). */
  pageUnlockLimit?: number;
};

export type Services = ReturnType<typeof createServices>;
export type App = FastifyInstance & {
  services: Services;
  /** Every path a route was registered for; the URL space's test holds them to its list. */
  routeUrls: readonly string[];
  /** Every route with the capability its guard checks (undefined when it has none). */
  routeCapabilities: readonly RouteCapability[];
};

/** Where `vite build` writes the storefront's browser assets, found from this file. */
export function findWebDist(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'apps', 'web', 'dist');
    if (existsSync(join(dir, 'apps', 'web'))) return candidate;
    dir = dirname(dir);
  }
  return join(process.cwd(), 'apps', 'web', 'dist');
}

/** TEST_CLOCK=on: a clock that POST /api/testing/clock moves forward, never back. */
function createTestClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number): Date {
      offsetMs += ms;
      return new Date(Date.now() + offsetMs);
    },
  };
}

function createServices(
  options: AppOptions,
  app: FastifyInstance,
  pageCache: PageCache,
  testClock: ReturnType<typeof createTestClock> | undefined,
) {
  const { db } = options.database;
  // Writes that change public pages tell the page cache after they commit.
  const onPublicChange = pageCache.invalidate;
  const websiteRepo = createWebsiteRepo(db);
  const websiteService = createWebsiteService({
    websiteRepo,
    onPublicChange,
    server: { publicUrl: options.config.publicUrl, port: options.config.port },
  });
  const websites: typeof websiteService = {
    ...websiteService,
    // Every request reads its website (host, currency): remembered until it changes.
    resolveByHost: (host) => pageCache.rememberHost(host, () => websiteService.resolveByHost(host)),
    getById: (websiteId) =>
      pageCache.rememberForWebsite(websiteId, 'website', () => websiteService.getById(websiteId)),
    // A second website ends "any host reaches the only website": every cached page goes.
    create: (input) => websiteService.create(input).finally(pageCache.invalidateAll),
  };
  const currencyOf = async (websiteId: string) =>
    (await websites.getById(websiteId))?.storeCurrency ?? 'USD';
  const catalogRepo = createCatalogRepo(db);
  const catalog = createCatalogService({
    catalogRepo,
    currencyOf,
    onPublicChange,
    onBrokenRecord: (record) => app.log.warn(record, 'a stored product is broken and is not shown'),
    // Read per render, after startup: preferences are created below.
    storeScarcityOf: (websiteId) => preferences.inventory(websiteId),
  });
  // Paywalls (issue 22): what paywall products unlock, and who may see it.
  const paywallService = createPaywallService({
    paywallRepo: paywallQueries(db),
    findProductByUrlId: catalog.findProductByUrlId,
    onPublicChange,
  });
  const paywall: typeof paywallService = {
    ...paywallService,
    // Every page asks whether it is locked: remembered until the website changes.
    locksOf: (websiteId) =>
      pageCache.rememberForWebsite(websiteId, 'paywall-locks', () =>
        paywallService.locksOf(websiteId),
      ),
  };
  // Member areas and page passwords (issue 23): who may see a page.
  const memberAreasService = createMemberAreasService({
    repo: createMemberAreasRepo(db),
    onPublicChange,
  });
  const memberAreas: typeof memberAreasService = {
    ...memberAreasService,
    // Every page asks whether it is guarded: remembered until the website changes.
    accessLocksOf: (websiteId) =>
      pageCache.rememberForWebsite(websiteId, 'member-locks', () =>
        memberAreasService.accessLocksOf(websiteId),
      ),
  };
  const formsRepo = createFormsRepo(db);
  const forms = createFormsService({ formsRepo });
  const captcha = createCaptchaService({
    captchaRepo: createCaptchaRepo(db),
    // The configured difficulty unless the caller (a test) sets its own.
    options: { maxNumber: options.config.captchaMaxNumber, ...options.captcha },
  });
  const verifyCaptcha: VerifyCaptcha = (input) => captcha.check(input);
  const newsletter = createNewsletterService({ repo: createNewsletterRepo(db), websites });
  const formSubmissions = createFormSubmissionsService({
    repo: createFormSubmissionsRepo(db),
    formsRepo,
    forms,
    verifyCaptcha,
    pendingSignUp: newsletter.pendingSignUp,
  });
  const formsAdmin = createFormsAdminService({
    repo: createFormsAdminRepo(db),
    onPublicChange,
  });
  const preferences = createPreferencesService({
    preferencesRepo: createPreferencesRepo(db),
    onPublicChange,
  });
  const cart = createCartService({ cartRepo: createCartRepo(db), currencyOf, forms });
  const mediaRepo = createMediaRepo(db);
  const mediaStore = createMediaStore({ dataDir: options.config.dataDir, mediaRepo });
  const media = createMediaService({ mediaStore, mediaRepo, onPublicChange });
  const urlSpace = createUrlSpace({ urlSpaceRepo: createUrlSpaceRepo(db) });
  const productCategories = createProductCategories({ db, urlSpace, onPublicChange });
  const catalogAdmin = createCatalogAdminService({
    catalogRepo,
    productCategories,
    productListRepo: createProductListRepo(db),
    urlSpace,
    onPublicChange,
    currencyOf,
  });
  const productTags = createProductTags({ db, onPublicChange });
  const storeSettings = createStoreSettings({ db, onPublicChange });
  const coupons = createCoupons({ db });
  const demoContent = createDemoContentService({
    demoContentRepo: createDemoContentRepo(db),
    deleteMediaFiles: mediaStore.deleteFiles,
    onPublicChange,
  });
  const customers = createCustomersService({
    customersRepo: createCustomersRepo(db),
    currencyOf,
    subscribedEmails: newsletter.subscribedEmails,
  });
  const formInbox = createFormInboxService({ formInboxRepo: createFormInboxRepo(db) });
  const productCsv = createProductCsv({
    csvRepo: createProductCsvRepo(db),
    catalogRepo,
    currencyOf,
    onPublicChange,
  });
  const apiKeys = createApiKeyService({ apiKeyRepo: createApiKeyRepo(db) });
  const restock = createRestockService({
    repo: createRestockRepo(db),
    // Spends the solution as it verifies: a sign-up has no statement of its own to spend it
    // in, unlike a form submission (`captcha.check` above).
    verifyCaptcha: (input) => captcha.verify(input),
    inventorySettingsOf: (websiteId) => preferences.inventory(websiteId),
    websites,
    pendingSignUp: newsletter.pendingSignUp,
  });
  const campaigns = createCampaignsService({
    store: createCampaignStore(db),
    websites,
    ...(options.campaigns && { options: options.campaigns }),
  });
  // Pay in 4 at checkout where the installment pill shows (issue 22).
  const installmentOfferOf = installmentOfferReader({
    isEnabled: async (websiteId) => (await preferences.installments(websiteId)).isEnabled,
    websites,
  });
  const commerce = createCommerce({
    database: options.database,
    onStockChange: onPublicChange,
    holdMinutesOf: async (websiteId) => (await preferences.checkout(websiteId)).stockHoldMinutes,
    checkoutRulesOf: async (websiteId) => ({
      ...(await preferences.checkout(websiteId)),
      installments: await installmentOfferOf(websiteId),
    }),
    jobHandlers: {
      [PUBLISH_PRODUCT_JOB]: (job) => catalogAdmin.publishScheduled(job),
      [RESTOCK_WAVE_JOB]: (job) => restock.sendWave(job),
      [CAMPAIGN_BATCH_JOB]: (job) => campaigns.runBatch(job),
    },
    jobGiveUps: { [CAMPAIGN_BATCH_JOB]: (job, error) => campaigns.stallBatch(job, error) },
    websites,
    log: app.log,
    options: {
      ...options.commerce,
      ...(!options.commerce?.clock && testClock && { clock: testClock.now }),
    },
  });
  const webhookStore = createWebhookStore(db);
  const isWebhookPrivateAllowed = options.config.isWebhookPrivateAllowed;
  const webhookDeliverer = createWebhookDeliverer({
    store: webhookStore,
    log: app.log,
    adminUrlOf: async (websiteId) => `${await websites.originOf(websiteId)}/config`,
    options: { isPrivateAllowed: isWebhookPrivateAllowed, ...options.webhooks },
  });
  const webhooks = createWebhooksService({
    store: webhookStore,
    resolveHost: options.webhooks?.resolveHost ?? resolveWithDns,
    isPrivateAllowed: options.webhooks?.isPrivateAllowed ?? isWebhookPrivateAllowed,
    // A test event or replay goes out now rather than at the next poll; tests poll themselves.
    onQueued: () => {
      if (options.config.env === 'test') return;
      webhookDeliverer
        .deliverDue()
        .catch((error: unknown) => app.log.error({ err: error }, 'webhook delivery failed'));
    },
  });
  const contentRepo = createContentRepo(db);
  const content = createContentService({
    contentRepo,
    mediaRepo,
    catalog,
    formsOf: formSubmissions.definitionsOf,
    log: app.log,
  });
  const authRepo = createAuthRepo(db);
  // Two-step verification runs on the clock sign-ins do, so tests can move both.
  const auth = createAuthService({
    authRepo,
    twoFactor: createTwoFactorService({
      repo: createTwoFactorRepo(db, 'member'),
      now: options.auth?.now ?? (() => new Date()),
    }),
    options: { signInLock: options.config.signInLock, ...options.auth },
  });
  const members = createMembersService({
    membersRepo: createMembersRepo(db),
    authRepo,
    auth,
    websites,
    ...(options.auth?.now && { now: options.auth.now }),
  });
  const siteUsers = createSiteUsersService({
    repo: createSiteUsersRepo(db),
    websites,
    twoFactor: createTwoFactorService({
      repo: createTwoFactorRepo(db, 'site-user'),
      now: options.siteUsers?.now ?? (() => new Date()),
    }),
    options: { signInLock: options.config.signInLock, ...options.siteUsers },
  });
  const accountSections = createAccountSectionsService({
    repo: createAccountSectionsRepo(db),
    subscriptions: commerce.subscriptions,
    newsletter,
  });
  const editorPages = createEditorPagesService({
    editorPagesRepo: createEditorPagesRepo(db),
    content,
    urlSpace,
    onPublicChange,
    onPublicChangeAt: pageCache.invalidateAt,
  });
  const templatesRepo = createTemplatesRepo(db);
  const templates = createTemplatesService({
    templatesRepo,
    onPublicChange,
    sampleContextOf: createSampleContexts({
      websites,
      catalog,
      // Made below; a sample is only built on a save, long after startup.
      navigation: { getPublicNavigation: (websiteId) => navigation.getPublicNavigation(websiteId) },
      templatesRepo,
    }),
  });
  const headerFooter = createHeaderFooterService({
    headerFooterRepo: createHeaderFooterRepo(db),
    content,
    sanitizeBlocks,
    onPublicChange,
  });
  const navigation = createNavigationService({
    navigationRepo: createNavigationRepo(db),
    onPublicChange,
  });
  // Site design (issue 25): the font catalog is read from its packages once, at start-up.
  const fonts = loadFontLibrary();
  const designService = createDesignService({ db, fonts, onPublicChange });
  const design: DesignService = {
    ...designService,
    // Every page inlines it: remembered until the website changes.
    siteStyle: (websiteId, language) =>
      pageCache.rememberForWebsite(websiteId, `design-style:${language}`, () =>
        designService.siteStyle(websiteId, language),
      ),
  };
  const analytics = createAnalyticsService({
    repo: createAnalyticsRepo(db),
    // Read by every collector call: remembered under the page cache's clock, which a
    // preferences write ticks (the storefront remembers the same read the same way).
    preferencesOf: (websiteId) =>
      pageCache.rememberForWebsite(websiteId, 'analytics-preferences', () =>
        preferences.analytics(websiteId),
      ),
    isRecentOrder: async (websiteId, orderId) => {
      if (!/^[0-9a-f-]{36}$/i.test(orderId)) return false;
      const row = await db
        .selectFrom('orders')
        .select('order_id')
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .where('created_at', '>', new Date(Date.now() - 86_400_000))
        .executeTakeFirst();
      return row !== undefined;
    },
    log: (error) => app.log.error({ err: error }, 'analytics batch failed'),
  });
  const analyticsDashboard = createAnalyticsDashboard({
    db,
    timeZoneOf: async (websiteId) => (await websites.getById(websiteId))?.timeZone ?? 'UTC',
    currencyOf: async (websiteId) => (await websites.getById(websiteId))?.storeCurrency ?? 'USD',
  });
  const analyticsWorker = createAnalyticsWorker({
    db,
    analytics,
    retentionDays: options.config.analyticsRetentionDays,
    log: (error) => app.log.error({ err: error }, 'analytics worker failed'),
  });
  return {
    fonts,
    design,
    analytics,
    analyticsDashboard,
    analyticsWorker,
    pageCache,
    websites,
    navigation,
    headerFooter,
    catalog,
    cart,
    forms,
    captcha,
    formSubmissions,
    formsAdmin,
    preferences,
    formsRepo,
    content,
    contentRepo,
    auth,
    members,
    siteUsers,
    accountSections,
    editorPages,
    templates,
    catalogRepo,
    mediaStore,
    media,
    catalogAdmin,
    productTags,
    storeSettings,
    coupons,
    demoContent,
    customers,
    formInbox,
    productCategories,
    productCsv,
    apiKeys,
    restock,
    newsletter,
    commerce,
    webhooks,
    webhookDeliverer,
    campaigns,
    paywall,
    memberAreas,
  };
}

/**
 * The whole server, wired by hand. Tests call this and use `app.inject()`; main.ts calls
 * it and listens. Closing the app closes the database.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  // Other servers on the same database hear of every change made here, and this one of
  // theirs, so no server keeps showing a page another has changed (docs/ARCHITECTURE.md).
  const serverId = randomUUID();
  const pageCache = createPageCache({
    isEnabled: config.isPageCacheEnabled,
    announce: (change) => {
      database.changes
        .publish(JSON.stringify({ from: serverId, ...change }))
        .catch((error: unknown) => app.log.error({ err: error }, 'announcing a change failed'));
    },
  });
  // The storefront is registered further down; until then a failing page answers JSON.
  let storefrontPages: ReturnType<typeof registerStorefrontRoutes> | undefined;
  const app = Fastify({
    // A cached public page is answered before Fastify routes the request (page-cache.ts).
    serverFactory: (handler) => {
      const server = createServer((request, response) => {
        if (!pageCache.serveEarly(request, response)) handler(request, response);
      });
      // Fastify's default for its own server (node's is 5 s).
      server.keepAliveTimeout = 72_000;
      return server;
    },
    // Bodies are never logged; the redaction is a second guard so a card number or
    // security code cannot reach a log line even if someone logs a request body.
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.body.card', 'body.card', 'card'], censor: '[redacted]' },
    },
    // The client address every per-address limit is keyed on: the socket's, unless
    // TRUST_PROXY names the proxies in front (X-Forwarded-For is anyone's to write).
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // An address that cannot be decoded (a lone surrogate as %ED%A0%80) names no page and
    // no resource: the site's 404 page for a browser, the API's error shape otherwise.
    frameworkErrors: (error, request, reply) => {
      if (isPageRequest(request) && storefrontPages) {
        return storefrontPages.renderNotFound(request, reply as FastifyReply);
      }
      request.log.info({ err: error }, 'request refused before routing');
      // Fastify types this reply for a route it never matched; it is a plain reply.
      return (reply as FastifyReply)
        .status(400)
        .send({ error: 'The address is not valid.', code: 'REQUEST_MALFORMED' });
    },
    // Keep-alive sockets would hold a graceful shutdown open until they time out.
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(withSafeText(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  // Registered before any route, so plugins' routes (static files) are seen too.
  const routeUrls: string[] = [];
  // Every route and the capability its guard checks (none: a public route), for the
  // permission matrix test; capabilityOfRoute refuses a guard placed after validation.
  const routeCapabilities: RouteCapability[] = [];
  app.addHook('onRoute', (route) => {
    routeUrls.push(route.url);
    const capability = capabilityOfRoute(route);
    for (const method of [route.method].flat()) {
      routeCapabilities.push({ method, url: route.url, capability });
    }
  });
  registerErrorHandler(app, {
    renderPageError: () => storefrontPages?.renderError,
    isStrictAboutCodes: config.env === 'test',
  });

  const testClock = options.config.isTestClockEnabled ? createTestClock() : undefined;
  const services = createServices(options, app, pageCache, testClock);
  const assets = loadStorefrontAssets(findWebDist());
  if (!assets.isBuilt && config.env !== 'test') {
    app.log.warn(
      'storefront assets are not built; pages render without islands (run npm run build)',
    );
  }

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", assets.cssHash],
        // Style attributes carry per-image focal points; they cannot run script.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // Embed and video blocks frame only these players and maps (blocks/embed.tsx);
        // 'self' for the Design screen's live preview of the home page (issue 25).
        frameSrc: ["'self'", ...new Set(EMBED_FRAME_SOURCES.map(({ host }) => `https://${host}`))],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Same-origin images and scripts only; cross-origin isolation would block embeds later.
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Atelier API',
        version: '0.1.0',
        description:
          'Storefront and commerce calls of Atelier. Errors are always {error, errors?}.',
      },
    },
    // Every schema with a `.meta({id})` becomes a $ref into components.schemas, and
    // transformObject is what fills that section (without it every $ref dangled). The plugin
    // names a schema's input form `<id>Input`, so no contract id may end in `Input` where
    // `<id>` also exists (hence MoneyEntry, VariantEntry). Both halves use the OpenAPI 3.0
    // target so a route's inline schema and a component are written the same way. The
    // wrapper hoists zod's __shared recursive definitions, whose refs no tool could follow;
    // withMultipartBodies documents the upload routes' multipart bodies.
    transform: withMultipartBodies(
      createJsonSchemaTransform({ zodToJsonConfig: { target: 'openapi-3.0' } }),
    ),
    transformObject: createOpenApiTransformObject({
      zodToJsonConfig: { target: 'openapi-3.0' },
    }),
  });

  await registerAssetRoutes(app, join(findWebDist(), 'assets'));
  // A fresh data folder has no files/ until the first upload or the demo seed; @fastify/static
  // warns on every start when its root is missing, so it exists before it is registered.
  const filesDir = join(config.dataDir, 'files');
  await mkdir(filesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: filesDir,
    prefix: '/files/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    // nosniff everywhere; text and CSV uploads are downloads, never pages of this origin.
    setHeaders: setStoredFileHeaders,
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const startedAt = Date.now();
  api.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, ...errorResponses() },
      },
    },
    async () => {
      await database.ping();
      return {
        status: 'ok' as const,
        database: database.kind,
        uptimeSeconds: (Date.now() - startedAt) / 1000,
      };
    },
  );
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const websiteOf = createWebsiteResolver(services.websites);
  const memberGuard = createMemberGuard({ auth: services.auth, websiteOf });
  registerCatalogRoutes(app, {
    catalog: services.catalog,
    websiteOf,
    paywall: createPaywallGate(services.paywall),
    // The same gate as the collection's pages: a member-area folder's shop is members' only.
    members: createMemberGate({
      memberAreas: services.memberAreas,
      sessionOf: (websiteId, token) => services.siteUsers.sessionOf(websiteId, token),
      isEditor: memberGuard.isEditor,
    }).verdictOf,
  });
  const requireApiKey = createApiKeyGuard({
    apiKeys: services.apiKeys,
    websiteOf,
    members: services.auth,
  });
  registerApiKeyRoutes(app, { apiKeys: services.apiKeys, requireApiKey });
  registerAnalyticsRoutes(app, {
    analytics: services.analytics,
    websiteOf,
    memberRoleOf: async (websiteId, token) =>
      (await services.auth.memberOf(websiteId, token))?.role,
    memberCookie: SESSION_COOKIE,
  });
  registerAnalyticsDashboardRoutes(app, { dashboard: services.analyticsDashboard, requireApiKey });
  registerCatalogAdminRoutes(app, {
    catalogAdmin: services.catalogAdmin,
    productTags: services.productTags,
    productCategories: services.productCategories,
    requireApiKey,
  });
  registerProductCsvRoutes(app, { productCsv: services.productCsv, requireApiKey });
  registerStoreSettingsRoutes(app, { storeSettings: services.storeSettings, requireApiKey });
  registerCouponRoutes(app, { coupons: services.coupons, requireApiKey });
  registerFormsAdminRoutes(app, { formsAdmin: services.formsAdmin, requireApiKey });
  registerDemoContentRoutes(app, { demoContent: services.demoContent, requireApiKey });
  registerMediaRoutes(app, { media: services.media, requireApiKey });
  registerPreferencesRoutes(app, { preferences: services.preferences, requireApiKey });
  registerMailRoutes(app, { outbox: services.commerce.outbox, requireApiKey });
  registerOrderAdminRoutes(app, {
    orderAdmin: services.commerce.orderAdmin,
    outbox: services.commerce.outbox,
    requireApiKey,
  });
  registerSubscriptionRoutes(app, {
    subscriptions: services.commerce.subscriptions,
    requireApiKey,
    websiteOf,
  });
  if (testClock) {
    registerAnalyticsRunRoute(app, { runOnce: services.analyticsWorker.runOnce });
    registerTestClockRoute(app, {
      advance: testClock.advance,
      runDue: services.commerce.subscriptions.runDue,
    });
  }
  registerGiftCardAdminRoutes(app, { giftCards: services.commerce.giftCardsAdmin, requireApiKey });
  registerCustomerRoutes(app, { customers: services.customers, requireApiKey });
  registerFormInboxRoutes(app, { formInbox: services.formInbox, requireApiKey });
  registerWebhookRoutes(app, { webhooks: services.webhooks, requireApiKey });
  registerCampaignRoutes(app, { campaigns: services.campaigns, requireApiKey });
  registerPaywallRoutes(app, {
    paywall: services.paywall,
    requireApiKey,
    websiteOf,
  });
  registerCartRoutes(app, {
    cart: services.cart,
    websiteOf,
    addLimit: config.cartRateLimit,
    withFigures: services.commerce.checkout.withCartFigures,
  });
  registerCommerceRoutes(app, {
    commerce: services.commerce,
    websiteOf,
    orderLimit: config.orderRateLimit,
    filesDir: join(config.dataDir, 'files'),
  });
  registerFormsRoutes(app, { forms: services.forms, websiteOf });
  registerCaptchaRoutes(app, {
    captcha: services.captcha,
    websiteOf,
    ...(options.captcha?.challengeLimit !== undefined && {
      challengeLimit: options.captcha.challengeLimit,
    }),
  });
  registerFormSubmissionRoutes(app, {
    submissions: services.formSubmissions,
    websiteOf,
    limits: config.formRateLimits,
  });
  registerRestockRoutes(app, {
    restock: services.restock,
    websiteOf,
    requireApiKey,
    ...(options.restockSignUpLimit !== undefined && {
      signUpLimit: options.restockSignUpLimit,
    }),
  });
  registerSeoRoutes(app, { seoRepo: createSeoRepo(options.database.db), websiteOf });
  registerAuthRoutes(app, { auth: services.auth, websiteOf });
  registerMembersRoutes(app, {
    members: services.members,
    auth: services.auth,
    requireMember: memberGuard.requireMember,
    websiteOf,
  });
  registerSiteUserRoutes(app, {
    siteUsers: services.siteUsers,
    websiteOf,
    ...(options.siteUsers?.addressLimit !== undefined && {
      addressLimit: options.siteUsers.addressLimit,
    }),
  });
  registerMemberTwoFactorRoutes(app, {
    auth: services.auth,
    websiteOf,
    requireMember: memberGuard.requireMember,
  });
  registerSiteUserTwoFactorRoutes(app, {
    siteUsers: services.siteUsers,
    websiteOf,
    ...(options.siteUsers?.addressLimit !== undefined && {
      addressLimit: options.siteUsers.addressLimit,
    }),
  });
  registerAccountSectionRoutes(app, {
    siteUsers: services.siteUsers,
    sections: services.accountSections,
    websiteOf,
  });
  registerEditorPagesRoutes(app, {
    pages: services.editorPages,
    requireMember: memberGuard.requireMember,
  });
  registerMemberAreaRoutes(app, {
    memberAreas: services.memberAreas,
    requireMember: memberGuard.requireMember,
  });
  registerMediaLibraryRoutes(app, {
    media: services.media,
    requireMember: memberGuard.requireMember,
  });
  registerSiteSettingsRoutes(app, {
    websites: services.websites,
    preferences: services.preferences,
    requireMember: memberGuard.requireMember,
  });
  registerDesignRoutes(app, {
    design: services.design,
    fonts: services.fonts,
    requireMember: memberGuard.requireMember,
  });
  registerHeaderFooterRoutes(app, {
    headerFooter: services.headerFooter,
    navigation: services.navigation,
    preferences: services.preferences,
    requireMember: memberGuard.requireMember,
  });
  registerNavigationRoutes(app, {
    navigation: services.navigation,
    requireMember: memberGuard.requireMember,
  });
  registerNewsletterRoutes(app, {
    newsletter: services.newsletter,
    requireApiKey,
    requireMember: memberGuard.requireMember,
  });
  registerFormBlockRoutes(app, {
    listForms: (websiteId) => services.catalogAdmin.listForms(websiteId),
    requireMember: memberGuard.requireMember,
  });
  registerTemplatesRoutes(app, {
    templates: services.templates,
    requireMember: memberGuard.requireMember,
  });
  registerEditorShellRoutes(app, { assets: loadEditorAssets(findWebDist()) });
  const storefront = registerStorefrontRoutes(
    app,
    withRememberedSiteReads(
      { ...services, assets, isMember: memberGuard.isMember, isEditor: memberGuard.isEditor },
      services.pageCache,
    ),
    {
      pageCache: services.pageCache,
      websiteOf,
      ...(options.pageUnlockLimit !== undefined && { unlockLimit: options.pageUnlockLimit }),
    },
  );
  storefrontPages = storefront;

  app.setNotFoundHandler(async (request, reply) => {
    if (isPageRequest(request)) return storefront.renderNotFound(request, reply);
    return reply.status(404).send({ error: 'Not found', code: 'ROUTE_NOT_FOUND' });
  });

  const stopListening = await database.changes.subscribe(
    (message) => {
      const change = announcedChangeOf(message);
      if (change && change.from !== serverId) pageCache.apply(change);
    },
    // Changes may have been missed while the connection was down: all may have changed.
    () => pageCache.apply({}),
  );
  app.addHook('onClose', async () => {
    await stopListening();
    await database.close();
  });

  if (options.seedDemo ?? true) {
    await seedDemoStoreIfEmpty({ services, log: app.log });
  }
  // The page cache learns a go-live time from the publish call that set it; pages scheduled
  // before this process started are read back so they too appear on time, not at the next
  // unrelated write.
  for (const due of await createPageScheduleRepo(options.database.db).pendingPublishes()) {
    services.pageCache.invalidateAt(due.websiteId, due.publishAt);
  }
  // Tests start the worker themselves (or call runDueJobs) so timing stays in their hands.
  if (config.env !== 'test') services.commerce.jobs.start();
  if (config.env !== 'test') services.webhookDeliverer.start();
  if (config.env !== 'test') services.analyticsWorker.start();
  // Before the database closes: queued events are written, not lost.
  app.addHook('preClose', async () => {
    await services.analyticsWorker.stop();
    await services.analytics.close();
  });
  // Before the database closes; a send under way is abandoned to its lease, as in a crash.
  app.addHook('preClose', () => services.webhookDeliverer.stop());
  if (config.smtpUrl) {
    const mailSender = createMailSender({
      outbox: services.commerce.outbox,
      transport: smtpTransport(config.smtpUrl),
      from: config.mailFrom,
      log: app.log,
    });
    if (config.env !== 'test') mailSender.start();
    // Before the database closes: a send under way finishes and is marked.
    app.addHook('preClose', () => mailSender.stop());
  }
  return Object.assign(app, { services, routeUrls, routeCapabilities }) as unknown as App;
}

const announcedChangeSchema = z.object({
  from: z.string(),
  websiteId: z.string().optional(),
  at: z.number().optional(),
});

/** A change another server announced, or undefined for a message that is not one. */
function announcedChangeOf(message: string): z.infer<typeof announcedChangeSchema> | undefined {
  try {
    const parsed = announcedChangeSchema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
