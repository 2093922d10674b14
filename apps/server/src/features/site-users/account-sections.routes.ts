import {
  accountAddressBodySchema,
  accountAddressesSchema,
  accountAddressParamsSchema,
  accountDownloadsSchema,
  accountNewsletterBodySchema,
  accountNewsletterParamsSchema,
  accountNewsletterSchema,
  accountSubscriptionCancelBodySchema,
  accountSubscriptionCardBodySchema,
  accountSubscriptionsSchema,
  customerSubscriptionResponseSchema,
  errorResponses,
  sessionWriteCodes,
  subscriptionParamsSchema,
} from '@atelier/contract';
import { cartMessages } from '@atelier/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCrumb } from '../../http/csrf.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { accountGuard } from './account-request.ts';
import type { AccountSectionsService } from './account-sections.service.ts';
import type { SiteUsersService } from './site-users.service.ts';

// The signed-in customer's address book, subscriptions, downloads and newsletter choices
// (issue 23). Every call answers for the session's account only: an id of another
// account's address is "not found", as is one that never existed. Writes carry the crumb.

const ACCOUNT = '/api/site-users/account';
const tags = ['accounts'];
const signedIn = ['ACCOUNT_SIGN_IN_REQUIRED'] as const;
const addressWrite = [...signedIn, ...sessionWriteCodes, 'ACCOUNT_ADDRESS_NOT_FOUND'] as const;

