import {
  analyticsRangeQuerySchema,
  analyticsRunResponseSchema,
  commerceReportSchema,
  errorResponses,
  errorsReportSchema,
  performanceReportSchema,
  signedInCodes,
  trafficReportSchema,
  websiteParamsSchema,
} from '@atelier/contract';
import { toCsvLine } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import { sendCsvDownload } from '../../http/csv-download.ts';
import type { AnalyticsDashboard } from './analytics-dashboard.ts';

// The owner's analytics dashboards (issue 24): traffic, commerce, performance and errors,
// each as JSON for the /config screens or as CSV (format=csv) for a spreadsheet. Members
// with analytics.read (admins, and the reporting role, which sees nothing else) and keys
// scoped to the analytics area.

const PREFIX = '/api/content-service/analytics/1.0/websites/:websiteId';
const tags = ['analytics dashboards'];
const AUTH_NOTE =
  'Needs a member with analytics.read signed in at /config (admins and the reporting role) or `Authorization: Bearer atl_…` of a key with the analytics area. `from` and `to` are days of the website’s time zone, both included; `format=csv` answers a file.';

const pct = (value: number | null) => (value === null ? '' : (value * 100).toFixed(1));

export function registerAnalyticsDashboardRoutes(
  app: FastifyInstance,
  deps: { dashboard: AnalyticsDashboard; requireApiKey: RequireApiKey },
) {
  const { dashboard, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireApiKey({ can: 'analytics.read', scope: { area: 'analytics' } });
  const schemaOf = (summary: string, report: z.ZodType) => ({
    tags,
    summary,
    description: AUTH_NOTE,
    params: websiteParamsSchema,
    querystring: analyticsRangeQuerySchema,
    response: {
      200: z.union([report, z.string().describe('text/csv with format=csv')]),
      ...errorResponses(signedInCodes, ['REQUEST_INVALID', 'ROUTE_NOT_FOUND']),
    },
  });

  api.get(
    `${PREFIX}/traffic`,
    {
      preValidation: guard,
      schema: schemaOf('Visits, visitors, page views, sources, devices…', trafficReportSchema),
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const report = await dashboard.traffic(callerOf(request).website.id, { from, to });
      reply.header('cache-control', 'no-store');
      if (format === 'json') return report;
      const lines = [toCsvLine(['section', 'key', 'visits', 'visitors', 'pageviews'])];
      for (const day of report.series) {
        lines.push(
          toCsvLine([
            'day',
            day.day,
            String(day.visits),
            String(day.visitors),
            String(day.pageviews),
          ]),
        );
      }
      for (const [section, rows] of Object.entries(report.breakdowns)) {
        for (const row of rows) {
          lines.push(
            toCsvLine([
              section,
              row.key,
              String(row.visits),
              row.visitors === null ? '' : String(row.visitors),
              String(row.pageviews),
            ]),
          );
        }
      }
      return sendCsvDownload(
        reply,
        `traffic-${from}-to-${to}`,
        lines.map((l) => `${l}\r\n`),
      );
    },
  );

  api.get(
    `${PREFIX}/commerce`,
    {
      preValidation: guard,
      schema: schemaOf('The funnel, revenue, orders and top products', commerceReportSchema),
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const report = await dashboard.commerce(callerOf(request).website.id, { from, to });
      reply.header('cache-control', 'no-store');
      if (format === 'json') return report;
      const lines = [
        toCsvLine(['measure', 'value', 'previous period']),
        ...Object.entries(report.funnel).map(([step, value]) =>
          toCsvLine([
            `funnel: ${step}`,
            String(value),
            String(report.previous.funnel[step as keyof typeof report.funnel]),
          ]),
        ),
        toCsvLine(['orders', String(report.orders), String(report.previous.orders)]),
        toCsvLine([
          'revenue (minor units)',
          String(report.revenueCents),
          String(report.previous.revenueCents),
        ]),
        toCsvLine([
          'conversion rate %',
          pct(report.conversionRate),
          pct(report.previous.conversionRate),
        ]),
        toCsvLine([]),
        toCsvLine(['product', 'views', 'added to cart', 'units sold', 'revenue (minor units)']),
        ...report.topProducts.map((p) =>
          toCsvLine([
            p.name,
            String(p.views),
            String(p.addedToCart),
            String(p.unitsSold),
            String(p.revenueCents),
          ]),
        ),
      ];
      return sendCsvDownload(
        reply,
        `commerce-${from}-to-${to}`,
        lines.map((l) => `${l}\r\n`),
      );
    },
  );

  api.get(
    `${PREFIX}/performance`,
    {
      preValidation: guard,
      schema: schemaOf('Web vitals at p75 per page and page type', performanceReportSchema),
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const report = await dashboard.performance(callerOf(request).website.id, { from, to });
      reply.header('cache-control', 'no-store');
      if (format === 'json') return report;
      const lines = [
        toCsvLine(['metric', 'page', 'p75', 'readings', 'good %', 'needs improvement %', 'poor %']),
        ...report.byPage.map((r) =>
          toCsvLine([
            r.metric,
            r.path,
            r.p75 === null ? '' : String(r.p75),
            String(r.count),
            pct(r.good),
            pct(r.needsImprovement),
            pct(r.poor),
          ]),
        ),
      ];
      return sendCsvDownload(
        reply,
        `performance-${from}-to-${to}`,
        lines.map((l) => `${l}\r\n`),
      );
    },
  );

  api.get(
    `${PREFIX}/errors`,
    {
      preValidation: guard,
      schema: schemaOf('JavaScript errors grouped by message and stack', errorsReportSchema),
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const report = await dashboard.errors(callerOf(request).website.id, { from, to });
      reply.header('cache-control', 'no-store');
      if (format === 'json') return report;
      const lines = [
        toCsvLine(['message', 'count', 'first seen', 'last seen', 'top page', 'top browser']),
        ...report.groups.map((g) =>
          toCsvLine([
            g.message,
            String(g.count),
            new Date(g.firstSeen).toISOString(),
            new Date(g.lastSeen).toISOString(),
            g.pages[0]?.key ?? '',
            g.browsers[0]?.key ?? '',
          ]),
        ),
      ];
      return sendCsvDownload(
        reply,
        `errors-${from}-to-${to}`,
        lines.map((l) => `${l}\r\n`),
      );
    },
  );
}

/**
 * POST /api/testing/analytics/run, registered only when the server runs with TEST_CLOCK=on:
 * writes the queued events and rolls them up now, so an end-to-end test (or a rehearsal)
 * sees a visit on the dashboards without waiting for the worker's minute.
 */
export function registerAnalyticsRunRoute(
  app: FastifyInstance,
  deps: { runOnce: () => Promise<z.infer<typeof analyticsRunResponseSchema>> },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/testing/analytics/run',
    {
      schema: {
        tags: ['testing'],
        summary: 'Write queued analytics events and roll them up now (TEST_CLOCK=on only)',
        response: { 200: analyticsRunResponseSchema, ...errorResponses() },
      },
    },
    () => deps.runOnce(),
  );
}
