import { z } from 'zod';
import { CONSENT_VALUES } from './consent.ts';

// Visitor analytics (SPEC §3, §7, §9, issue 24): what the storefront's collector sends.
// Every body is bounded here, so a forged or oversized one is a 4xx before any of it is
// queued; the server never stores a field it does not know.

const text = (max: number) => z.string().max(max);
const count = z.number().int().min(0).max(100_000);
/** Milliseconds since the epoch, as the collector's clock saw them. */
const epochMs = z.number().int().min(0).max(8_640_000_000_000);

/** The fields every pipeline event carries (SPEC §3 "Pipeline event"). */
export const pipelineEventBaseSchema = z.object({
  analytics_id: text(64).optional(),
  browser_language: text(35).optional(),
  browser_window_height: count.optional(),
  browser_window_width: count.optional(),
  client_name: text(64).optional(),
  client_version: text(64).optional(),
  marketing_id: text(64).optional(),
  page_host: text(255).optional(),
  page_path: text(2048),
  page_query_params: text(2048).optional(),
  page_referrer_url: text(2048).optional(),
  session_id: text(64).optional(),
  enduser_user_agent: text(512).optional(),
  event_occurrence_timestamp: epochMs.optional(),
  browser_locale: text(35).optional(),
  custom_schema_name: text(64).optional(),
  source_environment: z.enum(['dev', 'qa', 'staging', 'prod']).optional(),
  context_website_id: text(64).optional(),
  destination_url: text(2048).optional(),
  member_account_id: text(64).optional(),
  object_identifier: text(128).optional(),
  resolved_locale: text(35).optional(),
  website_locale: text(35).optional(),
  member_account_locale: text(35).optional(),
  /** Our addition: the storefront page type (SPEC page types), for per-type reports. */
  page_type: z.number().int().min(0).max(10_000).optional(),
});

/** SPEC §3 "Add-to-cart tracking event": the product as the shopper saw it. */
export const trackedProductSchema = z.object({
  item_id: text(64),
  item_type: text(32),
  item_title: text(500),
  item_collection_id: text(64),
  item_collection_name: text(500),
});

export const purchaseItemSchema = z.object({
  id: text(64),
  name: text(500),
  quantity: z.number().int().min(1).max(100_000),
  /** Minor units. */
  price: z.number().int().min(0).max(1e12),
});

const money = z.number().int().min(0).max(1e12);

/** What an order confirmation tells the collector for its Purchase event (SPEC §7 analytics). */
export const purchaseContentSchema = z.object({
  transaction_id: text(64),
  value: money,
  shipping: money,
  tax: money,
  currency: text(3).optional(),
  items: z.array(purchaseItemSchema).max(500),
});

/**
 * One schema per event the collector sends, by `eventSchemaName`. Strict: an unknown field
 * is a forged or stale client, refused rather than stored.
 */
export const pipelineEventSchemas = {
  PageView: pipelineEventBaseSchema.strict(),
  ViewProductPage: pipelineEventBaseSchema.extend({ product: trackedProductSchema }).strict(),
  AddToCart: pipelineEventBaseSchema
    .extend({
      website_id: text(64),
      page_id: text(64),
      cart_id: text(64),
      product_page: z.enum(['plp', 'pdp', 'add-on', 'product_block']),
      product: trackedProductSchema,
      quantity: z.number().int().min(1).max(100_000).optional(),
    })
    .strict(),
  ViewCart: pipelineEventBaseSchema.extend({ cart_id: text(64).optional() }).strict(),
  RemoveFromCart: pipelineEventBaseSchema
    .extend({
      cart_id: text(64).optional(),
      product: trackedProductSchema.partial(),
      /** How many of the line were in the cart when it was removed. */
      quantity: z.number().int().min(1).max(100_000).optional(),
    })
    .strict(),
  CheckoutStarted: pipelineEventBaseSchema
    .extend({ cart_id: text(64).optional(), value: money.optional() })
    .strict(),
  Purchase: pipelineEventBaseSchema.extend(purchaseContentSchema.shape).strict(),
} as const;

export type PipelineEventSchemaName = keyof typeof pipelineEventSchemas;
export const pipelineEventSchemaNames = Object.keys(pipelineEventSchemas) as [
  PipelineEventSchemaName,
  ...PipelineEventSchemaName[],
];

