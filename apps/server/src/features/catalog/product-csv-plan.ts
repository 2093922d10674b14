import {
  type CsvImportReport,
  type CsvRowResult,
  MAX_CSV_OPTION_COLUMNS,
  type PRODUCT_CSV_COLUMNS,
  type ProductCreate,
  type ProductUpdate,
  productCreateSchema,
  productUpdateSchema,
  urlIdSchema,
} from '@atelier/contract';
import {
  type CsvRecord,
  catalogMessages,
  hasUnlimitedStockByType,
  isPricedOnProduct,
  isProductType,
  MAX_PRODUCTS_PER_COLLECTION,
  productCsvMessages as m,
  ProductType,
  parseMoney,
  productMessages,
  toDecimalString,
  unguardFormula,
} from '@atelier/core';
import type { z } from 'zod';
import type {
  CategoryRow,
  CollectionRow,
  OptionValue,
  ProductRow,
  VariantRow,
} from '../../db/db-types.ts';
import { AppError, fail } from '../../http/errors.ts';
import { sanitizeRichText } from '../editor/rich-text-sanitize.ts';
import {
  type DraftProductFields,
  draftNewProduct,
  draftProductChanges,
  type ProductDraft,
} from './product-input.ts';

/** A variant's values after an import row, written only when they differ. */
export type VariantChange = {
  id: string;
  priceCents: number;
  salePriceCents: number;
  isOnSale: boolean;
  qtyInStock: number;
  isUnlimited: boolean;
};

// The product CSV import's plan (issue 18): from the file's rows and a snapshot of the
// products they name, what each row would do (create, update, unchanged, refused, and
// why), and the writes that do it. Nothing here does I/O, so a preview and an apply plan
// the same way; the apply re-plans on fresh data and then writes (product-csv.ts).
//
// Rules, in the merchant's words (docs/ARCHITECTURE.md, "Products as CSV"):
// - A row is a variant. Rows are grouped into products by Product ID; a row without one
//   whose SKU exists belongs to that SKU's product; other rows make new products, grouped
//   by Product URL, or by Title when the URL is empty.
// - Product columns may repeat on every row of a product or be left empty after its first.
// - Description, Tags and Categories are written as they are (empty clears them); any
//   other empty cell keeps what the product has (or the default, for a new product). A
//   column missing from the header changes nothing.
// - A product is saved whole: one refused row refuses every row of its product.
// - New variants of existing products, option changes, type and collection changes are
//   refused with the reason; they belong to the product editor.

export type ColumnKey =
  | 'productId'
  | 'type'
  | 'url'
  | 'title'
  | 'description'
  | 'tags'
  | 'categories'
  | 'visible'
  | 'collection'
  | 'sku'
  | 'price'
  | 'salePrice'
  | 'onSale'
  | 'stock'
  | 'unlimited';

const COLUMN_KEYS: Record<(typeof PRODUCT_CSV_COLUMNS)[number], ColumnKey> = {
  'Product ID': 'productId',
  'Product Type': 'type',
  'Product URL': 'url',
  Title: 'title',
  Description: 'description',
  Tags: 'tags',
  Categories: 'categories',
  Visible: 'visible',
  Collection: 'collection',
  SKU: 'sku',
  Price: 'price',
  'Sale Price': 'salePrice',
  'On Sale': 'onSale',
  Stock: 'stock',
  Unlimited: 'unlimited',
};
const COLUMN_NAMES = Object.fromEntries(
  Object.entries(COLUMN_KEYS).map(([name, key]) => [key, name]),
) as Record<ColumnKey, string>;

export const TYPE_NAMES: Record<ProductType, string> = {
  [ProductType.physical]: 'Physical',
  [ProductType.digital]: 'Digital',
  [ProductType.service]: 'Service',
  [ProductType.giftCard]: 'Gift card',
  [ProductType.paywall]: 'Paywall',
};

/** Tags are separated by commas, as in the product editor. */
export const TAG_SEPARATOR = ', ';
/** A product's categories are separated by semicolons; a nested one is Parent > Child. */
export const CATEGORY_SEPARATOR = '; ';
export const CATEGORY_PATH_SEPARATOR = ' > ';

export type CsvSnapshot = {
  currency: string;
  collections: readonly CollectionRow[];
  categories: readonly CategoryRow[];
  products: ReadonlyMap<string, ProductRow>;
  /** By product id, in display order. */
  variants: ReadonlyMap<string, readonly VariantRow[]>;
  variantBySku: ReadonlyMap<string, VariantRow>;
  categoryIds: ReadonlyMap<string, readonly string[]>;
  productCounts: ReadonlyMap<string, number>;
  /** Url id → the product holding it, for the url ids the file names. */
  urlOwners: ReadonlyMap<string, string>;
};

