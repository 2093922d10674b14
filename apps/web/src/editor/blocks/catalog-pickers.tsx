import type { NavigationLink, ProductList, SiteLayout } from '@atelier/contract';
import { useEffect, useId, useState } from 'react';
import { ApiError, api } from '../api/client.ts';

// Editor-only: the product and summary blocks pick their collection and product from what
// the website has, instead of typed URL ids. The stored block keeps the URL ids.

export type Choice = { value: string; label: string };

/** Every collection (shop, blog) of the site's navigations, by URL id, once each. */
export function collectionChoices(layout: SiteLayout): Choice[] {
  const found = new Map<string, string>();
  const walk = (links: readonly NavigationLink[]) => {
    for (const link of links) {
      if (link.kind === 'collection') {
        const urlId = link.fullUrl.replace(/^\/+|\/+$/g, '');
        if (urlId && !found.has(urlId)) found.set(urlId, link.title || urlId);
      }
      walk(link.children);
    }
  };
  for (const navigation of layout.layout) walk(navigation.links);
  return [...found].map(([value, label]) => ({ value, label }));
}

/** The collection's products by URL id, named by their titles. */
export function productChoices(list: ProductList): Choice[] {
  return list.products.map((product) => ({ value: product.urlId, label: product.title }));
}

/**
 * The options of a select: the loaded choices, and the stored value too when it is not among
 * them (a product since removed, or a list that failed to load), so it is never silently lost.
 */
export function withCurrent(choices: readonly Choice[], current: string): Choice[] {
  if (!current || choices.some((c) => c.value === current)) return [...choices];
  return [{ value: current, label: `${current} (not found)` }, ...choices];
}

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; choices: Choice[] }
  | { state: 'failed'; message: string };

function useChoices(load: (() => Promise<Choice[]>) | null, key: string): Load {
  const [result, setResult] = useState<Load>({ state: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` reads
  useEffect(() => {
    if (!load) {
      setResult({ state: 'loaded', choices: [] });
      return;
    }
    let isCurrent = true;
    setResult({ state: 'loading' });
    load().then(
      (choices) => isCurrent && setResult({ state: 'loaded', choices }),
      (error: unknown) =>
        isCurrent &&
        setResult({
          state: 'failed',
          message:
            error instanceof ApiError && error.status === 404
              ? 'This collection has no products.'
              : 'Unable to load the list. Try again later.',
        }),
    );
    return () => {
      isCurrent = false;
    };
  }, [key]);
  return result;
}

export function PickerSelect({
  label,
  value,
  placeholder,
  load,
  onChange,
  error,
}: {
  label: string;
  value: string;
  placeholder: string;
  load: Load;
  onChange: (value: string) => void;
  /** What is wrong with the choice, shown under the field and announced. */
  error?: string | undefined;
}) {
  const id = useId();
  const choices = withCurrent(load.state === 'loaded' ? load.choices : [], value);
  const hint =
    load.state === 'loading'
      ? 'Loading…'
      : load.state === 'failed'
        ? load.message
        : load.choices.length === 0
          ? `No ${label.toLowerCase()} options yet.`
          : null;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-describedby={
          [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
          undefined
        }
        aria-invalid={error ? true : undefined}
        aria-busy={load.state === 'loading' ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p
          className="field__hint"
          id={`${id}-hint`}
          role={load.state === 'failed' ? 'alert' : undefined}
        >
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The site's collections, from the navigation the Pages panel edits. */
export function CollectionPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (urlId: string) => void;
}) {
  const load = useChoices(async () => collectionChoices(await api.siteLayout()), 'collections');
  return (
    <PickerSelect
      label="Collection"
      placeholder="Choose a collection"
      value={value}
      load={load}
      onChange={onChange}
    />
  );
}

/** The products a visitor sees in the chosen store collection. */
export function ProductPicker({
  collectionUrlId,
  value,
  onChange,
}: {
  collectionUrlId: string;
  value: string;
  onChange: (urlId: string) => void;
}) {
  const load = useChoices(
    collectionUrlId
      ? async () => productChoices(await api.collectionProducts(collectionUrlId))
      : null,
    collectionUrlId,
  );
  return (
    <PickerSelect
      label="Product"
      placeholder={collectionUrlId ? 'Choose a product' : 'Choose a collection first'}
      value={value}
      load={load}
      onChange={onChange}
    />
  );
}
