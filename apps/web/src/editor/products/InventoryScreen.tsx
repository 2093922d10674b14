import type { CatalogProduct, ProductSummary, Variant } from '@atelier/contract';
import { formatMoney, isCurrencyCode } from '@atelier/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError, api, errorText } from '../api/client.ts';
import {
  Badge,
  Button,
  Card,
  type DataColumn,
  DataTable,
  EmptyState,
  Skeleton,
  TextField,
  useToast,
} from '../ui/index.ts';
import { STOCK_LABELS } from './product-list-state.ts';
import './inventory.css';
import { InventorySettingsButton } from './InventorySettings.tsx';
import { useProductList } from './use-product-list.ts';

// The inventory panel (SPEC §2, issue 18): search, sort by name, stock or price, a row
// opened into its variants, the next page; each variant's stock set (refused if it changed
// since it was read, so a sale or a colleague is never undone) or a received quantity
// added to whatever it is when the change lands.

const PAGE_SIZES = [10, 25, 50, 100] as const;

const priceText = (product: ProductSummary) =>
  product.priceCents === null || !isCurrencyCode(product.currency)
    ? '—'
    : formatMoney({ minorUnits: product.priceCents, currency: product.currency });

/** A variant named by its options ("Sand / M"), or its SKU when it has none. */
export const variantName = (variant: Variant): string =>
  variant.optionValues.length > 0
    ? variant.optionValues.map((option) => option.value).join(' / ')
    : variant.sku;

export function InventoryScreen() {
  const { state, setState, searchText, setSearchText, answer, isLoading, error, reload } =
    useProductList();
  const [open, setOpen] = useState<Set<string>>(new Set());

  function toggle(productId: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(productId)) next.delete(productId);
      else next.add(productId);
      return next;
    });
  }

  const columns: DataColumn<ProductSummary>[] = [
    {
      key: 'title',
      header: 'Name',
      isRowHeader: true,
      isSortable: true,
      cell: (product) => product.title,
    },
    {
      key: 'stock',
      header: 'Stock',
      isSortable: true,
      cell: (product) => (
        <span className="inventory__stock">
          <Badge tone={STOCK_LABELS[product.stockState].tone}>
            {STOCK_LABELS[product.stockState].label}
          </Badge>
          {product.totalStock === null ? 'Unlimited' : product.totalStock}
        </span>
      ),
    },
    {
      key: 'price',
      header: 'Price',
      isSortable: true,
      className: 'inventory__price',
      cell: priceText,
    },
    {
      key: 'variants',
      header: 'Variants',
      cell: (product) => (
        <Button
          size="sm"
          aria-expanded={open.has(product.id)}
          aria-label={
            open.has(product.id)
              ? `Hide the variants of ${product.title}`
              : `Show ${product.variantCount} ${product.variantCount === 1 ? 'variant' : 'variants'} of ${product.title}`
          }
          onClick={() => toggle(product.id)}
        >
          {open.has(product.id) ? 'Hide' : `Show ${product.variantCount}`}
        </Button>
      ),
    },
  ];

  return (
    <div className="screen inventory">
      <div className="screen-header">
        <div>
          <h1>Inventory</h1>
          <p className="screen-header__lead">
            Count stock where it changes: set what is on the shelf, or add a delivery as it arrives
            (a negative number takes stock away). A sale made meanwhile is never undone.
          </p>
        </div>
        <InventorySettingsButton />
      </div>
      <Card>
        <TextField
          className="inventory__search"
          label="Search"
          type="search"
          placeholder="Name or SKU"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        {error ? (
          <EmptyState
            title="The inventory could not be loaded"
            action={<Button onClick={() => reload()}>Try again</Button>}
          >
            {error}
          </EmptyState>
        ) : answer === null ? (
          <Skeleton lines={6} label="Loading the inventory…" />
        ) : (
          <DataTable
            caption="Inventory"
            isCaptionHidden
            rows={answer.products}
            columns={columns}
            rowKey={(product) => product.id}
            rowLabel={(product) => product.title}
            pageSizes={PAGE_SIZES}
            isBusy={isLoading}
            emptyText="No product matches the search."
            server={{
              sort: state.sort,
              page: state.page,
              pageSize: state.pageSize,
              total: answer.total,
              onChange: (next) => setState((current) => ({ ...current, ...next })),
            }}
            expanded={{
              keys: open,
              render: (product) => (
                <VariantStock productId={product.id} onChanged={() => reload()} />
              ),
            }}
          />
        )}
      </Card>
    </div>
  );
}

