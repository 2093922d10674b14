import {
  type MemberArea,
  type MemberAreaAccess,
  type MemberAreaBody,
  type MemberAreaList,
  PAGE_PASSWORD_MIN,
  type PageAccess,
  type PageAccessUpdate,
} from '@atelier/contract';
import { memberAreaMessages } from '@atelier/core';
import { fail } from '../../http/errors.ts';
import { hashSiteUserPassword, verifySiteUserPassword } from '../site-users/site-user-password.ts';
import type { MemberAreasRepo } from './member-areas.repo.ts';
import { unlockKeyOf } from './page-unlock.ts';

export type MemberAreasService = ReturnType<typeof createMemberAreasService>;

/** What guards one page or collection: its area, and a page's password as its unlock key. */
export type AccessLock = { id: string; memberAreaId: string | null; unlockKey: string | null };

/**
 * What guards each page of a website, by slug, and each collection in a member-area
 * folder, by url id, and who each area lets in: what the storefront asks on every page.
 * Plain records, as remembered reads are measured as JSON; a password appears only as
 * the key its unlocks are signed with.
 */
export type AccessLocks = {
  pages: Readonly<Record<string, AccessLock>>;
  collections: Readonly<Record<string, AccessLock>>;
  areas: Readonly<Record<string, { access: MemberAreaAccess; productIds: readonly string[] }>>;
};

