import {
  errorResponses,
  productListQuerySchema,
  productListSchema,
  productSchema,
  stockQuerySchema,
  stockResponseSchema,
} from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail } from '../../http/errors.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { MemberGate } from '../member-areas/member-gate.ts';
import type { PaywallGate } from '../paywall/paywall-gate.ts';
import type { CatalogService } from './catalog.service.ts';

export function registerCatalogRoutes(
  app: FastifyInstance,
  deps: {
    catalog: CatalogService;
    websiteOf: WebsiteResolver;
    /** A paywalled collection's products only for visitors with access (issue 22). */
    paywall?: PaywallGate;
    /** A member-area folder's collection only for the customers it lets in (issue 23). */
    members?: MemberGate['verdictOf'];
  },
) {
  const { catalog, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Refuses a member-area collection's products to a visitor its area does not let in,
   * and a paywalled collection's to a visitor without access, as its pages do (unless the
   * product is one that opens it); the answer depends on the visitor, so it is never
   * stored by a shared cache.
   */
  async function checkAccess(
    request: FastifyRequest,
    reply: FastifyReply,
    websiteId: string,
    collectionUrlId: string,
    productId?: string,
  ) {
    // A member area first, as on the collection's pages: what it denies shows no offer.
    if (deps.members) {
      const verdict = await deps.members(request, websiteId, {
        kind: 'collection',
        address: collectionUrlId,
      });
      if (verdict.isGuarded) reply.header('cache-control', 'private, no-store');
      if (verdict.isGuarded && verdict.denied) {
        throw fail('MEMBERS_ONLY', editorMessages.pageLocked);
      }
    }
    if (!deps.paywall) return;
    const verdict = await deps.paywall(request, websiteId, {
      kind: 'collection',
      address: collectionUrlId,
    });
    if (!verdict.isPaywalled) return;
    reply.header('cache-control', 'private, no-store');
    if (verdict.hasAccess || (productId && verdict.productIds.includes(productId))) return;
    throw fail('PAYWALL_LOCKED', editorMessages.pageLocked);
  }

  api.get(
    '/api/commerce/inventory/stock/',
    {
      schema: {
        tags: ['inventory'],
        summary: 'Stock of each variant of a product',
        querystring: stockQuerySchema,
        response: { 200: stockResponseSchema, ...errorResponses(['PRODUCT_NOT_FOUND']) },
      },
    },
    async (request) => {
      const website = await websiteOf(request);
      return catalog.getStock(website.id, request.query.itemId);
    },
  );

  api.get(
    '/api/catalog/collections/:collectionUrlId/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The products of a store collection, as the product list page shows them',
        params: z.object({ collectionUrlId: z.string().min(1).max(200) }),
        querystring: productListQuerySchema,
        response: {
          200: productListSchema,
          ...errorResponses(['COLLECTION_NOT_FOUND', 'PAYWALL_LOCKED', 'MEMBERS_ONLY']),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const list = await catalog.getCollectionList(website.id, request.params.collectionUrlId, {
        categorySlug: request.query.category,
      });
      await checkAccess(request, reply, website.id, request.params.collectionUrlId);
      return list;
    },
  );

  api.get(
    '/api/catalog/collections/:collectionUrlId/products/:urlId',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product with its variants and images',
        params: z.object({
          collectionUrlId: z.string().min(1).max(200),
          urlId: z.string().min(1).max(200),
        }),
        response: {
          200: productSchema,
          ...errorResponses([
            'COLLECTION_NOT_FOUND',
            'PRODUCT_NOT_FOUND',
            'PAYWALL_LOCKED',
            'MEMBERS_ONLY',
          ]),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const { collectionUrlId, urlId } = request.params;
      const product = await catalog.getProduct(website.id, collectionUrlId, urlId);
      await checkAccess(request, reply, website.id, collectionUrlId, product.id);
      return product;
    },
  );
}
