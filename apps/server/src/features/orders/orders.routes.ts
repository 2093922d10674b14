import {
  errorResponses,
  orderParamsSchema,
  orderQuerySchema,
  orderResponseSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { OrdersService } from './orders.service.ts';

export function registerOrderRoutes(
  app: FastifyInstance,
  deps: { orders: OrdersService; websiteOf: WebsiteResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/commerce/orders/:orderId',
    {
      schema: {
        tags: ['checkout'],
        summary: 'An order, for the holder of its secret token (confirmation and status pages)',
        params: orderParamsSchema,
        querystring: orderQuerySchema,
        response: { 200: orderResponseSchema, ...errorResponses(['ORDER_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      const website = await deps.websiteOf(request);
      // The token is a capability: keep the answer out of shared caches and referrers.
      reply.header('cache-control', 'private, no-store');
      reply.header('referrer-policy', 'no-referrer');
      const order = await deps.orders.getOrder({
        websiteId: website.id,
        orderId: request.params.orderId,
        token: request.query.token,
      });
      return { order };
    },
  );
}
