import type { ProductAdminList } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import {
  INITIAL_STATE,
  type ProductListState,
  toListQuery,
  withFilter,
} from './product-list-state.ts';

/** Long enough that typing a word sends one request, short enough to feel immediate. */
export const SEARCH_DELAY_MS = 250;

/**
 * A page of the merchant's product list, as the Products and Inventory screens show it:
 * the list state (filters, sort, page), the search text sent once typing pauses, and the
 * server's answer. An answer to an older query (slow network, fast typing) never replaces
 * a newer one; `reload` reads the same query again (after a change).
 */
export function useProductList() {
  const [state, setState] = useState<ProductListState>(INITIAL_STATE);
  const [searchText, setSearchText] = useState('');
  const [answer, setAnswer] = useState<ProductAdminList | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      setState((current) =>
        current.q === searchText ? current : withFilter(current, { q: searchText }),
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const query = toListQuery(state);
  const queryKey = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: queryKey stands for query; version re-reads it
  useEffect(() => {
    let isCurrent = true;
    setIsLoading(true);
    setError(null);
    api
      .products(query)
      .then((list) => {
        if (isCurrent) setAnswer(list);
      })
      .catch((failure: unknown) => {
        if (!isCurrent) return;
        setError(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong);
      })
      .finally(() => {
        if (isCurrent) setIsLoading(false);
      });
    return () => {
      isCurrent = false;
    };
  }, [queryKey, version]);

  return {
    state,
    setState,
    searchText,
    setSearchText,
    answer,
    isLoading,
    error,
    /** The query behind the answer: a new one means a new page of rows. */
    queryKey,
    reload: () => setVersion((n) => n + 1),
  };
}