/**
 * POST /api/v1/clanker/events. The content is checked against its schema in the route
 * (the name picks the schema), so this only bounds the envelope.
 */
export const pipelineEventBodySchema = z
  .object({
    eventSchemaName: z.enum(pipelineEventSchemaNames),
    eventContent: z.record(z.string(), z.unknown()),
  })
  .strict()
  .meta({ id: 'PipelineEvent' });
export type PipelineEventBody = z.infer<typeof pipelineEventBodySchema>;

export const pipelineSchemaParamsSchema = z.object({
  schemaName: z.enum(pipelineEventSchemaNames),
});

/** POST /api/v1/clanker/validate-event-content/{schemaName}: the validate mode's answer. */
export const eventValidationResponseSchema = z
  .object({
    isValid: z.boolean(),
    /** Field path to what is wrong with it; empty when valid. */
    errors: z.record(z.string(), z.string()),
  })
  .meta({ id: 'EventValidation' });

export const acceptedResponseSchema = z.object({ accepted: z.number().int() });

/** POST /api/census/consent: the visitor's answer to the cookie banner. */
export const consentBodySchema = z.object({ consent: z.enum(CONSENT_VALUES) }).strict();
export const consentResponseSchema = z.object({ consent: z.enum(CONSENT_VALUES) });

/** The page fields the census calls send with each hit (SPEC §7 "page fields"). */
export const censusPageFieldsSchema = z.object({
  pagePath: text(2048),
  pageType: z.number().int().min(0).max(10_000).optional(),
  pageId: text(64).optional(),
  collectionId: text(64).optional(),
  itemId: text(64).optional(),
  referrer: text(2048).optional(),
  /** The query string of the landing address, for UTM tags. */
  search: text(2048).optional(),
  screenWidth: count.optional(),
  timeZone: text(64).optional(),
  language: text(35).optional(),
});
export type CensusPageFields = z.infer<typeof censusPageFieldsSchema>;

/** POST /api/census/RecordHit (form-encoded): event, data (JSON of the page fields), ss_cvr. */
export const recordHitFormSchema = z.object({
  event: z.enum(['view', 'leave']).default('view'),
  data: text(8_000),
  ss_cvr: text(200).optional(),
});

export const censusHitSchema = censusPageFieldsSchema.extend({
  /** For 'leave': how long the page was open, in ms (time on site). */
  engagedMs: z.number().int().min(0).max(86_400_000).optional(),
});

/** POST /api/census/button-click and button-render. */
export const censusButtonBodySchema = censusPageFieldsSchema
  .extend({
    visitorCookie: text(200).optional(),
    buttonText: text(200).optional(),
    buttonUrl: text(2048).optional(),
    blockId: text(64).optional(),
  })
  .strict();

/** POST /api/census/form-render. */
export const censusFormRenderBodySchema = censusPageFieldsSchema
  .extend({ formId: text(64), visitorCookie: text(200).optional() })
  .strict();

/** POST /api/census/overlay. */
export const censusOverlayBodySchema = censusPageFieldsSchema
  .extend({ visitorCookie: text(200).optional(), overlayId: text(64).optional() })
  .strict();

export const quickViewParamsSchema = z.object({ id: text(64) });

/** POST /api/events/RecordEvent (form-encoded, SPEC §7): crumb, event, data JSON. */
export const recordEventFormSchema = z.object({
  crumb: text(200),
  event: text(64).regex(/^[A-Za-z0-9_.:-]+$/, 'event must be a name'),
  data: text(8_000).default('{}'),
});

/** SPEC §3 "Event payloads": the legacy event's payload. */
export const legacyEventPayloadSchema = z
  .object({
    pageHash: text(64).optional(),
    pagePath: text(2048),
    websiteId: text(64).optional(),
    templateId: text(64).optional(),
    variantId: text(64).optional(),
    memberAccountId: text(64).optional(),
    member_locale: text(35).optional(),
    website_locale: text(35).optional(),
  })
  .catchall(z.union([z.string().max(500), z.number(), z.boolean(), z.null()]));

/** The SPEC's performance event kinds; web vitals travel as 'user' (what the visitor felt). */
export const performanceEventKinds = ['page_speed', 'image', 'user', 'a11y'] as const;
export const webVitalNames = ['FCP', 'LCP', 'CLS', 'INP', 'TTFB', 'FID'] as const;
export type WebVitalName = (typeof webVitalNames)[number];

