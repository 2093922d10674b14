import type { FormDefinition, ProductList } from '@atelier/contract';
import { ProductCard } from './ProductCard.tsx';

type ProductListPageProps = {
  list: ProductList;
  activeCategorySlug: string | null;
  /** Additional-fields forms of the listed products, by form id. */
  forms: Record<string, FormDefinition>;
  useCLDRMoneyFormat: boolean;
  isExpressCheckout: boolean;
};

// The first row of cards is above the fold on every screen size: load those eagerly.
const EAGER_CARDS = 4;

export function ProductListPage({
  list,
  activeCategorySlug,
  forms,
  useCLDRMoneyFormat,
  isExpressCheckout,
}: ProductListPageProps) {
  const base = `/${list.collection.urlId}`;
  const topLevel = list.categories.filter((c) => c.parentId === null);
  return (
    <div className="product-list-page">
      <header className="page-header">
        <h1>{list.collection.title}</h1>
        {list.collection.description ? <p>{list.collection.description}</p> : null}
      </header>
      {topLevel.length > 0 ? (
        <nav aria-label="Categories" className="category-filter">
          <ul>
            <li>
              <a href={base} aria-current={activeCategorySlug === null ? 'page' : undefined}>
                All
              </a>
            </li>
            {list.categories.map((category) => (
              <li
                key={category.id}
                className={category.parentId ? 'category-filter__child' : undefined}
              >
                <a
                  href={`${base}?category=${encodeURIComponent(category.slug)}`}
                  aria-current={activeCategorySlug === category.slug ? 'page' : undefined}
                >
                  {category.displayName}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {list.products.length === 0 ? (
        <p>No products are available yet. Please check back soon.</p>
      ) : (
        <div className="product-grid">
          {list.products.map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              additionalFieldsForm={
                product.additionalFieldsFormId ? forms[product.additionalFieldsFormId] : null
              }
              useCLDRMoneyFormat={useCLDRMoneyFormat}
              isExpressCheckout={isExpressCheckout}
              isPriority={index < EAGER_CARDS}
              hasQuickAdd
            />
          ))}
        </div>
      )}
    </div>
  );
}