/** A product's variants with their stock, each set or added to in place. */
function VariantStock({ productId, onChanged }: { productId: string; onChanged: () => void }) {
  const [product, setProduct] = useState<CatalogProduct | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .product(productId)
      .then(setProduct)
      .catch((failure: unknown) => setError(errorText(failure)));
  }, [productId]);

  if (error) return <p className="notice notice--error">{error}</p>;
  if (!product) return <Skeleton lines={2} label="Loading variants…" />;
  return (
    <ul className="inventory__variants" aria-label={`Variants of ${product.title}`}>
      {product.variants.map((variant) => (
        <VariantRow
          key={variant.id}
          productId={product.id}
          variant={variant}
          onSaved={(updated) => {
            setProduct(updated);
            onChanged();
          }}
          onStale={(updated) => setProduct(updated)}
        />
      ))}
    </ul>
  );
}

function VariantRow({
  productId,
  variant,
  onSaved,
  onStale,
}: {
  productId: string;
  variant: Variant;
  onSaved: (product: CatalogProduct) => void;
  onStale: (product: CatalogProduct) => void;
}) {
  const id = useId();
  const toast = useToast();
  const name = variantName(variant);
  const [setTo, setSetTo] = useState(String(variant.qtyInStock));
  const [received, setReceived] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  // The stock shown is the stock a Set is based on: a fresh read resets the field.
  useEffect(() => setSetTo(String(variant.qtyInStock)), [variant.qtyInStock]);

  async function save(change: Parameters<typeof api.updateStock>[2], done: string) {
    setIsBusy(true);
    setMessage(null);
    try {
      const updated = await api.updateStock(productId, variant.id, change);
      setReceived('');
      toast(done);
      onSaved(updated);
    } catch (failure) {
      setMessage(errorText(failure));
      // Someone else changed it: show what it is now, so the next Set is based on that.
      if (failure instanceof ApiError && failure.status === 409) {
        onStale(await api.product(productId));
      }
    } finally {
      setIsBusy(false);
    }
  }

  const heading = (
    <div className="inventory__variant-head">
      <span className="inventory__variant-name">{name}</span>
      <span className="inventory__variant-sku">{variant.sku}</span>
      <span className="inventory__variant-qty">
        {variant.isUnlimited ? 'Unlimited' : `${variant.qtyInStock} in stock`}
      </span>
    </div>
  );
  if (variant.isUnlimited) return <li className="inventory__variant">{heading}</li>;
  return (
    <li className="inventory__variant">
      {/* The variant names the two fields for a screen reader: "S / Sand, Set to". */}
      <fieldset className="inventory__fields">
        <legend className="visually-hidden">{name}</legend>
        {heading}
        <form
          className="inventory__form"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void save(
              { qtyInStock: Number(setTo), expectedQtyInStock: variant.qtyInStock },
              `${name}: stock set to ${setTo}.`,
            );
          }}
        >
          <TextField
            id={`${id}-set`}
            label="Set to"
            type="number"
            min={0}
            step={1}
            required
            value={setTo}
            onChange={(event) => setSetTo(event.target.value)}
          />
          <Button type="submit" size="sm" disabled={isBusy}>
            Set
          </Button>
        </form>
        <form
          className="inventory__form"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            const count = Number(received);
            void save(
              { adjustBy: count },
              `${name}: ${count >= 0 ? 'added' : 'removed'} ${Math.abs(count)}.`,
            );
          }}
        >
          <TextField
            id={`${id}-add`}
            label="Received"
            type="number"
            step={1}
            required
            value={received}
            onChange={(event) => setReceived(event.target.value)}
          />
          <Button type="submit" size="sm" disabled={isBusy || received === ''}>
            Add
          </Button>
        </form>
      </fieldset>
      <p className={message ? 'notice notice--error' : 'notice'} role="status">
        {message ?? ''}
      </p>
    </li>
  );
}
