import type { BlockData, ProductBlock } from '@atelier/contract';
import { ProductCard } from '../storefront/shop/ProductCard.tsx';

// Product block: one product of a store collection, with its price and the add-to-cart
// island the product lists use. Server-safe; the server loads the collection's products.

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
