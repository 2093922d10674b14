// The storefront's cookie consent (issue 24), shared by the server and the banner's
// browser code. Kept free of zod so the island runtime can import it for a few bytes.

/** The visitor's answer to the cookie banner: absent until they choose. */
export const CONSENT_COOKIE = 'atl_consent';
export const CONSENT_VALUES = ['granted', 'denied'] as const;
export type ConsentValue = (typeof CONSENT_VALUES)[number];
/** How long an answer is remembered before the banner asks again. */
export const CONSENT_LIFETIME_DAYS = 390;
/** The route that records an answer and, on a no, clears the census cookies at once. */
export const CONSENT_PATH = '/api/census/consent';
