import { type Kysely, sql } from 'kysely';
import type { DB, DemoContentKind } from '../../db/db-types.ts';
import type { DemoFacts, DemoPlan } from './demo-content-plan.ts';

// The demo seed's rows (table demo_content, 0022) and the facts about them that decide what
// "remove demo content" may delete. Everything for one removal runs in one transaction.

export type DemoContentRepo = ReturnType<typeof createDemoContentRepo>;

/** What the seed writes for shipping, tax and its coupon: a row that differs was changed. */
const SEEDED_SHIPPING = new Map<string, { kind: string; price: number; min: number | null }>([
  ['Standard shipping', { kind: 'flat', price: 695, min: null }],
  ['Free shipping on orders over $100', { kind: 'free_over', price: 0, min: 10_000 }],
]);

const SEEDED_SHOP_DESCRIPTION = 'Everything we make in the studio, in small batches.';

export function createDemoContentRepo(db: Kysely<DB>) {
  /**
   * The seed's rows, recognised by the fixed identities demo-store.ts gives them (the same
   * ones 0022 backfills with): url ids, slugs with titles, file names with alt texts, the
   * form's name, the shipping, tax and coupon values. Run right after seeding a new website.
   */
  async function recordSeed(websiteId: string): Promise<void> {
    await sql`
      insert into demo_content (website_id, kind, item_id)
      select website_id, 'product', product_id from products
       where website_id = ${websiteId} and url_id in ('linen-work-shirt',
         'everyday-tote-sewing-pattern', 'private-sewing-lesson', 'gift-card',
         'hand-dyed-yarn-club', 'stoneware-mug', 'waxed-canvas-apron')
      union all
      select website_id, 'category', category_id from categories
       where website_id = ${websiteId} and (slug, display_name) in (('clothing', 'Clothing'),
         ('workwear', 'Workwear'), ('home', 'Home'), ('patterns-and-lessons', 'Patterns & Lessons'),
         ('gifts', 'Gifts'))
      union all
      select website_id, 'media', media_id from media
       where website_id = ${websiteId} and filename in ('linen-work-shirt-sand.png',
         'linen-work-shirt-indigo.png', 'everyday-tote-pattern.png', 'sewing-lesson.png',
         'gift-card.png', 'yarn-club.png', 'stoneware-mug.png', 'waxed-apron.png',
         'studio-fabrics.png')
      union all
      select website_id, 'page', page_id from pages
       where website_id = ${websiteId}
         and (url_slug, title) in (('', 'Home'), ('about', 'About'), ('contact', 'Contact'))
      union all
      select website_id, 'form', form_id from forms
       where website_id = ${websiteId} and name = 'About your lesson'
      union all
      select website_id, 'shipping_option', option_id from shipping_options
       where website_id = ${websiteId} and name in ('Standard shipping',
         'Free shipping on orders over $100')
      union all
      select website_id, 'tax_rule', rule_id from tax_rules
       where website_id = ${websiteId} and country = 'US' and region = 'CA' and rate_bp = 725
      union all
      select website_id, 'coupon', coupon_id from coupons
       where website_id = ${websiteId} and code = 'WELCOME10'
      on conflict do nothing
    `.execute(db);
  }

  /** Reads what planDemoRemoval needs; the demo rows stay locked until the transaction ends. */
  async function facts(trx: Kysely<DB>, websiteId: string): Promise<DemoFacts> {
    const seeded = await trx
      .selectFrom('demo_content')
      .select(['kind', 'item_id', 'seeded_at'])
      .where('website_id', '=', websiteId)
      .forUpdate()
      .execute();
    const seededAt = new Map(seeded.map((row) => [row.item_id, new Date(row.seeded_at)]));
    const isChangedAfterSeed = (id: string, updatedAt: Date) =>
      new Date(updatedAt).getTime() > (seededAt.get(id)?.getTime() ?? 0);
    const ids = (kind: DemoContentKind) =>
      seeded.filter((row) => row.kind === kind).map((row) => row.item_id);
    const none = ['00000000-0000-0000-0000-000000000000'];
    const inIds = (kind: DemoContentKind) => (ids(kind).length > 0 ? ids(kind) : none);

    const products = await trx
      .selectFrom('products')
      .select(['product_id as id', 'title', 'version'])
      .where('website_id', '=', websiteId)
      .where('product_id', 'in', inIds('product'))
      .orderBy('display_index')
      .execute();

    const pages = await trx
      .selectFrom('pages')
      .select(['page_id as id', 'title', 'url_slug as slug', 'updated_at'])
      .where('website_id', '=', websiteId)
      .where('page_id', 'in', inIds('page'))
      .orderBy('navigation_index')
      .execute();

    const forms = await trx
      .selectFrom('forms')
      .select(['form_id as id', 'name as title', 'updated_at'])
      .where('website_id', '=', websiteId)
      .where('form_id', 'in', inIds('form'))
      .execute();
    const formUsers = await trx
      .selectFrom('products')
      .select(['product_id', 'additional_fields_form_id as form_id'])
      .where('website_id', '=', websiteId)
      .where('additional_fields_form_id', 'in', inIds('form'))
      .execute();

    const categories = await trx
      .selectFrom('categories')
      .select(['category_id as id', 'display_name as title', 'parent_category_id as parentId'])
      .where('website_id', '=', websiteId)
      .where('category_id', 'in', inIds('category'))
      .orderBy('display_index')
      .execute();
    const members = await trx
      .selectFrom('product_categories')
      .select(['category_id', 'product_id'])
      .where('website_id', '=', websiteId)
      .where('category_id', 'in', inIds('category'))
      .execute();

    const media = await trx
      .selectFrom('media')
      .select(['media_id as id', 'filename as title'])
      .where('website_id', '=', websiteId)
      .where('media_id', 'in', inIds('media'))
      .orderBy('created_at')
      .execute();
    const mediaIds = inIds('media');
    const productUses = await sql<{ media_id: string; product_id: string }>`
      select media_id, product_id from product_images
       where website_id = ${websiteId} and media_id::text in (${sql.join(mediaIds)})
      union
      select image_media_id, product_id from product_variants
       where website_id = ${websiteId} and image_media_id::text in (${sql.join(mediaIds)})
      union
      select social_image_media_id, product_id from products
       where website_id = ${websiteId} and social_image_media_id::text in (${sql.join(mediaIds)})
      union
      select digital_media_id, product_id from products
       where website_id = ${websiteId} and digital_media_id::text in (${sql.join(mediaIds)})
    `.execute(trx);
    // Blocks name an image by its id anywhere in their JSON: a text search finds every use.
    const pageUses = await sql<{ media_id: string; page_id: string }>`
      select d.item_id as media_id, p.page_id from demo_content d
        join pages p on p.website_id = d.website_id
         and (position(d.item_id::text in p.blocks::text) > 0
           or position(d.item_id::text in p.draft_blocks::text) > 0
           or p.social_image_id = d.item_id)
       where d.website_id = ${websiteId} and d.kind = 'media'
    `.execute(trx);
    const frameUses = await sql<{ media_id: string }>`
      select d.item_id as media_id from demo_content d
        join site_header_footer h on h.website_id = d.website_id
         and (position(d.item_id::text in h.header_blocks::text) > 0
           or position(d.item_id::text in h.footer_blocks::text) > 0)
       where d.website_id = ${websiteId} and d.kind = 'media'
    `.execute(trx);

    const shipping = await trx
      .selectFrom('shipping_options')
      .select(['option_id as id', 'name', 'kind', 'price_cents', 'min_subtotal_cents'])
      .where('website_id', '=', websiteId)
      .where('option_id', 'in', inIds('shipping_option'))
      .execute();
    const taxes = await trx
      .selectFrom('tax_rules')
      .select(['rule_id as id', 'country', 'region', 'rate_bp', 'applies_to_shipping'])
      .where('website_id', '=', websiteId)
      .where('rule_id', 'in', inIds('tax_rule'))
      .execute();
    const coupons = await trx
      .selectFrom('coupons')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('coupon_id', 'in', inIds('coupon'))
      .execute();

    const pick = <T extends { [key: string]: string | null }>(
      rows: T[],
      key: keyof T,
      id: string,
      value: keyof T,
    ) => rows.filter((row) => row[key] === id).map((row) => row[value] as string);

    return {
      products,
      pages: pages.map((page) => ({
        id: page.id,
        title: page.title || 'Home',
        slug: page.slug,
        isChanged: isChangedAfterSeed(page.id, page.updated_at),
      })),
      forms: forms.map((form) => ({
        id: form.id,
        title: form.title,
        isChanged: isChangedAfterSeed(form.id, form.updated_at),
        productIds: pick(formUsers, 'form_id', form.id, 'product_id'),
      })),
      categories: categories.map((category) => ({
        ...category,
        productIds: pick(members, 'category_id', category.id, 'product_id'),
      })),
      media: media.map((image) => ({
        ...image,
        productIds: pick(productUses.rows, 'media_id', image.id, 'product_id'),
        pageIds: pick(pageUses.rows, 'media_id', image.id, 'page_id'),
        isUsedElsewhere: frameUses.rows.some((row) => row.media_id === image.id),
      })),
      settings: [
        ...shipping.map((option) => {
          const seededAs = SEEDED_SHIPPING.get(option.name);
          return {
            kind: 'shipping_option' as const,
            id: option.id,
            title: option.name,
            isChanged:
              !seededAs ||
              seededAs.kind !== option.kind ||
              seededAs.price !== option.price_cents ||
              seededAs.min !== option.min_subtotal_cents,
          };
        }),
        ...taxes.map((rule) => ({
          kind: 'tax_rule' as const,
          id: rule.id,
          title: `${rule.country}${rule.region ? `-${rule.region}` : ''} ${rule.rate_bp / 100}%`,
          isChanged:
            rule.country !== 'US' ||
            rule.region !== 'CA' ||
            rule.rate_bp !== 725 ||
            rule.applies_to_shipping,
        })),
        ...coupons.map((coupon) => ({
          kind: 'coupon' as const,
          id: coupon.coupon_id,
          title: coupon.code,
          isChanged:
            coupon.code !== 'WELCOME10' ||
            coupon.kind !== 'percentage' ||
            coupon.percent_bp !== 1000 ||
            coupon.min_subtotal_cents !== 0 ||
            coupon.starts_at !== null ||
            coupon.expires_at !== null ||
            coupon.usage_limit !== null ||
            coupon.applies_to !== 'all' ||
            coupon.once_per_customer ||
            coupon.is_automatic,
        })),
      ],
    };
  }

  /** Deletes what the plan removes and forgets every demo row: kept ones are the merchant's. */
  async function apply(trx: Kysely<DB>, websiteId: string, plan: DemoPlan): Promise<void> {
    const of = (kind: DemoContentKind) =>
      plan.remove.filter((item) => item.kind === kind).map((item) => item.id);
    const products = of('product');
    if (products.length > 0) {
      // Variants go with their products, and with them open carts' entries and stock
      // holds (cascades); order lines keep their own copies and are untouched.
      await trx
        .deleteFrom('products')
        .where('website_id', '=', websiteId)
        .where('product_id', 'in', products)
        .execute();
    }
    const categories = of('category');
    if (categories.length > 0) {
      await trx
        .deleteFrom('categories')
        .where('website_id', '=', websiteId)
        .where('category_id', 'in', categories)
        .execute();
    }
    const forms = of('form');
    if (forms.length > 0) {
      await trx
        .deleteFrom('forms')
        .where('website_id', '=', websiteId)
        .where('form_id', 'in', forms)
        .execute();
    }
    const pages = of('page');
    if (pages.length > 0) {
      // As deleting a page in the editor: what sat under it moves up a level.
      for (const table of ['pages', 'collections'] as const) {
        await trx
          .updateTable(table)
          .set({ parent_page_id: null })
          .where('website_id', '=', websiteId)
          .where('parent_page_id', 'in', pages)
          .execute();
      }
      await trx
        .deleteFrom('pages')
        .where('website_id', '=', websiteId)
        .where('page_id', 'in', pages)
        .execute();
    }
    if (plan.clearHome) {
      const website = await trx
        .selectFrom('websites')
        .select('title')
        .where('website_id', '=', websiteId)
        .executeTakeFirstOrThrow();
      const blocks = JSON.stringify([
        { type: 'heading', version: 1, level: 1, text: website.title },
      ]);
      await trx
        .updateTable('pages')
        .set((eb) => ({
          blocks,
          draft_blocks: blocks,
          social_image_id: null,
          draft_revision: eb('draft_revision', '+', 1),
          published_revision: eb('draft_revision', '+', 1),
          updated_at: sql<Date>`now()`,
        }))
        .where('website_id', '=', websiteId)
        .where('page_id', '=', plan.clearHome.id)
        .execute();
    }
    const media = of('media');
    if (media.length > 0) {
      await trx
        .deleteFrom('media')
        .where('website_id', '=', websiteId)
        .where('media_id', 'in', media)
        .execute();
    }
    for (const [kind, table, key] of [
      ['shipping_option', 'shipping_options', 'option_id'],
      ['tax_rule', 'tax_rules', 'rule_id'],
      ['coupon', 'coupons', 'coupon_id'],
    ] as const) {
      const ids = of(kind);
      if (ids.length === 0) continue;
      await sql`delete from ${sql.table(table)} where website_id = ${websiteId}
        and ${sql.ref(key)}::text in (${sql.join(ids)})`.execute(trx);
    }
    if (plan.remove.length > 0 || plan.clearHome) {
      // The shop stays (its page shows the empty state); only the seed's own words go.
      await trx
        .updateTable('collections')
        .set({ description: '' })
        .where('website_id', '=', websiteId)
        .where('url_id', '=', 'shop')
        .where('description', '=', SEEDED_SHOP_DESCRIPTION)
        .execute();
    }
    await trx.deleteFrom('demo_content').where('website_id', '=', websiteId).execute();
  }

  return {
    recordSeed,
    facts,
    apply,
    transaction: <T>(work: (trx: Kysely<DB>) => Promise<T>) =>
      db.transaction().execute((trx) => work(trx)),
  };
}
