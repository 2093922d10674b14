import { randomBytes } from 'node:crypto';
import {
  type AnalyticsPreferences,
  type CensusPageFields,
  CONSENT_COOKIE,
  type ConsentValue,
  type JavascriptError,
  type PerformanceRecord,
  type PipelineEventSchemaName,
} from '@atelier/contract';
import {
  ANALYTICS_COOKIE_LIFETIME_MS,
  ANALYTICS_COOKIES,
  CENSUS_COOKIES,
  deviceOfWidth,
  errorFingerprintSource,
  murmur3,
  parseVisitorRecord,
  ratePerformance,
  recordVisit,
  referrerHostOf,
  regionOfLanguage,
  serializeVisitorRecord,
  utmTagsOf,
  VISIT_LIFETIME_MS,
  VISITOR_RECORD_LIFETIME_MS,
  vitalBucketOf,
} from '@atelier/core';
import Bowser from 'bowser';
import ct from 'countries-and-timezones';
import { isbot } from 'isbot';
import {
  type AnalyticsEventInsert,
  type AnalyticsRepo,
  dayKeyOf,
  type ErrorGroupHit,
} from './analytics.repo.ts';
import { createEventQueue, type EventQueueStats } from './event-queue.ts';

// Visitor analytics ingestion (issue 24). Routes hand in what the request said; this
// decides whether it may be counted (census on, not a bot, a trackable page), with or
// without cookies (consent, Do-Not-Track, Global Privacy Control), turns it into event
// rows and queues them. Nothing here waits for the database.

/** The visitor's consent, from the banner's cookie (contract `consent.ts`): absent until they choose. */
export type Consent = ConsentValue | undefined;

/** What every collector call says about who sent it, read from the request by the route. */
export type VisitorContext = {
  websiteId: string;
  /** The site's own host, so an internal referrer is not a traffic source. */
  host: string;
  userAgent: string;
  acceptLanguage: string | undefined;
  cookies: Record<string, string | undefined>;
  /** DNT: 1 or Sec-GPC: 1. */
  hasPrivacySignal: boolean;
  isHttps: boolean;
};

export type CookieChange = {
  name: string;
  /** null: clear it. */
  value: string | null;
  maxAgeMs: number;
  isSecure: boolean;
};

/** Paths never counted whatever the collector says (SPEC §4 tracking rules). */
const isUntrackedPath = (path: string) =>
  path.startsWith('/config') ||
  path === '/search' ||
  path.startsWith('/search/') ||
  path.startsWith('/api/');

const MAX_ENGAGED_MS = 30 * 60_000;

type UserAgentFacts = {
  isBot: boolean;
  browser: string | null;
  device: 'Mobile' | 'Tablet' | 'Desktop' | null;
};

/**
 * What a user agent says of its browser, device and bot-ness. Parsing one (isbot's large
 * pattern, Bowser's tables) costs more than the rest of an event, and a page's calls all
 * send the same few strings, so answers are remembered; the map is emptied when it holds
 * USER_AGENTS_KEPT, which bounds it against a client that varies its header.
 */
const USER_AGENTS_KEPT = 2_000;
const userAgents = new Map<string, UserAgentFacts>();

function userAgentOf(userAgent: string): UserAgentFacts {
  const known = userAgents.get(userAgent);
  if (known) return known;
  const parsed = Bowser.parse(userAgent || 'unknown');
  const platform = parsed.platform.type;
  const facts: UserAgentFacts = {
    isBot: isbot(userAgent),
    browser: parsed.browser.name ?? null,
    device:
      platform === 'mobile'
        ? 'Mobile'
        : platform === 'tablet'
          ? 'Tablet'
          : platform === 'desktop'
            ? 'Desktop'
            : null,
  };
  if (userAgents.size >= USER_AGENTS_KEPT) userAgents.clear();
  userAgents.set(userAgent, facts);
  return facts;
}

type Pending = { event: AnalyticsEventInsert; error?: ErrorGroupHit };

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/**
 * The page a report counts a path under: every order's confirmation is one page to the
 * owner (and its order id stays out of the analytics tables).
 */
export const reportedPath = (path: string): string =>
  path.startsWith('/order-confirmed/') ? '/order-confirmed' : path;

