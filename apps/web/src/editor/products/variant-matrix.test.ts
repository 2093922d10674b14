import type { CatalogProduct } from '@atelier/contract';
import { ProductType } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import { catalogProduct } from './catalog-product.fixture.ts';
import {
  formFromProduct,
  generateVariants,
  newProductForm,
  type ProductForm,
  toUpdateInput,
  variantLabel,
} from './product-form.ts';
import {
  addOption,
  addValue,
  describeConflict,
  moveOption,
  moveValue,
  rebaseForm,
  removeOption,
  removeValue,
  renameOption,
  renameValue,
  variantNames,
} from './variant-matrix.ts';

const options = [
  { name: 'Size', values: ['S', 'M'] },
  { name: 'Colour', values: ['Red', 'Blue'] },
];

function matrix(): ProductForm {
  return {
    ...newProductForm(ProductType.physical),
    options,
    variants: generateVariants(options, []),
  };
}

const labels = (form: ProductForm) => form.variants.map(variantLabel);

function shirt(overrides: Partial<CatalogProduct> = {}): CatalogProduct {
  const variant = (id: string, s: string, c: string, qty: number) => ({
    id,
    sku: `SH-${s}-${c}`,
    optionValues: [
      { optionName: 'Size', value: s },
      { optionName: 'Colour', value: c },
    ],
    priceCents: 2000,
    salePriceCents: 0,
    isOnSale: false,
    qtyInStock: qty,
    isUnlimited: false,
    imageId: null,
    weightGrams: 200,
  });
  return catalogProduct({
    version: 3,
    urlId: 'shirt',
    fullUrl: '/shop/p/shirt',
    title: 'Shirt',
    description: 'Cotton.',
    variantOptionOrdering: ['Size', 'Colour'],
    variants: [variant('v1', 'S', 'Red', 4), variant('v2', 'M', 'Red', 2)],
    ...overrides,
  });
}

describe('the option matrix', () => {
  it('names the variants a value takes away and removes them with it', () => {
    const { form, going } = removeValue(matrix(), 0, 1);
    expect(variantNames(going)).toBe('M / Red, M / Blue');
    expect(form.options[0]?.values).toEqual(['S']);
    expect(labels(form)).toEqual(['S / Red', 'S / Blue']);
  });

  it('keeps the variants when an option’s last value goes: they only lose it', () => {
    const single = {
      ...newProductForm(ProductType.physical),
      options: [{ name: 'Size', values: ['S'] }],
      variants: generateVariants([{ name: 'Size', values: ['S'] }], []),
    };
    const { form, going } = removeValue(single, 0, 0);
    expect(going).toEqual([]);
    expect(form.variants).toHaveLength(1);
    expect(form.variants[0]?.optionValues).toEqual([]);
  });

  it('gives a new option’s first value to every variant, and later values to none', () => {
    let form = addOption(matrix());
    form = renameOption(form, 2, 'Fit');
    form = addValue(form, 2, ' Slim ');
    expect(labels(form)).toEqual([
      'S / Red / Slim',
      'S / Blue / Slim',
      'M / Red / Slim',
      'M / Blue / Slim',
    ]);
    form = addValue(form, 2, 'Loose');
    expect(form.variants).toHaveLength(4);
    expect(generateVariants(form.options, form.variants)).toHaveLength(8);
    // The same value twice is one value.
    expect(addValue(form, 2, 'Loose')).toBe(form);
  });

  it('renames an option and a value in the variants too, refusing a clash', () => {
    let form = renameOption(matrix(), 1, 'Color');
    form = renameValue(form, 1, 0, 'Crimson');
    expect(form.variants[0]?.optionValues).toEqual([
      { optionName: 'Size', value: 'S' },
      { optionName: 'Color', value: 'Crimson' },
    ]);
    expect(renameValue(form, 1, 0, 'Blue')).toBe(form);
    expect(renameValue(form, 1, 0, '  ')).toBe(form);
  });

  it('reorders options and values, and the variants follow', () => {
    const byColour = moveOption(matrix(), 1, -1);
    expect(byColour.options.map((o) => o.name)).toEqual(['Colour', 'Size']);
    expect(labels(byColour)).toEqual(['Red / S', 'Red / M', 'Blue / S', 'Blue / M']);
    const mFirst = moveValue(matrix(), 0, 1, -1);
    expect(labels(mFirst)).toEqual(['M / Red', 'M / Blue', 'S / Red', 'S / Blue']);
    // Out of bounds: nothing moves.
    expect(labels(moveValue(matrix(), 0, 0, -1))).toEqual(labels(matrix()));
  });

  it('removes an option, keeping the first variant of each remaining combination', () => {
    const { form, going } = removeOption(matrix(), 1);
    expect(labels(form)).toEqual(['S', 'M']);
    expect(variantNames(going)).toBe('S / Blue, M / Blue');
  });

  it('saves an added value as new variants beside the saved ones', () => {
    const product = shirt();
    let form = formFromProduct(product);
    form = addValue(form, 0, 'L');
    form = { ...form, variants: generateVariants(form.options, form.variants) };
    const update = toUpdateInput(form, product);
    expect(update.variants?.map((v) => ('id' in v ? v.id : 'new'))).toEqual(['v1', 'v2', 'new']);
    expect(update.variants?.[2]).toMatchObject({ qtyInStock: 0, priceMoney: { value: '20.00' } });
  });
});

describe('an edit conflict', () => {
  it('lists what the other person changed, with this editor’s value beside it', () => {
    const base = shirt();
    const theirs = shirt({ version: 4, title: 'Linen shirt', description: 'Linen.' });
    const mine = { ...formFromProduct(base), title: 'Cotton shirt' };
    expect(describeConflict(base, mine, theirs)).toEqual([
      { label: 'Name', theirs: 'Linen shirt', mine: 'Cotton shirt', isMineChanged: true },
      { label: 'Description', theirs: 'Linen.', mine: 'Cotton.', isMineChanged: false },
    ]);
  });

  it('overwrites only with this editor’s own changes, over their product', () => {
    const base = shirt();
    const theirs = shirt({
      version: 4,
      description: 'Linen.',
      variants: [{ ...shirt().variants[0]!, qtyInStock: 1 }],
    });
    const form = formFromProduct(base);
    const mine = {
      ...form,
      title: 'Cotton shirt',
      variants: form.variants.map((row) => ({ ...row, price: '25' })),
    };
    const rebased = rebaseForm(mine, base, theirs);
    expect(rebased.title).toBe('Cotton shirt');
    // Their description stays: this editor never touched it.
    expect(rebased.description).toBe('Linen.');
    // v2 was deleted by them: sent again as a new variant. v1's stock takes theirs.
    expect(rebased.variants.map((row) => row.id)).toEqual(['v1', null]);
    expect(rebased.variants[0]).toMatchObject({ stock: '1', savedStock: 1, price: '25' });
    const update = toUpdateInput(rebased, theirs);
    expect(update.expectedVersion).toBe(4);
    expect(update.variants?.[0]).not.toHaveProperty('qtyInStock');
  });
});
