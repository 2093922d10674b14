import {
  type CsvApplyLine,
  type CsvImportReport,
  MAX_CSV_OPTION_COLUMNS,
  MIN_CSV_OPTION_COLUMNS,
  PRODUCT_CSV_COLUMNS,
} from '@atelier/contract';
import {
  type CsvRecord,
  catalogMessages,
  hasUnlimitedStockByType,
  isPricedOnProduct,
  isProductType,
  toCsvLine,
  unguardFormula,
} from '@atelier/core';
import type { ProductRow, VariantRow } from '../../db/db-types.ts';
import { AppError, fail } from '../../http/errors.ts';
import type { CatalogRepo, CatalogTransaction } from './catalog.repo.ts';
import { insertDraft } from './catalog-admin.service.ts';
import type { ProductCsvRepo } from './product-csv.repo.ts';
import {
  CATEGORY_SEPARATOR,
  type CsvSnapshot,
  categoryPaths,
  type ImportPlan,
  moneyText,
  type PlannedWrite,
  planImport,
  readHeader,
  TAG_SEPARATOR,
  TYPE_NAMES,
} from './product-csv-plan.ts';

// Products as CSV (issue 18): the export streams one row per variant, a page of products
// at a time; the import plans every row (product-csv-plan.ts) and, when asked to apply,
// writes the planned products in batches, one transaction each, reporting progress.

export type ProductCsv = ReturnType<typeof createProductCsv>;

/** Products read per export page and written per import transaction. */
const EXPORT_PAGE = 200;
const APPLY_BATCH = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createProductCsv({
  csvRepo,
  catalogRepo,
  currencyOf,
  onPublicChange = () => {},
}: {
  csvRepo: ProductCsvRepo;
  catalogRepo: CatalogRepo;
  currencyOf: (websiteId: string) => Promise<string>;
  onPublicChange?: (websiteId: string) => void;
}) {
  /** Every product of the website as CSV text, in pieces; the first holds the header. */
  async function* exportCsv(websiteId: string): AsyncGenerator<string> {
    const currency = await currencyOf(websiteId);
    const collections = await csvRepo.productCollections(websiteId);
    const paths = categoryPaths(await csvRepo.websiteCategories(websiteId));
    const optionCount = Math.min(
      MAX_CSV_OPTION_COLUMNS,
      Math.max(MIN_CSV_OPTION_COLUMNS, await csvRepo.maxOptionCount(websiteId)),
    );
    const collectionUrl = new Map(collections.map((c) => [c.collection_id, c.url_id]));
    const optionHeader = Array.from({ length: optionCount }, (_, i) => [
      `Option Name ${i + 1}`,
      `Option Value ${i + 1}`,
    ]).flat();
    const skuAt = PRODUCT_CSV_COLUMNS.indexOf('SKU') + 1;
    const header = [
      ...PRODUCT_CSV_COLUMNS.slice(0, skuAt),
      ...optionHeader,
      ...PRODUCT_CSV_COLUMNS.slice(skuAt),
    ];
    // A byte order mark, so spreadsheets open the file as UTF-8.
    yield `\uFEFF${toCsvLine(header)}`;

    let after: (ProductRow & { cursor_at: string }) | undefined;
    for (;;) {
      const products = await csvRepo.productPage(
        websiteId,
        after ? { at: after.cursor_at, productId: after.product_id } : null,
        EXPORT_PAGE,
      );
      if (products.length === 0) return;
      const ids = products.map((p) => p.product_id);
      const variants = groupBy(await csvRepo.variantsOf(websiteId, ids), (v) => v.product_id);
      const links = groupBy(await csvRepo.categoryLinksOf(websiteId, ids), (l) => l.product_id);
      let text = '';
      for (const product of products) {
        const categories = (links.get(product.product_id) ?? [])
          .map((link) => paths.get(link.category_id) ?? '')
          .filter((path) => path !== '')
          .sort();
        const productCells = [
          product.product_id,
          isProductType(product.product_type) ? TYPE_NAMES[product.product_type] : '',
          product.url_id,
          product.title,
          product.description,
          product.tags.join(TAG_SEPARATOR),
          categories.join(CATEGORY_SEPARATOR),
          product.is_visible ? 'yes' : 'no',
          collectionUrl.get(product.collection_id) ?? '',
        ];
        for (const variant of variants.get(product.product_id) ?? []) {
          text += toCsvLine([
            ...productCells,
            variant.sku,
            ...optionCells(variant, optionCount),
            ...variantCells(product, variant, currency),
          ]);
        }
      }
      yield text;
      after = products.at(-1);
    }
  }

  /** The file's rows with what each would do; nothing is written. */
  async function plan(websiteId: string, records: readonly CsvRecord[]): Promise<ImportPlan> {
    const [headerRecord, ...rows] = records;
    if (!headerRecord) throw fail('CSV_INVALID', 'The file is empty.');
    const header = readHeader(headerRecord.cells);
    const snapshot = await snapshotOf(websiteId, header, rows);
    return planImport({ header, records: rows, snapshot });
  }

  /** Reads what the file's rows name: their SKUs' and ids' products, url ids, categories. */
  async function snapshotOf(
    websiteId: string,
    header: ReturnType<typeof readHeader>,
    rows: readonly CsvRecord[],
  ): Promise<CsvSnapshot> {
    const column = (name: 'productId' | 'sku' | 'url') => {
      const index = header.columns.get(name);
      if (index === undefined) return [];
      const values = rows.map((r) => unguardFormula(r.cells[index] ?? '').trim());
      return [...new Set(values.filter((v) => v !== ''))];
    };
    const skus = column('sku');
    const currency = await currencyOf(websiteId);
    const collections = await csvRepo.productCollections(websiteId);
    const categories = await csvRepo.websiteCategories(websiteId);
    const productCounts = await csvRepo.productCountsByCollection(websiteId);
    const skuVariants = await csvRepo.variantsBySku(websiteId, skus);
    const urlRows = await csvRepo.urlOwners(websiteId, column('url'));
    const productIds = [
      ...new Set([
        ...column('productId').filter((id) => UUID.test(id)),
        ...skuVariants.map((v) => v.product_id),
      ]),
    ];
    const products = await csvRepo.productsById(websiteId, productIds);
    const variants = await csvRepo.variantsOf(websiteId, productIds);
    const links = await csvRepo.categoryLinksOf(websiteId, productIds);
    return {
      currency,
      collections,
      categories,
      products: new Map(products.map((p) => [p.product_id, p])),
      variants: groupBy(variants, (v) => v.product_id),
      variantBySku: new Map(skuVariants.map((v) => [v.sku, v])),
      categoryIds: new Map(
        [...groupBy(links, (l) => l.product_id)].map(([id, list]) => [
          id,
          list.map((l) => l.category_id),
        ]),
      ),
      productCounts,
      urlOwners: new Map(urlRows.map((r) => [r.url_id, r.product_id])),
    };
  }

  /**
   * Writes a plan's products, APPLY_BATCH per transaction, telling `report` after each
   * batch. A batch that fails (a SKU or URL taken meanwhile) is rolled back whole and ends
   * the import; earlier batches stay, and importing the file again finds them unchanged.
   */
  async function apply(
    websiteId: string,
    { report, writes }: ImportPlan,
    send: (line: CsvApplyLine) => void,
  ): Promise<void> {
    let saved = 0;
    try {
      send({ type: 'progress', done: 0, total: writes.length });
      for (let at = 0; at < writes.length; at += APPLY_BATCH) {
        const batch = writes.slice(at, at + APPLY_BATCH);
        await catalogRepo.withTransaction(async (tx) => {
          for (const write of batch) await applyWrite(tx, websiteId, write);
        });
        saved += batch.length;
        send({ type: 'progress', done: saved, total: writes.length });
      }
      const done: CsvImportReport = { ...report, applied: true };
      send({ type: 'done', report: done });
    } catch (error) {
      send({ type: 'failed', error: failureMessage(error), savedProducts: saved });
      if (!(error instanceof AppError)) throw error;
    } finally {
      if (writes.length > 0) onPublicChange(websiteId);
    }
  }

  return { exportCsv, plan, apply };
}