export function registerAccountSectionRoutes(
  app: FastifyInstance,
  deps: {
    siteUsers: Pick<SiteUsersService, 'sessionOf'>;
    sections: AccountSectionsService;
    websiteOf: WebsiteResolver;
    /** Section calls per visitor address a minute (default 60). */
    addressLimit?: number;
  },
) {
  const { sections, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const requireAccount = accountGuard({ siteUsers: deps.siteUsers, websiteOf });
  const addressLimit = rateLimit({
    limiter: createRateLimiter({ limit: deps.addressLimit ?? 60, windowMs: 60_000 }),
    message: cartMessages.tooManyRequests,
    websiteOf,
  });
  const writeHooks = { onRequest: addressLimit, preHandler: requireCrumb };
  const privately = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

  api.get(
    `${ACCOUNT}/addresses`,
    {
      schema: {
        tags,
        summary: 'The account’s address book, default first',
        response: { 200: accountAddressesSchema, ...errorResponses(signedIn) },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      privately(reply);
      return { addresses: await sections.addresses(websiteId, session.user) };
    },
  );

  api.post(
    `${ACCOUNT}/addresses`,
    {
      ...writeHooks,
      schema: {
        tags,
        summary:
          'Add an address (the checkout’s fields and rules); the first one, or one sent with isDefault, becomes the default',
        body: accountAddressBodySchema,
        response: {
          201: accountAddressesSchema,
          ...errorResponses(signedIn, sessionWriteCodes, ['ACCOUNT_ADDRESS_LIMIT']),
        },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      const addresses = await sections.addAddress(websiteId, session.user, request.body);
      return reply.status(201).send({ addresses });
    },
  );

  api.put(
    `${ACCOUNT}/addresses/:addressId`,
    {
      ...writeHooks,
      schema: {
        tags,
        summary: 'Change one of the account’s addresses',
        params: accountAddressParamsSchema,
        body: accountAddressBodySchema,
        response: { 200: accountAddressesSchema, ...errorResponses(addressWrite) },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      return {
        addresses: await sections.updateAddress(
          websiteId,
          session.user,
          request.params.addressId,
          request.body,
        ),
      };
    },
  );

  api.put(
    `${ACCOUNT}/addresses/:addressId/default`,
    {
      ...writeHooks,
      schema: {
        tags,
        summary: 'Make one of the account’s addresses the default (checkout fills it in)',
        params: accountAddressParamsSchema,
        response: { 200: accountAddressesSchema, ...errorResponses(addressWrite) },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      return {
        addresses: await sections.makeDefaultAddress(
          websiteId,
          session.user,
          request.params.addressId,
        ),
      };
    },
  );

  api.delete(
    `${ACCOUNT}/addresses/:addressId`,
    {
      ...writeHooks,
      schema: {
        tags,
        summary: 'Delete one of the account’s addresses (a deleted default passes to the oldest)',
        params: accountAddressParamsSchema,
        response: { 200: accountAddressesSchema, ...errorResponses(addressWrite) },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      return {
        addresses: await sections.deleteAddress(websiteId, session.user, request.params.addressId),
      };
    },
  );

  api.get(
    `${ACCOUNT}/subscriptions`,
    {
      schema: {
        tags,
        summary:
          'Subscriptions bought with the account’s confirmed email, each with its manage page',
        response: { 200: accountSubscriptionsSchema, ...errorResponses(signedIn) },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      privately(reply);
      return { subscriptions: await sections.subscriptions(websiteId, session.user) };
    },
  );

  // The account's own subscription actions (the manage page of /account/subscriptions/{id}):
  // the session cookie and the crumb are the credential, so they last as long as the
  // session does; an emailed manage link stays the guest's way (subscriptions.routes.ts).
  // Another account's subscription is 404, as an unknown one is.
  const SUBSCRIPTION = `${ACCOUNT}/subscriptions/:subscriptionId`;
  const subscriptionWrite = [...signedIn, ...sessionWriteCodes, 'SUBSCRIPTION_NOT_FOUND'] as const;
  // Card updates are where card testing would hide: a few per address a minute, as the
  // manage link's are.
  const cardLimit = rateLimit({
    limiter: createRateLimiter({ limit: 5, windowMs: 60_000 }),
    message: cartMessages.tooManyRequests,
    websiteOf,
  });

  api.get(
    SUBSCRIPTION,
    {
      schema: {
        tags,
        summary: 'One of the account’s subscriptions (bought with its confirmed email)',
        params: subscriptionParamsSchema,
        response: {
          200: customerSubscriptionResponseSchema,
          ...errorResponses(signedIn, ['SUBSCRIPTION_NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      privately(reply);
      return {
        subscription: await sections.subscription(
          websiteId,
          session.user,
          request.params.subscriptionId,
        ),
      };
    },
  );

  api.post(
    `${SUBSCRIPTION}/card`,
    {
      onRequest: cardLimit,
      preHandler: requireCrumb,
      schema: {
        tags,
        summary:
          'Replace the card on one of the account’s subscriptions; a past-due one is charged at once',
        params: subscriptionParamsSchema,
        body: accountSubscriptionCardBodySchema,
        response: {
          200: customerSubscriptionResponseSchema,
          ...errorResponses(subscriptionWrite, ['SUBSCRIPTION_STATE_CONFLICT', 'CARD_DECLINED']),
        },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      privately(reply);
      return {
        subscription: await sections.updateSubscriptionCard(
          websiteId,
          session.user,
          request.params.subscriptionId,
          request.body.card,
        ),
      };
    },
  );

  api.post(
    `${SUBSCRIPTION}/cancel`,
    {
      ...writeHooks,
      schema: {
        tags,
        summary: 'Cancel one of the account’s subscriptions: no further payments',
        params: subscriptionParamsSchema,
        body: accountSubscriptionCancelBodySchema,
        response: {
          200: customerSubscriptionResponseSchema,
          ...errorResponses(subscriptionWrite, ['SUBSCRIPTION_STATE_CONFLICT']),
        },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      privately(reply);
      return {
        subscription: await sections.cancelSubscription(
          websiteId,
          session.user,
          request.params.subscriptionId,
        ),
      };
    },
  );

  api.get(
    `${ACCOUNT}/downloads`,
    {
      schema: {
        tags,
        summary:
          'Digital files of the orders placed with the account’s confirmed email, with fresh links',
        response: { 200: accountDownloadsSchema, ...errorResponses(signedIn) },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      privately(reply);
      return { downloads: await sections.downloads(websiteId, session.user) };
    },
  );

  api.get(
    `${ACCOUNT}/newsletters`,
    {
      schema: {
        tags,
        summary:
          'The site’s mailing lists with the account email’s status on each (empty until the email is confirmed)',
        response: { 200: accountNewsletterSchema, ...errorResponses(signedIn) },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      privately(reply);
      return { lists: await sections.newsletters(websiteId, session.user) };
    },
  );

  api.put(
    `${ACCOUNT}/newsletters/:listId`,
    {
      ...writeHooks,
      schema: {
        tags,
        summary:
          'Subscribe the account’s confirmed email to a list (at once, with a welcome email) or leave it',
        params: accountNewsletterParamsSchema,
        body: accountNewsletterBodySchema,
        response: {
          200: accountNewsletterSchema,
          ...errorResponses(signedIn, sessionWriteCodes, [
            'ACCOUNT_EMAIL_UNVERIFIED',
            'MAILING_LIST_NOT_FOUND',
          ]),
        },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      return {
        lists: await sections.setNewsletter(websiteId, session.user, {
          listId: request.params.listId,
          isSubscribed: request.body.isSubscribed,
        }),
      };
    },
  );
}