export type Header = {
  columns: Map<ColumnKey, number>;
  options: { name: number; value: number }[];
  ignored: string[];
};

type Row = {
  row: number;
  cells: Map<ColumnKey, string>;
  options: OptionValue[];
  hasOptionCells: boolean;
  sku: string;
};

export type PlannedWrite =
  | { kind: 'create'; collectionId: string; draft: ProductDraft; rows: number[] }
  | {
      kind: 'update';
      productId: string;
      product: {
        title?: string;
        description?: string;
        url_id?: string;
        is_visible?: boolean;
        tags?: string[];
      };
      /** Set for products priced on the product (digital): the new price fields. */
      priceFields: DraftProductFields | undefined;
      variants: VariantChange[];
      categoryIds: string[] | undefined;
      rows: number[];
    };

export type ImportPlan = { report: CsvImportReport; writes: PlannedWrite[] };

/** The header row's columns; unknown names are ignored and listed, SKU is required. */
export function readHeader(cells: readonly string[]): Header {
  const columns = new Map<ColumnKey, number>();
  const optionNames = new Map<number, number>();
  const optionValues = new Map<number, number>();
  const ignored: string[] = [];
  const byLowerName = new Map(
    Object.entries(COLUMN_KEYS).map(([name, key]) => [name.toLowerCase(), key]),
  );
  const seen = new Set<string>();
  for (const [index, raw] of cells.entries()) {
    const name = raw.trim();
    const lower = name.toLowerCase().replace(/\s+/g, ' ');
    if (name === '') continue;
    if (seen.has(lower)) throw fail('CSV_INVALID', m.duplicateColumn(name));
    seen.add(lower);
    const key = byLowerName.get(lower);
    const option = /^option (name|value) ([1-9])$/.exec(lower);
    if (key) columns.set(key, index);
    else if (option && Number(option[2]) <= MAX_CSV_OPTION_COLUMNS) {
      (option[1] === 'name' ? optionNames : optionValues).set(Number(option[2]), index);
    } else ignored.push(name);
  }
  if (!columns.has('sku')) throw fail('CSV_INVALID', m.missingColumns(['SKU']));
  const options: Header['options'] = [];
  for (const [n, name] of [...optionNames].sort((a, b) => a[0] - b[0])) {
    const value = optionValues.get(n);
    if (value === undefined) throw fail('CSV_INVALID', m.missingColumns([`Option Value ${n}`]));
    options.push({ name, value });
  }
  for (const n of optionValues.keys()) {
    if (!optionNames.has(n)) throw fail('CSV_INVALID', m.missingColumns([`Option Name ${n}`]));
  }
  return { columns, options, ignored };
}

/** Text cells keep their spaces (a description's); the others are trimmed. */
const UNTRIMMED = new Set<ColumnKey>(['description']);

function readRow(record: CsvRecord, rowNumber: number, header: Header): Row | undefined {
  const cell = (index: number) => unguardFormula(record.cells[index] ?? '');
  if (record.cells.every((c) => c.trim() === '')) return undefined;
  const cells = new Map<ColumnKey, string>();
  for (const [key, index] of header.columns) {
    const value = cell(index);
    cells.set(key, UNTRIMMED.has(key) ? value : value.trim());
  }
  const options: OptionValue[] = [];
  let hasOptionCells = false;
  for (const { name, value } of header.options) {
    const optionName = cell(name).trim();
    const optionValue = cell(value).trim();
    if (optionName !== '' || optionValue !== '') hasOptionCells = true;
    if (optionName !== '') options.push({ optionName, value: optionValue });
  }
  return { row: rowNumber, cells, options, hasOptionCells, sku: cells.get('sku') ?? '' };
}

// ---------------------------------------------------------------------------------------
// Cell readers: each answers a value or a message naming what to write instead.

type Read<T> = { value: T } | { error: string };

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);
function readBoolean(text: string): Read<boolean> {
  const lower = text.toLowerCase();
  if (YES.has(lower)) return { value: true };
  if (NO.has(lower)) return { value: false };
  return { error: m.yesNo };
}

function readStock(text: string): Read<number> {
  if (!/^\d{1,10}$/.test(text) || Number(text) > 2_147_483_647) return { error: m.wholeNumber };
  return { value: Number(text) };
}

function readMoney(text: string, currency: string): Read<number> {
  const parsed = parseMoney({ value: text, currency });
  if (!parsed.ok) return { error: productMessages.amountUnreadable };
  if (parsed.value.minorUnits < 0) return { error: productMessages.amountNegative };
  return { value: parsed.value.minorUnits };
}

