import type { ProductList } from '@atelier/contract';
import { ProductCard } from './ProductCard.tsx';

type ProductListPageProps = { list: ProductList; useCLDRMoneyFormat: boolean };

// The first row of cards is above the fold on every screen size: load those eagerly.
const EAGER_CARDS = 4;

export function ProductListPage({ list, useCLDRMoneyFormat }: ProductListPageProps) {
  return (
    <div className="product-list-page">
      <header className="page-header">
        <h1>{list.collection.title}</h1>
        {list.collection.description ? <p>{list.collection.description}</p> : null}
      </header>
      {list.products.length === 0 ? (
        <p>No products are available yet. Please check back soon.</p>
      ) : (
        <div className="product-grid">
          {list.products.map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              useCLDRMoneyFormat={useCLDRMoneyFormat}
              isPriority={index < EAGER_CARDS}
              hasQuickAdd
            />
          ))}
        </div>
      )}
    </div>
  );
}
