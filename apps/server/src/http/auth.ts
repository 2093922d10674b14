import type { ApiKeyArea, ApiKeyScopes, Member } from '@atelier/contract';
import { type Capability, can } from '@atelier/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyCaller, ApiKeyService } from '../features/api-keys/api-keys.service.ts';
import { SESSION_COOKIE } from '../features/auth/member-guard.ts';
import type { Website } from '../features/websites/website.service.ts';
import { requireCrumb } from './csrf.ts';
import { fail } from './errors.ts';
import { markGuard } from './route-capability.ts';
import type { WebsiteResolver } from './website-resolver.ts';

// Staff calls (the catalog, media, preferences, keys) take either an API key sent as
// `Authorization: Bearer atl_…`, for integrations, or the session of a member signed in at
// /config, so the admin screens use the same API (issue 18). A key belongs to one website:
// it is looked up only among the keys of the website the Host picks, so it can never act
// on another; a session is looked up the same way. A browser sends the session cookie by
// itself, so a write made with it must also carry the CSRF crumb; a key is never sent by
// a browser on its own, so a keyed call needs none. Both are checked against the route's
// capability in the permission matrix: a key's role means what a member's does.

export const SIGN_IN_MESSAGE = 'Sign in or send an API key to do that.';
export const ROLE_FORBIDDEN_MESSAGE = 'Your role does not allow that.';

/** Who made a staff call: a key, or a signed-in member. */
export type Caller = { website: Website; key: ApiKeyCaller | null; member: Member | null };

/**
 * The area a staff route belongs to, for API key scopes (issue 19). `write` defaults to
 * the method: a GET (or HEAD) reads, anything else writes.
 */
export type RouteScope = { area: ApiKeyArea; write?: boolean };

export type RequireApiKey = (options: {
  /** What the route does, in the permission matrix (core's permissions.ts). */
  can: Capability;
  /**
   * Without one, the route is closed to every key limited by scopes: only a full-access
   * key (or a member) may call it, so a scoped key can never reach key or member management.
   */
  scope?: RouteScope;
}) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Why a key with these scopes may not make this call, or null when it may. Scopes only
 * narrow a key: its role is checked as well.
 */
export function scopeRefusal(
  scopes: ApiKeyScopes | null,
  scope: RouteScope | undefined,
  method: string,
): string | null {
  if (scopes === null) return null;
  if (!scope) return 'This API key is limited to some areas, and this is not one of them.';
  const access = scopes[scope.area];
  if (!access) return `This API key has no access to ${scope.area}.`;
  const write = scope.write ?? !SAFE_METHODS.has(method);
  if (write && access !== 'write') return `This API key may only read ${scope.area}.`;
  return null;
}

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

/** Methods that change nothing, so a session needs no CSRF crumb for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApiKeyGuard(deps: {
  apiKeys: ApiKeyService;
  websiteOf: WebsiteResolver;
  /** The signed-in member of a session; without it only keys are accepted. */
  members?: {
    memberOf: (websiteId: string, token: string | undefined) => Promise<Member | undefined>;
  };
}): RequireApiKey {
  const { apiKeys, websiteOf, members } = deps;
  return ({ can: capability, scope }) =>
    markGuard(async (request: FastifyRequest, reply: FastifyReply) => {
      const website = await websiteOf(request);
      // A path naming another website than the Host's is a path that does not exist here.
      const params = request.params as Record<string, unknown> | undefined;
      if (typeof params?.websiteId === 'string' && params.websiteId !== website.id) {
        throw fail('ROUTE_NOT_FOUND', 'Not found');
      }
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!token && members) {
        const member = await members.memberOf(website.id, request.cookies[SESSION_COOKIE]);
        if (member) {
          if (!SAFE_METHODS.has(request.method)) await requireCrumb(request);
          if (!can(member.role, capability)) {
            throw fail('ROLE_FORBIDDEN', ROLE_FORBIDDEN_MESSAGE);
          }
          callers.set(request, { website, key: null, member });
          return;
        }
      }
      const key = token ? await apiKeys.authenticate(website.id, token) : undefined;
      if (!key) {
        reply.header('www-authenticate', 'Bearer');
        throw fail('SIGN_IN_REQUIRED', SIGN_IN_MESSAGE);
      }
      if (!can(key.role, capability)) throw fail('ROLE_FORBIDDEN', ROLE_FORBIDDEN_MESSAGE);
      const refusal = scopeRefusal(key.scopes, scope, request.method);
      if (refusal) throw fail('SCOPE_FORBIDDEN', refusal);
      callers.set(request, { website, key, member: null });
    }, capability);
}
