import { productMessages } from '@atelier/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';

// The tag manager (SPEC §2, issue 18). A tag is a text on products (`products.tags`), so
// every change here is one UPDATE of the website's products that have the tag, in SQL:
// the order of a product's other tags is kept, and a tag is never on a product twice.

export type ProductTags = ReturnType<typeof createProductTags>;

export function createProductTags({
  db,
  onPublicChange = () => {},
}: {
  db: Kysely<DB>;
  /** Tags show on public pages (the shop's filters): the page cache drops them. */
  onPublicChange?: (websiteId: string) => void;
}) {
  /** The website's tags with how many products carry each, by name. */
  async function list(websiteId: string): Promise<{ name: string; productCount: number }[]> {
    const result = await sql<{ name: string; product_count: number }>`
      select tag as name, count(*)::int as product_count
      from products, unnest(tags) as tag
      where website_id = ${websiteId}
      group by tag
      order by lower(tag), tag`.execute(db);
    return result.rows.map((row) => ({ name: row.name, productCount: row.product_count }));
  }

  /**
   * Every product with any of `from` has them replaced by `into` where the first of them
   * stood (or `into` stays where it was, when the product already has it).
   */
  async function replace(websiteId: string, from: readonly string[], into: string | null) {
    const fromArray = sql`${sql.val([...from])}::text[]`;
    // A product's tags without `from`, in their order; then `into` appended unless kept.
    const kept = sql`array(
      select t from unnest(tags) with ordinality as u(t, o)
      where t <> all(${fromArray}) order by o)`;
    const next =
      into === null
        ? kept
        : sql`case when ${into} = any(${kept}) then ${kept} else ${kept} || ${into}::text end`;
    const result = await sql`
      update products set tags = ${next}, updated_at = now()
      where website_id = ${websiteId} and tags && ${fromArray}`.execute(db);
    const changed = Number(result.numAffectedRows ?? 0);
    if (changed > 0) onPublicChange(websiteId);
    return changed;
  }

  async function hasTag(websiteId: string, tag: string): Promise<boolean> {
    const result = await sql<{ found: boolean }>`
      select exists (
        select 1 from products where website_id = ${websiteId} and ${tag} = any(tags)
      ) as found`.execute(db);
    return result.rows[0]?.found ?? false;
  }

  return {
    list,

    /** Edit: a new name for one tag; a name already in use is refused (merge them instead). */
    async rename(websiteId: string, from: string, to: string): Promise<number> {
      if (!(await hasTag(websiteId, from)))
        throw fail('TAG_NOT_FOUND', productMessages.tagNotFound);
      if (from === to) return 0;
      const names = (await list(websiteId)).map((tag) => tag.name.toLowerCase());
      // Only a change of case may keep the name (Linen → linen).
      if (to.toLowerCase() !== from.toLowerCase() && names.includes(to.toLowerCase())) {
        throw fail('TAG_EXISTS', productMessages.tagTypeExists('tag'), {
          to: productMessages.tagTypeExists('tag'),
        });
      }
      return replace(websiteId, [from], to);
    },

    /** Merge: the tags become one, on every product that had any of them. */
    merge: (websiteId: string, tags: readonly string[], into: string) =>
      replace(websiteId, tags, into),

    remove: (websiteId: string, tags: readonly string[]) => replace(websiteId, tags, null),
  };
}
