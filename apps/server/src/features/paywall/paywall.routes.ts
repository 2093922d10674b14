import {
  errorResponses,
  paywallAccessQuerySchema,
  paywallAccessSchema,
  paywallTargetsSchema,
  productParamsSchema,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { PaywallService } from './paywall.service.ts';
import { ACCESS_COOKIE, ACCESS_COOKIE_MAX_AGE_S, cookieWithToken } from './paywall-tokens.ts';

// A paywall product's targets (the merchant's picker, beside the catalog's product
// calls) and the access link a purchase sends its buyer.
const PREFIX = '/api/content-service/product/1.1/websites/:websiteId';
const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
const writeCodes = [...keyCodes, ...sessionWriteCodes] as const;
const tags = ['catalog admin'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…` (a key of an admin or store manager) or the session ' +
  'of such a member signed in at /config; a session write also sends the CSRF crumb.';

export function registerPaywallRoutes(
  app: FastifyInstance,
  deps: {
    paywall: PaywallService;
    requireApiKey: RequireApiKey;
    websiteOf: WebsiteResolver;
  },
) {
  const { paywall, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readGuard = requireApiKey({ can: 'products.read', scope: { area: 'products' } });
  const guard = requireApiKey({ can: 'products.write', scope: { area: 'products' } });

  api.get(
    `${PREFIX}/products/:productId/paywall`,
    {
      preValidation: readGuard,
      schema: {
        tags,
        summary: 'What a paywall product unlocks, and the pages and collections it could',
        description: AUTH_NOTE,
        params: productParamsSchema,
        response: {
          200: paywallAccessSchema,
          ...errorResponses(keyCodes, ['PRODUCT_NOT_FOUND']),
        },
      },
    },
    async (request) => paywall.getAccess(callerOf(request).website.id, request.params.productId),
  );

  api.put(
    `${PREFIX}/products/:productId/paywall`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Set the pages and collections a paywall product unlocks',
        description: `${AUTH_NOTE} Replaces the whole set; a page or collection may be unlocked by several products.`,
        params: productParamsSchema,
        body: paywallTargetsSchema,
        response: {
          200: paywallAccessSchema,
          ...errorResponses(writeCodes, ['PRODUCT_INVALID', 'PRODUCT_NOT_FOUND']),
        },
      },
    },
    async (request) =>
      paywall.setAccess(callerOf(request).website.id, request.params.productId, request.body),
  );

  // The link in the confirmation email and on the order status page. Opening it
  // remembers the grant in an httpOnly cookie and goes to what it unlocks. The token in
  // the address is a capability: never cached, never sent on as a referrer.
  api.get(
    '/commerce/access',
    {
      schema: {
        tags: ['checkout'],
        summary: "Open a paywall purchase's access link: remembers it in this browser",
        querystring: paywallAccessQuerySchema,
        response: {
          ...errorResponses(['PAYWALL_ACCESS_INVALID', 'PAYWALL_ACCESS_WITHDRAWN']),
        },
      },
    },
    async (request, reply) => {
      const website = await deps.websiteOf(request);
      reply.header('cache-control', 'private, no-store');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-robots-tag', 'noindex');
      const token = request.query.t;
      const { path } = await paywall.redeem(website.id, token, await paywall.locksOf(website.id));
      reply.setCookie(ACCESS_COOKIE, cookieWithToken(request.cookies[ACCESS_COOKIE], token), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: ACCESS_COOKIE_MAX_AGE_S,
      });
      return reply.redirect(path, 303);
    },
  );
}
