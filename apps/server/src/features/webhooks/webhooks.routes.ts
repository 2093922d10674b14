import {
  createdWebhookEndpointSchema,
  errorResponses,
  sessionWriteCodes,
  signedInCodes,
  WEBHOOK_EVENT_AREAS,
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookSubscribeSchema,
  webhookSubscriptionParamsSchema,
  webhookSubscriptionSchema,
} from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey, scopeRefusal } from '../../http/auth.ts';
import { fail } from '../../http/errors.ts';
import type { WebhooksService } from './webhooks.service.ts';

// Outgoing webhooks (issue 21) under /api/webhooks/1.0: the owner's endpoints (the
// /config screen) and the REST hooks an automation tool subscribes with. Webhooks carry
// store data out of the store, so only administrators manage them, and a key needs the
// `webhooks` area (write for any change) — and to subscribe to an event, read access to
// the area the event's data belongs to (orders, inventory, forms, products).

export const WEBHOOKS_PREFIX = '/api/webhooks/1.0';
const codes = [...signedInCodes] as const;
const writeCodes = [...signedInCodes, ...sessionWriteCodes] as const;
const TAGS = ['webhooks'];
const AUTH_NOTE =
  'Administrators only: an API key of an administrator with the `webhooks` area, or the session of an administrator signed in at /config (writes also send the CSRF crumb).';

function actorOf(request: FastifyRequest): string {
  const { member, key } = callerOf(request);
  if (member) return member.email;
  return `API key ${key?.name ?? ''}`.trim();
}

