/**
 * SPEC §2 page type numbers. The spec names main content, page and splash without their
 * numbers; 1, 2 and 3 are assumed because every numbered type starts at 50 and above.
 */
export const PageType = {
  mainContent: 1,
  page: 2,
  splash: 3,
  contentItem: 50,
  notFound: 100,
  error: 101,
  search: 102,
  lockScreen: 103,
  cart: 200,
  checkout: 201,
  orderConfirmed: 202,
  donate: 203,
  /** Ours: SPEC §2 names a subscription checkout page without its number. */
  subscriptionCheckout: 204,
  orderStatus: 211,
} as const;

export type PageType = (typeof PageType)[keyof typeof PageType];

/** Search result views are not recorded (SPEC §2). */
export const isPageViewRecorded = (pageType: number): boolean => pageType !== PageType.search;