function readType(text: string): Read<ProductType> {
  const lower = text.toLowerCase();
  for (const [type, name] of Object.entries(TYPE_NAMES)) {
    if (name.toLowerCase() === lower || type === text)
      return { value: Number(type) as ProductType };
  }
  return { error: m.unknownType(Object.values(TYPE_NAMES)) };
}

export const tagsOf = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
  ),
];

/** "Parent > Child" for each category, for the export and to read names back. */
export function categoryPaths(categories: readonly CategoryRow[]): Map<string, string> {
  const byId = new Map(categories.map((c) => [c.category_id, c]));
  const paths = new Map<string, string>();
  for (const category of categories) {
    const names: string[] = [];
    let at: CategoryRow | undefined = category;
    // A parent chain is a tree by construction; the bound only guards a broken row.
    for (let depth = 0; at && depth < 50; depth++) {
      names.unshift(at.display_name);
      at = at.parent_category_id ? byId.get(at.parent_category_id) : undefined;
    }
    paths.set(category.category_id, names.join(CATEGORY_PATH_SEPARATOR));
  }
  return paths;
}

const normalisePath = (path: string) =>
  path
    .split('>')
    .map((name) => name.trim().toLowerCase())
    .join('>');

/** Money as the export writes it: the store currency's decimals, never a float. */
export function moneyText(minorUnits: number, currency: string): string {
  const parsed = parseMoney({ value: '0', currency });
  return parsed.ok ? toDecimalString({ minorUnits, currency: parsed.value.currency }) : '';
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

// ---------------------------------------------------------------------------------------

/** Collects each row's problems; a product with any is refused whole. */
class RowErrors {
  readonly byRow = new Map<number, string[]>();
  add(row: number, column: ColumnKey | string, message: string) {
    const name = COLUMN_NAMES[column as ColumnKey] ?? column;
    const list = this.byRow.get(row) ?? [];
    const text = m.cell(name, message);
    if (!list.includes(text)) list.push(text);
    this.byRow.set(row, list);
  }
  has(rows: readonly Row[]) {
    return rows.some((r) => this.byRow.has(r.row));
  }
}

/** The column a draft's field path names: `variants.3.priceMoney` is row 3's Price. */
const FIELD_COLUMNS: Record<string, string> = {
  priceMoney: 'Price',
  salePriceMoney: 'Sale Price',
  onSale: 'On Sale',
  sku: 'SKU',
  optionValues: 'Options',
  attributes: 'Options',
  qtyInStock: 'Stock',
  unlimited: 'Unlimited',
  title: 'Title',
  description: 'Description',
  urlId: 'Product URL',
  tags: 'Tags',
  categories: 'Categories',
  variants: 'Variants',
  variantOptionOrdering: 'Option names',
  collectionId: 'Collection',
  isVisible: 'Visible',
};

function addFieldErrors(
  errors: RowErrors,
  fields: Readonly<Record<string, string>>,
  rowOfVariant: (index: number) => number | undefined,
  firstRow: number,
) {
  for (const [field, message] of Object.entries(fields)) {
    const parts = field.split('.');
    const index = parts[0] === 'variants' && parts[1] !== undefined ? Number(parts[1]) : NaN;
    const row = Number.isInteger(index) ? (rowOfVariant(index) ?? firstRow) : firstRow;
    const named = [...parts].reverse().find((part) => FIELD_COLUMNS[part]);
    errors.add(row, named ? (FIELD_COLUMNS[named] ?? field) : field, message);
  }
}

function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'row'] ??= issue.message;
  return fields;
}

/** Runs a draft function, turning its 400 into row messages. */
function tryDraft<T>(
  draft: () => T,
  onFields: (fields: Readonly<Record<string, string>>) => void,
): T | undefined {
  try {
    return draft();
  } catch (error) {
    if (error instanceof AppError && error.fields) {
      onFields(error.fields);
      return undefined;
    }
    throw error;
  }
}

type Group = { key: string; productId: string | undefined; rows: Row[] };

/**
 * What every row of the file would do. `records` are the data rows (the header already
 * read); a row's number is its index in the file + 1, as a spreadsheet numbers it.
 */
