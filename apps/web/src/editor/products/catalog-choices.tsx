import type { CategoryTreeItem, CollectionSummary } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import { Button, Dialog, Select, useToast } from '../ui/index.ts';
import { pathName, treeRows } from './category-tree.ts';

// The Products screen's category and tag choices (its filters and the bulk "Add to
// category"), kept out of ProductsScreen.tsx: every store page's categories, read once
// when the screen opens, and the website's tags.

export type CategoryChoices = {
  /** Each store page with its categories in tree order, named with their ancestors. */
  pages: { collection: CollectionSummary; categories: { id: string; label: string }[] }[];
  tags: string[];
};

export function useCatalogChoices(): CategoryChoices {
  const [choices, setChoices] = useState<CategoryChoices>({ pages: [], tags: [] });
  useEffect(() => {
    let isCurrent = true;
    const load = async () => {
      const [{ collections }, { tags }] = await Promise.all([api.collections(), api.productTags()]);
      const trees = await Promise.all(
        collections.map(async (collection) => ({
          collection,
          all: (await api.categories(collection.id)).categories,
        })),
      );
      if (!isCurrent) return;
      setChoices({
        pages: trees.map(({ collection, all }) => ({ collection, categories: labelled(all) })),
        tags: tags.map((tag) => tag.name),
      });
    };
    // The filters still work without them (the selects offer "Any"); the list says why not.
    load().catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, []);
  return choices;
}

const labelled = (all: readonly CategoryTreeItem[]) =>
  treeRows(all).map((row) => ({ id: row.id, label: pathName(all, row.id) }));

/** The category options, grouped by store page when there are several. */
export function CategoryOptions({ pages }: Pick<CategoryChoices, 'pages'>) {
  if (pages.length === 1) {
    return (
      <>
        {pages[0]?.categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </>
    );
  }
  return (
    <>
      {pages
        .filter((page) => page.categories.length > 0)
        .map((page) => (
          <optgroup key={page.collection.id} label={page.collection.title}>
            {page.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </optgroup>
        ))}
    </>
  );
}

/** The bulk "Add to category" dialog: the selected products join one category. */
export function AddToCategoryDialog({
  open,
  onOpenChange,
  productIds,
  pages,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productIds: string[];
  pages: CategoryChoices['pages'];
  onDone: () => void;
}) {
  const toast = useToast();
  const [categoryId, setCategoryId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening starts clean
  useEffect(() => {
    setError(undefined);
    setCategoryId('');
  }, [open]);
  const count = productIds.length;
  const label = pages.flatMap((p) => p.categories).find((c) => c.id === categoryId)?.label;

  async function add() {
    setIsBusy(true);
    setError(undefined);
    try {
      const { changed } = await api.addProductsToCategory(productIds, categoryId);
      toast(
        `${changed} ${changed === 1 ? 'product' : 'products'} added to ${label ?? 'the category'}.`,
      );
      onOpenChange(false);
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong);
    } finally {
      setIsBusy(false);
    }
  }

  const hasCategories = pages.some((p) => p.categories.length > 0);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={count === 1 ? 'Add 1 product to a category' : `Add ${count} products to a category`}
      description="The products keep the categories they are in already."
      size="sm"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button variant="primary" disabled={isBusy || !categoryId} onClick={() => void add()}>
            Add
          </Button>
        </>
      }
    >
      <Select
        label="Category"
        value={categoryId}
        error={error}
        hint={hasCategories ? undefined : 'Make categories on the Categories screen first.'}
        onChange={(event) => setCategoryId(event.target.value)}
      >
        <option value="">Choose a category</option>
        <CategoryOptions pages={pages} />
      </Select>
    </Dialog>
  );
}
