import { LabelledInput } from './field-controls.tsx';
import type { ProductBlock } from './product.tsx';

export function ProductFields({
  block,
  onChange,
}: {
  block: ProductBlock;
  onChange: (block: ProductBlock) => void;
}) {
  return (
    <>
      <LabelledInput
        label="Collection URL"
        hint="The address of the store collection, such as shop."
        value={block.collectionUrlId}
        onChange={(collectionUrlId) => onChange({ ...block, collectionUrlId })}
      />
      <LabelledInput
        label="Product URL"
        hint="The last part of the product's address, such as linen-throw."
        value={block.productUrlId}
        onChange={(productUrlId) => onChange({ ...block, productUrlId: productUrlId.trim() })}
      />
    </>
  );
}