export function registerWebhookRoutes(
  app: FastifyInstance,
  deps: { webhooks: WebhooksService; requireApiKey: RequireApiKey },
) {
  const { webhooks, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireApiKey({ can: 'webhooks.manage', scope: { area: 'webhooks' } });
  const websiteIdOf = (request: FastifyRequest) => callerOf(request).website.id;

  /** A key may only send out data it could read itself. */
  function checkEventAreas(
    request: FastifyRequest,
    events: readonly (keyof typeof WEBHOOK_EVENT_AREAS)[],
  ) {
    const { key } = callerOf(request);
    if (!key) return;
    for (const event of events) {
      const refusal = scopeRefusal(
        key.scopes,
        { area: WEBHOOK_EVENT_AREAS[event], write: false },
        'GET',
      );
      if (refusal) throw fail('SCOPE_FORBIDDEN', refusal);
    }
  }

  api.get(
    `${WEBHOOKS_PREFIX}/endpoints`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: "The website's webhook endpoints with their connection state",
        description: AUTH_NOTE,
        response: { 200: webhookEndpointListSchema, ...errorResponses(codes) },
      },
    },
    async (request) => webhooks.list(websiteIdOf(request)),
  );

  api.post(
    `${WEBHOOKS_PREFIX}/endpoints`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Add an endpoint; its signing secret is in this answer and nowhere else',
        description: `${AUTH_NOTE} The URL must resolve to public addresses only.`,
        body: webhookEndpointCreateSchema,
        response: {
          201: createdWebhookEndpointSchema,
          ...errorResponses(writeCodes, ['WEBHOOK_TARGET_REFUSED']),
        },
      },
    },
    async (request, reply) => {
      checkEventAreas(request, request.body.events);
      const created = await webhooks.create({
        websiteId: websiteIdOf(request),
        url: request.body.url,
        events: request.body.events,
        createdBy: actorOf(request),
      });
      return reply.status(201).send(created);
    },
  );

  api.delete(
    `${WEBHOOKS_PREFIX}/endpoints/:endpointId`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Delete an endpoint and its delivery log',
        description: AUTH_NOTE,
        params: webhookEndpointParamsSchema,
        response: { 204: z.null(), ...errorResponses(writeCodes, ['WEBHOOK_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      await webhooks.remove(websiteIdOf(request), request.params.endpointId);
      return reply.status(204).send(null);
    },
  );

  for (const [action, isEnabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    api.post(
      `${WEBHOOKS_PREFIX}/endpoints/:endpointId/${action}`,
      {
        preValidation: guard,
        schema: {
          tags: TAGS,
          summary: isEnabled
            ? 'Turn an endpoint back on: waiting deliveries resume, failures are forgotten'
            : 'Disconnect an endpoint: nothing is sent or queued for it until it is turned on',
          description: AUTH_NOTE,
          params: webhookEndpointParamsSchema,
          response: {
            200: webhookEndpointSchema,
            ...errorResponses(writeCodes, ['WEBHOOK_NOT_FOUND']),
          },
        },
      },
      async (request) =>
        webhooks.setEnabled(websiteIdOf(request), request.params.endpointId, isEnabled),
    );
  }

  api.post(
    `${WEBHOOKS_PREFIX}/endpoints/:endpointId/rotate-secret`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Give an endpoint a new secret (shown once); the old one signs too for 24 hours',
        description: `${AUTH_NOTE} Until the old secret expires, \`webhook-signature\` carries two signatures, one per secret, so a receiver verifies with either while it is switched over.`,
        params: webhookEndpointParamsSchema,
        response: {
          200: createdWebhookEndpointSchema,
          ...errorResponses(writeCodes, ['WEBHOOK_NOT_FOUND']),
        },
      },
    },
    async (request) => webhooks.rotateSecret(websiteIdOf(request), request.params.endpointId),
  );

  api.post(
    `${WEBHOOKS_PREFIX}/endpoints/:endpointId/test`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Queue a webhook.test event for this endpoint',
        description: AUTH_NOTE,
        params: webhookEndpointParamsSchema,
        response: {
          202: webhookDeliverySchema,
          ...errorResponses(writeCodes, ['WEBHOOK_NOT_FOUND']),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await webhooks.sendTest(websiteIdOf(request), request.params.endpointId)),
  );

  api.get(
    `${WEBHOOKS_PREFIX}/endpoints/:endpointId/deliveries`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: "An endpoint's delivery log, newest first",
        description: AUTH_NOTE,
        params: webhookEndpointParamsSchema,
        querystring: webhookDeliveryListQuerySchema,
        response: {
          200: webhookDeliveryListSchema,
          ...errorResponses(codes, ['WEBHOOK_NOT_FOUND']),
        },
      },
    },
    async (request) =>
      webhooks.deliveries(websiteIdOf(request), request.params.endpointId, request.query.page),
  );

  api.post(
    `${WEBHOOKS_PREFIX}/endpoints/:endpointId/deliveries/:deliveryId/replay`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Send a delivered or failing event again, with the same webhook-id',
        description: AUTH_NOTE,
        params: webhookDeliveryParamsSchema,
        response: {
          202: webhookDeliverySchema,
          ...errorResponses(writeCodes, ['WEBHOOK_DELIVERY_NOT_FOUND']),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await webhooks.replay(
            websiteIdOf(request),
            request.params.endpointId,
            request.params.deliveryId,
          ),
        ),
  );

  // REST hooks, as automation tools (Zapier and the like) expect them.
  api.post(
    `${WEBHOOKS_PREFIX}/subscriptions`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Subscribe a target URL to one event (REST hooks); answers the signing secret',
        description: `${AUTH_NOTE} A key also needs read access to the event's area (orders for order.*, inventory, forms for form.submitted and newsletter.subscribed, products for restock.signed_up).`,
        body: webhookSubscribeSchema,
        response: {
          201: webhookSubscriptionSchema,
          ...errorResponses(writeCodes, ['WEBHOOK_TARGET_REFUSED']),
        },
      },
    },
    async (request, reply) => {
      checkEventAreas(request, [request.body.event]);
      const subscription = await webhooks.subscribe({
        websiteId: websiteIdOf(request),
        targetUrl: request.body.targetUrl,
        event: request.body.event,
        createdBy: actorOf(request),
      });
      return reply.status(201).send(subscription);
    },
  );

  api.delete(
    `${WEBHOOKS_PREFIX}/subscriptions/:subscriptionId`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Unsubscribe (REST hooks): the subscription and its log are deleted',
        description: AUTH_NOTE,
        params: webhookSubscriptionParamsSchema,
        response: { 204: z.null(), ...errorResponses(writeCodes, ['WEBHOOK_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      await webhooks.remove(websiteIdOf(request), request.params.subscriptionId, 'api');
      return reply.status(204).send(null);
    },
  );
}
