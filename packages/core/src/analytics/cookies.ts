/** SPEC §3 and §9 visitor and analytics cookies: their names and lifetimes. */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const CENSUS_COOKIES = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'] as const;
export type CensusCookie = (typeof CENSUS_COOKIES)[number];

export const ANALYTICS_COOKIES = ['SS_MID', 'SS_ANALYTICS_ID'] as const;
export type AnalyticsCookie = (typeof ANALYTICS_COOKIES)[number];

export const COOKIE_PATH = '/';
/** "2 years" is taken as two 365-day years; a cookie lifetime has no use for leap days. */
export const VISITOR_RECORD_LIFETIME_MS = 2 * 365 * DAY_MS;
export const VISIT_LIFETIME_MS = 30 * MINUTE_MS;
export const ANALYTICS_COOKIE_LIFETIME_MS = 390 * DAY_MS;

/** The analytics cookie is secure whenever the page itself is. */
export const isAnalyticsCookieSecure = (protocol: string): boolean => protocol === 'https:';

/** Census cookies are cleared under a restrictive cookie policy (SPEC §4). */
export const cookiesToClear = (isRestrictivePolicy: boolean): readonly CensusCookie[] =>
  isRestrictivePolicy ? CENSUS_COOKIES : [];
