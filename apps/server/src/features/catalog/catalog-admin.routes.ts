import {
  catalogProductSchema,
  categoryCreateSchema,
  categorySchema,
  collectionCreateSchema,
  collectionParamsSchema,
  collectionSchema,
  errorBodySchema,
  productCreateSchema,
  productParamsSchema,
  productUpdateSchema,
  stockUpdateSchema,
  variantParamsSchema,
  websiteParamsSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOG_WRITERS, callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { CatalogAdminService } from './catalog-admin.service.ts';

// SPEC §7 content-service calls. The website in the path must be the one the Host picks
// (requireApiKey answers 404 otherwise), so a path can never reach another tenant.
const PREFIX = '/api/content-service/product/1.1/websites/:websiteId';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['catalog admin'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…`: a key of an admin, editor or store manager.';

export function registerCatalogAdminRoutes(
  app: FastifyInstance,
  deps: { catalogAdmin: CatalogAdminService; requireApiKey: RequireApiKey },
) {
  const { catalogAdmin, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireApiKey({ roles: CATALOG_WRITERS });

  api.post(
    `${PREFIX}/products`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Create a product with its variants, images and categories',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        body: productCreateSchema,
        response: { 201: catalogProductSchema, ...errors },
      },
    },
    async (request, reply) => {
      const product = await catalogAdmin.createProduct(callerOf(request).website.id, request.body);
      return reply.status(201).send(product);
    },
  );

  api.get(
    `${PREFIX}/products/:productId`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'One product as the catalog admin sees it, hidden or not',
        description: AUTH_NOTE,
        params: productParamsSchema,
        response: { 200: catalogProductSchema, ...errors },
      },
    },
    async (request) =>
      catalogAdmin.getProduct(callerOf(request).website.id, request.params.productId),
  );

  api.patch(
    `${PREFIX}/products/:productId`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Change a product: only the fields sent change (prices, stock, visibility, …)',
        description: AUTH_NOTE,
        params: productParamsSchema,
        body: productUpdateSchema,
        response: { 200: catalogProductSchema, ...errors },
      },
    },
    async (request) =>
      catalogAdmin.updateProduct(
        callerOf(request).website.id,
        request.params.productId,
        request.body,
      ),
  );

  api.put(
    `${PREFIX}/products/:productId/variants/:variantId/stock`,
    {
      preHandler,
      schema: {
        tags,
        summary: "Set one variant's stock",
        description: AUTH_NOTE,
        params: variantParamsSchema,
        body: stockUpdateSchema,
        response: { 200: catalogProductSchema, ...errors },
      },
    },
    async (request) =>
      catalogAdmin.updateStock(callerOf(request).website.id, request.params, request.body),
  );

  api.delete(
    `${PREFIX}/products/:productId`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Delete a product with its variants',
        description: AUTH_NOTE,
        params: productParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await catalogAdmin.deleteProduct(callerOf(request).website.id, request.params.productId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    `${PREFIX}/collections`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Create a product collection (a store page)',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        body: collectionCreateSchema,
        response: { 201: collectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const collection = await catalogAdmin.createCollection(
        callerOf(request).website.id,
        request.body,
      );
      return reply.status(201).send(collection);
    },
  );

  api.post(
    `${PREFIX}/products/:collectionId/categories`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Create a category in a product collection, optionally inside another',
        description: AUTH_NOTE,
        params: collectionParamsSchema,
        body: categoryCreateSchema,
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const category = await catalogAdmin.createCategory(
        callerOf(request).website.id,
        request.params.collectionId,
        request.body,
      );
      return reply.status(201).send(category);
    },
  );
}