const vitalDataSchema = z.object({
  metric: z.enum(webVitalNames),
  /** ms for timings; unitless for CLS. Values past a 32-bit int are refused (SPEC §9). */
  value: z.number().min(0).max(2_147_483_647),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  pagePath: text(2048),
  pageType: z.number().int().min(0).max(10_000).optional(),
  /** The element behind the LCP, the largest shift or the slowest interaction (≤ 200). */
  element: text(200).optional(),
  navigationType: text(32).optional(),
  analyticsId: text(64).optional(),
  marketingId: text(64).optional(),
  memberId: text(64).optional(),
  /** INP's 10 slowest interactions (SPEC §9), slowest first. */
  interactions: z
    .array(z.object({ element: text(200), duration: z.number().min(0).max(2_147_483_647) }))
    .max(10)
    .optional(),
});

const pageSpeedDataSchema = z
  .object({
    pagePath: text(2048),
    pageType: z.number().int().min(0).max(10_000).optional(),
    analyticsId: text(64).optional(),
    marketingId: text(64).optional(),
    memberId: text(64).optional(),
    /** Load timings (ms) and sizes (bytes) by name: ttfb, load, transferSize, … */
    timings: z
      .record(z.string().max(40), z.number().min(0).max(2_147_483_647))
      .refine((timings) => Object.keys(timings).length <= 40, 'At most 40 timings'),
  })
  .strict();

/** One record of POST /api/1/performance/records (SPEC §3 "Performance record"). */
export const performanceRecordSchema = z.discriminatedUnion('event', [
  z.object({
    app: text(64),
    event: z.literal('user'),
    pageLoadId: text(64),
    ts: epochMs,
    raw: z.boolean().optional(),
    data: vitalDataSchema,
  }),
  z.object({
    app: text(64),
    event: z.enum(['page_speed', 'image', 'a11y']),
    pageLoadId: text(64),
    ts: epochMs,
    raw: z.boolean().optional(),
    data: pageSpeedDataSchema,
  }),
]);
export type PerformanceRecord = z.infer<typeof performanceRecordSchema>;

/** At most a page's worth: the collector flushes every 30 s and on hide. */
export const performanceRecordsBodySchema = z.array(performanceRecordSchema).min(1).max(50);

/** One entry of POST /api/events/RecordJavascriptErrors (SPEC §7: {event, data, timestamp}). */
export const javascriptErrorSchema = z.object({
  event: z.enum(['error', 'unhandledrejection', 'collector']),
  data: z.object({
    message: text(1_000),
    /** Cut at 5,000 characters by the reporter (SPEC §9). */
    stack: text(5_000).optional(),
    source: text(2048).optional(),
    line: z.number().int().min(0).max(10_000_000).optional(),
    column: z.number().int().min(0).max(10_000_000).optional(),
    pagePath: text(2048),
  }),
  timestamp: epochMs,
});
export type JavascriptError = z.infer<typeof javascriptErrorSchema>;

/** The reporter queues at most 10 (SPEC §9). */
export const javascriptErrorsBodySchema = z.array(javascriptErrorSchema).min(1).max(10);

/**
 * What the server tells a trackable page's collector (<body data-track>). Absent on pages
 * that are never tracked: not found, lock screens, search, account and order-status pages.
 */
export const analyticsTagSchema = z.object({
  pageType: z.number().int(),
  websiteId: z.string().optional(),
  pageId: z.string().optional(),
  cartId: z.string().optional(),
  /** Add-to-cart events only with the commerce site-visitor-metrics setting (SPEC §7). */
  siteVisitorMetrics: z.boolean().optional(),
  product: trackedProductSchema.optional(),
  /** A list page's products by id, for add-to-cart events from its grid. */
  products: z.record(z.string(), trackedProductSchema).optional(),
  purchase: purchaseContentSchema.optional(),
  /**
   * The owner turned the cookie banner on: the browser asks a visitor who has not chosen
   * yet (a cached page cannot know whether this visitor has).
   */
  consentBanner: z.boolean().optional(),
  /** The site's privacy or cookie page, linked from the banner. */
  privacyPath: text(2048).optional(),
});
export type AnalyticsTag = z.infer<typeof analyticsTagSchema>;
export type TrackedProduct = z.infer<typeof trackedProductSchema>;

