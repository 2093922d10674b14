import { addToCartMessages, hasUnlimitedStockByType, type ProductType } from '@atelier/core';
import { fail } from '../../http/errors.ts';
import type { InventoryQueries } from './inventory.repo.ts';

// The never-oversell rule, used by starting a checkout (reserve) and placing an order
// (take). Both lock the variant rows first, in variant-id order, then judge
//   available to this cart = qty_in_stock − other carts' unexpired reservations,
// so the last unit goes to exactly one shopper however many ask at once.

export type StockNeed = { variantId: string; quantity: number };

/** One need per variant: two entries of one variant (different form answers) add up. */
export function stockNeedsOf(
  entries: readonly { variant_id: string; quantity: number }[],
): StockNeed[] {
  const byVariant = new Map<string, number>();
  for (const e of entries)
    byVariant.set(e.variant_id, (byVariant.get(e.variant_id) ?? 0) + e.quantity);
  return [...byVariant].map(([variantId, quantity]) => ({ variantId, quantity }));
}

/**
 * Locks the variants and checks each tracked one; throws the out-of-stock error naming
 * the SKUs that fall short. Returns the needs that count against stock.
 */
export async function lockAndCheckStock(
  inventory: InventoryQueries,
  input: { websiteId: string; cartId: string; needs: readonly StockNeed[]; now: Date },
): Promise<StockNeed[]> {
  const variantIds = input.needs.map((n) => n.variantId);
  const locked = await inventory.lockVariants(input.websiteId, variantIds);
  const held = await inventory.reservedByOthers({ ...input, variantIds });
  const tracked: StockNeed[] = [];
  const short: Record<string, string> = {};
  for (const need of input.needs) {
    const variant = locked.find((v) => v.variant_id === need.variantId);
    if (!variant) {
      throw fail('OUT_OF_STOCK', addToCartMessages.variantUnavailable);
    }
    if (variant.is_unlimited || hasUnlimitedStockByType(variant.product_type as ProductType))
      continue;
    tracked.push(need);
    const available = variant.qty_in_stock - (held.get(variant.variant_id) ?? 0);
    if (available < need.quantity) short[variant.sku] = addToCartMessages.notEnoughStock;
  }
  if (Object.keys(short).length > 0) {
    throw fail('OUT_OF_STOCK', addToCartMessages.notEnoughStock, short);
  }
  return tracked;
}

/** Takes the units; the guarded update is the last line of defence under the locks. */
export async function takeStock(
  inventory: InventoryQueries,
  input: { websiteId: string; cartId: string; needs: readonly StockNeed[] },
): Promise<void> {
  for (const need of input.needs) {
    const isTaken = await inventory.decrementStock(input.websiteId, need.variantId, need.quantity);
    if (!isTaken) {
      throw fail('OUT_OF_STOCK', addToCartMessages.notEnoughStock);
    }
  }
  await inventory.deleteReservationsOfCart(input.websiteId, input.cartId);
}
