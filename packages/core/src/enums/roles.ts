/** SPEC §3 roles. 5 is unused: the spec lists no role with that number. */
export const Role = {
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  storeManager: 8,
  scheduling: 9,
  viewer: 10,
  campaignsEditor: 11,
  schedulingViewer: 12,
  schedulingEditor: 13,
  none: 14,
  websiteManager: 15,
  draftEditor: 16,
} as const;

export type Role = (typeof Role)[keyof typeof Role];

const roles = new Set<number>(Object.values(Role));

export const isRole = (value: unknown): value is Role =>
  typeof value === 'number' && roles.has(value);

/** SPEC §3 subscription status codes; 9–15 exist but are not shown. */
export const SubscriptionStatus = {
  expired: 1,
  pastDue: 2,
  trial: 3,
  beta: 4,
  removed: 5,
  internal: 6,
  comped: 7,
  paid: 8,
} as const;

export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

export const SUBSCRIPTION_STATUS_MAX = 15;

export const isSubscriptionStatusCode = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= 1 &&
  value <= SUBSCRIPTION_STATUS_MAX;
