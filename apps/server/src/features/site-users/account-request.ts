import { SITE_USER_INFO_COOKIE, SITE_USER_SESSION_COOKIE } from '@atelier/contract';
import { accountMessages } from '@atelier/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../http/errors.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { AccountSession, SiteUsersService } from './site-users.service.ts';

// The signed-in customer account of a request, shared by every account route (the
// account itself and its sections): the httpOnly session cookie is the only thing
// trusted, and a cookie whose session ended is cleared.

export function clearAccountCookies(reply: FastifyReply): void {
  reply.clearCookie(SITE_USER_SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SITE_USER_INFO_COOKIE, { path: '/' });
}

export type SignedInAccount = { websiteId: string; session: AccountSession; token: string };

/** `requireAccount(request, reply)`: the signed-in account, or 401 ACCOUNT_SIGN_IN_REQUIRED. */
export function accountGuard(deps: {
  siteUsers: Pick<SiteUsersService, 'sessionOf'>;
  websiteOf: WebsiteResolver;
}) {
  return async function requireAccount(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<SignedInAccount> {
    const website = await deps.websiteOf(request);
    const token = request.cookies[SITE_USER_SESSION_COOKIE];
    const session = await deps.siteUsers.sessionOf(website.id, token);
    if (!session || !token) {
      if (token) clearAccountCookies(reply);
      throw fail('ACCOUNT_SIGN_IN_REQUIRED', accountMessages.signInRequired);
    }
    return { websiteId: website.id, session, token };
  };
}
