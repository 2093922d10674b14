import {
  CAMPAIGNS_PREFIX,
  campaignAudienceListSchema,
  campaignBodySchema,
  campaignListSchema,
  campaignParamsSchema,
  campaignPreviewBodySchema,
  campaignPreviewSchema,
  campaignRecipientPageSchema,
  campaignRecipientQuerySchema,
  campaignSchema,
  campaignTestBodySchema,
  campaignTestResultSchema,
  errorResponses,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { CampaignsService } from './campaigns.service.ts';

// Email campaigns (issue 21) under /api/campaigns/1.0: the /config Campaigns screen and
// integrations. Campaigns reach the store's customers, so administrators and store
// managers run them (as they see the subscribers); an API key needs the `forms` area,
// the one that already covers what visitors sign up with (forms, newsletter sign-ups).

const codes = [...signedInCodes] as const;
const writeCodes = [...signedInCodes, ...sessionWriteCodes] as const;
const TAGS = ['campaigns'];
const AUTH_NOTE =
  'Administrators and store managers: an API key with the `forms` area (write for changes), or the session of such a member signed in at /config (writes also send the CSRF crumb).';

export function registerCampaignRoutes(
  app: FastifyInstance,
  deps: { campaigns: CampaignsService; requireApiKey: RequireApiKey },
) {
  const { campaigns, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireApiKey({ can: 'campaigns.manage', scope: { area: 'forms' } });
  const websiteIdOf = (request: FastifyRequest) => callerOf(request).website.id;
  const BASE = `${CAMPAIGNS_PREFIX}/campaigns`;
  const ONE = `${BASE}/:campaignId`;

  api.get(
    BASE,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: "The website's campaigns, newest first, with recipients by status",
        description: AUTH_NOTE,
        response: { 200: campaignListSchema, ...errorResponses(codes) },
      },
    },
    async (request) => ({ campaigns: await campaigns.list(websiteIdOf(request)) }),
  );

  api.post(
    BASE,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Start a campaign draft',
        description: AUTH_NOTE,
        body: campaignBodySchema,
        response: { 201: campaignSchema, ...errorResponses(writeCodes, ['CAMPAIGN_INVALID']) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await campaigns.create(websiteIdOf(request), request.body)),
  );

  api.get(
    `${CAMPAIGNS_PREFIX}/lists`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Mailing lists a campaign can go to, with their subscribed addresses now',
        description: AUTH_NOTE,
        response: { 200: campaignAudienceListSchema, ...errorResponses(codes) },
      },
    },
    async (request) => campaigns.audience(websiteIdOf(request)),
  );

  api.post(
    `${CAMPAIGNS_PREFIX}/preview`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Render an email from blocks (unsaved edits) as HTML and text',
        description: `${AUTH_NOTE} The unsubscribe link in a preview is a sample.`,
        body: campaignPreviewBodySchema,
        response: {
          200: campaignPreviewSchema,
          ...errorResponses(writeCodes, ['CAMPAIGN_INVALID']),
        },
      },
    },
    async (request) => campaigns.preview(websiteIdOf(request), request.body),
  );

  api.get(
    ONE,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'One campaign with its progress (recipients by status)',
        description: AUTH_NOTE,
        params: campaignParamsSchema,
        response: { 200: campaignSchema, ...errorResponses(codes, ['CAMPAIGN_NOT_FOUND']) },
      },
    },
    async (request) => campaigns.get(websiteIdOf(request), request.params.campaignId),
  );

  api.put(
    ONE,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Change a draft (the whole of it)',
        description: AUTH_NOTE,
        params: campaignParamsSchema,
        body: campaignBodySchema,
        response: {
          200: campaignSchema,
          ...errorResponses(writeCodes, [
            'CAMPAIGN_NOT_FOUND',
            'CAMPAIGN_INVALID',
            'CAMPAIGN_NOT_DRAFT',
          ]),
        },
      },
    },
    async (request) =>
      campaigns.update(websiteIdOf(request), request.params.campaignId, request.body),
  );

  api.delete(
    ONE,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Delete a draft',
        description: AUTH_NOTE,
        params: campaignParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(writeCodes, ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_NOT_DRAFT']),
        },
      },
    },
    async (request, reply) => {
      await campaigns.remove(websiteIdOf(request), request.params.campaignId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    `${ONE}/test`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Send one test copy of the saved campaign now, subject prefixed [Test]',
        description: AUTH_NOTE,
        params: campaignParamsSchema,
        body: campaignTestBodySchema,
        response: {
          202: campaignTestResultSchema,
          ...errorResponses(writeCodes, ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_NOT_READY']),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await campaigns.sendTest(
            websiteIdOf(request),
            request.params.campaignId,
            request.body.email,
          ),
        ),
  );

  api.post(
    `${ONE}/send`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Send the campaign to every subscribed address of its list, at its rate',
        description: `${AUTH_NOTE} Each address gets it at most once, even across a restart.`,
        params: campaignParamsSchema,
        response: {
          202: campaignSchema,
          ...errorResponses(writeCodes, [
            'CAMPAIGN_NOT_FOUND',
            'CAMPAIGN_NOT_DRAFT',
            'CAMPAIGN_NOT_READY',
          ]),
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await campaigns.send(websiteIdOf(request), request.params.campaignId)),
  );

  api.post(
    `${ONE}/cancel`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Stop a send: addresses not yet handed to the mail server are skipped',
        description: AUTH_NOTE,
        params: campaignParamsSchema,
        response: {
          200: campaignSchema,
          ...errorResponses(writeCodes, ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_NOT_READY']),
        },
      },
    },
    async (request) => campaigns.cancel(websiteIdOf(request), request.params.campaignId),
  );

  api.post(
    `${ONE}/resume`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: 'Send on after sending stopped: the batch that kept failing is tried again',
        description: AUTH_NOTE,
        params: campaignParamsSchema,
        response: {
          200: campaignSchema,
          ...errorResponses(writeCodes, ['CAMPAIGN_NOT_FOUND', 'CAMPAIGN_NOT_READY']),
        },
      },
    },
    async (request) => campaigns.resume(websiteIdOf(request), request.params.campaignId),
  );

  api.get(
    `${ONE}/recipients`,
    {
      preValidation: guard,
      schema: {
        tags: TAGS,
        summary: "A page of the campaign's recipients with each one's status",
        description: AUTH_NOTE,
        params: campaignParamsSchema,
        querystring: campaignRecipientQuerySchema,
        response: {
          200: campaignRecipientPageSchema,
          ...errorResponses(codes, ['CAMPAIGN_NOT_FOUND']),
        },
      },
    },
    async (request) =>
      campaigns.recipients(websiteIdOf(request), request.params.campaignId, request.query),
  );
}
