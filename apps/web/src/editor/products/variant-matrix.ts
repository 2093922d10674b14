import type { CatalogProduct } from '@atelier/contract';
import {
  combinationKey,
  emptyRow,
  formFromProduct,
  type OptionValuePair,
  type ProductForm,
  type VariantRow,
  variantLabel,
} from './product-form.ts';

// The option matrix's edits as pure functions of the product form: options and values
// renamed, reordered, added and removed, with the variant rows kept in step (a row's
// option values follow the options' order, rows follow the values' order). Also what an
// edit conflict shows: which fields the other person changed, theirs beside the merchant's.

/** Most options a product may have (the API's variantOptionOrdering limit). */
export const MAX_OPTIONS = 6;

function move<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}

/**
 * Puts each row's values in option order and the rows in the order of the options'
 * values (Size S before M, then Colour Red before Blue), as a shopper's pickers list them.
 */
export function arrangeRows(form: ProductForm): ProductForm {
  const names = form.options.map((o) => o.name);
  const rank = (row: VariantRow) =>
    form.options.map((option) => {
      const value = row.optionValues.find((o) => o.optionName === option.name)?.value;
      const index = value === undefined ? -1 : option.values.indexOf(value);
      return index === -1 ? Number.MAX_SAFE_INTEGER : index;
    });
  const variants = form.variants
    .map((row) => ({
      ...row,
      optionValues: [...row.optionValues].sort(
        (a, b) => names.indexOf(a.optionName) - names.indexOf(b.optionName),
      ),
    }))
    .map((row, index) => ({ row, index, rank: rank(row) }))
    .sort((a, b) => {
      for (let i = 0; i < a.rank.length; i++) {
        const diff = (a.rank[i] ?? 0) - (b.rank[i] ?? 0);
        if (diff !== 0) return diff;
      }
      return a.index - b.index;
    })
    .map(({ row }) => row);
  return { ...form, variants };
}

export function addOption(form: ProductForm): ProductForm {
  if (form.options.length >= MAX_OPTIONS) return form;
  return { ...form, options: [...form.options, { name: '', values: [] }] };
}

/** Renames an option and the rows' values of it. */
export function renameOption(form: ProductForm, optionIndex: number, name: string): ProductForm {
  const old = form.options[optionIndex]?.name;
  if (old === undefined) return form;
  return {
    ...form,
    options: form.options.map((o, i) => (i === optionIndex ? { ...o, name } : o)),
    variants: form.variants.map((row) => ({
      ...row,
      optionValues: row.optionValues.map((o) =>
        o.optionName === old ? { ...o, optionName: name } : o,
      ),
    })),
  };
}

/**
 * Adds a value to an option. An option's first value goes onto every row, as a new
 * option's only value describes every existing variant; later values wait for "Generate
 * variants". A value already there is not added twice.
 */
export function addValue(form: ProductForm, optionIndex: number, text: string): ProductForm {
  const option = form.options[optionIndex];
  const value = text.trim();
  if (!option || value === '' || option.values.includes(value)) return form;
  const isFirst = option.values.length === 0;
  return {
    ...form,
    options: form.options.map((o, i) =>
      i === optionIndex ? { ...o, values: [...o.values, value] } : o,
    ),
    variants: isFirst
      ? form.variants.map((row) => ({
          ...row,
          optionValues: [
            ...row.optionValues.filter((o) => o.optionName !== option.name),
            { optionName: option.name, value },
          ],
        }))
      : form.variants,
  };
}

/** Renames a value and the rows that carry it; a name another value has is refused. */
export function renameValue(
  form: ProductForm,
  optionIndex: number,
  valueIndex: number,
  text: string,
): ProductForm {
  const option = form.options[optionIndex];
  const old = option?.values[valueIndex];
  const value = text.trim();
  if (!option || old === undefined || value === '' || option.values.includes(value)) return form;
  return {
    ...form,
    options: form.options.map((o, i) =>
      i === optionIndex
        ? { ...o, values: o.values.map((v, j) => (j === valueIndex ? value : v)) }
        : o,
    ),
    variants: form.variants.map((row) => ({
      ...row,
      optionValues: row.optionValues.map((o) =>
        o.optionName === option.name && o.value === old ? { ...o, value } : o,
      ),
    })),
  };
}

export function moveOption(form: ProductForm, optionIndex: number, step: -1 | 1): ProductForm {
  return arrangeRows({ ...form, options: move(form.options, optionIndex, step) });
}

export function moveValue(
  form: ProductForm,
  optionIndex: number,
  valueIndex: number,
  step: -1 | 1,
): ProductForm {
  return arrangeRows({
    ...form,
    options: form.options.map((o, i) =>
      i === optionIndex ? { ...o, values: move(o.values, valueIndex, step) } : o,
    ),
  });
}

/**
 * What removing an option does: every row loses that option's value, and rows that then
 * repeat a combination go, keeping the first of each. `going` names those rows.
 */
export function removeOption(
  form: ProductForm,
  optionIndex: number,
): { form: ProductForm; going: VariantRow[] } {
  const option = form.options[optionIndex];
  if (!option) return { form, going: [] };
  const seen = new Set<string>();
  const going: VariantRow[] = [];
  const variants: VariantRow[] = [];
  for (const row of form.variants) {
    const optionValues = row.optionValues.filter((o) => o.optionName !== option.name);
    const key = combinationKey(optionValues);
    if (seen.has(key)) going.push(row);
    else {
      seen.add(key);
      variants.push({ ...row, optionValues });
    }
  }
  return {
    form: {
      ...form,
      options: form.options.filter((_, i) => i !== optionIndex),
      variants: variants.length > 0 ? variants : [emptyRow()],
    },
    going,
  };
}

