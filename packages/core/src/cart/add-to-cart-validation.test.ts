import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-types';
import type { Product, Variant } from '../product/product';
import {
  afterAddDestination,
  findVariant,
  hasEnoughStock,
  isInStock,
  parseQuantity,
  QUANTITY_INPUT,
  quantityInCart,
  unselectedOptionsMessage,
  validateAddToCart,
} from './add-to-cart-validation';

const red: Variant = {
  sku: 'R',
  attributes: { Colour: 'Red', Size: 'M' },
  qtyInStock: 3,
  unlimited: false,
};
const blue: Variant = {
  sku: 'B',
  attributes: { Colour: 'Blue', Size: 'M' },
  qtyInStock: 0,
  unlimited: false,
};
const shirt: Product = {
  productType: ProductType.physical,
  variants: [red, blue],
  variantOptionOrdering: ['Colour', 'Size'],
};

describe('unselectedOptionsMessage', () => {
  it('names one option', () => {
    expect(unselectedOptionsMessage(['Size'])).toBe('Please select the Size option.');
  });

  it('joins two options with and', () => {
    expect(unselectedOptionsMessage(['Size', 'Colour'])).toBe(
      'Please select the Size and Colour options.',
    );
  });

  it('lists three or more with commas and a final and', () => {
    expect(unselectedOptionsMessage(['Size', 'Colour', 'Material'])).toBe(
      'Please select the Size, Colour and Material options.',
    );
    expect(unselectedOptionsMessage(['A', 'B', 'C', 'D'])).toBe(
      'Please select the A, B, C and D options.',
    );
  });

  it('says nothing when every option is chosen', () => {
    expect(unselectedOptionsMessage([])).toBeNull();
  });
});

describe('parseQuantity', () => {
  it('has input bounds 1 to 9999 in steps of 1, default 1', () => {
    expect(QUANTITY_INPUT).toEqual({ min: 1, max: 9999, step: 1, defaultValue: 1 });
  });

  it('refuses text that is not a number', () => {
    for (const raw of ['', 'two', '1a', ' ']) {
      expect(parseQuantity(raw)).toEqual({ ok: false, error: 'Quantity must be a number.' });
    }
  });

  it('refuses fractions', () => {
    expect(parseQuantity('1.5')).toEqual({ ok: false, error: 'Quantity must be a whole number' });
    expect(parseQuantity(2.25)).toEqual({ ok: false, error: 'Quantity must be a whole number' });
  });

  it('accepts whole numbers written with a zero fraction', () => {
    expect(parseQuantity('2.0')).toEqual({ ok: true, value: 2 });
  });

  it('clamps whole numbers into 1–9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), (n) => {
        const result = parseQuantity(String(n));
        expect(result).toEqual({ ok: true, value: Math.min(9999, Math.max(1, n)) });
      }),
    );
  });
});

describe('findVariant and stock', () => {
  it('matches the variant whose attributes are all chosen', () => {
    expect(findVariant(shirt.variants, { Colour: 'Blue', Size: 'M' })).toBe(blue);
    expect(findVariant(shirt.variants, { Colour: 'Green', Size: 'M' })).toBeNull();
    expect(findVariant([red], {})).toBe(red);
  });

  it('counts what the cart holds for the same item and variant only', () => {
    const entries = [
      { itemId: 'p1', sku: 'R', quantity: 2 },
      { itemId: 'p1', sku: 'B', quantity: 5 },
      { itemId: 'p2', sku: 'R', quantity: 7 },
      { itemId: 'p1', sku: 'R', quantity: 1 },
    ];
    expect(quantityInCart({ entries, itemId: 'p1', sku: 'R' })).toBe(3);
    expect(quantityInCart({ entries: [{ itemId: 'g', quantity: 1 }], itemId: 'g' })).toBe(1);
  });

  it('is in stock when any result is unlimited or exceeds what the cart holds', () => {
    expect(isInStock({ results: [{ unlimited: true, qtyInStock: 0 }], alreadyInCart: 9 })).toBe(
      true,
    );
    expect(isInStock({ results: [{ unlimited: false, qtyInStock: 3 }], alreadyInCart: 2 })).toBe(
      true,
    );
    expect(isInStock({ results: [{ unlimited: false, qtyInStock: 3 }], alreadyInCart: 3 })).toBe(
      false,
    );
    expect(isInStock({ results: [], alreadyInCart: 0 })).toBe(false);
  });

  it('checks that the requested quantity fits beside the cart', () => {
    expect(hasEnoughStock({ variant: red, quantity: 3 })).toBe(true);
    expect(hasEnoughStock({ variant: red, quantity: 2, alreadyInCart: 2 })).toBe(false);
    expect(hasEnoughStock({ variant: { ...red, unlimited: true }, quantity: 99 })).toBe(true);
  });
});

