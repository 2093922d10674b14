import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import {
  downloadParamsSchema,
  downloadQuerySchema,
  errorResponses,
  orderParamsSchema,
  orderQuerySchema,
  orderResponseSchema,
} from '@atelier/contract';
import { checkoutMessages } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fail } from '../../http/errors.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { STORED_FILE_EXTENSIONS } from '../media/media-urls.ts';
import type { OrdersService } from './orders.service.ts';

export function registerOrderRoutes(
  app: FastifyInstance,
  deps: { orders: OrdersService; websiteOf: WebsiteResolver; filesDir: string },
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

  // A digital line's file, for the holder of a link the order signed (order email, status
  // page). Streamed from where uploads are stored; never cached, never in a referrer.
  // Untyped replies: the answer is the file's bytes, which no response schema describes.
  app.get<{
    Params: z.infer<typeof downloadParamsSchema>;
    Querystring: z.infer<typeof downloadQuerySchema>;
  }>(
    '/commerce/downloads/:orderId/:lineNumber',
    {
      schema: {
        tags: ['checkout'],
        summary: "A digital product's file, through the order's signed, expiring link",
        params: downloadParamsSchema,
        querystring: downloadQuerySchema,
        response: {
          ...errorResponses([
            'DOWNLOAD_NOT_FOUND',
            'DOWNLOAD_EXPIRED',
            'DOWNLOAD_WITHDRAWN',
            'DOWNLOAD_LIMIT_REACHED',
          ]),
        },
      },
    },
    async (request, reply) => {
      const website = await deps.websiteOf(request);
      const file = await deps.orders.findDownload({
        websiteId: website.id,
        orderId: request.params.orderId,
        lineNumber: request.params.lineNumber,
        expires: request.query.expires,
        sig: request.query.sig,
      });
      const extension = STORED_FILE_EXTENSIONS[file.content_type] ?? 'bin';
      const path = join(deps.filesDir, website.id, file.media_id, `file.${extension}`);
      // The file first, then the count: a missing file must not use up a download, and a
      // HEAD (a link checker) downloads nothing.
      await access(path).catch(() => {
        throw fail('DOWNLOAD_NOT_FOUND', checkoutMessages.downloadNotFound);
      });
      if (request.method !== 'HEAD') {
        await deps.orders.countDownload({
          websiteId: website.id,
          orderId: request.params.orderId,
          lineNumber: request.params.lineNumber,
        });
      }
      const name = file.filename.replace(/[\r\n"]/g, '');
      reply.header('cache-control', 'private, no-store');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-content-type-options', 'nosniff');
      reply.header(
        'content-disposition',
        `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      reply.header('content-length', file.byte_size);
      reply.type(file.content_type);
      return reply.send(createReadStream(path));
    },
  );
}
