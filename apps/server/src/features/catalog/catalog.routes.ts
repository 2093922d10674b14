import {
  errorResponses,
  productListQuerySchema,
  productListSchema,
  productSchema,
  stockQuerySchema,
  stockResponseSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { CatalogService } from './catalog.service.ts';

export function registerCatalogRoutes(
  app: FastifyInstance,
  deps: { catalog: CatalogService; websiteOf: WebsiteResolver },
) {
  const { catalog, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

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
        response: { 200: productListSchema, ...errorResponses(['COLLECTION_NOT_FOUND']) },
      },
    },
    async (request) => {
      const website = await websiteOf(request);
      return catalog.getCollectionList(website.id, request.params.collectionUrlId, {
        categorySlug: request.query.category,
      });
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
          ...errorResponses(['COLLECTION_NOT_FOUND', 'PRODUCT_NOT_FOUND']),
        },
      },
    },
    async (request) => {
      const website = await websiteOf(request);
      return catalog.getProduct(website.id, request.params.collectionUrlId, request.params.urlId);
    },
  );
}
