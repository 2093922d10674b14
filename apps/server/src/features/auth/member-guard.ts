import type { Member } from '@atelier/contract';
import { type Capability, can, editorApiMessages } from '@atelier/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../http/errors.ts';
import { markGuard } from '../../http/route-capability.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { Website } from '../websites/website.service.ts';
import type { AuthService } from './auth.service.ts';

// The editor's guard: a route names the capability it needs (core's permission matrix)
// and the guard answers 401 without a current session and 403 when the member's role
// lacks it, so the server enforces what the editor's screens only reflect. Routes put it
// in preValidation: the role is checked before the body.

/** httpOnly: page scripts never see it; SameSite=Lax: other sites' forms do not send it. */
export const SESSION_COOKIE = 'atelier_session';

export type EditorCaller = { website: Website; member: Member };

export type RequireMember = (options: {
  can: Capability;
}) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

// Beside the request rather than decorated onto it, like the API-key caller (auth.ts).
const callers = new WeakMap<FastifyRequest, EditorCaller>();

/** The website and member of a guarded route; only valid after requireMember. */
export function editorCallerOf(request: FastifyRequest): EditorCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error(`${request.routeOptions.url} is not guarded by requireMember`);
  return caller;
}

export function createMemberGuard(deps: { auth: AuthService; websiteOf: WebsiteResolver }) {
  const { auth, websiteOf } = deps;
  const requireMember: RequireMember = ({ can: capability }) =>
    markGuard(async (request: FastifyRequest) => {
      const website = await websiteOf(request);
      const member = await auth.memberOf(website.id, request.cookies[SESSION_COOKIE]);
      if (!member) throw fail('SIGN_IN_REQUIRED', editorApiMessages.signInRequired);
      if (!can(member.role, capability)) {
        throw fail('ROLE_FORBIDDEN', editorApiMessages.adminOnly);
      }
      callers.set(request, { website, member });
    }, capability);

  /** Whether the request's editor session is a member of the website with this capability. */
  async function memberCan(request: FastifyRequest, websiteId: string, capability: Capability) {
    const token = request.cookies[SESSION_COOKIE];
    const member = token ? await auth.memberOf(websiteId, token) : undefined;
    return member !== undefined && can(member.role, capability);
  }

  return {
    requireMember,
    /**
     * Whether the request comes from a member who may see private pages (site.private):
     * every role but "none".
     */
    isMember: (request: FastifyRequest, websiteId: string) =>
      memberCan(request, websiteId, 'site.private'),
    /**
     * Whether the request comes from a member who may read pages (pages.read): an editor
     * previewing the site, who sees member areas and password pages without being let in
     * as a customer (issue 23).
     */
    isEditor: (request: FastifyRequest, websiteId: string) =>
      memberCan(request, websiteId, 'pages.read'),
  };
}

export type MemberGuard = ReturnType<typeof createMemberGuard>;
