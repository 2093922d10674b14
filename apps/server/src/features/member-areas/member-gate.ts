import {
  type MemberAreaAccess,
  type MenuAudience,
  PAGE_UNLOCK_COOKIE,
  PUBLIC_MENU,
  SITE_USER_SESSION_COOKIE,
} from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { AccountSession } from '../site-users/site-users.service.ts';
import type { AccessLocks, MemberAreasService } from './member-areas.service.ts';
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

/** What is asked about: a page by its slug, or a collection (list and items) by url id. */
export type GuardTarget = { kind: 'page' | 'collection'; address: string };

export type MemberVerdict =
  | { isGuarded: false }
  | {
      isGuarded: true;
      /** The guarded page's or collection's id. */
      id: string;
      denied: MemberDenial | null;
    };

/**
 * Whether a member area or a password guards a page or a collection, and whether this
 * visitor gets in. A member area lets in a signed-in customer ('signed-in'), or one whose
 * verified email bought one of its paywall products in an order that still stands
 * ('paid'); a page or collection in a folder is in the folder's area. A password page
 * opens for a browser whose session cookie holds a current unlock of it. A page guarded
 * both ways asks for both, the area first. An editor previewing the site (a website member
 * who may read pages, signed in to /config) is let in everywhere. The session is looked up
 * only for a page in an area, and the editor only for a page that would be refused, so
 * other pages cost nothing.
 */
export function createMemberGate(deps: {
  memberAreas: Pick<MemberAreasService, 'accessLocksOf' | 'purchasedProducts'>;
  sessionOf: (websiteId: string, token: string | undefined) => Promise<AccountSession | undefined>;
  /** Whether the request comes from a signed-in website member who may read pages. */
  isEditor?: (request: FastifyRequest, websiteId: string) => Promise<boolean>;
}) {
  const isEditor = (request: FastifyRequest, websiteId: string) =>
    deps.isEditor ? deps.isEditor(request, websiteId) : Promise.resolve(false);

  /** Which of these paid areas' products the session's verified email bought. */
  async function boughtOf(
    websiteId: string,
    session: AccountSession,
    productIds: readonly string[],
  ): Promise<ReadonlySet<string>> {
    if (!session.user.email_verified_at || productIds.length === 0) return new Set();
    return deps.memberAreas.purchasedProducts(websiteId, session.user.email, productIds);
  }

  async function verdictOf(
    request: FastifyRequest,
    websiteId: string,
    target: GuardTarget,
  ): Promise<MemberVerdict> {
    const locks = await deps.memberAreas.accessLocksOf(websiteId);
    const table = target.kind === 'page' ? locks.pages : locks.collections;
    const guard = Object.hasOwn(table, target.address) ? table[target.address] : undefined;
    if (!guard) return { isGuarded: false };
    const denied = await denialOf(request, websiteId, locks, guard);
    const isPreview = denied !== null && (await isEditor(request, websiteId));
    return { isGuarded: true, id: guard.id, denied: isPreview ? null : denied };
  }

  async function denialOf(
    request: FastifyRequest,
    websiteId: string,
    locks: AccessLocks,
    guard: AccessLocks['pages'][string],
  ): Promise<MemberDenial | null> {
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
      if (!session) return { ...denial, isSignedIn: false };
      if (
        area.access === 'paid' &&
        (await boughtOf(websiteId, session, area.productIds)).size === 0
      )
        return { ...denial, isSignedIn: true };
    }
    if (
      guard.unlockKey &&
      !isUnlocked({
        cookie: request.cookies[PAGE_UNLOCK_COOKIE],
        websiteId,
        pageId: guard.id,
        unlockKey: guard.unlockKey,
      })
    ) {
      return { kind: 'password', pageId: guard.id };
    }
    return null;
  }

  /**
   * Whose menu this visitor gets: every area for an editor, the areas this customer is
   * let into, or the public's (no session). Asks nothing when the site has no areas.
   */
  async function audienceOf(request: FastifyRequest, websiteId: string): Promise<MenuAudience> {
    const locks = await deps.memberAreas.accessLocksOf(websiteId);
    const areas = Object.entries(locks.areas);
    if (areas.length === 0) return PUBLIC_MENU;
    if (await isEditor(request, websiteId)) return 'all';
    const session = await deps.sessionOf(websiteId, request.cookies[SITE_USER_SESSION_COOKIE]);
    if (!session) return PUBLIC_MENU;
    const paidProducts = areas.flatMap(([, area]) =>
      area.access === 'paid' ? area.productIds : [],
    );
    const bought = await boughtOf(websiteId, session, [...new Set(paidProducts)]);
    return new Set(
      areas
        .filter(
          ([, area]) => area.access === 'signed-in' || area.productIds.some((id) => bought.has(id)),
        )
        .map(([id]) => id),
    );
  }

  return { verdictOf, audienceOf };
}

export type MemberGate = ReturnType<typeof createMemberGate>;
