import {
  type MemberAreaAccess,
  PAGE_UNLOCK_COOKIE,
  SITE_USER_SESSION_COOKIE,
} from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { AccountSession } from '../site-users/site-users.service.ts';
import type { MemberAreasService } from './member-areas.service.ts';
import { isUnlocked } from './page-unlock.ts';

/** Why a visitor may not see a guarded page, or null: they may. */
export type MemberDenial =
  | {
      kind: 'members';
      access: MemberAreaAccess;
      isSignedIn: boolean;
      /** The paywall products whose buyers get in ('paid'), for the lock screen's offers. */
      productIds: readonly string[];
    }
  | { kind: 'password'; pageId: string };

export type MemberVerdict =
  | { isGuarded: false }
  | { isGuarded: true; pageId: string; denied: MemberDenial | null };

/**
 * Whether a member area or a password guards a page, and whether this visitor gets in.
 * A member area lets in a signed-in customer ('signed-in'), or one whose verified email
 * bought one of its paywall products in an order that still stands ('paid'); a page in a
 * folder is in the folder's area. A password page opens for a browser whose session
 * cookie holds a current unlock of it. A page guarded both ways asks for both, the area
 * first. The session is looked up only for a page in an area, so other pages cost nothing.
 */
export function createMemberGate(deps: {
  memberAreas: Pick<MemberAreasService, 'accessLocksOf' | 'purchasedProducts'>;
  sessionOf: (websiteId: string, token: string | undefined) => Promise<AccountSession | undefined>;
}) {
  return async function verdictOf(
    request: FastifyRequest,
    websiteId: string,
    slug: string,
  ): Promise<MemberVerdict> {
    const locks = await deps.memberAreas.accessLocksOf(websiteId);
    const guard = Object.hasOwn(locks.pages, slug) ? locks.pages[slug] : undefined;
    if (!guard) return { isGuarded: false };
    const deny = (denied: MemberDenial): MemberVerdict => ({
      isGuarded: true,
      pageId: guard.pageId,
      denied,
    });
    const area =
      guard.memberAreaId && Object.hasOwn(locks.areas, guard.memberAreaId)
        ? locks.areas[guard.memberAreaId]
        : undefined;
    if (area) {
      const session = await deps.sessionOf(websiteId, request.cookies[SITE_USER_SESSION_COOKIE]);
      const denial = {
        kind: 'members' as const,
        access: area.access,
        productIds: area.access === 'paid' ? area.productIds : [],
      };
      if (!session) return deny({ ...denial, isSignedIn: false });
      if (area.access === 'paid') {
        const bought = session.user.email_verified_at
          ? await deps.memberAreas.purchasedProducts(websiteId, session.user.email, area.productIds)
          : new Set<string>();
        if (bought.size === 0) return deny({ ...denial, isSignedIn: true });
      }
    }
    if (
      guard.unlockKey &&
      !isUnlocked({
        cookie: request.cookies[PAGE_UNLOCK_COOKIE],
        websiteId,
        pageId: guard.pageId,
        unlockKey: guard.unlockKey,
      })
    ) {
      return deny({ kind: 'password', pageId: guard.pageId });
    }
    return { isGuarded: true, pageId: guard.pageId, denied: null };
  };
}

export type MemberGate = ReturnType<typeof createMemberGate>;
