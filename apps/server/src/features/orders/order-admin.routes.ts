import {
  cancelOrderBodySchema,
  errorResponses,
  fulfillOrderBodySchema,
  IDEMPOTENCY_HEADER,
  mailLogSchema,
  orderAdminListQuerySchema,
  orderAdminListSchema,
  orderAdminParamsSchema,
  orderAdminResponseSchema,
  refundOrderBodySchema,
  sessionWriteCodes,
  signedInCodes,
  websiteParamsSchema,
} from '@atelier/contract';
import { mailBodyFor } from '@atelier/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { MailQueries } from '../mail/mail.repo.ts';
import type { OrderAdminService } from './order-admin.service.ts';

// The merchant's orders (issue 19), for the /config Orders screen and integrations. Reads
// are GETs and every change is a POST under /orders/{orderId}/…, so a read-only key
// scope can be drawn on the method. Each POST is idempotent by its Idempotency-Key header
// (or the body's actionId) and is written to the order's timeline with who did it.
const PREFIX = '/api/content-service/commerce/1.1/websites/:websiteId';

const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
const writeCodes = [...keyCodes, ...sessionWriteCodes] as const;
const actionCodes = [
  'ORDER_NOT_FOUND',
  'ORDER_STATE_CONFLICT',
  'ORDER_ACTION_INVALID',
  'IDEMPOTENCY_KEY_MISSING',
] as const;
const tags = ['orders admin'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…` (a key of an admin or store manager) or the session ' +
  'of such a member signed in at /config; a session write also sends the CSRF crumb.';
const ACTION_NOTE = `${AUTH_NOTE} Send an \`Idempotency-Key\` header (or \`actionId\` in the body): a retry with the same key changes nothing and answers the order as it is.`;
const actionHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().max(200).optional() });

function actorOf(request: FastifyRequest): string {
  const { member, key } = callerOf(request);
  if (member) return member.email;
  return `API key ${key?.name ?? ''}`.trim();
}

export function registerOrderAdminRoutes(
  app: FastifyInstance,
  deps: {
    orderAdmin: OrderAdminService;
    outbox: Pick<MailQueries, 'listOutbox'>;
    requireApiKey: RequireApiKey;
  },
) {
  const { orderAdmin, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before validation: a caller who may not use a route learns nothing of its schema.
  // Orders and the mail log: an API key needs the orders area (GET reads, POST writes).
  const guard = requireApiKey({ can: 'orders.read', scope: { area: 'orders' } });
  const fulfillGuard = requireApiKey({ can: 'orders.fulfill', scope: { area: 'orders' } });
  const refundGuard = requireApiKey({ can: 'orders.refund', scope: { area: 'orders' } });

  // ---- Reads ----
  api.get(
    `${PREFIX}/orders`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'The order list: search by number, email or name; filter by status and date',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        querystring: orderAdminListQuerySchema,
        response: { 200: orderAdminListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => orderAdmin.list(callerOf(request).website.id, request.query),
  );

  api.get(
    `${PREFIX}/orders/:orderId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'One order with its lines, payment, shipments and timeline',
        description: AUTH_NOTE,
        params: orderAdminParamsSchema,
        response: {
          200: orderAdminResponseSchema,
          ...errorResponses(keyCodes, ['ORDER_NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      order: await orderAdmin.get(callerOf(request).website.id, request.params.orderId),
    }),
  );

  api.get(
    `${PREFIX}/mail`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'The mail log: the latest 100 emails the store sent or will send',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        response: { 200: mailLogSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const role = caller.member?.role ?? caller.key?.role ?? 0;
      const rows = await deps.outbox.listOutbox(caller.website.id, { limit: 100 });
      return {
        messages: rows.map((row) => ({
          id: row.message_id,
          kind: row.kind,
          to: row.to_email,
          subject: row.subject,
          // An invitation or a reset link is a way in: only administrators read it here.
          bodyText: mailBodyFor({ kind: row.kind, bodyText: row.body_text, role }),
          status: row.sent_at
            ? ('sent' as const)
            : row.last_error
              ? ('failed' as const)
              : ('waiting' as const),
          created: new Date(row.created_at).getTime(),
          sentAt: row.sent_at ? new Date(row.sent_at).getTime() : null,
          lastError: row.last_error,
        })),
      };
    },
  );

  // ---- Writes ----
  const action = (request: FastifyRequest & { headers: Record<string, unknown> }) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    return {
      websiteId: callerOf(request).website.id,
      actor: actorOf(request),
      idempotencyKey: typeof header === 'string' && header !== '' ? header : undefined,
    };
  };

  api.post(
    `${PREFIX}/orders/:orderId/fulfillments`,
    {
      preValidation: fulfillGuard,
      schema: {
        tags,
        summary:
          'Fulfil all or some items, with carrier and tracking; optionally email the customer',
        description: ACTION_NOTE,
        params: orderAdminParamsSchema,
        headers: actionHeaders,
        body: fulfillOrderBodySchema,
        response: {
          200: orderAdminResponseSchema,
          ...errorResponses(writeCodes, actionCodes),
        },
      },
    },
    async (request) => ({
      order: await orderAdmin.fulfill({
        ...action(request),
        orderId: request.params.orderId,
        body: request.body,
      }),
    }),
  );

  api.post(
    `${PREFIX}/orders/:orderId/cancel`,
    {
      preValidation: refundGuard,
      schema: {
        tags,
        summary: 'Cancel an unfulfilled order: refund what was paid, optionally restock',
        description: ACTION_NOTE,
        params: orderAdminParamsSchema,
        headers: actionHeaders,
        body: cancelOrderBodySchema,
        response: {
          200: orderAdminResponseSchema,
          ...errorResponses(writeCodes, [...actionCodes, 'REFUND_FAILED']),
        },
      },
    },
    async (request) => ({
      order: await orderAdmin.cancel({
        ...action(request),
        orderId: request.params.orderId,
        body: request.body,
      }),
    }),
  );

  api.post(
    `${PREFIX}/orders/:orderId/refunds`,
    {
      preValidation: refundGuard,
      schema: {
        tags,
        summary: 'Refund items or an amount through the payment provider; optionally restock',
        description: `${ACTION_NOTE} The card is refunded first, then the gift cards the order spent; a refund never exceeds what is left of the payment.`,
        params: orderAdminParamsSchema,
        headers: actionHeaders,
        body: refundOrderBodySchema,
        response: {
          200: orderAdminResponseSchema,
          ...errorResponses(writeCodes, [...actionCodes, 'REFUND_FAILED']),
        },
      },
    },
    async (request) => ({
      order: await orderAdmin.refund({
        ...action(request),
        orderId: request.params.orderId,
        body: request.body,
      }),
    }),
  );
}
