import { QUANTITY_MAX } from '../limits/limits';

/**
 * A guest's cart joining the account's saved cart at sign-in (issue 23). The rule, also in
 * docs/ARCHITECTURE.md: every guest entry ends up in the account's cart. An entry without
 * form answers whose variant the account's cart already holds (also without answers) adds
 * its quantity to that entry, up to the variant's stock (never below what the account's
 * entry already had) and QUANTITY_MAX; any other entry moves over as it is. Pure: the
 * repository applies the plan inside one transaction that holds both carts' locks.
 */

export type MergeEntry = Readonly<{
  entryId: string;
  variantId: string;
  quantity: number;
  hasAnswers: boolean;
}>;

export type MergeStock = Readonly<{ isUnlimited: boolean; qtyInStock: number }>;

export type CartMergePlan = {
  /** Account entries whose quantity grows. */
  updates: { entryId: string; quantity: number }[];
  /** Guest entries folded into an update: deleted. */
  absorbed: string[];
  /** Guest entries that move to the account's cart unchanged. */
  moved: string[];
};

export function cartMergePlan(input: {
  account: readonly MergeEntry[];
  guest: readonly MergeEntry[];
  stockOf: (variantId: string) => MergeStock | undefined;
}): CartMergePlan {
  const plan: CartMergePlan = { updates: [], absorbed: [], moved: [] };
  const targets = new Map<string, { entryId: string; quantity: number }>();
  for (const entry of input.account) {
    if (!entry.hasAnswers && !targets.has(entry.variantId)) {
      targets.set(entry.variantId, { entryId: entry.entryId, quantity: entry.quantity });
    }
  }
  for (const entry of input.guest) {
    const target = entry.hasAnswers ? undefined : targets.get(entry.variantId);
    if (!target) {
      plan.moved.push(entry.entryId);
      continue;
    }
    const stock = input.stockOf(entry.variantId);
    const limit = stock && !stock.isUnlimited ? stock.qtyInStock : QUANTITY_MAX;
    const cap = Math.max(target.quantity, Math.min(limit, QUANTITY_MAX));
    target.quantity = Math.min(target.quantity + entry.quantity, cap);
    plan.absorbed.push(entry.entryId);
  }
  for (const target of targets.values()) {
    const original = input.account.find((e) => e.entryId === target.entryId);
    if (original && original.quantity !== target.quantity) plan.updates.push({ ...target });
  }
  return plan;
}
