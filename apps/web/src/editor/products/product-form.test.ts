import { ProductType } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import { catalogProduct } from './catalog-product.fixture.ts';
import {
  centsToText,
  clientErrors,
  emptyRow,
  formFromProduct,
  generateVariants,
  moveImage,
  newProductForm,
  tagsOf,
  toCreateInput,
  toUpdateInput,
  variantLabel,
  withWeightUnit,
} from './product-form.ts';

const options = [
  { name: 'Colour', values: ['Sand', 'Sage'] },
  { name: 'Size', values: ['S', 'M'] },
];

describe('the product form', () => {
  it('generates every combination in option order', () => {
    const rows = generateVariants(options, []);
    expect(rows.map(variantLabel)).toEqual(['Sand / S', 'Sand / M', 'Sage / S', 'Sage / M']);
  });

  it('keeps what was typed for combinations that stay and starts new ones from the first price', () => {
    const first = generateVariants([{ name: 'Colour', values: ['Sand'] }], []);
    first[0] = { ...first[0]!, price: '24.50', sku: 'SAND' };
    const rows = generateVariants([{ name: 'Colour', values: ['Sand', 'Sage'] }], first);
    expect(rows[0]).toBe(first[0]);
    expect(rows[1]).toMatchObject({ sku: '', price: '24.50', id: null });
  });

  it('sends prices as typed in major units and stock as whole numbers', () => {
    const form = {
      ...newProductForm(ProductType.physical),
      title: 'Scarf',
      tagsText: 'linen,  summer, linen ,',
      options,
      variants: generateVariants(options, []).map((row) => ({
        ...row,
        price: '24.50',
        stock: '3',
      })),
    };
    const input = toCreateInput(form, 'c');
    expect(input.variantOptionOrdering).toEqual(['Colour', 'Size']);
    expect(input.tags).toEqual(['linen', 'summer']);
    expect(input.variants?.[0]).toMatchObject({
      priceMoney: { value: '24.50' },
      qtyInStock: 3,
      unlimited: false,
      onSale: false,
    });
    expect(input.variants?.[0]?.salePriceMoney).toBeUndefined();
  });

  it('refuses a stock that is not a whole number, keyed like the server', () => {
    const form = newProductForm(ProductType.physical);
    form.variants[0] = { ...form.variants[0]!, stock: '2.5' };
    expect(clientErrors(form)).toEqual({ 'variants.0.qtyInStock': 'Stock must be a whole number' });
  });

  it('puts a digital product’s price on the product, with no variants', () => {
    const form = { ...newProductForm(ProductType.digital), title: 'Pattern', price: '9' };
    const input = toCreateInput(form, 'c');
    expect(input.priceMoney).toEqual({ value: '9' });
    expect(input.variants).toBeUndefined();
  });

  it('sends the whole variant set from the version it started from, stock only when changed', () => {
    const product = catalogProduct({
      variantOptionOrdering: ['Size'],
      variants: [
        {
          id: 'v1',
          sku: 'S1',
          optionValues: [{ optionName: 'Size', value: 'S' }],
          priceCents: 2450,
          salePriceCents: 0,
          isOnSale: false,
          qtyInStock: 4,
          isUnlimited: false,
          imageId: null,
          weightGrams: 0,
        },
      ],
      tags: ['linen'],
    });
    const form = formFromProduct(product);
    expect(form.options).toEqual([{ name: 'Size', values: ['S'] }]);
    expect(form.variants[0]).toMatchObject({ price: '24.50', stock: '4', sku: 'S1' });
    const saved = { urlId: 'scarf', version: 7 };
    const update = toUpdateInput(
      { ...form, variants: [{ ...form.variants[0]!, price: '30' }] },
      saved,
    );
    expect(update).toMatchObject({
      expectedVersion: 7,
      replaceVariants: true,
      variantOptionOrdering: ['Size'],
    });
    expect(update.urlId).toBeUndefined();
    // The stock was not touched: not sent, so a sale made meanwhile stays.
    expect(update.variants).toEqual([
      {
        id: 'v1',
        sku: 'S1',
        optionValues: [{ optionName: 'Size', value: 'S' }],
        priceMoney: { value: '30' },
        onSale: false,
        unlimited: false,
        weightGrams: 0,
        imageId: null,
      },
    ]);
    const restocked = toUpdateInput(
      { ...form, variants: [{ ...form.variants[0]!, stock: '10' }] },
      saved,
    );
    expect(restocked.variants?.[0]).toMatchObject({ qtyInStock: 10, expectedQtyInStock: 4 });
  });

  it('moves images within bounds and reads cents as the currency’s decimals', () => {
    const images = [
      { id: 'a', src: '', altText: '' },
      { id: 'b', src: '', altText: '' },
    ];
    expect(moveImage(images, 1, -1).map((i) => i.id)).toEqual(['b', 'a']);
    expect(moveImage(images, 0, -1).map((i) => i.id)).toEqual(['a', 'b']);
    expect(centsToText(2450, 'USD')).toBe('24.50');
    expect(tagsOf(' a, ,b')).toEqual(['a', 'b']);
  });
});

describe('the sale switch', () => {
  it('puts on sale only the variants that have a sale price', () => {
    const form = newProductForm(ProductType.physical);
    const rows = [
      { ...form.variants[0]!, id: 'v1', price: '68', salePrice: '54' },
      { ...form.variants[0]!, id: 'v2', price: '68', salePrice: '' },
    ];
    const update = toUpdateInput(
      { ...form, isOnSale: true, variants: rows },
      { urlId: 'x', version: 1 },
    );
    expect(update.variants?.map((v) => v.onSale)).toEqual([true, false]);
    const off = toUpdateInput(
      { ...form, isOnSale: false, variants: rows },
      { urlId: 'x', version: 1 },
    );
    expect(off.variants?.map((v) => v.onSale)).toEqual([false, false]);
  });

  it('types variant weights in the store unit and sends whole grams', () => {
    const form = withWeightUnit(
      {
        ...newProductForm(ProductType.physical),
        title: 'Mug',
        price: '9',
        variants: [{ ...emptyRow(), weight: '907' }],
      },
      'lb',
    );
    expect(form.variants[0]?.weight).toBe('2');
    const typed = { ...form, variants: [{ ...form.variants[0]!, weight: '1.5' }] };
    expect(toCreateInput(typed, 'c1').variants?.[0]?.weightGrams).toBe(680);
    expect(
      clientErrors({ ...form, variants: [{ ...form.variants[0]!, weight: 'heavy' }] }),
    ).toEqual({ 'variants.0.weightGrams': 'Enter the weight in lb, e.g. 1.25' });
    // A draft kept before the form knew its unit was in grams.
    const { weightUnit: _, ...oldDraft } = typed;
    expect(withWeightUnit(oldDraft as typeof typed, 'kg').variants[0]?.weight).toBe('0.002');
  });
});