// The owner's dashboards (GET /api/content-service/analytics/1.0/websites/{id}/…).

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-27');

/** A range of the website's own days, both ends included; at most 366 days. */
export const analyticsRangeQuerySchema = z
  .object({
    from: dayText,
    to: dayText,
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((q) => q.from <= q.to, {
    message: 'The start date must come before the end date',
    path: ['from'],
  })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < 366, {
    message: 'Choose at most a year',
    path: ['to'],
  });

const totalsSchema = z.object({
  visits: z.number(),
  visitors: z.number(),
  pageviews: z.number(),
  bounceRate: z.number().nullable(),
  avgVisitSeconds: z.number().nullable(),
});
const breakdownRowSchema = z.object({
  key: z.string(),
  visits: z.number(),
  pageviews: z.number(),
  visitors: z.number().nullable(),
});
const rangeSchema = z.object({ from: z.string(), to: z.string() });

export const trafficReportSchema = z
  .object({
    range: rangeSchema,
    totals: totalsSchema,
    previous: totalsSchema,
    series: z.array(
      z.object({
        day: z.string(),
        visits: z.number(),
        visitors: z.number(),
        pageviews: z.number(),
      }),
    ),
    breakdowns: z.object({
      pages: z.array(breakdownRowSchema),
      sources: z.array(breakdownRowSchema),
      utmCampaigns: z.array(breakdownRowSchema),
      devices: z.array(breakdownRowSchema),
      browsers: z.array(breakdownRowSchema),
      countries: z.array(breakdownRowSchema),
    }),
  })
  .meta({ id: 'TrafficReport' });
export type TrafficReport = z.infer<typeof trafficReportSchema>;

const commerceFiguresSchema = z.object({
  funnel: z.object({
    visits: z.number(),
    productViews: z.number(),
    addToCart: z.number(),
    checkout: z.number(),
    purchase: z.number(),
  }),
  orders: z.number(),
  revenueCents: z.number(),
  averageOrderCents: z.number().nullable(),
  conversionRate: z.number().nullable(),
});
export const commerceReportSchema = commerceFiguresSchema
  .extend({
    range: rangeSchema,
    /** The store's currency, which revenue and average order are minor units of. */
    currency: z.string(),
    previous: commerceFiguresSchema,
    topProducts: z.array(
      z.object({
        name: z.string(),
        views: z.number(),
        addedToCart: z.number(),
        unitsSold: z.number(),
        revenueCents: z.number(),
      }),
    ),
  })
  .meta({ id: 'CommerceReport' });
export type CommerceReport = z.infer<typeof commerceReportSchema>;

const vitalSummarySchema = z.object({
  metric: z.string(),
  p75: z.number().nullable(),
  count: z.number(),
  good: z.number(),
  needsImprovement: z.number(),
  poor: z.number(),
});
export const performanceReportSchema = z
  .object({
    range: rangeSchema,
    metrics: z.array(vitalSummarySchema),
    byPage: z.array(vitalSummarySchema.extend({ path: z.string() })),
    byPageType: z.array(vitalSummarySchema.extend({ pageType: z.number() })),
    worstPages: z.array(
      vitalSummarySchema.extend({ path: z.string(), element: z.string().nullable() }),
    ),
  })
  .meta({ id: 'PerformanceReport' });
export type PerformanceReport = z.infer<typeof performanceReportSchema>;

const tallySchema = z.array(z.object({ key: z.string(), count: z.number() }));
export const errorsReportSchema = z
  .object({
    range: rangeSchema,
    groups: z.array(
      z.object({
        fingerprint: z.string(),
        message: z.string(),
        stack: z.string(),
        source: z.string(),
        count: z.number(),
        firstSeen: z.number(),
        lastSeen: z.number(),
        pages: tallySchema,
        browsers: tallySchema,
      }),
    ),
  })
  .meta({ id: 'ErrorsReport' });
export type ErrorsReport = z.infer<typeof errorsReportSchema>;

/** POST /api/testing/analytics/run: only when the server runs with TEST_CLOCK=on. */
export const analyticsRunResponseSchema = z.object({
  partitionsCreated: z.array(z.string()),
  daysDropped: z.array(z.string()),
  /** Dirty hours rolled up by this pass. */
  hoursRolledUp: z.number().int(),
  /** Website days rebuilt from their hours by this pass. */
  daysRolledUp: z.number().int(),
});
