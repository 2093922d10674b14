import { timingSafeEqual } from 'node:crypto';
import {
  acceptedResponseSchema,
  CONSENT_COOKIE,
  CONSENT_LIFETIME_DAYS,
  CONSENT_PATH,
  CSRF_COOKIE,
  censusButtonBodySchema,
  censusFormRenderBodySchema,
  censusHitSchema,
  censusOverlayBodySchema,
  censusPageFieldsSchema,
  consentBodySchema,
  consentResponseSchema,
  errorResponses,
  eventValidationResponseSchema,
  javascriptErrorsBodySchema,
  legacyEventPayloadSchema,
  performanceRecordsBodySchema,
  pipelineEventBodySchema,
  pipelineEventSchemas,
  pipelineSchemaParamsSchema,
  quickViewParamsSchema,
  recordEventFormSchema,
  recordHitFormSchema,
} from '@atelier/contract';
import { ANALYTICS_COOKIES, CENSUS_COOKIES, cartMessages, shouldTrackVisitor } from '@atelier/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireCrumb } from '../../http/csrf.ts';
import { fail } from '../../http/errors.ts';
import { clientKeyOf, createRateLimiter } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { AnalyticsService, CookieChange, VisitorContext } from './analytics.service.ts';

// The storefront collector's calls (SPEC §7, issue 24). All public, all answered at once:
// the service queues what it accepts. Bodies are bounded by the contract and a small body
// limit; anything refused is a 4xx counted per website (never a 500, never stored).
// Tracking is skipped, not refused, for a signed-in member who is more than a viewer.

/** A page's calls per minute per visitor address: a busy page sends a handful. */
export const DEFAULT_ANALYTICS_LIMIT = 300;
const BODY_LIMIT = 64 * 1024;
const tags = ['analytics collector'];
const ingestCodes = ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED'] as const;