async function applyWrite(tx: CatalogTransaction, websiteId: string, write: PlannedWrite) {
  if (write.kind === 'create') {
    await insertDraft({
      tx,
      websiteId,
      collectionId: write.collectionId,
      draft: write.draft,
      // The file carries no search texts, schedule, parcel size or file to deliver.
      details: {},
    });
    return;
  }
  const row = await tx.lockProduct(websiteId, write.productId);
  if (!row) throw fail('PRODUCT_NOT_FOUND', 'A product of the file was deleted meanwhile');
  const urlId = write.product.url_id;
  if (urlId !== undefined && (await tx.listTakenUrlIds(websiteId, urlId)).includes(urlId)) {
    throw fail('URL_TAKEN', catalogMessages.urlTaken(urlId));
  }
  const fields = write.priceFields;
  // Every merchant edit is a new version, so an editor open on the product is told.
  if (Object.keys(write.product).length > 0 || fields || write.variants.length > 0) {
    await tx.updateProduct(websiteId, write.productId, {
      ...write.product,
      ...(fields && {
        price_cents: fields.priceCents,
        sale_price_cents: fields.salePriceCents,
        is_on_sale: fields.isOnSale,
      }),
    });
  }
  for (const variant of write.variants) {
    await tx.updateVariant(websiteId, variant.id, {
      price_cents: variant.priceCents,
      sale_price_cents: variant.salePriceCents,
      is_on_sale: variant.isOnSale,
      qty_in_stock: variant.qtyInStock,
      is_unlimited: variant.isUnlimited,
    });
  }
  if (write.categoryIds) {
    await tx.replaceProductCategories(websiteId, write.productId, write.categoryIds);
  }
}

function failureMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return 'The import stopped on a server error; the products saved before it are kept.';
}

function optionCells(variant: VariantRow, count: number): string[] {
  const cells: string[] = [];
  for (let i = 0; i < count; i++) {
    const option = variant.option_values[i];
    cells.push(option?.optionName ?? '', option?.value ?? '');
  }
  return cells;
}

/** Price, Sale Price, On Sale, Stock, Unlimited. */
function variantCells(product: ProductRow, variant: VariantRow, currency: string): string[] {
  const type = isProductType(product.product_type) ? product.product_type : undefined;
  const isOnProduct = type !== undefined && isPricedOnProduct(type);
  const price = isOnProduct ? (product.price_cents ?? 0) : variant.price_cents;
  const sale = isOnProduct ? (product.sale_price_cents ?? 0) : variant.sale_price_cents;
  const isOnSale = isOnProduct ? product.is_on_sale : variant.is_on_sale;
  const isUnlimited = (type !== undefined && hasUnlimitedStockByType(type)) || variant.is_unlimited;
  return [
    moneyText(price, currency),
    moneyText(sale, currency),
    isOnSale ? 'yes' : 'no',
    isUnlimited ? '' : String(variant.qty_in_stock),
    isUnlimited ? 'yes' : 'no',
  ];
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(keyOf(item));
    if (list) list.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}
