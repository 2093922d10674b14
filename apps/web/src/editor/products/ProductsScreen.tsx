import type { ProductSummary } from '@atelier/contract';
import {
  editorMessages,
  formatMoney,
  isCurrencyCode,
  isProductType,
  ProductType,
} from '@atelier/core';
import { useEffect, useId, useState } from 'react';
import { ApiError, api, productCsvUrls } from '../api/client.ts';
import {
  AppLink,
  Badge,
  BulkActions,
  Button,
  buttonClass,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  Dialog,
  EmptyState,
  FilterSelect,
  LIST_PAGE_SIZES,
  ListToolbar,
  NoMatches,
  Select,
  Skeleton,
  useToast,
} from '../ui/index.ts';
import { CsvImportDialog } from './CsvImportDialog.tsx';
import { AddToCategoryDialog, CategoryOptions, useCatalogChoices } from './catalog-choices.tsx';
import {
  hasFilters,
  NO_FILTERS,
  PRODUCT_TYPE_LABELS,
  type ProductFilters,
  STOCK_LABELS,
  withFilter,
} from './product-list-state.ts';
import './products.css';
import { useProductList } from './use-product-list.ts';

/** The visibility filter's choices. */
const VISIBILITY_LABELS = { visible: 'Visible', hidden: 'Hidden' } as const;

const updatedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function priceText(product: ProductSummary): string {
  if (product.priceCents === null || !isCurrencyCode(product.currency)) return '—';
  return formatMoney({ minorUnits: product.priceCents, currency: product.currency });
}

const columnsFor = (onOpen: (productId: string) => void): DataColumn<ProductSummary>[] => [
  {
    key: 'thumbnail',
    header: 'Image',
    className: 'products__thumb-cell',
    // Decorative beside the name, which the row header already reads.
    cell: (product) =>
      product.thumbnail ? (
        <img
          className="products__thumb"
          src={product.thumbnail.src}
          alt=""
          width={40}
          height={40}
          loading="lazy"
        />
      ) : (
        <span className="products__thumb products__thumb--none" />
      ),
  },
  {
    key: 'title',
    header: 'Name',
    isRowHeader: true,
    isSortable: true,
    cell: (product) => (
      <span className="products__name">
        <AppLink
          className="products__title"
          href={`/config/products/${product.id}`}
          onOpen={() => onOpen(product.id)}
        >
          {product.title}
        </AppLink>
        <code className="products__url">{`/${product.collectionUrlId}/p/${product.urlId}`}</code>
      </span>
    ),
  },
  {
    key: 'type',
    header: 'Type',
    className: 'products__type products__wide-only',
    cell: (product) => PRODUCT_TYPE_LABELS[product.productType],
  },
  {
    key: 'price',
    header: 'Price',
    isSortable: true,
    className: 'products__number',
    cell: priceText,
  },
  {
    key: 'stock',
    header: 'Stock',
    isSortable: true,
    cell: (product) => (
      <span className="products__stock">
        <Badge tone={STOCK_LABELS[product.stockState].tone}>
          {STOCK_LABELS[product.stockState].label}
        </Badge>
        <span className="products__stock-count">
          {product.totalStock === null ? 'Unlimited' : product.totalStock.toLocaleString('en-US')}
        </span>
      </span>
    ),
  },
  {
    key: 'visibility',
    header: 'Visibility',
    className: 'products__wide-only',
    cell: (product) =>
      product.isVisible ? <Badge tone="accent">Visible</Badge> : <Badge>Hidden</Badge>,
  },
  {
    key: 'updated',
    header: 'Updated',
    isSortable: true,
    className: 'products__wide-only',
    cell: (product) => (
      <time dateTime={product.updatedAt}>{updatedFormat.format(new Date(product.updatedAt))}</time>
    ),
  },
];

