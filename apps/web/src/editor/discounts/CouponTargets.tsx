import type { CouponScope } from '@atelier/contract';
import { useEffect, useId, useState } from 'react';
import { api } from '../api/client.ts';
import { useCatalogChoices } from '../products/catalog-choices.tsx';
import { Select, TextField } from '../ui/index.ts';

// What a coupon discounts: every product, or a checklist of products (searched on the
// server, so a large catalogue still finds them) or of categories (in tree order, named
// with their parents; a category covers its subcategories at checkout).

type Choice = { id: string; label: string };

export function CouponTargets({
  scope,
  targetIds,
  error,
  onChange,
}: {
  scope: CouponScope;
  targetIds: readonly string[];
  error?: string;
  onChange: (next: { scope: CouponScope; targetIds: string[] }) => void;
}) {
  const { pages } = useCatalogChoices();
  const categories: Choice[] = pages.flatMap((page) =>
    page.categories.map((c) => ({
      id: c.id,
      label: pages.length > 1 ? `${page.collection.title}: ${c.label}` : c.label,
    })),
  );
  const [search, setSearch] = useState('');
  const [products, setProducts] = useState<Choice[]>([]);
  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(new Map());
  const [loadError, setLoadError] = useState<string | null>(null);
  const legendId = useId();

  useEffect(() => {
    if (scope !== 'products') return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      api
        .products({ q: search.trim() || undefined, sort: 'title', pageSize: 100 })
        .then((list) => {
          if (!isCurrent) return;
          const found = list.products.map((p) => ({ id: p.id, label: p.title }));
          setProducts(found);
          setTitles((known) => new Map([...known, ...found.map((p) => [p.id, p.label] as const)]));
          setLoadError(null);
        })
        .catch(() => isCurrent && setLoadError('The products could not be loaded. Try again.'));
    }, 200);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [scope, search]);

  const chosen = new Set(targetIds);
  const toggle = (id: string, isOn: boolean) =>
    onChange({
      scope,
      targetIds: isOn ? [...targetIds, id] : targetIds.filter((t) => t !== id),
    });
  const choices = scope === 'products' ? products : categories;
  // Chosen products outside the current search stay listed first, so they can be unticked.
  const hidden = targetIds
    .filter((id) => !choices.some((c) => c.id === id))
    .map((id) => ({ id, label: titles.get(id) ?? categoryLabel(categories, id) }));

  return (
    <>
      <Select
        label="Applies to"
        value={scope}
        onChange={(event) => onChange({ scope: event.target.value as CouponScope, targetIds: [] })}
      >
        <option value="all">All products</option>
        <option value="products">Specific products</option>
        <option value="categories">Specific categories</option>
      </Select>
      {scope !== 'all' && (
        <fieldset
          className="fieldset coupon-targets"
          aria-describedby={error ? `${legendId}-error` : undefined}
        >
          <legend id={legendId}>{scope === 'products' ? 'Products' : 'Categories'}</legend>
          {scope === 'products' && (
            <TextField
              label="Search products"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
          {loadError && <p className="notice notice--error">{loadError}</p>}
          <ul className="coupon-targets__list">
            {[...hidden, ...choices].map((choice) => (
              <li key={choice.id} className="field field--checkbox">
                <input
                  type="checkbox"
                  className="ui-checkbox"
                  id={`target-${choice.id}`}
                  checked={chosen.has(choice.id)}
                  onChange={(event) => toggle(choice.id, event.target.checked)}
                />
                <label htmlFor={`target-${choice.id}`}>{choice.label}</label>
              </li>
            ))}
            {choices.length === 0 && hidden.length === 0 && (
              <li className="coupon-targets__empty">
                {scope === 'products' ? 'No products match.' : 'This store has no categories yet.'}
              </li>
            )}
          </ul>
          <p className="coupon-targets__count" aria-live="polite">
            {`${targetIds.length} chosen`}
          </p>
          {error && (
            <p id={`${legendId}-error`} className="field__error">
              {error}
            </p>
          )}
        </fieldset>
      )}
    </>
  );
}

const categoryLabel = (categories: readonly Choice[], id: string) =>
  categories.find((c) => c.id === id)?.label ?? 'A product no longer listed';
