import { z } from 'zod';
import { ProductCard } from '../storefront/shop/ProductCard.tsx';
import type { BlockData } from '../ui/page-context.ts';

// Product block: one product of a store collection, with its price and the add-to-cart
// island the product lists use. Server-safe; the server loads the collection's products.

export const productBlockSchema = z.object({
  type: z.literal('product'),
  version: z.literal(1),
  collectionUrlId: z.string().trim().min(1).max(200),
  /** The product's URL id (its address in the collection), or its id. */
  productUrlId: z.string().trim().min(1).max(200),
});
export type ProductBlock = z.infer<typeof productBlockSchema>;

export function ProductBlockView({
  block,
  data,
  useCLDRMoneyFormat,
}: {
  block: ProductBlock;
  data: BlockData;
  useCLDRMoneyFormat: boolean;
}) {
  const product = (data.collections[block.collectionUrlId] ?? []).find(
    (candidate) => candidate.urlId === block.productUrlId || candidate.id === block.productUrlId,
  );
  // A removed product or collection shows nothing rather than a broken card.
  if (!product) return null;
  return (
    <section className="block block--product" aria-label={product.title}>
      <ProductCard product={product} useCLDRMoneyFormat={useCLDRMoneyFormat} hasQuickAdd />
    </section>
  );
}
