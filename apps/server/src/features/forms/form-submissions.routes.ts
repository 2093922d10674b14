import {
  errorResponses,
  formSubmissionKeyResponseSchema,
  saveFormSubmissionBodySchema,
  saveFormSubmissionResponseSchema,
} from '@atelier/contract';
import { formMessages } from '@atelier/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fail } from '../../http/errors.ts';
import { createRateLimiter, type RateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { FormSubmissionsService } from './form-submissions.service.ts';

/** A submission's body may not exceed this (issue 20); larger ones get 413 unread. */
export const SUBMISSION_BODY_LIMIT = 64 * 1024;

export type FormRateLimits = {
  /** Submissions per visitor address per form per minute. */
  perVisitor: number;
  /** Submissions per form per minute, from everyone together. */
  perForm: number;
};

export const DEFAULT_FORM_RATE_LIMITS: FormRateLimits = { perVisitor: 10, perForm: 300 };

// Visitors call these without signing in. The key is the CSRF defence: it is fetched with
// a same-origin POST whose answer another site's page cannot read, and is bound to the
// visitor's address (request.ip, which honours TRUST_PROXY, never a client header).

export function registerFormSubmissionRoutes(
  app: FastifyInstance,
  deps: {
    submissions: FormSubmissionsService;
    websiteOf: WebsiteResolver;
    limits?: FormRateLimits;
  },
) {
  const { submissions, websiteOf } = deps;
  const limits = deps.limits ?? DEFAULT_FORM_RATE_LIMITS;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const minute = 60_000;
  // Fetching keys costs a row each: a visitor gets a few per submission they may make.
  const keyLimiter = createRateLimiter({ limit: limits.perVisitor * 3, windowMs: minute });
  const perVisitor = createRateLimiter({ limit: limits.perVisitor, windowMs: minute });
  const perForm = createRateLimiter({ limit: limits.perForm, windowMs: minute });

  const hitOrRefuse = (limiter: RateLimiter, key: string) => {
    if (!limiter.hit(key)) throw fail('RATE_LIMITED', formMessages.rateLimited);
  };

  api.post(
    '/api/form/FormSubmissionKey',
    {
      onRequest: rateLimit({ limiter: keyLimiter, message: formMessages.rateLimited, websiteOf }),
      schema: {
        tags: ['forms'],
        summary: 'A single-use key to submit a site form with (SPEC §7)',
        description:
          'Send no body. The key is valid for one hour, once, and only from the address that fetched it.',
        response: { 200: formSubmissionKeyResponseSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      reply.header('cache-control', 'no-store');
      return { key: await submissions.issueKey(website.id, request.ip) };
    },
  );

  api.post(
    '/api/form/SaveFormSubmission',
    {
      bodyLimit: SUBMISSION_BODY_LIMIT,
      // After validation: the limits are per form, which the body names.
      preHandler: async (request: FastifyRequest) => {
        const { formId } = request.body as { formId: string };
        const website = await websiteOf(request);
        hitOrRefuse(perVisitor, `${website.id}|${formId}|${request.ip}`);
        hitOrRefuse(perForm, `${website.id}|${formId}`);
      },
      schema: {
        tags: ['forms'],
        summary: "Submit a site form's answers with a key from FormSubmissionKey (SPEC §7)",
        description:
          'A 400 FORM_INVALID carries field id → message in `errors`. A key that is unknown, expired, used or fetched from another address is a 403 FORM_KEY_REFUSED: fetch a new key. Bodies over 64 KB are refused with 413.',
        body: saveFormSubmissionBodySchema,
        response: {
          200: saveFormSubmissionResponseSchema,
          ...errorResponses([
            'FORM_NOT_FOUND',
            'FORM_INVALID',
            'FORM_KEY_REFUSED',
            'FORM_CAPTCHA_REQUIRED',
            'FORM_CAPTCHA_FAILED',
          ]),
        },
      },
    },
    async (request) => {
      const website = await websiteOf(request);
      await submissions.save({
        websiteId: website.id,
        visitorAddress: request.ip,
        body: request.body,
        scope: request.body.captchaScope ?? 'FORM_BLOCK_SUBMISSION',
      });
      return { ok: true as const };
    },
  );
}
