import {
  captchaChallengeQuerySchema,
  captchaChallengeSchema,
  errorResponses,
} from '@atelier/contract';
import { formMessages } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { CaptchaService } from './captcha.service.ts';

export function registerCaptchaRoutes(
  app: FastifyInstance,
  deps: {
    captcha: CaptchaService;
    websiteOf: WebsiteResolver;
    /** Challenges per visitor address per minute (default 30). */
    challengeLimit?: number;
  },
) {
  const { captcha, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A page asks for one challenge per form, and again after a failed submit or an expiry;
  // a script collecting challenges to solve elsewhere asks for many.
  const limiter = createRateLimiter({ limit: deps.challengeLimit ?? 30, windowMs: 60_000 });

  api.get(
    '/api/captcha/challenge',
    {
      // Counted before the query is validated, so malformed floods count too.
      onRequest: rateLimit({ limiter, message: formMessages.rateLimited, websiteOf }),
      schema: {
        tags: ['forms'],
        summary: 'A proof-of-work captcha challenge (ALTCHA format) for one form action',
        description:
          'Find the number below `maxnumber` whose SHA-256 with the salt is `challenge`, then ' +
          'send base64 of `{algorithm, challenge, number, salt, signature}` with the form. ' +
          'A solution is accepted once, for the scope it was issued for, within 10 minutes.',
        querystring: captchaChallengeQuerySchema,
        response: { 200: captchaChallengeSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      reply.header('cache-control', 'no-store');
      return captcha.issue(website.id, request.query.scope);
    },
  );
}
