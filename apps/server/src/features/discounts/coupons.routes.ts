import {
  couponInputSchema,
  couponListSchema,
  couponParamsSchema,
  couponSchema,
  errorResponses,
  sessionWriteCodes,
  signedInCodes,
  websiteParamsSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { Coupons } from './coupons.ts';

// Discounts admin (issue 19), beside the catalog admin's routes and guarded the same way:
// admins and store managers, never editors. Coupons price products, so a key needs the
// products area to read or change them.
const PREFIX = '/api/content-service/product/1.1/websites/:websiteId';
const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
const writeCodes = [...keyCodes, ...sessionWriteCodes] as const;
const tags = ['discounts'];

export function registerCouponRoutes(
  app: FastifyInstance,
  deps: { coupons: Coupons; requireApiKey: RequireApiKey },
) {
  const { coupons, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireApiKey({ can: 'discounts.manage', scope: { area: 'products' } });

  api.get(
    `${PREFIX}/coupons`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "The website's coupons with how many orders used each",
        params: websiteParamsSchema,
        response: { 200: couponListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => ({ coupons: await coupons.list(callerOf(request).website.id) }),
  );

  api.post(
    `${PREFIX}/coupons`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create a coupon',
        params: websiteParamsSchema,
        body: couponInputSchema,
        response: { 201: couponSchema, ...errorResponses(writeCodes, ['COUPON_CODE_TAKEN']) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await coupons.create(callerOf(request).website.id, request.body)),
  );

  api.put(
    `${PREFIX}/coupons/:couponId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Change a coupon; its use count is kept',
        params: couponParamsSchema,
        body: couponInputSchema,
        response: {
          200: couponSchema,
          ...errorResponses(writeCodes, ['COUPON_CODE_TAKEN', 'COUPON_NOT_FOUND']),
        },
      },
    },
    async (request) =>
      coupons.update(callerOf(request).website.id, request.params.couponId, request.body),
  );

  api.delete(
    `${PREFIX}/coupons/:couponId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Delete a coupon; orders placed with it keep its code',
        params: couponParamsSchema,
        response: { 204: z.null(), ...errorResponses(writeCodes, ['COUPON_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      await coupons.remove(callerOf(request).website.id, request.params.couponId);
      return reply.status(204).send(null);
    },
  );
}
