import {
  commerceReportSchema,
  errorsReportSchema,
  performanceReportSchema,
  trafficReportSchema,
} from '@atelier/contract';
import type { AnalyticsTab, DayRange } from '../analytics/analytics-range.ts';
import { currentWebsiteId, editorCall } from './client.ts';

// The analytics screen's calls (issue 24): the dashboards' staff API with this session.

const reportUrl = (tab: AnalyticsTab, range: DayRange, format?: 'csv') => {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (format) query.set('format', format);
  return `/api/content-service/analytics/1.0/websites/${encodeURIComponent(
    currentWebsiteId(),
  )}/${tab}?${query}`;
};

const get = <T>(tab: AnalyticsTab, range: DayRange, response: { parse: (v: unknown) => T }) =>
  editorCall({ method: 'GET', path: reportUrl(tab, range), response });

export const analyticsApi = {
  traffic: (range: DayRange) => get('traffic', range, trafficReportSchema),
  commerce: (range: DayRange) => get('commerce', range, commerceReportSchema),
  performance: (range: DayRange) => get('performance', range, performanceReportSchema),
  errors: (range: DayRange) => get('errors', range, errorsReportSchema),
  /** A download link: the session cookie goes with it, the server names the file. */
  csvUrl: (tab: AnalyticsTab, range: DayRange) => reportUrl(tab, range, 'csv'),
};
