import { ACCOUNT_PASSWORD_MAX_LENGTH } from '@atelier/core';
import { z } from 'zod';
import { shippingAddressSchema } from './checkout.ts';
import { subscriberStatusSchema } from './newsletter.ts';
import { customerSubscriptionSchema } from './subscriptions.ts';

// Customer (site-user) accounts (issue 23, SPEC §7 /api/site-users/account/*): requests
// and responses shared by the server's routes and the storefront's account island.

/** httpOnly: the session token. Never readable by scripts. */
export const SITE_USER_SESSION_COOKIE = 'atelier_account';
/**
 * Readable by the storefront's scripts (SPEC §6: an authenticated flag and the site user
 * id). It only says what the httpOnly session said when it was set; the server never
 * trusts it for anything.
 */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';

const email = z.string().trim().min(1).max(256);
const password = z.string().min(1).max(ACCOUNT_PASSWORD_MAX_LENGTH);
/** A one-time link's token: 32 random bytes in base64url. */
const linkToken = z.string().min(20).max(200);

export const siteUserSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    isEmailVerified: z.boolean(),
    language: z.string().nullable(),
  })
  .meta({ id: 'SiteUser' });
export type SiteUser = z.infer<typeof siteUserSchema>;

export const siteUserStateSchema = z
  .object({
    state: z.enum(['signed-in', 'signed-out']),
    account: siteUserSchema.nullable(),
    /** Echo in the x-csrf-token header on every write. */
    xsrfToken: z.string(),
  })
  .meta({ id: 'SiteUserState' });
export type SiteUserState = z.infer<typeof siteUserStateSchema>;

export const siteUserSignUpSchema = z
  .object({ email, password, language: z.string().max(35).optional() })
  .meta({ id: 'SiteUserSignUp' });

/** SPEC §3 site-user login. */
export const siteUserSignInSchema = z
  .object({ email, password, rememberMe: z.boolean().optional() })
  .meta({ id: 'SiteUserSignIn' });

/** SPEC §7: the response carries the xsrfToken later writes send as a header. */
export const siteUserSignedInSchema = z
  .object({ xsrfToken: z.string(), account: siteUserSchema })
  .meta({ id: 'SiteUserSignedIn' });

export const siteUserSignOutQuerySchema = z.object({
  /** Keep a copy of the cart in this browser after signing out. */
  cloneCart: z.enum(['true', 'false']).optional(),
});

export const siteUserLocaleSchema = z
  .object({ language: z.string().min(1).max(35) })
  .meta({ id: 'SiteUserLocale' });

export const siteUserMessageSchema = z
  .object({ message: z.string() })
  .meta({ id: 'SiteUserMessage' });

export const siteUserTokenSchema = z.object({ token: linkToken }).meta({ id: 'SiteUserToken' });

export const siteUserEmailRequestSchema = z.object({ email }).meta({ id: 'SiteUserEmailRequest' });

export const siteUserResetSchema = z
  .object({ token: linkToken, password })
  .meta({ id: 'SiteUserPasswordReset' });

export const siteUserEmailChangeSchema = z
  .object({ email, currentPassword: password })
  .meta({ id: 'SiteUserEmailChange' });

export const siteUserPasswordChangeSchema = z
  .object({ currentPassword: password, newPassword: password })
  .meta({ id: 'SiteUserPasswordChange' });

export const siteUserDeleteSchema = z
  .object({ currentPassword: password })
  .meta({ id: 'SiteUserDelete' });

export const accountOrderSchema = z
  .object({
    id: z.string().uuid(),
    orderNumber: z.number().int(),
    createdAt: z.string(),
    status: z.enum(['paid', 'fulfilled', 'cancelled', 'refunded']),
    fulfillmentStatus: z.enum(['unfulfilled', 'partial', 'fulfilled']),
    grandTotalCents: z.number().int(),
    currency: z.string(),
    itemCount: z.number().int(),
    /** The order status page, with the order's own token. */
    statusUrl: z.string(),
  })
  .meta({ id: 'AccountOrder' });
export type AccountOrder = z.infer<typeof accountOrderSchema>;

export const accountOrdersSchema = z
  .object({ orders: z.array(accountOrderSchema) })
  .meta({ id: 'AccountOrders' });

// ---- The account's sections (issue 23): addresses, subscriptions, downloads, newsletters ----

/** An address book entry takes the checkout's address fields and rules, plus the default flag. */
export const accountAddressBodySchema = shippingAddressSchema
  .extend({ isDefault: z.boolean().optional() })
  .meta({ id: 'AccountAddressBody' });
export type AccountAddressBody = z.infer<typeof accountAddressBodySchema>;

export const accountAddressSchema = z
  .object({ id: z.string().uuid(), address: shippingAddressSchema, isDefault: z.boolean() })
  .meta({ id: 'AccountAddress' });
export type AccountAddress = z.infer<typeof accountAddressSchema>;

/** The whole address book, default first: every address call answers it. */
export const accountAddressesSchema = z
  .object({ addresses: z.array(accountAddressSchema) })
  .meta({ id: 'AccountAddresses' });

export const accountAddressParamsSchema = z.object({ addressId: z.string().uuid() });

export const accountSubscriptionSchema = customerSubscriptionSchema
  .omit({ notice: true })
  .extend({
    /** The account's manage page for it (update the card, cancel). */
    manageUrl: z.string(),
  })
  .meta({ id: 'AccountSubscription' });
export type AccountSubscription = z.infer<typeof accountSubscriptionSchema>;

export const accountSubscriptionsSchema = z
  .object({ subscriptions: z.array(accountSubscriptionSchema) })
  .meta({ id: 'AccountSubscriptions' });

export const accountDownloadSchema = z
  .object({
    orderId: z.string().uuid(),
    orderNumber: z.number().int(),
    /** The line of the order the file was bought on. */
    lineNumber: z.number().int(),
    orderedAt: z.string(),
    productName: z.string(),
    /** A fresh signed link; null once the downloads are used up or the order was withdrawn. */
    url: z.string().nullable(),
    /** Epoch ms when `url` stops working. */
    expiresAt: z.number(),
    /** Downloads left; null when the product sets no limit. */
    remaining: z.number().int().nullable(),
    /** The order status page, which signs a fresh link too. */
    statusUrl: z.string(),
  })
  .meta({ id: 'AccountDownload' });
export type AccountDownload = z.infer<typeof accountDownloadSchema>;

export const accountDownloadsSchema = z
  .object({ downloads: z.array(accountDownloadSchema) })
  .meta({ id: 'AccountDownloads' });

export const accountMailingListSchema = z
  .object({
    listId: z.string().uuid(),
    name: z.string(),
    description: z.string(),
    /** The account email's row on the list; null when it was never on it. */
    status: subscriberStatusSchema.nullable(),
  })
  .meta({ id: 'AccountMailingList' });
export type AccountMailingList = z.infer<typeof accountMailingListSchema>;

export const accountNewsletterSchema = z
  .object({ lists: z.array(accountMailingListSchema) })
  .meta({ id: 'AccountNewsletter' });

export const accountNewsletterParamsSchema = z.object({ listId: z.string().uuid() });
export const accountNewsletterBodySchema = z
  .object({ isSubscribed: z.boolean() })
  .meta({ id: 'AccountNewsletterChoice' });