/**
 * The merchant's products (issue 18): search by name or SKU, filter by type, stock state
 * and visibility, sort and page, all done by the server (the staff API integrations use),
 * so 5,000 products answer as fast as 50. A name opens the product editor; Add product
 * asks for the type first, as the type decides the editor's fields.
 */
export function ProductsScreen({
  onOpen,
  onAdd,
}: {
  onOpen: (productId: string) => void;
  onAdd: (type: ProductType) => void;
}) {
  const id = useId();
  const [isChoosingType, setIsChoosingType] = useState(false);
  const [newType, setNewType] = useState<ProductType>(ProductType.physical);
  const columns = columnsFor(onOpen);
  const { state, setState, searchText, setSearchText, answer, isLoading, error, queryKey, reload } =
    useProductList();
  // The rows ticked for a bulk action; a new query starts with none.
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isAddingToCategory, setIsAddingToCategory] = useState(false);
  const choices = useCatalogChoices();
  const [isBulkBusy, setIsBulkBusy] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  const toast = useToast();
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the query changes
  useEffect(() => setSelected(new Set()), [queryKey]);

  const filter = (change: Partial<ProductFilters>) =>
    setState((current) => withFilter(current, change));
  const clearFilters = () => {
    setSearchText('');
    setState((current) => ({ ...current, ...NO_FILTERS, page: 1 }));
  };
  const isFiltered = hasFilters({ ...state, q: searchText });

  const selectedProducts = (answer?.products ?? []).filter((p) => selected.has(p.id));
  async function runBulk(action: 'publish' | 'hide' | 'delete') {
    setIsBulkBusy(true);
    try {
      const { changed } = await api.bulkProducts(action, [...selected]);
      const done = { publish: 'published', hide: 'hidden', delete: 'deleted' }[action];
      toast(`${changed} ${changed === 1 ? 'product' : 'products'} ${done}.`);
      setIsConfirmingDelete(false);
      reload();
    } catch (failure) {
      toast(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong, {
        tone: 'error',
      });
    } finally {
      setIsBulkBusy(false);
    }
  }

  let body: React.ReactNode;
  if (answer === null || (answer.total === 0 && isLoading)) {
    // Nothing to show yet, or an empty answer about to be replaced (Clear filters).
    body = error ? null : <Skeleton lines={6} label="Loading products…" />;
  } else if (answer.total === 0) {
    body = isFiltered ? (
      <NoMatches title="No products match" onClear={clearFilters}>
        Try another name or SKU, or clear the filters to see every product.
      </NoMatches>
    ) : (
      <EmptyState
        title="No products yet"
        action={
          <Button variant="primary" onClick={() => setIsChoosingType(true)}>
            Add product
          </Button>
        }
      >
        Products added to the store appear here, with their prices and stock.
      </EmptyState>
    );
  } else {
    body = (
      <>
        {selected.size > 0 ? (
          <BulkActions label="Selected products" count={selected.size}>
            <Button size="sm" disabled={isBulkBusy} onClick={() => void runBulk('publish')}>
              Publish
            </Button>
            <Button size="sm" disabled={isBulkBusy} onClick={() => void runBulk('hide')}>
              Hide
            </Button>
            <Button size="sm" disabled={isBulkBusy} onClick={() => setIsAddingToCategory(true)}>
              Add to category…
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={isBulkBusy}
              onClick={() => setIsConfirmingDelete(true)}
            >
              Delete…
            </Button>
          </BulkActions>
        ) : null}
        <DataTable
          caption="Products"
          isCaptionHidden
          rows={answer.products}
          columns={columns}
          rowKey={(product) => product.id}
          rowLabel={(product) => product.title}
          pageSizes={LIST_PAGE_SIZES}
          isBusy={isLoading}
          selection={{ selected, onChange: setSelected }}
          server={{
            sort: state.sort,
            page: state.page,
            pageSize: state.pageSize,
            total: answer.total,
            onChange: (next) => setState((current) => ({ ...current, ...next })),
          }}
        />
      </>
    );
  }

  return (
    <div className="screen products-screen">
      <div className="screen-header">
        <div>
          <h1 id={`${id}-heading`}>Products</h1>
          <p className="screen-header__lead">
            Find a product by its name or SKU, and see its price, stock and visibility.
          </p>
        </div>
        <div className="products__actions">
          <a className={buttonClass()} href={productCsvUrls.export()} download>
            Export CSV
          </a>
          <Button onClick={() => setIsImporting(true)}>Import CSV</Button>
          <Button variant="primary" onClick={() => setIsChoosingType(true)}>
            Add product
          </Button>
        </div>
      </div>
      <CsvImportDialog open={isImporting} onOpenChange={setIsImporting} onImported={reload} />
      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={setIsConfirmingDelete}
        title={selected.size === 1 ? 'Delete 1 product?' : `Delete ${selected.size} products?`}
        description={`${selectedProducts
          .slice(0, 5)
          .map((p) => p.title)
          .join(
            ', ',
          )}${selectedProducts.length > 5 ? ', …' : ''} will be deleted with their variants and images. Orders already placed keep their lines.`}
        confirmLabel="Delete"
        isBusy={isBulkBusy}
        onConfirm={() => void runBulk('delete')}
      />
      <AddToCategoryDialog
        open={isAddingToCategory}
        onOpenChange={setIsAddingToCategory}
        productIds={[...selected]}
        pages={choices.pages}
        onDone={reload}
      />
      <Dialog
        open={isChoosingType}
        onOpenChange={setIsChoosingType}
        title="Add a product"
        description="The type decides what the product page offers: physical goods have stock and shipping, digital ones a file."
        size="sm"
        footer={
          <>
            <Button onClick={() => setIsChoosingType(false)}>Cancel</Button>
            <Button
              variant="primary"
              onClick={() => {
                setIsChoosingType(false);
                onAdd(newType);
              }}
            >
              Continue
            </Button>
          </>
        }
      >
        <Select
          label="Product type"
          value={String(newType)}
          onChange={(event) => {
            const type = Number(event.target.value);
            if (isProductType(type)) setNewType(type);
          }}
        >
          {Object.entries(PRODUCT_TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Dialog>
      <Card as="div">
        <ListToolbar
          className="products__filters"
          label="Find products"
          placeholder="Name or SKU"
          searchText={searchText}
          onSearchText={setSearchText}
          filters={
            <>
              <FilterSelect
                label="Type"
                anyLabel="All types"
                value={state.type}
                options={PRODUCT_TYPE_LABELS}
                onChange={(type) => filter({ type: type as ProductFilters['type'] })}
              />
              <FilterSelect
                label="Stock"
                anyLabel="Any stock"
                value={state.stock}
                options={STOCK_LABELS}
                onChange={(stock) => filter({ stock: stock as ProductFilters['stock'] })}
              />
              <FilterSelect
                label="Visibility"
                anyLabel="Any visibility"
                value={state.visibility}
                options={VISIBILITY_LABELS}
                onChange={(visibility) =>
                  filter({ visibility: visibility as ProductFilters['visibility'] })
                }
              />
              <FilterSelect
                label="Category"
                anyLabel="Any category"
                value={state.category}
                onChange={(category) => filter({ category })}
              >
                <CategoryOptions pages={choices.pages} />
              </FilterSelect>
              <FilterSelect
                label="Tag"
                anyLabel="Any tag"
                value={state.tag}
                options={Object.fromEntries(choices.tags.map((tag) => [tag, tag]))}
                onChange={(tag) => filter({ tag })}
              />
            </>
          }
          total={answer?.total ?? null}
          noun={['product', 'products']}
          onClearFilters={isFiltered ? clearFilters : undefined}
          error={error}
          onRetry={reload}
        />
        {body}
      </Card>
    </div>
  );
}
