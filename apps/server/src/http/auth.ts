import { Role } from '@atelier/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyCaller, ApiKeyService } from '../features/api-keys/api-keys.service.ts';
import type { Website } from '../features/websites/website.service.ts';
import { fail } from './errors.ts';
import type { WebsiteResolver } from './website-resolver.ts';

// Until the editor's sign-in exists, staff calls are made with an API key sent as
// `Authorization: Bearer atl_…`. A key belongs to one website: it is looked up only
// among the keys of the website the Host picks, so it can never act on another.

export const SIGN_IN_MESSAGE = 'Sign in or send an API key to do that.';
export const ROLE_FORBIDDEN_MESSAGE = 'Your role does not allow that.';

/** SPEC §3 roles that may change the catalog. */
export const CATALOG_WRITERS: readonly Role[] = [Role.admin, Role.editor, Role.storeManager];

export type Caller = { website: Website; key: ApiKeyCaller };

export type RequireApiKey = (options: {
  roles: readonly Role[];
}) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

// Kept beside the request rather than decorated onto it: the site user is the one
// request decoration we allow (STYLE.md), and this goes away with the editor's sign-in.
const callers = new WeakMap<FastifyRequest, Caller>();

/** The website and key a guarded route was called with; only valid after requireApiKey. */
export function callerOf(request: FastifyRequest): Caller {
  const caller = callers.get(request);
  if (!caller) throw new Error(`${request.routeOptions.url} is not guarded by requireApiKey`);
  return caller;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function createApiKeyGuard(deps: {
  apiKeys: ApiKeyService;
  websiteOf: WebsiteResolver;
}): RequireApiKey {
  const { apiKeys, websiteOf } = deps;
  return ({ roles }) =>
    async (request, reply) => {
      const website = await websiteOf(request);
      // A path naming another website than the Host's is a path that does not exist here.
      const params = request.params as Record<string, unknown> | undefined;
      if (typeof params?.websiteId === 'string' && params.websiteId !== website.id) {
        throw fail('ROUTE_NOT_FOUND', 'Not found');
      }
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const key = token ? await apiKeys.authenticate(website.id, token) : undefined;
      if (!key) {
        reply.header('www-authenticate', 'Bearer');
        throw fail('SIGN_IN_REQUIRED', SIGN_IN_MESSAGE);
      }
      if (!roles.includes(key.role)) throw fail('ROLE_FORBIDDEN', ROLE_FORBIDDEN_MESSAGE);
      callers.set(request, { website, key });
    };
}