export function registerAnalyticsRoutes(
  app: FastifyInstance,
  deps: {
    analytics: AnalyticsService;
    websiteOf: WebsiteResolver;
    /** The /config member signed in with this cookie, if any: their role. */
    memberRoleOf: (websiteId: string, token: string | undefined) => Promise<number | undefined>;
    memberCookie: string;
    limit?: number;
  },
) {
  const { analytics, websiteOf } = deps;
  const limiter = createRateLimiter({
    limit: deps.limit ?? DEFAULT_ANALYTICS_LIMIT,
    windowMs: 60_000,
  });

  async function contextOf(request: FastifyRequest): Promise<VisitorContext | null> {
    const website = await websiteOf(request);
    const role = await deps.memberRoleOf(website.id, request.cookies[deps.memberCookie]);
    const isTracked = shouldTrackVisitor({
      isAuthenticated: role !== undefined,
      roles: role === undefined ? [] : [role],
      isConfigPage: false,
      isExcludedPage: false,
      isCensusDisabled: false,
    });
    if (!isTracked) return null;
    return {
      websiteId: website.id,
      host: request.host,
      userAgent: request.headers['user-agent'] ?? '',
      acceptLanguage: request.headers['accept-language'],
      cookies: request.cookies,
      hasPrivacySignal: request.headers.dnt === '1' || request.headers['sec-gpc'] === '1',
      isHttps: request.protocol === 'https',
    };
  }

  function setCookies(reply: FastifyReply, cookies: readonly CookieChange[]) {
    for (const cookie of cookies) {
      // encode: the SPEC's 'id|first|…' form as it is ('|' is a valid cookie octet).
      const options = {
        encode: (value: string) => value,
        path: '/',
        sameSite: 'lax' as const,
        secure: cookie.isSecure,
        httpOnly: true,
      };
      if (cookie.value === null) reply.clearCookie(cookie.name, options);
      else
        reply.setCookie(cookie.name, cookie.value, {
          ...options,
          maxAge: Math.floor(cookie.maxAgeMs / 1000),
        });
    }
  }

  app.register(async (scope) => {
    // The collector sends JSON as text/plain (a beacon) and the legacy calls form-encoded.
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(
            Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 }),
            undefined,
          );
        }
      },
    );
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.addHook('onRequest', async (request) => {
      if (!limiter.hit(await clientKeyOf(request, websiteOf))) {
        throw fail('RATE_LIMITED', 'Too many analytics calls. Slow down.');
      }
    });
    // Every refusal is counted for the owner's view; the body itself is never kept.
    scope.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode < 400) return;
      try {
        const website = await websiteOf(request);
        analytics.reject(website.id, `http-${reply.statusCode}`);
      } catch {
        // No website at this address: nobody to count it for.
      }
    });

    const api = scope.withTypeProvider<ZodTypeProvider>();
    const accepted = (reply: FastifyReply, count: number) => {
      reply.code(202).header('cache-control', 'no-store');
      return { accepted: count };
    };
    const respond = { 202: acceptedResponseSchema, ...errorResponses(ingestCodes) };

    api.post(
      CONSENT_PATH,
      {
        bodyLimit: 1024,
        schema: {
          tags,
          summary: "Record the visitor's answer to the cookie banner",
          description:
            "JSON {consent: granted|denied} from the site's own pages (Sec-Fetch-Site or Origin must be this site). Sets `atl_consent` (390 days, readable by the page so the banner knows not to ask again). A no clears every census and analytics cookie at once; later hits are counted without an identifier. A yes lets the next page view set them.",
          body: consentBodySchema,
          response: {
            200: consentResponseSchema,
            ...errorResponses(ingestCodes, ['REQUEST_INVALID', 'REQUEST_MALFORMED', 'CSRF_FAILED']),
          },
        },
      },
      async (request, reply) => {
        // No crumb: a cached page has none. A simple cross-site form could still post here
        // (and a top-level POST's cookies are kept), so the browser must say it is our page.
        if (!isSameOrigin(request)) throw fail('CSRF_FAILED', cartMessages.sessionExpired);
        const { consent } = request.body;
        const isSecure = request.protocol === 'https';
        reply.setCookie(CONSENT_COOKIE, consent, {
          path: '/',
          sameSite: 'lax',
          secure: isSecure,
          httpOnly: false,
          maxAge: CONSENT_LIFETIME_DAYS * 86_400,
        });
        if (consent === 'denied') {
          setCookies(
            reply,
            [...CENSUS_COOKIES, ...ANALYTICS_COOKIES]
              .filter((name) => request.cookies[name] !== undefined)
              .map((name) => ({ name, value: null, maxAgeMs: 0, isSecure })),
          );
        }
        reply.header('cache-control', 'no-store');
        return { consent };
      },
    );

    api.post(
      '/api/census/RecordHit',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          summary: 'Count a page view (event=view) or the end of one (event=leave)',
          description:
            'Form-encoded: `event`, `data` (JSON: pagePath, pageType, referrer, search, screenWidth, timeZone, language; engagedMs for leave) and `ss_cvr`. In cookie mode the answer sets the visitor record (ss_cvr, 2 years), the visit (ss_cvt, 30 minutes) and SS_ANALYTICS_ID (390 days); without consent, under Do-Not-Track or Global Privacy Control it clears them and the view is counted without an identifier.',
          body: recordHitFormSchema,
          response: { ...respond, ...errorResponses(['REQUEST_INVALID', 'REQUEST_MALFORMED']) },
        },
      },
      async (request, reply) => {
        const hit = parseJsonField(request.body.data, censusHitSchema);
        const context = await contextOf(request);
        if (!context) return accepted(reply, 0);
        const result = await analytics.recordHit(context, request.body.event, hit);
        setCookies(reply, result.cookies);
        return accepted(reply, result.isCounted ? 1 : 0);
      },
    );

    const census = [
      [
        '/api/census/button-click',
        'button-click',
        censusButtonBodySchema,
        'A click on a button block',
      ],
      [
        '/api/census/button-render',
        'button-render',
        censusButtonBodySchema,
        'A button block was shown',
      ],
      ['/api/census/form-render', 'form-render', censusFormRenderBodySchema, 'A form was shown'],
      ['/api/census/overlay', 'overlay', censusOverlayBodySchema, 'A popup overlay was shown'],
    ] as const;
    for (const [path, name, body, summary] of census) {
      api.post(
        path,
        {
          bodyLimit: BODY_LIMIT,
          schema: {
            tags,
            summary,
            body,
            response: { ...respond, ...errorResponses(['REQUEST_INVALID', 'REQUEST_MALFORMED']) },
          },
        },
        async (request, reply) => {
          const context = await contextOf(request);
          if (!context) return accepted(reply, 0);
          const { visitorCookie: _cookie, ...fields } = request.body;
          const isCounted = await analytics.recordCensusEvent(
            context,
            name,
            fields,
            detailOf(fields),
          );
          return accepted(reply, isCounted ? 1 : 0);
        },
      );
    }

    api.post(
      '/api/census/RecordQuickView/:id',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          summary: "A product's quick view was opened",
          params: quickViewParamsSchema,
          body: censusPageFieldsSchema,
          response: { ...respond, ...errorResponses(['REQUEST_INVALID', 'REQUEST_MALFORMED']) },
        },
      },
      async (request, reply) => {
        const context = await contextOf(request);
        if (!context) return accepted(reply, 0);
        const isCounted = await analytics.recordCensusEvent(context, 'quick-view', request.body, {
          itemId: request.params.id,
        });
        return accepted(reply, isCounted ? 1 : 0);
      },
    );

    api.post(
      '/api/v1/clanker/events',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          summary: 'Record a pipeline event (page view, product view, cart, checkout, purchase)',
          description:
            'JSON {eventSchemaName, eventContent}, sent as a beacon (text/plain) or XHR. The content must match its schema exactly (POST /api/v1/clanker/validate-event-content/{schemaName} says why not). A Purchase counts only for a real order of this site placed in the last day, once.',
          body: pipelineEventBodySchema,
          response: { ...respond, ...errorResponses(['REQUEST_INVALID', 'REQUEST_MALFORMED']) },
        },
      },
      async (request, reply) => {
        const { eventSchemaName, eventContent } = request.body;
        const parsed = pipelineEventSchemas[eventSchemaName].safeParse(eventContent);
        if (!parsed.success)
          throw fail('REQUEST_INVALID', 'The event is not valid.', issuesOf(parsed.error));
        const context = await contextOf(request);
        if (!context) return accepted(reply, 0);
        const isCounted = await analytics.recordPipelineEvent(
          context,
          eventSchemaName,
          parsed.data,
        );
        return accepted(reply, isCounted ? 1 : 0);
      },
    );

    api.post(
      '/api/v1/clanker/validate-event-content/:schemaName',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          summary: "Check an event's content against its schema without recording it",
          params: pipelineSchemaParamsSchema,
          response: {
            200: eventValidationResponseSchema,
            ...errorResponses(['REQUEST_INVALID', 'REQUEST_MALFORMED'], ingestCodes),
          },
        },
      },
      async (request) => {
        const parsed = pipelineEventSchemas[request.params.schemaName].safeParse(request.body);
        return parsed.success
          ? { isValid: true, errors: {} }
          : { isValid: false, errors: issuesOf(parsed.error) };
      },
    );

    api.post(
      '/api/events/RecordEvent',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          summary: 'Record a legacy event (form-encoded, with the crumb from the cookie)',
          body: recordEventFormSchema,
          response: {
            ...respond,
            ...errorResponses(['REQUEST_INVALID', 'REQUEST_MALFORMED', 'CSRF_FAILED']),
          },
        },
      },
      async (request, reply) => {
        if (!isCrumbMatch(request.cookies[CSRF_COOKIE], request.body.crumb)) {
          throw fail('CSRF_FAILED', cartMessages.sessionExpired);
        }
        const payload = parseJsonField(request.body.data, legacyEventPayloadSchema);
        const context = await contextOf(request);
        if (!context) return accepted(reply, 0);
        const isCounted = await analytics.recordCensusEvent(
          context,
          request.body.event,
          { pagePath: payload.pagePath },
          payload,
        );
        return accepted(reply, isCounted ? 1 : 0);
      },
    );

    api.post(
      '/api/1/performance/records',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          summary: 'Record web vitals and page-speed timings (a JSON array, beacon or text/plain)',
          description:
            "Web vitals travel as event 'user' with data.metric FCP, LCP, CLS, INP, TTFB or FID; the server rates each with core's bounds (SPEC §9). Values above 2147483647 are refused.",
          body: performanceRecordsBodySchema,
          response: { ...respond, ...errorResponses(['REQUEST_INVALID', 'REQUEST_MALFORMED']) },
        },
      },
      async (request, reply) => {
        const context = await contextOf(request);
        if (!context) return accepted(reply, 0);
        return accepted(reply, await analytics.recordPerformance(context, request.body));
      },
    );

    api.post(
      '/api/events/RecordJavascriptErrors',
      {
        bodyLimit: BODY_LIMIT,
        preHandler: requireCrumb,
        schema: {
          tags,
          summary:
            "Report a page's uncaught errors (at most 10 per call, CSRF header from the cookie)",
          body: javascriptErrorsBodySchema,
          response: {
            ...respond,
            ...errorResponses(['REQUEST_INVALID', 'REQUEST_MALFORMED', 'CSRF_FAILED']),
          },
        },
      },
      async (request, reply) => {
        const context = await contextOf(request);
        if (!context) return accepted(reply, 0);
        return accepted(reply, await analytics.recordErrors(context, request.body));
      },
    );
  });
}

/** A form field holding JSON, checked against its schema: 400 with the reason otherwise. */
function parseJsonField<S extends z.ZodType>(text: string, schema: S): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fail('REQUEST_MALFORMED', 'data is not valid JSON.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw fail('REQUEST_INVALID', 'The request is not valid.', issuesOf(parsed.error));
  return parsed.data;
}

function issuesOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[issue.path.join('.') || 'body'] ??= issue.message;
  return out;
}

/** The request came from this site's own pages, as far as the browser tells. */
function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

function isCrumbMatch(cookie: string | undefined, sent: string): boolean {
  if (!cookie || cookie.length < 16 || cookie.length !== sent.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(sent));
}

/** What a census event keeps beyond the page fields: the button's or form's identity. */
function detailOf(fields: Record<string, unknown>): Record<string, unknown> {
  const keep = [
    'buttonText',
    'buttonUrl',
    'blockId',
    'formId',
    'overlayId',
    'pageId',
    'itemId',
    'collectionId',
  ];
  return Object.fromEntries(Object.entries(fields).filter(([key]) => keep.includes(key)));
}