export function createAnalyticsService(deps: {
  repo: AnalyticsRepo;
  preferencesOf: (websiteId: string) => Promise<AnalyticsPreferences>;
  /** Whether this order of the website was placed in the last day (a client Purchase's proof). */
  isRecentOrder: (websiteId: string, orderId: string) => Promise<boolean>;
  now?: () => Date;
  queue?: { capacity?: number; batchSize?: number; flushEveryMs?: number };
  log?: (error: unknown) => void;
}) {
  const now = deps.now ?? (() => new Date());
  const rejections = new Map<string, number>();
  const queue = createEventQueue<Pending>({
    ...deps.queue,
    onError: deps.log,
    write: async (batch) => {
      await deps.repo.writeBatch(
        batch.map((p) => p.event),
        batch.flatMap((p) => (p.error ? [p.error] : [])),
      );
      await flushRejections();
    },
  });
  const purchasesSeen = new Set<string>();

  async function flushRejections() {
    if (rejections.size === 0) return;
    const rows = [...rejections].map(([key, count]) => {
      const [websiteId = '', day = '', reason = ''] = key.split('|');
      return { websiteId, day, reason, count };
    });
    rejections.clear();
    await deps.repo.countRejections(rows);
  }

  /** Bad input, bots and a full queue are counted per website and day, never stored. */
  function reject(websiteId: string, reason: string) {
    const key = `${websiteId}|${dayKeyOf(now())}|${reason}`;
    rejections.set(key, (rejections.get(key) ?? 0) + 1);
  }

  function enqueue(pending: Pending): boolean {
    if (queue.push(pending)) return true;
    reject(pending.event.website_id, 'queue-full');
    return false;
  }

  /** Cookies may be used: census on, no privacy signal, and consent when the banner asks. */
  function mayUseCookies(context: VisitorContext, preferences: AnalyticsPreferences): boolean {
    const consent = context.cookies[CONSENT_COOKIE] as Consent;
    if (context.hasPrivacySignal || consent === 'denied') return false;
    return !preferences.isConsentBannerOn || consent === 'granted';
  }

  /** The visitor and visit a later event belongs to, from the cookies RecordHit set. */
  function identityOf(context: VisitorContext, isCookieMode: boolean) {
    if (!isCookieMode) return { visitorId: null, visitId: null };
    const record = parseVisitorRecord(context.cookies.ss_cvr ?? null);
    if (!record.ok) return { visitorId: null, visitId: null };
    return {
      visitorId: record.value.id,
      visitId: `${record.value.id}.${record.value.currentVisit}`,
    };
  }

  function clientOf(
    context: VisitorContext,
    fields: { screenWidth?: number; timeZone?: string; language?: string },
  ) {
    const agent = userAgentOf(context.userAgent);
    const device = deviceOfWidth(fields.screenWidth) ?? agent.device;
    const fromZone = fields.timeZone ? ct.getTimezone(fields.timeZone)?.countries[0] : undefined;
    const country =
      fromZone ??
      regionOfLanguage(fields.language) ??
      regionOfLanguage(context.acceptLanguage?.split(',')[0]);
    return { device, browser: agent.browser, country: country ?? null };
  }

  /** Common checks: census on, a person (not a bot), a page that may be counted. */
  async function admit(context: VisitorContext, path: string) {
    const preferences = await deps.preferencesOf(context.websiteId);
    if (!preferences.isCensusEnabled) return null;
    if (userAgentOf(context.userAgent).isBot) {
      reject(context.websiteId, 'bot');
      return null;
    }
    if (isUntrackedPath(path)) return null;
    return { preferences, isCookieMode: mayUseCookies(context, preferences) };
  }

  const baseRow = (
    context: VisitorContext,
    kind: AnalyticsEventInsert['kind'],
    name: string,
    path: string,
  ) => ({
    website_id: context.websiteId,
    occurred_at: now(),
    kind,
    name,
    path: reportedPath(path).slice(0, 2048),
  });

  return {
    /**
     * POST /api/census/RecordHit: a page view ('view') or the end of one ('leave', with the
     * time it was open). Answers the cookies to set or clear: the visitor record and visit
     * cookies in cookie mode, every census and analytics cookie cleared otherwise.
     */
    async recordHit(
      context: VisitorContext,
      event: 'view' | 'leave',
      hit: CensusPageFields & { engagedMs?: number },
    ): Promise<{ isCounted: boolean; cookies: CookieChange[] }> {
      const admitted = await admit(context, hit.pagePath);
      if (!admitted) return { isCounted: false, cookies: [] };
      const { isCookieMode } = admitted;
      const cookies: CookieChange[] = [];
      let visitorId: string | null = null;
      let visitId: string | null = null;
      const referrerHost = referrerHostOf(hit.referrer, context.host);
      let isEntry = referrerHost !== null || !hit.referrer;
      if (isCookieMode) {
        const at = now().getTime();
        const visit = recordVisit({
          record: context.cookies.ss_cvr ?? null,
          visitCookie:
            event === 'view'
              ? (context.cookies.ss_cvt ?? null)
              : (context.cookies.ss_cvt ?? String(at)),
          now: at,
          newId: randomBytes(12).toString('base64url'),
        });
        visitorId = visit.record.id;
        visitId = `${visit.record.id}.${visit.record.currentVisit}`;
        isEntry = event === 'view' && visit.isNewVisit;
        const isSecure = context.isHttps;
        cookies.push(
          {
            name: 'ss_cvr',
            value: serializeVisitorRecord(visit.record),
            maxAgeMs: VISITOR_RECORD_LIFETIME_MS,
            isSecure,
          },
          {
            name: 'ss_cvt',
            value: String(visit.visitTimestamp),
            maxAgeMs: VISIT_LIFETIME_MS,
            isSecure,
          },
          {
            name: 'SS_ANALYTICS_ID',
            value: visit.record.id,
            maxAgeMs: ANALYTICS_COOKIE_LIFETIME_MS,
            isSecure,
          },
        );
      } else {
        for (const name of [...CENSUS_COOKIES, ...ANALYTICS_COOKIES]) {
          if (context.cookies[name] !== undefined) {
            cookies.push({ name, value: null, maxAgeMs: 0, isSecure: context.isHttps });
          }
        }
      }
      const utm = utmTagsOf(hit.search);
      const client = clientOf(context, hit);
      const isCounted = enqueue({
        event: {
          ...baseRow(context, event === 'view' ? 'pageview' : 'leave', event, hit.pagePath),
          visitor_id: visitorId,
          visit_id: visitId,
          is_entry: event === 'view' && isEntry,
          page_type: hit.pageType ?? null,
          referrer_host: isEntry ? referrerHost : null,
          utm_source: isEntry ? utm.source : null,
          utm_medium: isEntry ? utm.medium : null,
          utm_campaign: isEntry ? utm.campaign : null,
          ...client,
          value: event === 'leave' ? Math.min(hit.engagedMs ?? 0, MAX_ENGAGED_MS) : null,
          data: JSON.stringify({
            pageId: hit.pageId,
            itemId: hit.itemId,
            collectionId: hit.collectionId,
          }),
        },
      });
      return { isCounted, cookies };
    },

    /** The census calls that are plain named events: button-click, form-render, … */
    async recordCensusEvent(
      context: VisitorContext,
      name: string,
      fields: CensusPageFields,
      detail: Record<string, unknown>,
    ): Promise<boolean> {
      const admitted = await admit(context, fields.pagePath);
      if (!admitted) return false;
      const identity = identityOf(context, admitted.isCookieMode);
      return enqueue({
        event: {
          ...baseRow(context, 'event', name, fields.pagePath),
          visitor_id: identity.visitorId,
          visit_id: identity.visitId,
          page_type: fields.pageType ?? null,
          ...clientOf(context, fields),
          data: JSON.stringify(detail),
        },
      });
    },

    /**
     * A pipeline event (POST /api/v1/clanker/events), already checked against its schema.
     * A client Purchase is counted only for a real, recent order of this site and once:
     * it links the order to the visit for the funnel; revenue comes from the order itself.
     */
    async recordPipelineEvent(
      context: VisitorContext,
      schemaName: PipelineEventSchemaName,
      content: Record<string, unknown> & { page_path: string },
    ): Promise<boolean> {
      const admitted = await admit(context, content.page_path);
      if (!admitted) return false;
      // The cart's events are the owner's site-visitor metrics (SPEC §7): off, not sent.
      if (
        (schemaName === 'AddToCart' || schemaName === 'RemoveFromCart') &&
        !admitted.preferences.isSiteVisitorMetricsOn
      )
        return false;
      let value: number | null = null;
      if (schemaName === 'Purchase') {
        const orderId = String(content.transaction_id);
        const key = `${context.websiteId}|${orderId}`;
        if (purchasesSeen.has(key) || !(await deps.isRecentOrder(context.websiteId, orderId))) {
          reject(context.websiteId, 'purchase-unverified');
          return false;
        }
        purchasesSeen.add(key);
        if (purchasesSeen.size > 10_000) purchasesSeen.clear();
        value = typeof content.value === 'number' ? content.value : null;
      }
      const identity = identityOf(context, admitted.isCookieMode);
      const width =
        typeof content.browser_window_width === 'number' ? content.browser_window_width : undefined;
      const { page_path, enduser_user_agent: _ua, ...rest } = content;
      return enqueue({
        event: {
          ...baseRow(context, 'event', schemaName, page_path),
          visitor_id: identity.visitorId,
          visit_id: identity.visitId,
          page_type: typeof content.page_type === 'number' ? content.page_type : null,
          ...clientOf(context, {
            screenWidth: width,
            language: content.browser_language as string | undefined,
          }),
          value,
          data: JSON.stringify(rest),
        },
      });
    },

    /** POST /api/1/performance/records: web vitals (rated here, never by the client) and page speed. */
    async recordPerformance(
      context: VisitorContext,
      records: readonly PerformanceRecord[],
    ): Promise<number> {
      let accepted = 0;
      // One visitor, one page load: what admit decides of the caller holds for every
      // record, so only the path is checked again (a bot is refused, and counted, once).
      const first = records.find((record) => !isUntrackedPath(record.data.pagePath));
      const admitted = first && (await admit(context, first.data.pagePath));
      if (!admitted) return 0;
      const identity = identityOf(context, admitted.isCookieMode);
      const client = clientOf(context, {});
      for (const record of records) {
        if (isUntrackedPath(record.data.pagePath)) continue;
        if (record.event === 'user') {
          const { metric, value } = record.data;
          const rating = ratePerformance(metric, value);
          const pushed = enqueue({
            event: {
              ...baseRow(context, 'vital', metric, record.data.pagePath),
              visitor_id: identity.visitorId,
              visit_id: identity.visitId,
              page_type: record.data.pageType ?? null,
              ...client,
              value,
              rating,
              element: record.data.element ?? null,
              data: JSON.stringify({
                bucket: vitalBucketOf(metric, value),
                pageLoadId: record.pageLoadId,
                navigationType: record.data.navigationType,
                interactions: record.data.interactions,
              }),
            },
          });
          if (pushed) accepted += 1;
        } else {
          const { pagePath, pageType, timings } = record.data;
          const pushed = enqueue({
            event: {
              ...baseRow(context, 'page_speed', record.event, pagePath),
              visitor_id: identity.visitorId,
              visit_id: identity.visitId,
              page_type: pageType ?? null,
              ...client,
              data: JSON.stringify({ pageLoadId: record.pageLoadId, ...timings }),
            },
          });
          if (pushed) accepted += 1;
        }
      }
      return accepted;
    },

    /** POST /api/events/RecordJavascriptErrors: grouped by fingerprint as they are written. */
    async recordErrors(
      context: VisitorContext,
      errors: readonly JavascriptError[],
    ): Promise<number> {
      let accepted = 0;
      const preferences = await deps.preferencesOf(context.websiteId);
      // A crawler's broken script is noise, not a bug shoppers hit.
      if (!preferences.isCensusEnabled || userAgentOf(context.userAgent).isBot) return 0;
      const client = clientOf(context, {});
      for (const error of errors) {
        if (isUntrackedPath(error.data.pagePath)) continue;
        const fingerprint = murmur3(
          errorFingerprintSource(error.data.message, error.data.stack),
        ).toString(16);
        const pushed = enqueue({
          event: {
            ...baseRow(context, 'error', fingerprint, error.data.pagePath),
            ...client,
            data: JSON.stringify({
              kind: error.event,
              message: error.data.message,
              source: error.data.source,
              line: error.data.line,
              column: error.data.column,
            }),
          },
          error: {
            websiteId: context.websiteId,
            fingerprint,
            message: error.data.message,
            stack: error.data.stack ?? '',
            source: error.data.source ?? '',
            at: now(),
          },
        });
        if (pushed) accepted += 1;
      }
      return accepted;
    },

    /** Counts a refused request (bad body, too large, rate limited) for the owner's view. */
    reject,

    flush: async () => {
      await queue.flush();
      await flushRejections();
    },
    close: () => queue.close(),
    stats: (): EventQueueStats => queue.stats(),
  };
}
