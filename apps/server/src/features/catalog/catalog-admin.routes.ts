import {
  catalogProductSchema,
  categoryChangeSchema,
  categoryCreateSchema,
  categoryListSchema,
  categoryMergeSchema,
  categoryParamsSchema,
  categorySchema,
  categoryTreeItemSchema,
  categoryUpdateSchema,
  collectionCreateSchema,
  collectionListSchema,
  collectionParamsSchema,
  collectionSchema,
  collectionSummarySchema,
  collectionUpdateSchema,
  errorResponses,
  productAdminListQuerySchema,
  productAdminListSchema,
  productBulkResultSchema,
  productBulkSchema,
  productCreateSchema,
  productFormChoicesSchema,
  productParamsSchema,
  productUpdateSchema,
  sessionWriteCodes,
  signedInCodes,
  stockUpdateSchema,
  tagChangeSchema,
  tagDeleteSchema,
  tagListSchema,
  tagMergeSchema,
  tagRenameSchema,
  variantParamsSchema,
  websiteParamsSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { CatalogAdminService } from './catalog-admin.service.ts';
import type { ProductCategories } from './product-categories.ts';
import type { ProductTags } from './product-tags.ts';

// SPEC §7 content-service calls. The website in the path must be the one the Host picks
// (requireApiKey answers 404 otherwise), so a path can never reach another tenant.
const PREFIX = '/api/content-service/product/1.1/websites/:websiteId';

const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
/** A write made with a session (the admin screens) needs the CSRF crumb; a key does not. */
const writeCodes = [...keyCodes, ...sessionWriteCodes] as const;
const productWriteCodes = [
  'PRODUCT_INVALID',
  'SKU_TAKEN',
  'URL_TAKEN',
  'COLLECTION_NOT_FOUND',
  'COLLECTION_FULL',
] as const;
const tags = ['catalog admin'];
const baseFailures = errorResponses(writeCodes, productWriteCodes, [
  'PRODUCT_NOT_FOUND',
  'PRODUCT_CHANGED',
  'STOCK_CHANGED',
]);
/** A PATCH's 409 may carry the product as it is now (PRODUCT_CHANGED). */
const conflict = baseFailures[409];
const patchErrors = {
  ...baseFailures,
  ...(conflict instanceof z.ZodObject && {
    409: conflict
      .extend({ current: catalogProductSchema.optional() })
      .describe(conflict.description ?? ''),
  }),
};
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…` (a key of an admin or store manager) or the session ' +
  'of such a member signed in at /config; a session write also sends the CSRF crumb.';

export function registerCatalogAdminRoutes(
  app: FastifyInstance,
  deps: {
    catalogAdmin: CatalogAdminService;
    productTags: ProductTags;
    productCategories: ProductCategories;
    requireApiKey: RequireApiKey;
  },
) {
  const { catalogAdmin, productTags, productCategories, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before validation: a caller who may not use a route learns nothing of its schema.
  const readGuard = requireApiKey({ can: 'products.read', scope: { area: 'products' } });
  const guard = requireApiKey({ can: 'products.write', scope: { area: 'products' } });
  // Stock is its own area, so a warehouse sync can set stock without rewriting products.
  const stockGuard = requireApiKey({ can: 'inventory.manage', scope: { area: 'inventory' } });
  const formsGuard = requireApiKey({ can: 'products.read', scope: { area: 'forms' } });

  api.get(
    `${PREFIX}/products`,
    {
      preValidation: readGuard,
      schema: {
        tags,
        summary: 'The product list: search by title or SKU, filter, sort and page',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        querystring: productAdminListQuerySchema,
        response: { 200: productAdminListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => catalogAdmin.listProducts(callerOf(request).website.id, request.query),
  );

  api.post(
    `${PREFIX}/products`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create a product with its variants, images and categories',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        body: productCreateSchema,
        response: { 201: catalogProductSchema, ...errorResponses(writeCodes, productWriteCodes) },
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
      preValidation: readGuard,
      schema: {
        tags,
        summary: 'One product as the catalog admin sees it, hidden or not',
        description: AUTH_NOTE,
        params: productParamsSchema,
        response: { 200: catalogProductSchema, ...errorResponses(keyCodes, ['PRODUCT_NOT_FOUND']) },
      },
    },
    async (request) =>
      catalogAdmin.getProduct(callerOf(request).website.id, request.params.productId),
  );

  api.patch(
    `${PREFIX}/products/:productId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Change a product: only the fields sent change (prices, variants, visibility, …)',
        description: `${AUTH_NOTE} Send the \`version\` you read as \`expectedVersion\` so a colleague's edit saved meanwhile is not overwritten: the answer is then 409 \`PRODUCT_CHANGED\` with the product as it is now in \`current\`.`,
        params: productParamsSchema,
        body: productUpdateSchema,
        response: {
          200: catalogProductSchema,
          ...patchErrors,
        },
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
      preValidation: stockGuard,
      schema: {
        tags,
        summary: "Set one variant's stock, or add a received quantity to it",
        description: AUTH_NOTE,
        params: variantParamsSchema,
        body: stockUpdateSchema,
        response: {
          200: catalogProductSchema,
          ...errorResponses(writeCodes, [
            'PRODUCT_NOT_FOUND',
            'VARIANT_NOT_FOUND',
            'STOCK_CHANGED',
            'PRODUCT_INVALID',
          ]),
        },
      },
    },
    async (request) =>
      catalogAdmin.updateStock(callerOf(request).website.id, request.params, request.body),
  );

  api.delete(
    `${PREFIX}/products/:productId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Delete a product with its variants',
        description: AUTH_NOTE,
        params: productParamsSchema,
        response: { 204: z.null(), ...errorResponses(writeCodes, ['PRODUCT_NOT_FOUND']) },
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
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create a product collection (a store page)',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        body: collectionCreateSchema,
        response: {
          201: collectionSchema,
          ...errorResponses(writeCodes, ['URL_TAKEN', 'URL_RESERVED', 'PAGE_URL_INVALID']),
        },
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
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create a category in a product collection, optionally inside another',
        description: AUTH_NOTE,
        params: collectionParamsSchema,
        body: categoryCreateSchema,
        response: {
          201: categorySchema,
          ...errorResponses(writeCodes, [
            'COLLECTION_NOT_FOUND',
            'CATEGORY_INVALID',
            'CATEGORY_TAKEN',
            'CATEGORY_LIMIT',
          ]),
        },
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

  // The store pages admin and the category manager (SPEC §2 Edit, Merge, New, Filter).
  api.get(
    `${PREFIX}/collections`,
    {
      preValidation: readGuard,
      schema: {
        tags,
        summary: "The website's product collections (store pages), with their product counts",
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        response: { 200: collectionListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => ({
      collections: await productCategories.listCollections(callerOf(request).website.id),
    }),
  );

  api.patch(
    `${PREFIX}/collections/:collectionId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Change a product collection: only the fields sent change',
        description: AUTH_NOTE,
        params: collectionParamsSchema,
        body: collectionUpdateSchema,
        response: {
          200: collectionSummarySchema,
          ...errorResponses(writeCodes, [
            'COLLECTION_NOT_FOUND',
            'URL_TAKEN',
            'URL_RESERVED',
            'PAGE_URL_INVALID',
          ]),
        },
      },
    },
    async (request) =>
      productCategories.updateCollection(
        callerOf(request).website.id,
        request.params.collectionId,
        request.body,
      ),
  );

  api.delete(
    `${PREFIX}/collections/:collectionId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Delete an empty product collection with its categories',
        description: `${AUTH_NOTE} A collection that still holds products is refused (409): move or delete them first.`,
        params: collectionParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(writeCodes, ['COLLECTION_NOT_FOUND', 'COLLECTION_NOT_EMPTY']),
        },
      },
    },
    async (request, reply) => {
      await productCategories.deleteCollection(
        callerOf(request).website.id,
        request.params.collectionId,
      );
      return reply.status(204).send(null);
    },
  );

  api.get(
    `${PREFIX}/products/:collectionId/categories`,
    {
      preValidation: readGuard,
      schema: {
        tags,
        summary: "A product collection's categories: parents first, each with its product count",
        description: AUTH_NOTE,
        params: collectionParamsSchema,
        response: {
          200: categoryListSchema,
          ...errorResponses(keyCodes, ['COLLECTION_NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      categories: await productCategories.listCategories(
        callerOf(request).website.id,
        request.params.collectionId,
      ),
    }),
  );

  api.patch(
    `${PREFIX}/categories/:categoryId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Rename a category, move it under another one, or to another place',
        description: `${AUTH_NOTE} A category cannot move into itself or below itself (400).`,
        params: categoryParamsSchema,
        body: categoryUpdateSchema,
        response: {
          200: categoryTreeItemSchema,
          ...errorResponses(writeCodes, [
            'CATEGORY_NOT_FOUND',
            'COLLECTION_NOT_FOUND',
            'CATEGORY_INVALID',
            'CATEGORY_TAKEN',
          ]),
        },
      },
    },
    async (request) =>
      productCategories.updateCategory(
        callerOf(request).website.id,
        request.params.categoryId,
        request.body,
      ),
  );

  api.delete(
    `${PREFIX}/categories/:categoryId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Delete a category: its subcategories move up, its products just lose it',
        description: AUTH_NOTE,
        params: categoryParamsSchema,
        response: {
          200: categoryChangeSchema,
          ...errorResponses(writeCodes, ['CATEGORY_NOT_FOUND', 'COLLECTION_NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      productsChanged: await productCategories.deleteCategory(
        callerOf(request).website.id,
        request.params.categoryId,
      ),
    }),
  );

  api.post(
    `${PREFIX}/categories/merge`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Merge categories into one: their products and subcategories go to `into`',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        body: categoryMergeSchema,
        response: {
          200: categoryChangeSchema,
          ...errorResponses(writeCodes, [
            'CATEGORY_NOT_FOUND',
            'COLLECTION_NOT_FOUND',
            'CATEGORY_INVALID',
          ]),
        },
      },
    },
    async (request) => ({
      productsChanged: await productCategories.mergeCategories(
        callerOf(request).website.id,
        request.body,
      ),
    }),
  );

  // The tag manager (SPEC §2 Edit, Merge, New, Filter). A new tag is one given to a product.
  api.get(
    `${PREFIX}/tags`,
    {
      preValidation: readGuard,
      schema: {
        tags,
        summary: "The website's product tags, each with how many products have it",
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        response: { 200: tagListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => ({ tags: await productTags.list(callerOf(request).website.id) }),
  );

  api.patch(
    `${PREFIX}/tags`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Rename a tag on every product that has it (a name in use: merge instead)',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        body: tagRenameSchema,
        response: {
          200: tagChangeSchema,
          ...errorResponses(writeCodes, ['TAG_NOT_FOUND', 'TAG_EXISTS']),
        },
      },
    },
    async (request) => ({
      productsChanged: await productTags.rename(
        callerOf(request).website.id,
        request.body.from,
        request.body.to,
      ),
    }),
  );

  api.post(
    `${PREFIX}/tags/merge`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Merge tags into one: every product with any of them gets that one',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        body: tagMergeSchema,
        response: { 200: tagChangeSchema, ...errorResponses(writeCodes) },
      },
    },
    async (request) => ({
      productsChanged: await productTags.merge(
        callerOf(request).website.id,
        request.body.tags,
        request.body.into,
      ),
    }),
  );

  api.post(
    `${PREFIX}/tags/delete`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Take tags off every product that has them',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        body: tagDeleteSchema,
        response: { 200: tagChangeSchema, ...errorResponses(writeCodes) },
      },
    },
    async (request) => ({
      productsChanged: await productTags.remove(callerOf(request).website.id, request.body.tags),
    }),
  );

  api.get(
    `${PREFIX}/forms`,
    {
      preValidation: formsGuard,
      schema: {
        tags,
        summary: "The website's forms, to pick a product's additional-fields form from",
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        response: { 200: productFormChoicesSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => ({ forms: await catalogAdmin.listForms(callerOf(request).website.id) }),
  );

  api.post(
    `${PREFIX}/products/bulk`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Publish, hide, delete or add to a category several products at once',
        description: `${AUTH_NOTE} addToCategory needs categoryId, a category of the products' collection.`,
        params: websiteParamsSchema,
        body: productBulkSchema,
        response: {
          200: productBulkResultSchema,
          ...errorResponses(writeCodes, ['CATEGORY_INVALID', 'PRODUCT_INVALID']),
        },
      },
    },
    async (request) => ({
      changed: await catalogAdmin.bulk(callerOf(request).website.id, request.body),
    }),
  );
}
