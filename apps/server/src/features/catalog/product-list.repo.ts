import type { ProductSort, StockState } from '@atelier/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';

// The merchant's product list (issue 18): one query for a page of summaries and one for
// the count, both keyed by website first. Variants are aggregated once per product in a
// grouped subquery (no query per row); stock state and lowest price are computed in SQL
// so the list can filter and sort by them before it pages.

export type ProductListRepo = ReturnType<typeof createProductListRepo>;

export type ProductListFilter = {
  websiteId: string;
  q?: string | undefined;
  productType?: number | undefined;
  stock?: StockState | undefined;
  isVisible?: boolean | undefined;
  /** Products in this category or any category below it. */
  categoryId?: string | undefined;
  /** Products carrying this tag, exactly as written. */
  tag?: string | undefined;
  /** Product types whose stock never runs out (digital, gift card, paywall). */
  unlimitedTypes: readonly number[];
  /** Product types priced on the product rather than on a variant (digital, paywall). */
  productPricedTypes: readonly number[];
  /** "Low" without a threshold of the product's own. */
  defaultThreshold: number;
};

export type ProductSummaryRow = {
  website_id: string;
  product_id: string;
  title: string;
  url_id: string;
  collection_url_id: string;
  product_type: number;
  is_visible: boolean;
  updated_at: Date;
  variant_count: number;
  skus: string[];
  is_unlimited: boolean;
  total_stock: number;
  price_cents: number | null;
  stock_state: StockState;
  thumbnail: {
    media_id: string;
    width: number;
    variant_widths: number[];
    alt_text: string;
  } | null;
};

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export function createProductListRepo(db: Kysely<DB>) {
  /** Every product of the website matching the filter, with its computed columns. */
  function listed(filter: ProductListFilter) {
    const { websiteId } = filter;
    const variantTotals = db
      .selectFrom('product_variants')
      .select([
        'product_id',
        sql<number>`count(*)::int`.as('variant_count'),
        sql<boolean>`bool_or(is_unlimited)`.as('has_unlimited'),
        // float8 so both drivers hand back a number; a sum of int4 is exact far past 2^31.
        sql<number>`sum(qty_in_stock)::float8`.as('stock_sum'),
        sql<number | null>`min(case when is_on_sale then least(sale_price_cents, price_cents)
          else price_cents end)`.as('min_price'),
        sql<string[]>`(array_agg(sku order by display_index, sku))[1:3]`.as('skus'),
      ])
      .where('website_id', '=', websiteId)
      .groupBy('product_id')
      .as('v');

    const isUnlimited = sql<boolean>`(p.product_type in (${sql.join(filter.unlimitedTypes)})
      or coalesce(v.has_unlimited, false))`;
    const total = sql<number>`coalesce(v.stock_sum, 0)`;
    const threshold = sql<number>`coalesce(pm.scarcity_threshold, ${filter.defaultThreshold})`;

    let query = db
      .selectFrom('products as p')
      .innerJoin('collections as c', (join) =>
        join
          .onRef('c.website_id', '=', 'p.website_id')
          .onRef('c.collection_id', '=', 'p.collection_id'),
      )
      .leftJoin(variantTotals, 'v.product_id', 'p.product_id')
      .leftJoin('product_merchandising as pm', (join) =>
        join
          .onRef('pm.website_id', '=', 'p.website_id')
          .onRef('pm.product_id', '=', 'p.product_id'),
      )
      .select([
        'p.website_id',
        'p.product_id',
        'p.title',
        'p.url_id',
        'c.url_id as collection_url_id',
        'p.product_type',
        'p.is_visible',
        'p.updated_at',
        sql<number>`coalesce(v.variant_count, 0)`.as('variant_count'),
        sql<string[]>`coalesce(v.skus, '{}')`.as('skus'),
        isUnlimited.as('is_unlimited'),
        total.as('total_stock'),
        sql<number | null>`case
          when p.product_type in (${sql.join(filter.productPricedTypes)})
            and p.price_cents is not null
          then case when p.is_on_sale and p.sale_price_cents is not null
            then least(p.sale_price_cents, p.price_cents) else p.price_cents end
          else v.min_price end`.as('price_cents'),
        sql<StockState>`case
          when ${isUnlimited} then 'in-stock'
          when ${total} = 0 then 'sold-out'
          when ${total} <= ${threshold} then 'low'
          else 'in-stock' end`.as('stock_state'),
      ])
      .where('p.website_id', '=', websiteId)
      .where('c.website_id', '=', websiteId);

    if (filter.productType !== undefined) {
      query = query.where('p.product_type', '=', filter.productType);
    }
    if (filter.isVisible !== undefined) query = query.where('p.is_visible', '=', filter.isVisible);
    if (filter.tag !== undefined) query = query.where(sql<boolean>`${filter.tag} = any(p.tags)`);
    if (filter.categoryId !== undefined) {
      // The category and every one below it; `union` stops even at a cycle, which the
      // category manager refuses anyway.
      query = query.where(
        sql<boolean>`p.product_id in (
          with recursive tree (category_id) as (
            select category_id from categories
            where website_id = ${websiteId} and category_id = ${filter.categoryId}
            union
            select c.category_id from categories c join tree t on c.parent_category_id = t.category_id
            where c.website_id = ${websiteId})
          select pc.product_id from product_categories pc
          where pc.website_id = ${websiteId}
            and pc.category_id in (select category_id from tree))`,
      );
    }
    const q = filter.q?.trim();
    if (q) {
      const words = sql`websearch_to_tsquery('english', ${q})`;
      const contains = `%${escapeLike(q)}%`;
      const skuPrefix = `${escapeLike(q.toLowerCase())}%`;
      query = query.where((eb) =>
        eb.or([
          // Title words, stemmed ("shirts" finds "Shirt"): the title is weight A of the
          // stored document, whose GIN index narrows the rows before the weight filter.
          eb.and([
            sql<boolean>`p.search_document @@ ${words}`,
            sql<boolean>`ts_filter(p.search_document, '{a}') @@ ${words}`,
          ]),
          // Part of a word while the merchant is still typing ("lin" finds "Linen").
          sql<boolean>`p.title ilike ${contains}`,
          // The start of any variant's SKU, whatever its case (index product_variants_sku_lower).
          eb(
            'p.product_id',
            'in',
            db
              .selectFrom('product_variants')
              .select('product_id')
              .where('website_id', '=', websiteId)
              .where(sql<boolean>`lower(sku) like ${skuPrefix}`),
          ),
        ]),
      );
    }
    const all = db.selectFrom(query.as('listed')).selectAll();
    return filter.stock === undefined ? all : all.where('stock_state', '=', filter.stock);
  }

  return {
    async listSummaries(input: {
      filter: ProductListFilter;
      sort: ProductSort;
      limit: number;
      offset: number;
    }): Promise<ProductSummaryRow[]> {
      const { filter } = input;
      const isDescending = input.sort.startsWith('-');
      const direction = isDescending ? 'desc' : 'asc';
      let query = listed(filter).select(
        sql<ProductSummaryRow['thumbnail']>`(
          select jsonb_build_object('media_id', m.media_id, 'width', m.width,
            'variant_widths', m.variant_widths, 'alt_text', m.alt_text)
          from product_images pi
          join media m on m.website_id = pi.website_id and m.media_id = pi.media_id
          where pi.website_id = ${filter.websiteId} and pi.product_id = listed.product_id
            and m.content_type like 'image/%'
          order by pi.display_index
          limit 1)`.as('thumbnail'),
      );
      switch (input.sort.replace('-', '')) {
        case 'title':
          query = query.orderBy(sql`lower(title)`, direction);
          break;
        case 'price':
          // A product without a price sorts last both ways.
          query = query.orderBy(sql`price_cents ${sql.raw(direction)} nulls last`);
          break;
        case 'stock':
          // Unlimited stock is more than any count: last ascending, first descending.
          query = query.orderBy('is_unlimited', direction).orderBy('total_stock', direction);
          break;
        default:
          query = query.orderBy('updated_at', direction);
      }
      // Ties keep one order from page to page.
      const rows = await query
        .orderBy('title')
        .orderBy('product_id')
        .limit(input.limit)
        .offset(input.offset)
        .execute();
      return rows.map((row) => ({
        website_id: row.website_id,
        product_id: row.product_id,
        title: row.title,
        url_id: row.url_id,
        collection_url_id: row.collection_url_id,
        product_type: row.product_type,
        is_visible: row.is_visible,
        updated_at: row.updated_at,
        variant_count: Number(row.variant_count),
        skus: row.skus,
        is_unlimited: row.is_unlimited,
        total_stock: Number(row.total_stock),
        price_cents: row.price_cents === null ? null : Number(row.price_cents),
        stock_state: row.stock_state,
        thumbnail: row.thumbnail,
      }));
    },

    async countSummaries(filter: ProductListFilter): Promise<number> {
      const row = await db
        .selectFrom(listed(filter).clearSelect().select(sql`1`.as('one')).as('matching'))
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