export function createMemberAreasService({
  repo,
  onPublicChange,
}: {
  repo: MemberAreasRepo;
  /** Who sees a page changed: the page cache must forget it (and remembered locks). */
  onPublicChange: (websiteId: string) => void;
}) {
  async function list(websiteId: string): Promise<MemberAreaList> {
    const [areas, choices] = await Promise.all([repo.areas(websiteId), repo.choices(websiteId)]);
    return { areas, pages: choices.pages, products: choices.products };
  }

  /** Refuses what cannot be saved, with the message beside its field. */
  async function checkBody(websiteId: string, body: MemberAreaBody, exceptId?: string) {
    if (!body.name) {
      throw fail('MEMBER_AREA_INVALID', memberAreaMessages.nameRequired, {
        name: memberAreaMessages.nameRequired,
      });
    }
    if (await repo.isNameTaken(websiteId, body.name, exceptId)) {
      const message = memberAreaMessages.nameTaken(body.name);
      throw fail('MEMBER_AREA_INVALID', message, { name: message });
    }
    const choices = await repo.choices(websiteId);
    const paywallIds = new Set(choices.products.map((p) => p.id));
    const pageIds = new Set(choices.pages.map((p) => p.id));
    const productIds = body.access === 'paid' ? body.productIds : [];
    if (body.access === 'paid' && productIds.length === 0) {
      throw fail('MEMBER_AREA_INVALID', memberAreaMessages.productRequired, {
        productIds: memberAreaMessages.productRequired,
      });
    }
    if (productIds.some((id) => !paywallIds.has(id))) {
      throw fail('MEMBER_AREA_INVALID', memberAreaMessages.notPaywallProduct, {
        productIds: memberAreaMessages.notPaywallProduct,
      });
    }
    if (body.pageIds.some((id) => !pageIds.has(id))) {
      throw fail('MEMBER_AREA_INVALID', memberAreaMessages.unknownPage, {
        pageIds: memberAreaMessages.unknownPage,
      });
    }
    return { ...body, productIds };
  }

  async function areaOf(websiteId: string, memberAreaId: string): Promise<MemberArea> {
    const area = (await repo.areas(websiteId)).find((a) => a.id === memberAreaId);
    if (!area) throw fail('MEMBER_AREA_NOT_FOUND', memberAreaMessages.notFound);
    return area;
  }

  return {
    list,

    async create(websiteId: string, body: MemberAreaBody): Promise<MemberArea> {
      const checked = await checkBody(websiteId, body);
      const id = await repo.saveArea(websiteId, checked);
      onPublicChange(websiteId);
      return areaOf(websiteId, id);
    },

    async update(websiteId: string, memberAreaId: string, body: MemberAreaBody) {
      if (!(await repo.areaExists(websiteId, memberAreaId))) {
        throw fail('MEMBER_AREA_NOT_FOUND', memberAreaMessages.notFound);
      }
      const checked = await checkBody(websiteId, body, memberAreaId);
      await repo.saveArea(websiteId, { ...checked, id: memberAreaId });
      onPublicChange(websiteId);
      return areaOf(websiteId, memberAreaId);
    },

    async remove(websiteId: string, memberAreaId: string): Promise<void> {
      if (!(await repo.deleteArea(websiteId, memberAreaId))) {
        throw fail('MEMBER_AREA_NOT_FOUND', memberAreaMessages.notFound);
      }
      onPublicChange(websiteId);
    },

    async pageAccess(websiteId: string, pageId: string): Promise<PageAccess> {
      const row = await repo.pageAccess(websiteId, pageId);
      if (!row) throw fail('PAGE_NOT_FOUND', 'Page not found');
      return { memberAreaId: row.member_area_id, hasPassword: row.password_hash !== null };
    },

    /** Sets or removes a page's password (stored hashed) and its member area. */
    async setPageAccess(
      websiteId: string,
      pageId: string,
      update: PageAccessUpdate,
    ): Promise<PageAccess> {
      if (!(await repo.pageAccess(websiteId, pageId))) {
        throw fail('PAGE_NOT_FOUND', 'Page not found');
      }
      if (typeof update.password === 'string' && update.password.length < PAGE_PASSWORD_MIN) {
        throw fail('PAGE_PASSWORD_INVALID', memberAreaMessages.passwordTooShort, {
          password: memberAreaMessages.passwordTooShort,
        });
      }
      if (update.memberAreaId && !(await repo.areaExists(websiteId, update.memberAreaId))) {
        throw fail('MEMBER_AREA_NOT_FOUND', memberAreaMessages.notFound, {
          memberAreaId: memberAreaMessages.notFound,
        });
      }
      const passwordHash =
        update.password === undefined
          ? undefined
          : update.password === null
            ? null
            : await hashSiteUserPassword(update.password);
      await repo.setPageAccess(websiteId, pageId, {
        ...(passwordHash !== undefined && { passwordHash }),
        ...(update.memberAreaId !== undefined && { memberAreaId: update.memberAreaId }),
      });
      onPublicChange(websiteId);
      const row = await repo.pageAccess(websiteId, pageId);
      return {
        memberAreaId: row?.member_area_id ?? null,
        hasPassword: (row?.password_hash ?? null) !== null,
      };
    },

    /** Every guarded page of the website; remembered per website by the storefront. */
    async accessLocksOf(websiteId: string): Promise<AccessLocks> {
      const [pages, collections, areas] = await Promise.all([
        repo.guardedPages(websiteId),
        repo.guardedCollections(websiteId),
        repo.areas(websiteId),
      ]);
      return {
        pages: Object.fromEntries(
          pages.map((p): [string, AccessLock] => [
            p.urlSlug,
            {
              id: p.pageId,
              memberAreaId: p.memberAreaId,
              unlockKey: p.passwordHash ? unlockKeyOf(p.passwordHash) : null,
            },
          ]),
        ),
        collections: Object.fromEntries(
          collections.map((c): [string, AccessLock] => [
            c.urlId,
            { id: c.collectionId, memberAreaId: c.member_area_id, unlockKey: null },
          ]),
        ),
        areas: Object.fromEntries(
          areas.map((a) => [a.id, { access: a.access, productIds: a.productIds }]),
        ),
      };
    },

    /**
     * A password tried on a page: the unlock key when it is right, null when wrong (or
     * the page has no password any more). Read from the database, never remembered.
     */
    async tryPassword(websiteId: string, pageId: string, password: string) {
      const row = await repo.passwordHashOf(websiteId, pageId);
      if (!row?.password_hash) return null;
      return (await verifySiteUserPassword(password, row.password_hash))
        ? unlockKeyOf(row.password_hash)
        : null;
    },

    /** Which of these paywall products a verified email bought and still holds. */
    async purchasedProducts(websiteId: string, email: string, productIds: readonly string[]) {
      return new Set(await repo.purchasedProducts(websiteId, email, productIds));
    },
  };
}
