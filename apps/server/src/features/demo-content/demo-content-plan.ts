import type { DemoContentKind } from '../../db/db-types.ts';

// Which demo rows "remove demo content" deletes and which it keeps (issue 19). Pure: the
// repo reads the facts, this decides, the repo applies. The rule: demo rows go, unless the
// merchant made them theirs — changed them after the seed, or put their own things in them
// (their product in a demo category, a demo image on their product or page). A kept row is
// the merchant's from then on. Orders never reference catalog rows by key, so they are
// not facts here: an order of a demo product keeps its own lines.

export type DemoItem = { kind: DemoContentKind; id: string; title: string };

export type KeepReason = 'changed' | 'in use';

export type DemoFacts = {
  /** Demo products with their edit count (products.version is 1 until the merchant edits). */
  products: { id: string; title: string; version: number }[];
  /** Demo pages; the home page (slug '') is cleared, never deleted: a site needs one. */
  pages: { id: string; title: string; slug: string; isChanged: boolean }[];
  forms: { id: string; title: string; isChanged: boolean; productIds: string[] }[];
  categories: { id: string; title: string; parentId: string | null; productIds: string[] }[];
  /** Where each demo image is used: products, pages, or elsewhere (header, footer). */
  media: {
    id: string;
    title: string;
    productIds: string[];
    pageIds: string[];
    isUsedElsewhere: boolean;
  }[];
  /** Shipping options, tax rules and coupons: changed when they no longer read as seeded. */
  settings: { kind: DemoContentKind; id: string; title: string; isChanged: boolean }[];
};

export type DemoPlan = {
  remove: DemoItem[];
  /** The home page: its demo blocks are replaced, the page stays. */
  clearHome: DemoItem | null;
  keep: (DemoItem & { reason: KeepReason })[];
};

export function planDemoRemoval(facts: DemoFacts): DemoPlan {
  const remove: DemoItem[] = [];
  const keep: DemoPlan['keep'] = [];
  let clearHome: DemoItem | null = null;
  const decide = (item: DemoItem, reason: KeepReason | null) => {
    if (reason) keep.push({ ...item, reason });
    else remove.push(item);
  };

  const removedProducts = new Set<string>();
  for (const product of facts.products) {
    const isChanged = product.version > 1;
    if (!isChanged) removedProducts.add(product.id);
    decide({ kind: 'product', id: product.id, title: product.title }, isChanged ? 'changed' : null);
  }
  const keepsProduct = (ids: string[]) => ids.some((id) => !removedProducts.has(id));

  const removedPages = new Set<string>();
  for (const page of facts.pages) {
    const item: DemoItem = { kind: 'page', id: page.id, title: page.title };
    if (page.isChanged) keep.push({ ...item, reason: 'changed' });
    else {
      removedPages.add(page.id);
      if (page.slug === '') clearHome = item;
      else remove.push(item);
    }
  }

  for (const form of facts.forms) {
    const reason = form.isChanged ? 'changed' : keepsProduct(form.productIds) ? 'in use' : null;
    decide({ kind: 'form', id: form.id, title: form.title }, reason);
  }

  // A category holding a product of the merchant's stays, and so do its parents.
  const keptCategories = new Set(
    facts.categories.filter((c) => keepsProduct(c.productIds)).map((c) => c.id),
  );
  const parentOf = new Map(facts.categories.map((c) => [c.id, c.parentId]));
  for (const id of [...keptCategories]) {
    for (let parent = parentOf.get(id); parent; parent = parentOf.get(parent)) {
      keptCategories.add(parent);
    }
  }
  for (const category of facts.categories) {
    decide(
      { kind: 'category', id: category.id, title: category.title },
      keptCategories.has(category.id) ? 'in use' : null,
    );
  }

  for (const image of facts.media) {
    const isUsed =
      image.isUsedElsewhere ||
      keepsProduct(image.productIds) ||
      image.pageIds.some((id) => !removedPages.has(id));
    decide({ kind: 'media', id: image.id, title: image.title }, isUsed ? 'in use' : null);
  }

  for (const setting of facts.settings) {
    decide(
      { kind: setting.kind, id: setting.id, title: setting.title },
      setting.isChanged ? 'changed' : null,
    );
  }
  return { remove, clearHome, keep };
}
