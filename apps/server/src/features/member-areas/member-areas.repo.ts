import { ProductType } from '@atelier/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';

export type MemberAreasRepo = ReturnType<typeof createMemberAreasRepo>;

/** A page (or a page in a folder) that a member area or a password guards. */
export type GuardedPageRow = {
  pageId: string;
  urlSlug: string;
  /** The page's own area, else its folder's. */
  memberAreaId: string | null;
  passwordHash: string | null;
};

/** Reads and writes of member areas and page access (issue 23). */
export function createMemberAreasRepo(db: Kysely<DB>) {
  return {
    async areas(websiteId: string) {
      const [areas, products, pages] = await Promise.all([
        db
          .selectFrom('member_areas')
          .select(['member_area_id', 'name', 'access'])
          .where('website_id', '=', websiteId)
          .orderBy(sql`lower(name)`)
          .execute(),
        db
          .selectFrom('member_area_products')
          .select(['member_area_id', 'product_id'])
          .where('website_id', '=', websiteId)
          .orderBy('product_id')
          .execute(),
        db
          .selectFrom('pages')
          .select(['member_area_id', 'page_id'])
          .where('website_id', '=', websiteId)
          .where('member_area_id', 'is not', null)
          .orderBy('navigation_index')
          .execute(),
      ]);
      return areas.map((area) => ({
        id: area.member_area_id,
        name: area.name,
        access: area.access,
        productIds: products
          .filter((p) => p.member_area_id === area.member_area_id)
          .map((p) => p.product_id),
        pageIds: pages
          .filter((p) => p.member_area_id === area.member_area_id)
          .map((p) => p.page_id),
      }));
    },

    /** Pages and folders an area may hold (not the not-found page), and paywall products. */
    async choices(websiteId: string) {
      const [pages, products] = await Promise.all([
        db
          .selectFrom('pages')
          .select([
            'page_id as id',
            'title',
            'url_slug as urlSlug',
            'kind',
            'parent_page_id as parentId',
            sql<boolean>`password_hash is not null`.as('hasPassword'),
          ])
          .where('website_id', '=', websiteId)
          .where('page_type', '!=', 100)
          .orderBy('is_in_navigation', 'desc')
          .orderBy('navigation_index')
          .orderBy('title')
          .execute(),
        db
          .selectFrom('products')
          .select(['product_id as id', 'title'])
          .where('website_id', '=', websiteId)
          .where('product_type', '=', ProductType.paywall)
          .orderBy('title')
          .execute(),
      ]);
      return { pages, products };
    },

    async areaExists(websiteId: string, memberAreaId: string) {
      const row = await db
        .selectFrom('member_areas')
        .select('member_area_id')
        .where('website_id', '=', websiteId)
        .where('member_area_id', '=', memberAreaId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether another area of the website has this name, whatever its case. */
    async isNameTaken(websiteId: string, name: string, exceptId?: string) {
      let query = db
        .selectFrom('member_areas')
        .select('member_area_id')
        .where('website_id', '=', websiteId)
        .where(sql`lower(name)`, '=', name.toLowerCase());
      if (exceptId) query = query.where('member_area_id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /**
     * Creates or replaces an area with its products and pages in one transaction. Pages
     * listed join it (leaving any other area); pages it held and no longer lists leave it.
     */
    async saveArea(
      websiteId: string,
      area: {
        id?: string | undefined;
        name: string;
        access: 'signed-in' | 'paid';
        productIds: readonly string[];
        pageIds: readonly string[];
      },
    ): Promise<string> {
      return db.transaction().execute(async (trx) => {
        let id = area.id;
        if (id) {
          await trx
            .updateTable('member_areas')
            .set({ name: area.name, access: area.access })
            .where('website_id', '=', websiteId)
            .where('member_area_id', '=', id)
            .execute();
          await trx
            .deleteFrom('member_area_products')
            .where('website_id', '=', websiteId)
            .where('member_area_id', '=', id)
            .execute();
        } else {
          const row = await trx
            .insertInto('member_areas')
            .values({ website_id: websiteId, name: area.name, access: area.access })
            .returning('member_area_id')
            .executeTakeFirstOrThrow();
          id = row.member_area_id;
        }
        if (area.productIds.length > 0) {
          await trx
            .insertInto('member_area_products')
            .values(
              area.productIds.map((product_id) => ({
                website_id: websiteId,
                member_area_id: id as string,
                product_id,
              })),
            )
            .execute();
        }
        let leaving = trx
          .updateTable('pages')
          .set({ member_area_id: null })
          .where('website_id', '=', websiteId)
          .where('member_area_id', '=', id);
        if (area.pageIds.length > 0) leaving = leaving.where('page_id', 'not in', area.pageIds);
        await leaving.execute();
        if (area.pageIds.length > 0) {
          await trx
            .updateTable('pages')
            .set({ member_area_id: id })
            .where('website_id', '=', websiteId)
            .where('page_id', 'in', area.pageIds)
            .execute();
        }
        return id;
      });
    },

    /** Deletes an area; its pages stay, open to everyone again. */
    async deleteArea(websiteId: string, memberAreaId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('pages')
          .set({ member_area_id: null })
          .where('website_id', '=', websiteId)
          .where('member_area_id', '=', memberAreaId)
          .execute();
        const deleted = await trx
          .deleteFrom('member_areas')
          .where('website_id', '=', websiteId)
          .where('member_area_id', '=', memberAreaId)
          .executeTakeFirst();
        return deleted.numDeletedRows > 0n;
      });
    },

    pageAccess(websiteId: string, pageId: string) {
      return db
        .selectFrom('pages')
        .select(['member_area_id', 'password_hash'])
        .where('website_id', '=', websiteId)
        .where('page_id', '=', pageId)
        .executeTakeFirst();
    },

    async setPageAccess(
      websiteId: string,
      pageId: string,
      change: { passwordHash?: string | null; memberAreaId?: string | null },
    ) {
      if (change.passwordHash === undefined && change.memberAreaId === undefined) return;
      await db
        .updateTable('pages')
        .set({
          ...(change.passwordHash !== undefined && { password_hash: change.passwordHash }),
          ...(change.memberAreaId !== undefined && { member_area_id: change.memberAreaId }),
        })
        .where('website_id', '=', websiteId)
        .where('page_id', '=', pageId)
        .execute();
    },

    /** Every page a member area (its own or its folder's) or a password guards. */
    async guardedPages(websiteId: string): Promise<GuardedPageRow[]> {
      return db
        .selectFrom('pages as p')
        .leftJoin('pages as f', (join) =>
          join
            .onRef('f.website_id', '=', 'p.website_id')
            .onRef('f.page_id', '=', 'p.parent_page_id'),
        )
        .select([
          'p.page_id as pageId',
          'p.url_slug as urlSlug',
          sql<string | null>`coalesce(p.member_area_id, f.member_area_id)`.as('memberAreaId'),
          'p.password_hash as passwordHash',
        ])
        .where('p.website_id', '=', websiteId)
        .where((eb) =>
          eb.or([
            eb('p.member_area_id', 'is not', null),
            eb('f.member_area_id', 'is not', null),
            eb('p.password_hash', 'is not', null),
          ]),
        )
        .execute();
    },

    /**
     * Collections (a shop, a list) placed in a folder that is in a member area: the
     * collection, its list page and its item pages are in the folder's area.
     */
    async guardedCollections(websiteId: string) {
      return db
        .selectFrom('collections as c')
        .innerJoin('pages as f', (join) =>
          join
            .onRef('f.website_id', '=', 'c.website_id')
            .onRef('f.page_id', '=', 'c.parent_page_id'),
        )
        .select(['c.collection_id as collectionId', 'c.url_id as urlId', 'f.member_area_id'])
        .where('c.website_id', '=', websiteId)
        .where('f.member_area_id', 'is not', null)
        .execute();
    },

    passwordHashOf(websiteId: string, pageId: string) {
      return db
        .selectFrom('pages')
        .select('password_hash')
        .where('website_id', '=', websiteId)
        .where('page_id', '=', pageId)
        .executeTakeFirst();
    },

    /**
     * Which of these paywall products an email bought and still holds: a grant of an
     * order to that address that is neither cancelled nor refunded, its line not refunded
     * in full (the paywall's own rule for a standing grant).
     */
    async purchasedProducts(
      websiteId: string,
      email: string,
      productIds: readonly string[],
    ): Promise<string[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .selectFrom('paywall_grants as g')
        .innerJoin('orders as o', (join) =>
          join.onRef('o.website_id', '=', 'g.website_id').onRef('o.order_id', '=', 'g.order_id'),
        )
        .innerJoin('order_items as i', (join) =>
          join
            .onRef('i.website_id', '=', 'g.website_id')
            .onRef('i.order_id', '=', 'g.order_id')
            .onRef('i.line_number', '=', 'g.line_number'),
        )
        .select('g.product_id')
        .distinct()
        .where('g.website_id', '=', websiteId)
        .where('g.product_id', 'in', productIds)
        .where(sql`lower(o.email)`, '=', email.toLowerCase())
        .where('o.status', 'not in', ['cancelled', 'refunded'])
        .whereRef('i.refunded_quantity', '<', 'i.quantity')
        .execute();
      return rows.map((r) => r.product_id);
    },
  };
}