export function planImport(args: {
  header: Header;
  records: readonly CsvRecord[];
  snapshot: CsvSnapshot;
}): ImportPlan {
  const { header, snapshot } = args;
  const errors = new RowErrors();
  const rows: Row[] = [];
  for (const [index, record] of args.records.entries()) {
    const row = readRow(record, index + 2, header);
    if (row) rows.push(row);
  }
  if (rows.length === 0) throw fail('CSV_INVALID', m.noRows);

  const groups = groupRows(rows, snapshot, errors);
  const writes: PlannedWrite[] = [];
  const changesByRow = new Map<number, string[]>();
  const actionOf = new Map<string, 'create' | 'update'>();
  const createsIn = new Map<string, number>();
  const claimedUrls = new Map<string, number>();

  for (const group of groups) {
    const product = productColumns(group.rows, errors);
    const existing = group.productId ? snapshot.products.get(group.productId) : undefined;
    const url = product.get('url');
    if (url) {
      const first = group.rows[0]?.row ?? 0;
      const owner = snapshot.urlOwners.get(url);
      const claimedBy = claimedUrls.get(url);
      if (!urlIdSchema.safeParse(url).success) errors.add(first, 'url', m.urlInvalid);
      else if (owner !== undefined && owner !== existing?.product_id) {
        errors.add(first, 'url', catalogMessages.urlTaken(url));
      } else if (claimedBy !== undefined && url !== existing?.url_id) {
        errors.add(first, 'url', m.urlRepeated(url, claimedBy));
      }
      claimedUrls.set(url, claimedBy ?? first);
    }
    if (existing) {
      const write = planUpdate({ group, product, existing, snapshot, errors, changesByRow });
      if (write && !errors.has(group.rows)) {
        writes.push(write);
        actionOf.set(group.key, 'update');
      }
    } else {
      const write = planCreate({ group, product, snapshot, errors });
      if (write && !errors.has(group.rows)) {
        const count =
          (snapshot.productCounts.get(write.collectionId) ?? 0) +
          (createsIn.get(write.collectionId) ?? 0);
        if (count >= MAX_PRODUCTS_PER_COLLECTION) {
          errors.add(write.rows[0] ?? 0, 'collection', catalogMessages.collectionFull);
        } else {
          createsIn.set(write.collectionId, (createsIn.get(write.collectionId) ?? 0) + 1);
          writes.push(write);
          actionOf.set(group.key, 'create');
        }
      }
    }
  }

  const results: CsvRowResult[] = [];
  const groupOfRow = new Map<number, Group>();
  for (const group of groups) for (const row of group.rows) groupOfRow.set(row.row, group);
  const titles = new Map<Group, string>();
  const titleOf = (group: Group | undefined) => {
    if (!group) return '';
    const known = titles.get(group);
    if (known !== undefined) return known;
    const title =
      productColumns(group.rows, new RowErrors()).get('title') ||
      (group.productId ? snapshot.products.get(group.productId)?.title : undefined) ||
      '';
    titles.set(group, title);
    return title;
  };
  for (const row of rows) {
    const group = groupOfRow.get(row.row);
    const own = errors.byRow.get(row.row);
    const failedRow = group?.rows.find((r) => errors.byRow.has(r.row))?.row;
    const title = titleOf(group);
    const base = { row: row.row, sku: row.sku, title };
    if (own || failedRow !== undefined) {
      results.push({
        ...base,
        action: 'refused',
        changes: [],
        error: own ? own.join(' · ') : m.sameProductRefused(failedRow ?? row.row),
      });
      continue;
    }
    const action = group ? actionOf.get(group.key) : undefined;
    const changes = changesByRow.get(row.row) ?? [];
    if (action === 'create') results.push({ ...base, action: 'create', changes: [], error: null });
    else if (changes.length > 0) results.push({ ...base, action: 'update', changes, error: null });
    else results.push({ ...base, action: 'unchanged', changes: [], error: null });
  }
  const keptWrites = writes.filter((w) => !w.rows.some((row) => errors.byRow.has(row)));
  const count = (action: CsvRowResult['action']) =>
    results.filter((r) => r.action === action).length;
  return {
    writes: keptWrites,
    report: {
      rows: results,
      counts: {
        create: count('create'),
        update: count('update'),
        unchanged: count('unchanged'),
        refused: count('refused'),
      },
      products: {
        create: keptWrites.filter((w) => w.kind === 'create').length,
        update: keptWrites.filter((w) => w.kind === 'update').length,
      },
      ignoredColumns: header.ignored,
      applied: false,
    },
  };
}

