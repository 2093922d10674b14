import type { Product } from '@atelier/contract';
import { ProductCard } from '../shop/ProductCard.tsx';

type SearchPageProps = { query: string; results: Product[]; useCLDRMoneyFormat: boolean };

export function SearchPage({ query, results, useCLDRMoneyFormat }: SearchPageProps) {
  const hasQuery = query.trim() !== '';
  return (
    <div className="search-page">
      <h1>Search</h1>
      <search>
        <form action="/search" method="get" className="search-form">
          <label htmlFor="search-q">Search products</label>
          <input id="search-q" name="q" type="search" defaultValue={query} />
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </search>
      {hasQuery ? (
        <p aria-live="polite">
          {results.length === 0
            ? `No results for “${query}”.`
            : `${results.length} ${results.length === 1 ? 'result' : 'results'} for “${query}”.`}
        </p>
      ) : null}
      {results.length > 0 ? (
        <div className="product-grid">
          {results.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              useCLDRMoneyFormat={useCLDRMoneyFormat}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
