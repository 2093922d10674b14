import {
  errorResponses,
  sessionWriteCodes,
  shippingOrderSchema,
  shippingRateInputSchema,
  shippingRateListSchema,
  shippingRateParamsSchema,
  shippingRateSchema,
  signedInCodes,
  storeSettingsSchema,
  storeSettingsUpdateSchema,
  taxRuleInputSchema,
  taxRuleListSchema,
  taxRuleParamsSchema,
  taxRuleSchema,
  websiteParamsSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { StoreSettingsService } from './store-settings.ts';

// Issue 19: store settings, shipping options and tax rules. Same prefix and guard as the
// catalog (admins and store managers, by key or session), so the role sweep of
// catalog-roles.test.ts covers every route here too.
const PREFIX = '/api/content-service/product/1.1/websites/:websiteId';

const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
const writeCodes = [...keyCodes, ...sessionWriteCodes] as const;
const tags = ['store settings'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…` (a key of an admin or store manager) or the session ' +
  'of such a member signed in at /config; a session write also sends the CSRF crumb.';

export function registerStoreSettingsRoutes(
  app: FastifyInstance,
  deps: { storeSettings: StoreSettingsService; requireApiKey: RequireApiKey },
) {
  const { storeSettings, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireApiKey({ can: 'store.manage' });
  const websiteIdOf = (request: Parameters<typeof callerOf>[0]) => callerOf(request).website.id;

  api.get(
    `${PREFIX}/store-settings`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "The store's currency, money format, language, time zone and checkout rules",
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        response: { 200: storeSettingsSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => storeSettings.getSettings(websiteIdOf(request)),
  );

  api.put(
    `${PREFIX}/store-settings`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Change store settings (only the fields sent)',
        description:
          `${AUTH_NOTE} A new currency keeps every price's minor units (19.99 USD becomes ` +
          '19.99 EUR); carts show it on their next read, placed orders keep theirs.',
        params: websiteParamsSchema,
        body: storeSettingsUpdateSchema,
        response: { 200: storeSettingsSchema, ...errorResponses(writeCodes) },
      },
    },
    async (request) => storeSettings.updateSettings(websiteIdOf(request), request.body),
  );

  api.get(
    `${PREFIX}/shipping-options`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'The shipping rates, in the order checkout offers them',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        response: { 200: shippingRateListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => ({
      shippingOptions: await storeSettings.listShippingOptions(websiteIdOf(request)),
    }),
  );

  api.post(
    `${PREFIX}/shipping-options`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Add a shipping rate (offered last)',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        body: shippingRateInputSchema,
        response: { 201: shippingRateSchema, ...errorResponses(writeCodes) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await storeSettings.createShippingOption(websiteIdOf(request), request.body)),
  );

  api.put(
    `${PREFIX}/shipping-options/order`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Reorder the shipping rates: every id of the website, once, in the new order',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        body: shippingOrderSchema,
        response: {
          200: shippingRateListSchema,
          ...errorResponses(writeCodes, ['SHIPPING_ORDER_INVALID']),
        },
      },
    },
    async (request) => ({
      shippingOptions: await storeSettings.reorderShippingOptions(
        websiteIdOf(request),
        request.body.optionIds,
      ),
    }),
  );

  api.put(
    `${PREFIX}/shipping-options/:optionId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Replace a shipping rate',
        description: AUTH_NOTE,
        params: shippingRateParamsSchema,
        body: shippingRateInputSchema,
        response: {
          200: shippingRateSchema,
          ...errorResponses(writeCodes, ['SHIPPING_OPTION_NOT_FOUND']),
        },
      },
    },
    async (request) =>
      storeSettings.updateShippingOption(
        websiteIdOf(request),
        request.params.optionId,
        request.body,
      ),
  );

  api.delete(
    `${PREFIX}/shipping-options/:optionId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Delete a shipping rate (open checkouts that chose it choose again)',
        description: AUTH_NOTE,
        params: shippingRateParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(writeCodes, ['SHIPPING_OPTION_NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      await storeSettings.deleteShippingOption(websiteIdOf(request), request.params.optionId);
      return reply.status(204).send(null);
    },
  );

  api.get(
    `${PREFIX}/tax-rules`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'The tax rules by country and region',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        response: { 200: taxRuleListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => ({ taxRules: await storeSettings.listTaxRules(websiteIdOf(request)) }),
  );

  api.post(
    `${PREFIX}/tax-rules`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Add a tax rule for a country, or one region of it',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        body: taxRuleInputSchema,
        response: { 201: taxRuleSchema, ...errorResponses(writeCodes, ['TAX_RULE_EXISTS']) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await storeSettings.createTaxRule(websiteIdOf(request), request.body)),
  );

  api.put(
    `${PREFIX}/tax-rules/:ruleId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Replace a tax rule',
        description: AUTH_NOTE,
        params: taxRuleParamsSchema,
        body: taxRuleInputSchema,
        response: {
          200: taxRuleSchema,
          ...errorResponses(writeCodes, ['TAX_RULE_NOT_FOUND', 'TAX_RULE_EXISTS']),
        },
      },
    },
    async (request) =>
      storeSettings.updateTaxRule(websiteIdOf(request), request.params.ruleId, request.body),
  );

  api.delete(
    `${PREFIX}/tax-rules/:ruleId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Delete a tax rule',
        description: AUTH_NOTE,
        params: taxRuleParamsSchema,
        response: { 204: z.null(), ...errorResponses(writeCodes, ['TAX_RULE_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      await storeSettings.deleteTaxRule(websiteIdOf(request), request.params.ruleId);
      return reply.status(204).send(null);
    },
  );
}