/**
 * What removing one value does: the variants carrying it go. An option's last value is
 * different: the variants stay and only lose it (the option is then unused), since
 * deleting every variant is never what removing a value means.
 */
export function removeValue(
  form: ProductForm,
  optionIndex: number,
  valueIndex: number,
): { form: ProductForm; going: VariantRow[] } {
  const option = form.options[optionIndex];
  const value = option?.values[valueIndex];
  if (!option || value === undefined) return { form, going: [] };
  const options = form.options.map((o, i) =>
    i === optionIndex ? { ...o, values: o.values.filter((_, j) => j !== valueIndex) } : o,
  );
  if (option.values.length === 1) {
    const stripped = removeOption(form, optionIndex);
    return { form: { ...stripped.form, options }, going: stripped.going };
  }
  const going = form.variants.filter((row) =>
    row.optionValues.some((o) => o.optionName === option.name && o.value === value),
  );
  const variants = form.variants.filter((row) => !going.includes(row));
  return {
    form: { ...form, options, variants: variants.length > 0 ? variants : [emptyRow()] },
    going,
  };
}

/** "M / Red, M / Blue": the variants a confirmation names. */
export const variantNames = (rows: readonly Pick<VariantRow, 'optionValues'>[]): string =>
  rows.map(variantLabel).join(', ');

// ---------------------------------------------------------------------------------------
// Edit conflicts

export type ConflictField = {
  label: string;
  /** The value as the other person saved it. */
  theirs: string;
  /** The value in this editor. */
  mine: string;
  /** Whether this editor changed it too (then one of the two must give way). */
  isMineChanged: boolean;
};

const valuesText = (values: readonly OptionValuePair[]) => values.map((o) => o.value).join(' / ');

/** Each comparable field of a form, as the words a person reads. */
function fieldsOf(form: ProductForm): Map<string, string> {
  const fields = new Map<string, string>([
    ['Name', form.title],
    ['Description', form.description],
    ['URL id', form.urlId],
    ['Tags', form.tagsText],
    ['Visible in the store', form.isVisible ? 'Yes' : 'No'],
    ['Price', form.price],
    ['Sale price', form.salePrice],
    ['On sale', form.isOnSale ? 'Yes' : 'No'],
    ['Button text', form.useCustomAddButtonText ? form.customAddButtonText : ''],
    ['Sold-out text', form.customSoldOutText],
    ['Images', form.images.map((image, i) => image.altText || `Image ${i + 1}`).join(', ')],
    ['Options', form.options.map((o) => `${o.name}: ${o.values.join(', ')}`).join('; ')],
    ['Variants', form.variants.map((row) => variantLabel(row)).join(', ')],
  ]);
  for (const row of form.variants) {
    const name = valuesText(row.optionValues) || 'Default';
    fields.set(
      `${name}: SKU, price, stock`,
      [
        row.sku,
        row.price,
        row.salePrice,
        row.isUnlimited ? 'unlimited' : row.stock,
        `${row.weight || 0} ${form.weightUnit}`,
      ].join(' · '),
    );
  }
  return fields;
}

/**
 * The fields the other person changed since this editor loaded the product (`base`),
 * with both versions, so the merchant can choose knowingly. Empty when theirs only
 * touched what this form does not show.
 */
export function describeConflict(
  base: CatalogProduct,
  mine: ProductForm,
  theirs: CatalogProduct,
): ConflictField[] {
  const before = fieldsOf(formFromProduct(base));
  const after = fieldsOf(formFromProduct(theirs));
  const current = fieldsOf(mine);
  const labels = [...new Set([...before.keys(), ...after.keys()])];
  return labels.flatMap((label) => {
    const was = before.get(label) ?? '—';
    const now = after.get(label) ?? '—';
    if (was === now) return [];
    const mineText = current.get(label) ?? '—';
    return [{ label, theirs: now, mine: mineText, isMineChanged: mineText !== was }];
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The merchant's form re-based onto the product as it is now, for "Overwrite with mine":
 * a field the merchant did not change takes theirs, so only the merchant's own changes go
 * over theirs. The options and variants are one unit; when the merchant changed them, rows
 * whose variant the other person deleted become new, and a stock the merchant did not
 * touch takes theirs.
 */
export function rebaseForm(
  form: ProductForm,
  base: CatalogProduct,
  theirs: CatalogProduct,
): ProductForm {
  const before = formFromProduct(base);
  const after = formFromProduct(theirs);
  const merged: Record<string, unknown> = { ...form };
  for (const key of Object.keys(form) as (keyof ProductForm)[]) {
    if (key === 'options' || key === 'variants') continue;
    if (same(form[key], before[key])) merged[key] = after[key];
  }
  const result = merged as ProductForm;
  if (same([form.options, form.variants], [before.options, before.variants])) {
    return { ...result, options: after.options, variants: after.variants };
  }
  const byId = new Map(theirs.variants.map((v) => [v.id, v]));
  return {
    ...result,
    variants: form.variants.map((row) => {
      const now = row.id === null ? undefined : byId.get(row.id);
      if (!now) return { ...row, id: null, savedStock: null };
      const isStockMine = row.savedStock === null || row.stock.trim() !== String(row.savedStock);
      return {
        ...row,
        stock: isStockMine ? row.stock : String(now.qtyInStock),
        savedStock: now.qtyInStock,
      };
    }),
  };
}
