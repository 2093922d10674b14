import type { ProductBlock } from '@atelier/contract';
import { CollectionPicker, ProductPicker } from './catalog-pickers.tsx';

/** Editor-only: the collection, then one of its products, chosen from what the store has. */
export function ProductFields({
  block,
  onChange,
}: {
  block: ProductBlock;
  onChange: (block: ProductBlock) => void;
}) {
  return (
    <>
      <CollectionPicker
        value={block.collectionUrlId}
        // Another collection's product ids mean nothing here, so the product starts over.
        onChange={(collectionUrlId) => onChange({ ...block, collectionUrlId, productUrlId: '' })}
      />
      <ProductPicker
        collectionUrlId={block.collectionUrlId}
        value={block.productUrlId}
        onChange={(productUrlId) => onChange({ ...block, productUrlId })}
      />
    </>
  );
}