function groupRows(rows: readonly Row[], snapshot: CsvSnapshot, errors: RowErrors): Group[] {
  const groups = new Map<string, Group>();
  const skuRows = new Map<string, number>();
  const titleOf = (productId: string) => snapshot.products.get(productId)?.title ?? '';
  for (const row of rows) {
    const productId = row.cells.get('productId') ?? '';
    const url = row.cells.get('url') ?? '';
    const title = row.cells.get('title') ?? '';
    const owner = row.sku ? snapshot.variantBySku.get(row.sku) : undefined;
    const firstWithSku = row.sku ? skuRows.get(row.sku) : undefined;
    if (firstWithSku !== undefined)
      errors.add(row.row, 'sku', m.skuRepeated(row.sku, firstWithSku));
    else if (row.sku) skuRows.set(row.sku, row.row);

    let key: string;
    let existingId: string | undefined;
    if (productId !== '') {
      key = `id:${productId}`;
      const product = snapshot.products.get(productId);
      if (!product) errors.add(row.row, 'productId', m.unknownProduct(productId));
      else {
        existingId = productId;
        if (row.sku === '') errors.add(row.row, 'sku', m.skuNeeded);
        else if (owner && owner.product_id !== productId) {
          errors.add(row.row, 'sku', m.skuOfOther(row.sku, titleOf(owner.product_id)));
        } else if (!owner) errors.add(row.row, 'sku', m.newVariant(row.sku));
      }
    } else if (owner) {
      const product = snapshot.products.get(owner.product_id);
      const isSameProduct =
        product !== undefined &&
        (url !== '' ? url === product.url_id : title === '' || title === product.title);
      if (isSameProduct) {
        key = `id:${owner.product_id}`;
        existingId = owner.product_id;
      } else {
        key = url !== '' ? `url:${url}` : `title:${title}`;
        errors.add(row.row, 'sku', m.skuOfOther(row.sku, titleOf(owner.product_id)));
      }
    } else {
      key = url !== '' ? `url:${url}` : `title:${title}`;
    }
    const group = groups.get(key) ?? { key, productId: existingId, rows: [] };
    group.productId ??= existingId;
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const PRODUCT_KEYS: readonly ColumnKey[] = [
  'type',
  'url',
  'title',
  'description',
  'tags',
  'categories',
  'visible',
  'collection',
];

/**
 * The product's columns: each from the first row that fills it. A later row may leave it
 * empty or repeat it; a different value is a mistake the merchant should see.
 */
function productColumns(rows: readonly Row[], errors: RowErrors): Map<ColumnKey, string> {
  const values = new Map<ColumnKey, string>();
  const from = new Map<ColumnKey, number>();
  for (const row of rows) {
    for (const key of PRODUCT_KEYS) {
      const value = row.cells.get(key);
      if (value === undefined) continue;
      if (!values.has(key)) values.set(key, '');
      if (value === '') continue;
      const first = values.get(key);
      if (first === '') {
        values.set(key, value);
        from.set(key, row.row);
      } else if (first !== value) {
        errors.add(row.row, key, m.productColumnsDiffer(from.get(key) ?? row.row));
      }
    }
  }
  return values;
}

function findCollection(snapshot: CsvSnapshot, name: string): CollectionRow | undefined {
  const lower = name.toLowerCase();
  return (
    snapshot.collections.find((c) => c.url_id === name) ??
    snapshot.collections.find((c) => c.title.toLowerCase() === lower)
  );
}

/** Category ids for the cell's paths in the collection, or the first unknown path. */
function resolveCategories(
  snapshot: CsvSnapshot,
  collectionId: string,
  text: string,
): Read<string[]> {
  const inCollection = snapshot.categories.filter((c) => c.collection_id === collectionId);
  const byPath = new Map(
    [...categoryPaths(inCollection)].map(([id, path]) => [normalisePath(path), id]),
  );
  const ids: string[] = [];
  for (const path of text.split(';').map((p) => p.trim())) {
    if (path === '') continue;
    const id = byPath.get(normalisePath(path));
    if (!id) {
      const collection = snapshot.collections.find((c) => c.collection_id === collectionId);
      return { error: m.unknownCategory(path, collection?.title ?? '') };
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return { value: ids };
}

function planUpdate(args: {
  group: Group;
  product: Map<ColumnKey, string>;
  existing: ProductRow;
  snapshot: CsvSnapshot;
  errors: RowErrors;
  changesByRow: Map<number, string[]>;
}): PlannedWrite | undefined {
  const { group, product, existing, snapshot, errors, changesByRow } = args;
  const first = group.rows[0]?.row ?? 0;
  const currency = snapshot.currency;
  if (!isProductType(existing.product_type)) return undefined;
  const type = existing.product_type;
  const productChanges: string[] = [];
  const write: Extract<PlannedWrite, { kind: 'update' }> = {
    kind: 'update',
    productId: existing.product_id,
    product: {},
    priceFields: undefined,
    variants: [],
    categoryIds: undefined,
    rows: group.rows.map((r) => r.row),
  };
  const patch: ProductUpdate = {};

  const typeText = product.get('type');
  if (typeText) {
    const read = readType(typeText);
    if ('error' in read) errors.add(first, 'type', read.error);
    else if (read.value !== type) errors.add(first, 'type', m.typeFixed);
  }
  const collectionText = product.get('collection');
  if (collectionText) {
    const collection = findCollection(snapshot, collectionText);
    if (!collection) errors.add(first, 'collection', m.unknownCollection(collectionText));
    else if (collection.collection_id !== existing.collection_id) {
      errors.add(first, 'collection', m.collectionFixed);
    }
  }
  const title = product.get('title');
  if (title && title !== existing.title) {
    patch.title = title;
    write.product.title = title;
    productChanges.push(`Title: ${existing.title} → ${title}`);
  }
  // Stored sanitized, as the editor's: a spreadsheet is no way round the allowlist.
  const rawDescription = product.get('description');
  const description = rawDescription === undefined ? undefined : sanitizeRichText(rawDescription);
  if (description !== undefined && description !== existing.description) {
    patch.description = description;
    write.product.description = description;
    productChanges.push('Description');
  }
  const url = product.get('url');
  if (url && url !== existing.url_id) {
    write.product.url_id = url;
    productChanges.push(`Product URL: ${existing.url_id} → ${url}`);
  }
  const visibleText = product.get('visible');
  if (visibleText) {
    const read = readBoolean(visibleText);
    if ('error' in read) errors.add(first, 'visible', read.error);
    else if (read.value !== existing.is_visible) {
      write.product.is_visible = read.value;
      productChanges.push(`Visible: ${yesNo(existing.is_visible)} → ${yesNo(read.value)}`);
    }
  }
  const tagsText = product.get('tags');
  if (tagsText !== undefined) {
    const tags = tagsOf(tagsText);
    if (tags.join('\n') !== existing.tags.join('\n')) {
      patch.tags = tags;
      productChanges.push(
        `Tags: ${existing.tags.join(TAG_SEPARATOR) || '—'} → ${tags.join(TAG_SEPARATOR) || '—'}`,
      );
    }
  }
  const categoriesText = product.get('categories');
  if (categoriesText !== undefined) {
    const read = resolveCategories(snapshot, existing.collection_id, categoriesText);
    if ('error' in read) errors.add(first, 'categories', read.error);
    else {
      const current = [...(snapshot.categoryIds.get(existing.product_id) ?? [])].sort();
      if ([...read.value].sort().join() !== current.join()) {
        write.categoryIds = read.value;
        productChanges.push('Categories');
      }
    }
  }

  const variants = snapshot.variants.get(existing.product_id) ?? [];
  const isOnProduct = isPricedOnProduct(type);
  const isAlwaysUnlimited = hasUnlimitedStockByType(type);
  const patchRows: number[] = [];
  for (const row of group.rows) {
    const variant = variants.find((v) => v.sku === row.sku);
    if (!variant) continue; // refused while grouping
    const rowChanges: string[] = [];
    if (row.hasOptionCells) {
      const current = variant.option_values.map((o) => `${o.optionName}=${o.value}`).join('\n');
      const given = row.options.map((o) => `${o.optionName}=${o.value}`).join('\n');
      if (current !== given) errors.add(row.row, 'Options', m.optionsFixed);
    }
    const change: NonNullable<ProductUpdate['variants']>[number] = { id: variant.variant_id };
    const priceTarget = isOnProduct
      ? {
          price: existing.price_cents ?? 0,
          sale: existing.sale_price_cents ?? 0,
          onSale: existing.is_on_sale,
        }
      : { price: variant.price_cents, sale: variant.sale_price_cents, onSale: variant.is_on_sale };
    const priceInput: Pick<ProductUpdate, 'priceMoney' | 'salePriceMoney' | 'onSale'> = {};
    const money = (key: 'price' | 'salePrice', current: number, label: string) => {
      const text = row.cells.get(key);
      if (!text) return;
      const read = readMoney(text, currency);
      if ('error' in read) return errors.add(row.row, key, read.error);
      if (read.value === current) return;
      priceInput[key === 'price' ? 'priceMoney' : 'salePriceMoney'] = { value: text, currency };
      rowChanges.push(
        `${label}: ${moneyText(current, currency)} → ${moneyText(read.value, currency)}`,
      );
    };
    money('price', priceTarget.price, 'Price');
    money('salePrice', priceTarget.sale, 'Sale Price');
    const onSaleText = row.cells.get('onSale');
    if (onSaleText) {
      const read = readBoolean(onSaleText);
      if ('error' in read) errors.add(row.row, 'onSale', read.error);
      else if (read.value !== priceTarget.onSale) {
        priceInput.onSale = read.value;
        rowChanges.push(`On Sale: ${yesNo(priceTarget.onSale)} → ${yesNo(read.value)}`);
      }
    }
    if (isOnProduct) Object.assign(patch, priceInput);
    else Object.assign(change, priceInput);
    if (!isAlwaysUnlimited) {
      let isUnlimited = variant.is_unlimited;
      const unlimitedText = row.cells.get('unlimited');
      if (unlimitedText) {
        const read = readBoolean(unlimitedText);
        if ('error' in read) errors.add(row.row, 'unlimited', read.error);
        else if (read.value !== variant.is_unlimited) {
          isUnlimited = read.value;
          change.unlimited = read.value;
          rowChanges.push(`Unlimited: ${yesNo(variant.is_unlimited)} → ${yesNo(read.value)}`);
        }
      }
      const stockText = row.cells.get('stock');
      if (stockText && !isUnlimited) {
        const read = readStock(stockText);
        if ('error' in read) errors.add(row.row, 'stock', read.error);
        else if (read.value !== variant.qty_in_stock || variant.is_unlimited) {
          change.qtyInStock = read.value;
          rowChanges.push(`Stock: ${variant.qty_in_stock} → ${read.value}`);
        }
      }
    }
    if (Object.keys(change).length > 1) {
      patch.variants = [...(patch.variants ?? []), change];
      patchRows.push(row.row);
    }
    if (rowChanges.length > 0) changesByRow.set(row.row, rowChanges);
  }
  if (productChanges.length > 0) {
    changesByRow.set(first, [...productChanges, ...(changesByRow.get(first) ?? [])]);
  }
  if (errors.has(group.rows)) return undefined;

  const rowOfVariant = (index: number) => patchRows[index];
  const parsed = productUpdateSchema.safeParse(patch);
  if (!parsed.success) {
    addFieldErrors(errors, zodFields(parsed.error), rowOfVariant, first);
    return undefined;
  }
  const drafted = tryDraft(
    () =>
      draftProductChanges({
        patch: parsed.data,
        current: {
          productType: type,
          isSubscribable: existing.is_subscribable,
          subscriptionPlan: existing.subscription_plan,
          priceCents: existing.price_cents,
          salePriceCents: existing.sale_price_cents,
          isOnSale: existing.is_on_sale,
          useCustomAddButtonText: existing.use_custom_add_button_text,
          customAddButtonText: existing.custom_add_button_text,
          variantOptionOrdering: existing.variant_option_ordering,
          // The file never changes images; a variant's image is one of them already.
          mediaIds: variants.flatMap((v) => (v.image_media_id ? [v.image_media_id] : [])),
        },
        currentVariants: variants.map((v) => ({
          id: v.variant_id,
          sku: v.sku,
          optionValues: v.option_values,
          priceCents: v.price_cents,
          salePriceCents: v.sale_price_cents,
          isOnSale: v.is_on_sale,
          qtyInStock: v.qty_in_stock,
          isUnlimited: v.is_unlimited,
          weightGrams: 0,
          imageId: v.image_media_id,
        })),
        storeCurrency: currency,
      }),
    (fields) => addFieldErrors(errors, fields, rowOfVariant, first),
  );
  if (!drafted) return undefined;
  if (patch.tags) write.product.tags = drafted.tags;
  if (isOnProduct && (patch.priceMoney || patch.salePriceMoney || patch.onSale !== undefined)) {
    write.priceFields = drafted.fields;
  }
  const byId = new Map(variants.map((v) => [v.variant_id, v]));
  const planned: VariantChange[] = (drafted.variants?.variants ?? []).flatMap((v) => {
    const current = v.id === null ? undefined : byId.get(v.id);
    if (!current) return [];
    return [
      {
        id: current.variant_id,
        priceCents: v.priceCents,
        salePriceCents: v.salePriceCents,
        isOnSale: v.isOnSale,
        qtyInStock: v.stock?.qtyInStock ?? current.qty_in_stock,
        isUnlimited: v.isUnlimited,
      },
    ];
  });
  write.variants = planned.filter((v) => {
    const current = byId.get(v.id);
    return (
      !current ||
      current.price_cents !== v.priceCents ||
      current.sale_price_cents !== v.salePriceCents ||
      current.is_on_sale !== v.isOnSale ||
      current.qty_in_stock !== v.qtyInStock ||
      current.is_unlimited !== v.isUnlimited
    );
  });
  const hasWrites =
    Object.keys(write.product).length > 0 ||
    write.priceFields !== undefined ||
    write.variants.length > 0 ||
    write.categoryIds !== undefined;
  return hasWrites ? write : undefined;
}

function planCreate(args: {
  group: Group;
  product: Map<ColumnKey, string>;
  snapshot: CsvSnapshot;
  errors: RowErrors;
}): Extract<PlannedWrite, { kind: 'create' }> | undefined {
  const { group, product, snapshot, errors } = args;
  const first = group.rows[0]?.row ?? 0;
  const currency = snapshot.currency;
  let type: ProductType = ProductType.physical;
  const typeText = product.get('type');
  if (typeText) {
    const read = readType(typeText);
    if ('error' in read) errors.add(first, 'type', read.error);
    else type = read.value;
  }
  let collection: CollectionRow | undefined;
  const collectionText = product.get('collection');
  if (collectionText) {
    collection = findCollection(snapshot, collectionText);
    if (!collection) errors.add(first, 'collection', m.unknownCollection(collectionText));
  } else if (snapshot.collections.length === 1) {
    collection = snapshot.collections[0];
  } else {
    errors.add(first, 'collection', m.chooseCollection);
  }
  const title = product.get('title') ?? '';
  if (title === '') errors.add(first, 'title', m.titleNeeded);
  let isVisible = true;
  const visibleText = product.get('visible');
  if (visibleText) {
    const read = readBoolean(visibleText);
    if ('error' in read) errors.add(first, 'visible', read.error);
    else isVisible = read.value;
  }
  let categoryIds: string[] = [];
  const categoriesText = product.get('categories');
  if (categoriesText && collection) {
    const read = resolveCategories(snapshot, collection.collection_id, categoriesText);
    if ('error' in read) errors.add(first, 'categories', read.error);
    else categoryIds = read.value;
  }

  const isOnProduct = isPricedOnProduct(type);
  if (isOnProduct) {
    for (const row of group.rows.slice(1)) {
      errors.add(row.row, 'sku', m.oneRowOnly(TYPE_NAMES[type].toLowerCase()));
    }
  }
  const optional = <T>(row: Row, key: ColumnKey, read: (text: string) => Read<T>) => {
    const text = row.cells.get(key);
    if (!text) return undefined;
    const result = read(text);
    if ('error' in result) {
      errors.add(row.row, key, result.error);
      return undefined;
    }
    return result.value;
  };
  const moneyOf = (row: Row, key: 'price' | 'salePrice') => {
    const text = row.cells.get(key);
    if (!text) return undefined;
    const read = readMoney(text, currency);
    if ('error' in read) {
      errors.add(row.row, key, read.error);
      return undefined;
    }
    return { value: text, currency };
  };
  const variants = group.rows.map((row) => {
    if (row.options.length > MAX_CSV_OPTION_COLUMNS) {
      errors.add(row.row, 'Options', m.tooManyOptions(MAX_CSV_OPTION_COLUMNS));
    }
    return {
      ...(row.sku && { sku: row.sku }),
      optionValues: row.options,
      priceMoney: moneyOf(row, 'price'),
      salePriceMoney: moneyOf(row, 'salePrice'),
      onSale: optional(row, 'onSale', readBoolean),
      qtyInStock: optional(row, 'stock', readStock),
      unlimited: optional(row, 'unlimited', readBoolean),
    };
  });
  if (errors.has(group.rows) || !collection) return undefined;

  const firstVariant = variants[0];
  const input: ProductCreate = {
    collectionId: collection.collection_id,
    productType: type,
    title,
    description: product.get('description') ?? '',
    ...(product.get('url') && { urlId: product.get('url') }),
    tags: tagsOf(product.get('tags') ?? ''),
    categories: categoryIds,
    isVisible,
    ...(isOnProduct
      ? {
          priceMoney: firstVariant?.priceMoney,
          salePriceMoney: firstVariant?.salePriceMoney,
          onSale: firstVariant?.onSale,
          variants: firstVariant?.sku ? [{ sku: firstVariant.sku }] : [],
        }
      : { variants }),
  };
  const rowOfVariant = (index: number) => group.rows[index]?.row;
  const parsed = productCreateSchema.safeParse(input);
  if (!parsed.success) {
    addFieldErrors(errors, zodFields(parsed.error), rowOfVariant, first);
    return undefined;
  }
  const draft = tryDraft(
    () => draftNewProduct(parsed.data, currency),
    (fields) => addFieldErrors(errors, fields, rowOfVariant, first),
  );
  if (!draft) return undefined;
  return {
    kind: 'create',
    collectionId: collection.collection_id,
    draft,
    rows: group.rows.map((r) => r.row),
  };
}
