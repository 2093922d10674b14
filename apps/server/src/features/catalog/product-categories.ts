import type {
  CategoryMerge,
  CategoryTreeItem,
  CategoryUpdate,
  CollectionSummary,
  CollectionUpdate,
} from '@atelier/contract';
import { catalogMessages, editorMessages, MAX_CATEGORY_LENGTH } from '@atelier/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { CategoryRow, CollectionRow, DB } from '../../db/db-types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { fail } from '../../http/errors.ts';
import { taken, type UrlSpace } from '../url-space/url-space.ts';

// The category manager and the store pages admin (SPEC §2 Edit, Merge, New, Filter;
// issue 18). Categories are a tree per product collection (`parent_category_id`), kept
// in order among siblings by `display_index`. Every change to one collection's tree
// locks that collection's row first, so two managers moving categories at once take
// turns and neither can build a cycle out of the other's half-done move. Category slugs
// stay as created when a category is renamed: a link to /shop?category=linen keeps working.

export type ProductCategories = ReturnType<typeof createProductCategories>;

type Tx = Transaction<DB>;

const INVALID_CATEGORY = 'The category is not valid.';

export function createProductCategories({
  db,
  urlSpace,
  onPublicChange = () => {},
}: {
  db: Kysely<DB>;
  /** A store page's url id shares the website's first path segments with pages. */
  urlSpace: UrlSpace;
  /** Store pages show their categories (and their filter menu): the page cache drops them. */
  onPublicChange?: (websiteId: string) => void;
}) {
  /** Runs `work` in one transaction; the page cache is told after it, whatever the outcome. */
  function write<T>(websiteId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return db
      .transaction()
      .execute(work)
      .finally(() => onPublicChange(websiteId));
  }

  async function lockCollection(tx: Tx, websiteId: string, collectionId: string) {
    const row = await tx
      .selectFrom('collections')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('collection_id', '=', collectionId)
      .forUpdate()
      .executeTakeFirst();
    if (row?.collection_type !== 'products') {
      throw fail('COLLECTION_NOT_FOUND', catalogMessages.collectionNotFound);
    }
    return row;
  }

  /** The category and its collection's whole tree, with that collection locked. */
  async function lockTreeOf(tx: Tx, websiteId: string, categoryId: string) {
    const category = await tx
      .selectFrom('categories')
      .select('collection_id')
      .where('website_id', '=', websiteId)
      .where('category_id', '=', categoryId)
      .executeTakeFirst();
    if (!category) throw fail('CATEGORY_NOT_FOUND', catalogMessages.categoryNotFound);
    await lockCollection(tx, websiteId, category.collection_id);
    const all = await listRows(tx, websiteId, category.collection_id);
    // Read again under the lock: a concurrent delete may have won the race.
    const current = all.find((row) => row.category_id === categoryId);
    if (!current) throw fail('CATEGORY_NOT_FOUND', catalogMessages.categoryNotFound);
    return { category: current, all };
  }

  /** The website's product collections (store pages), with how many products each holds. */
  async function listCollections(websiteId: string): Promise<CollectionSummary[]> {
    const rows = await db
      .selectFrom('collections as c')
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('products as p')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('p.website_id', '=', 'c.website_id')
          .whereRef('p.collection_id', '=', 'c.collection_id')
          .as('product_count'),
      )
      .where('c.website_id', '=', websiteId)
      .where('c.collection_type', '=', 'products')
      .orderBy(sql`lower(c.title)`)
      .orderBy('c.collection_id')
      .execute();
    return rows.map((row) => ({ ...toCollection(row), productCount: Number(row.product_count) }));
  }

  /** The collection's categories, parents before children, with their product counts. */
  async function listCategories(
    websiteId: string,
    collectionId: string,
  ): Promise<CategoryTreeItem[]> {
    const collection = await db
      .selectFrom('collections')
      .select('collection_type')
      .where('website_id', '=', websiteId)
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
    if (collection?.collection_type !== 'products') {
      throw fail('COLLECTION_NOT_FOUND', catalogMessages.collectionNotFound);
    }
    const [rows, counts] = await Promise.all([
      listRows(db, websiteId, collectionId),
      db
        .selectFrom('product_categories as pc')
        .innerJoin('categories as c', (join) =>
          join
            .onRef('c.website_id', '=', 'pc.website_id')
            .onRef('c.category_id', '=', 'pc.category_id'),
        )
        .select(['pc.category_id', sql<number>`count(*)::int`.as('n')])
        .where('pc.website_id', '=', websiteId)
        .where('c.collection_id', '=', collectionId)
        .groupBy('pc.category_id')
        .execute(),
    ]);
    const countOf = new Map(counts.map((row) => [row.category_id, Number(row.n)]));
    return treeOrder(rows).map((row) => ({
      ...toCategory(row),
      productCount: countOf.get(row.category_id) ?? 0,
    }));
  }

  return {
    listCollections,

    async updateCollection(
      websiteId: string,
      collectionId: string,
      patch: CollectionUpdate,
    ): Promise<CollectionSummary> {
      const urlId = patch.urlId?.trim();
      if (urlId !== undefined) {
        // Checked before the transaction: on the embedded database a transaction holds the
        // only session, and the URL space reads through another. A racing writer that takes
        // the url id meanwhile is caught by the unique index below.
        await urlSpace.check({
          websiteId,
          segment: urlId,
          field: 'urlId',
          holder: { kind: 'collection', collectionId },
        });
      }
      try {
        await write(websiteId, async (tx) => {
          await lockCollection(tx, websiteId, collectionId);
          await tx
            .updateTable('collections')
            .set({
              title: patch.title,
              navigation_title: patch.navigationTitle,
              url_id: urlId,
              description: patch.description,
              is_enabled: patch.enabled,
              updated_at: sql<Date>`now()`,
            })
            .where('website_id', '=', websiteId)
            .where('collection_id', '=', collectionId)
            .execute();
        });
      } catch (error) {
        if (urlId !== undefined && isUniqueViolation(error)) throw taken(urlId, 'urlId');
        throw error;
      }
      const found = (await listCollections(websiteId)).find((c) => c.id === collectionId);
      if (!found) throw fail('COLLECTION_NOT_FOUND', catalogMessages.collectionNotFound);
      return found;
    },

    /** Only an empty store page goes: products are never deleted as a side effect. */
    async deleteCollection(websiteId: string, collectionId: string): Promise<void> {
      await write(websiteId, async (tx) => {
        // Product creation locks the collection too, so none can arrive after the count.
        await lockCollection(tx, websiteId, collectionId);
        const { n } = await tx
          .selectFrom('products')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('website_id', '=', websiteId)
          .where('collection_id', '=', collectionId)
          .executeTakeFirstOrThrow();
        if (Number(n) > 0) {
          const message = catalogMessages.collectionNotEmpty(Number(n));
          throw fail('COLLECTION_NOT_EMPTY', message);
        }
        // Its categories go with it (cascade).
        await tx
          .deleteFrom('collections')
          .where('website_id', '=', websiteId)
          .where('collection_id', '=', collectionId)
          .execute();
      });
    },

    listCategories,

    /** Edit: rename, move under another parent, and/or move among the siblings. */
    async updateCategory(
      websiteId: string,
      categoryId: string,
      patch: CategoryUpdate,
    ): Promise<CategoryTreeItem> {
      const displayName =
        patch.displayName === undefined ? undefined : checkName(patch.displayName);
      const collectionId = await write(websiteId, async (tx) => {
        const { category, all } = await lockTreeOf(tx, websiteId, categoryId);
        const parentId =
          patch.parentCategoryId === undefined
            ? category.parent_category_id
            : patch.parentCategoryId;
        if (parentId !== null) checkParent(all, categoryId, parentId);
        const name = displayName ?? category.display_name;
        checkUniqueName(all, parentId, name, categoryId);

        const siblings = siblingsOf(all, parentId).filter((c) => c.category_id !== categoryId);
        const stays = parentId === category.parent_category_id;
        const currentPlace = siblingsOf(all, parentId).findIndex(
          (c) => c.category_id === categoryId,
        );
        const place = Math.min(
          patch.displayIndex ?? (stays ? currentPlace : siblings.length),
          siblings.length,
        );
        const order = siblings.map((c) => c.category_id);
        order.splice(place, 0, categoryId);
        await tx
          .updateTable('categories')
          .set({ display_name: name, parent_category_id: parentId })
          .where('website_id', '=', websiteId)
          .where('category_id', '=', categoryId)
          .execute();
        await renumber(tx, websiteId, order);
        return category.collection_id;
      });
      const updated = (await listCategories(websiteId, collectionId)).find(
        (c) => c.id === categoryId,
      );
      if (!updated) throw fail('CATEGORY_NOT_FOUND', catalogMessages.categoryNotFound);
      return updated;
    },

    /**
     * Deletes a category: its subcategories move up to its parent, where it stood, and its
     * products just lose it. How many products lost it.
     */
    async deleteCategory(websiteId: string, categoryId: string): Promise<number> {
      return write(websiteId, async (tx) => {
        const { category, all } = await lockTreeOf(tx, websiteId, categoryId);
        const parentId = category.parent_category_id;
        const children = siblingsOf(all, categoryId).map((c) => c.category_id);
        const order = siblingsOf(all, parentId).flatMap((c) =>
          c.category_id === categoryId ? children : [c.category_id],
        );
        if (children.length > 0) {
          await tx
            .updateTable('categories')
            .set({ parent_category_id: parentId })
            .where('website_id', '=', websiteId)
            .where('parent_category_id', '=', categoryId)
            .execute();
        }
        await renumber(tx, websiteId, order);
        const losing = await countProducts(tx, websiteId, [categoryId]);
        // Its product links go with it (cascade); its children were moved out first.
        await tx
          .deleteFrom('categories')
          .where('website_id', '=', websiteId)
          .where('category_id', '=', categoryId)
          .execute();
        return losing;
      });
    },

    /**
     * Merge: every product of the merged categories gets `into`, their subcategories move
     * under `into`, and they are deleted. How many products were in the merged ones.
     */
    async mergeCategories(websiteId: string, input: CategoryMerge): Promise<number> {
      const merged = [...new Set(input.categoryIds)].filter((id) => id !== input.into);
      if (merged.length === 0) {
        throw fail('CATEGORY_INVALID', catalogMessages.mergeIntoItself, {
          categoryIds: catalogMessages.mergeIntoItself,
        });
      }
      return write(websiteId, async (tx) => {
        const { category: into, all } = await lockTreeOf(tx, websiteId, input.into);
        const known = new Set(all.map((c) => c.category_id));
        if (merged.some((id) => !known.has(id))) {
          throw fail('CATEGORY_INVALID', INVALID_CATEGORY, {
            categoryIds: catalogMessages.unknownParent,
          });
        }
        const isMerged = new Set(merged);
        // `into` inside a merged category climbs to the nearest ancestor that stays.
        let parentId = into.parent_category_id;
        while (parentId !== null && isMerged.has(parentId)) {
          parentId = all.find((c) => c.category_id === parentId)?.parent_category_id ?? null;
        }
        if (parentId !== into.parent_category_id) {
          await tx
            .updateTable('categories')
            .set({ parent_category_id: parentId })
            .where('website_id', '=', websiteId)
            .where('category_id', '=', into.category_id)
            .execute();
        }
        // The merged ones' subcategories follow `into`'s own, in tree order.
        const moving = treeOrder(all)
          .filter(
            (c) =>
              c.parent_category_id !== null &&
              isMerged.has(c.parent_category_id) &&
              !isMerged.has(c.category_id) &&
              c.category_id !== into.category_id,
          )
          .map((c) => c.category_id);
        if (moving.length > 0) {
          await tx
            .updateTable('categories')
            .set({ parent_category_id: into.category_id })
            .where('website_id', '=', websiteId)
            .where('category_id', 'in', moving)
            .execute();
          const own = siblingsOf(all, into.category_id)
            .map((c) => c.category_id)
            .filter((id) => !isMerged.has(id));
          await renumber(tx, websiteId, [...own, ...moving]);
        }
        const productsChanged = await countProducts(tx, websiteId, merged);
        await sql`
          insert into product_categories (website_id, product_id, category_id)
          select distinct website_id, product_id, ${into.category_id}::uuid
          from product_categories
          where website_id = ${websiteId} and category_id = any(${sql.val(merged)}::uuid[])
          on conflict do nothing`.execute(tx);
        await tx
          .deleteFrom('categories')
          .where('website_id', '=', websiteId)
          .where('category_id', 'in', merged)
          .execute();
        return productsChanged;
      });
    },

    /**
     * The product list's bulk "Add to category": the products keep their other
     * categories. All of them must be of the category's collection, or none is changed.
     * How many products gained it.
     */
    async addProducts(
      websiteId: string,
      productIds: readonly string[],
      categoryId: string,
    ): Promise<number> {
      return write(websiteId, async (tx) => {
        const category = await tx
          .selectFrom('categories')
          .select('collection_id')
          .where('website_id', '=', websiteId)
          .where('category_id', '=', categoryId)
          .executeTakeFirst();
        if (!category) {
          throw fail('CATEGORY_INVALID', INVALID_CATEGORY, {
            categoryId: catalogMessages.categoryNotFound,
          });
        }
        const products = await tx
          .selectFrom('products')
          .select(['product_id', 'collection_id'])
          .where('website_id', '=', websiteId)
          .where('product_id', 'in', [...productIds])
          .execute();
        const elsewhere = products.filter((p) => p.collection_id !== category.collection_id);
        if (elsewhere.length > 0) {
          const message = catalogMessages.productsElsewhere(elsewhere.length);
          throw fail('PRODUCT_INVALID', message, { productIds: message });
        }
        if (products.length === 0) return 0;
        const result = await tx
          .insertInto('product_categories')
          .values(
            products.map((p) => ({
              website_id: websiteId,
              product_id: p.product_id,
              category_id: categoryId,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0);
      });
    },
  };
}

function listRows(
  db: Kysely<DB> | Tx,
  websiteId: string,
  collectionId: string,
): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('collection_id', '=', collectionId)
    .orderBy('display_index')
    .orderBy('display_name')
    .orderBy('category_id')
    .execute();
}

/** The children of `parentId` (null: the top level), in display order. */
function siblingsOf(all: readonly CategoryRow[], parentId: string | null): CategoryRow[] {
  return all.filter((c) => c.parent_category_id === parentId);
}

/** Depth first: each category right after its parent, siblings in display order. */
function treeOrder(rows: readonly CategoryRow[]): CategoryRow[] {
  const ordered: CategoryRow[] = [];
  const visit = (parentId: string | null) => {
    for (const row of siblingsOf(rows, parentId)) {
      ordered.push(row);
      visit(row.category_id);
    }
  };
  visit(null);
  return ordered;
}

function checkName(input: string): string {
  const name = input.trim();
  const problem =
    name === ''
      ? catalogMessages.categoryNameNeeded
      : name.length > MAX_CATEGORY_LENGTH
        ? catalogMessages.categoryNameTooLong
        : undefined;
  if (problem) throw fail('CATEGORY_INVALID', INVALID_CATEGORY, { displayName: problem });
  return name;
}

/** The new parent is of the same collection and not the category itself or below it. */
function checkParent(all: readonly CategoryRow[], categoryId: string, parentId: string) {
  const byId = new Map(all.map((c) => [c.category_id, c]));
  if (!byId.has(parentId)) {
    throw fail('CATEGORY_INVALID', INVALID_CATEGORY, {
      parentCategoryId: catalogMessages.unknownParent,
    });
  }
  for (
    let at: string | null = parentId;
    at !== null;
    at = byId.get(at)?.parent_category_id ?? null
  ) {
    if (at === categoryId) {
      throw fail('CATEGORY_INVALID', catalogMessages.categoryIntoItself, {
        parentCategoryId: catalogMessages.categoryIntoItself,
      });
    }
  }
}

/** Two siblings never share a name, whatever its case (SPEC §2 'This category already exists'). */
function checkUniqueName(
  all: readonly CategoryRow[],
  parentId: string | null,
  name: string,
  categoryId: string,
) {
  const clash = siblingsOf(all, parentId).some(
    (c) => c.category_id !== categoryId && c.display_name.toLowerCase() === name.toLowerCase(),
  );
  if (clash) {
    const message = editorMessages.tagExists('category');
    throw fail('CATEGORY_TAKEN', message, { displayName: message });
  }
}

/** Gives the siblings in `order` the places 0, 1, 2, …, writing only those that moved. */
async function renumber(tx: Tx, websiteId: string, order: readonly string[]) {
  if (order.length === 0) return;
  await sql`
    update categories as c set display_index = o.place - 1
    from unnest(${sql.val([...order])}::uuid[]) with ordinality as o(id, place)
    where c.website_id = ${websiteId} and c.category_id = o.id
      and c.display_index <> o.place - 1`.execute(tx);
}

async function countProducts(tx: Tx, websiteId: string, categoryIds: readonly string[]) {
  const row = await tx
    .selectFrom('product_categories')
    .select(sql<number>`count(distinct product_id)::int`.as('n'))
    .where('website_id', '=', websiteId)
    .where('category_id', 'in', [...categoryIds])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function toCollection(row: CollectionRow) {
  return {
    id: row.collection_id,
    type: 'products' as const,
    urlId: row.url_id,
    fullUrl: `/${row.url_id}`,
    title: row.title,
    navigationTitle: row.navigation_title,
    description: row.description,
    enabled: row.is_enabled,
  };
}

function toCategory(row: CategoryRow) {
  return {
    id: row.category_id,
    collectionId: row.collection_id,
    slug: row.slug,
    displayName: row.display_name,
    parentCategoryId: row.parent_category_id,
    type: 'ROOT' as const,
    pageRendering: 'LIST_VIEW' as const,
    displayIndex: row.display_index,
  };
}
