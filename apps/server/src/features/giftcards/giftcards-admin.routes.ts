import {
  errorResponses,
  giftCardListQuerySchema,
  giftCardListSchema,
  giftCardParamsSchema,
  giftCardResponseSchema,
  issuedGiftCardSchema,
  issueGiftCardBodySchema,
  sessionWriteCodes,
  signedInCodes,
  voidGiftCardBodySchema,
  websiteParamsSchema,
} from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { GiftCardActor } from './giftcards.repo.ts';
import type { GiftCardsAdminService } from './giftcards-admin.service.ts';

// The merchant's gift cards (issue 19), beside the orders under the commerce prefix and
// guarded as they are: admins and store managers, never editors. A gift card is a
// tender of orders, so an API key needs the orders area (GET reads, POST writes).
const PREFIX = '/api/content-service/commerce/1.1/websites/:websiteId/gift-cards';

const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
const writeCodes = [...keyCodes, ...sessionWriteCodes] as const;
const tags = ['gift cards admin'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…` (a key of an admin or store manager) or the session ' +
  'of such a member signed in at /config; a session write also sends the CSRF crumb.';

function actorOf(request: FastifyRequest): GiftCardActor {
  const { member, key } = callerOf(request);
  if (member) return { actor: member.email, actorMemberId: member.id };
  return { actor: `API key ${key?.name ?? ''}`.trim() };
}

export function registerGiftCardAdminRoutes(
  app: FastifyInstance,
  deps: { giftCards: GiftCardsAdminService; requireApiKey: RequireApiKey },
) {
  const { giftCards, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before validation: a caller who may not use a route learns nothing of its schema.
  const guard = requireApiKey({ can: 'orders.read', scope: { area: 'orders' } });
  // Issuing or voiding a card moves money.
  const moneyGuard = requireApiKey({ can: 'orders.refund', scope: { area: 'orders' } });

  api.get(
    PREFIX,
    {
      preValidation: guard,
      schema: {
        tags,
        summary:
          'Issued gift cards with balances: search by code, its last four or the recipient; filter by status',
        description: `${AUTH_NOTE} Codes are masked: only their last four characters are listed.`,
        params: websiteParamsSchema,
        querystring: giftCardListQuerySchema,
        response: { 200: giftCardListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => giftCards.list(callerOf(request).website.id, request.query),
  );

  api.get(
    `${PREFIX}/:giftCardId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'One gift card with its history of balance changes',
        description: AUTH_NOTE,
        params: giftCardParamsSchema,
        response: {
          200: giftCardResponseSchema,
          ...errorResponses(keyCodes, ['ISSUED_GIFT_CARD_NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      giftCard: await giftCards.get(callerOf(request).website.id, request.params.giftCardId),
    }),
  );

  api.post(
    PREFIX,
    {
      preValidation: moneyGuard,
      schema: {
        tags,
        summary: 'Issue a gift card by hand, optionally emailing it to the recipient',
        description: `${AUTH_NOTE} The amount is in the store currency. The answer carries the full code, which is not shown again; an \`actionId\` makes a retry answer the same card.`,
        params: websiteParamsSchema,
        body: issueGiftCardBodySchema,
        response: {
          201: issuedGiftCardSchema,
          ...errorResponses(writeCodes, ['GIFT_CARD_ISSUE_INVALID']),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await giftCards.issue({
          website: callerOf(request).website,
          by: actorOf(request),
          body: request.body,
        }),
      ),
  );

  api.post(
    `${PREFIX}/:giftCardId/void`,
    {
      preValidation: moneyGuard,
      schema: {
        tags,
        summary: 'Void a gift card: its balance goes to 0 and checkout refuses it',
        description: `${AUTH_NOTE} Voiding a voided card changes nothing and answers it as it is.`,
        params: giftCardParamsSchema,
        body: voidGiftCardBodySchema,
        response: {
          200: giftCardResponseSchema,
          ...errorResponses(writeCodes, ['ISSUED_GIFT_CARD_NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      giftCard: await giftCards.void({
        websiteId: callerOf(request).website.id,
        giftCardId: request.params.giftCardId,
        by: actorOf(request),
        reason: request.body.reason ?? null,
      }),
    }),
  );
}