describe('validateAddToCart', () => {
  it('asks for every missing option first', () => {
    expect(validateAddToCart({ product: shirt, chosenOptions: {}, quantity: 1 })).toEqual({
      ok: false,
      error: 'Please select the Colour and Size options.',
    });
  });

  it('reports a combination that no variant has', () => {
    expect(
      validateAddToCart({
        product: shirt,
        chosenOptions: { Colour: 'Green', Size: 'M' },
        quantity: 1,
      }),
    ).toEqual({
      ok: false,
      error: 'Sorry, that item variant is unavailable. Please select another variant.',
    });
  });

  it('reports a bad quantity', () => {
    expect(
      validateAddToCart({
        product: shirt,
        chosenOptions: { Colour: 'Red', Size: 'M' },
        quantity: 'x',
      }),
    ).toEqual({ ok: false, error: 'Quantity must be a number.' });
  });

  it('reports stock that cannot cover the quantity plus the cart', () => {
    expect(
      validateAddToCart({
        product: shirt,
        chosenOptions: { Colour: 'Red', Size: 'M' },
        quantity: 2,
        alreadyInCart: 2,
      }),
    ).toEqual({ ok: false, error: 'Sorry, we do not have enough of that item available.' });
  });

  it('plans the add when everything checks out', () => {
    expect(
      validateAddToCart({
        product: shirt,
        chosenOptions: { Colour: 'Red', Size: 'M' },
        quantity: '3',
      }),
    ).toEqual({ ok: true, value: { variant: red, quantity: 3 } });
  });

  it('asks for a gift card denomination and ignores stock for gift cards', () => {
    const giftCard: Product = {
      productType: ProductType.giftCard,
      variants: [{ ...blue, attributes: {} }],
    };
    expect(validateAddToCart({ product: giftCard, chosenOptions: {}, quantity: 1 })).toEqual({
      ok: false,
      error: 'Select a denomination for the Gift Card',
    });
    expect(
      validateAddToCart({
        product: giftCard,
        chosenOptions: {},
        quantity: 1,
        hasGiftCardDenomination: true,
      }).ok,
    ).toBe(true);
  });
});

describe('afterAddDestination', () => {
  const physical: Product = { productType: ProductType.physical, variants: [red] };

  it('stays on the page normally and goes to checkout on express-checkout sites', () => {
    expect(afterAddDestination({ product: physical, isExpressCheckout: false })).toBe('stay');
    expect(afterAddDestination({ product: physical, isExpressCheckout: true })).toBe('checkout');
  });

  it('sends subscriptions and gift cards to their own pages', () => {
    expect(
      afterAddDestination({
        product: { ...physical, isSubscribable: true },
        isExpressCheckout: true,
      }),
    ).toBe('subscription-page');
    expect(
      afterAddDestination({
        product: { ...physical, productType: ProductType.giftCard },
        isExpressCheckout: false,
      }),
    ).toBe('gift-card-page');
  });
});
