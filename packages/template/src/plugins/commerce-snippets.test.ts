import { describe, expect, it } from 'vitest';
import { render } from '../index.ts';

const product = (structuredContent: Record<string, unknown>) => ({
  item: { id: 'p1', structuredContent },
});

const selectLines = (output: string) =>
  output.split('\n').filter((l) => /aria-label|<option value="[^"]/.test(l));

describe('variants-select', () => {
  const variants = [{ attributes: { color: 'red' } }, { attributes: { color: 'blue' } }];

  it('renders nothing for a product with a single variant', () => {
    const json = product({ variants: [variants[0]], variantOptionOrdering: ['color'] });
    expect(render('{item|variants-select}', json).output).toBe('');
  });

  it('lists each option value once, in order of first appearance', () => {
    const json = product({
      variants: [...variants, { attributes: { color: 'red' } }],
      variantOptionOrdering: ['color'],
    });
    expect(selectLines(render('{item|variants-select}', json).output)).toEqual([
      '      <select aria-label="Select color" data-variant-option-name="color">',
      '        <option value="red">red</option><option value="blue">blue</option>',
    ]);
  });

  it('formats the site prompt as a message over the option name', () => {
    const json = {
      ...product({ variants, variantOptionOrdering: ['color'] }),
      localizedStrings: { productVariantSelectText: 'Pick {variantName}' },
    };
    expect(render('{item|variants-select}', json).output).toContain('aria-label="Pick color"');
  });

  it('has no prompt or title text without locale data', () => {
    const json = product({ variants, variantOptionOrdering: ['color'] });
    const { output } = render('{item|variants-select}', json, { locale: 'none' });
    expect(output).toContain('<div class="variant-option-title">: </div>');
    expect(output).toContain('aria-label=""');
  });
});

describe('product-checkout', () => {
  it('is the variant choices, the quantity input and the add-to-cart button', () => {
    const json = product({
      productType: 1,
      variants: [
        { attributes: { size: 'S' }, qtyInStock: 2 },
        { attributes: { size: 'M' }, unlimited: true },
      ],
      variantOptionOrdering: ['size'],
    });
    const { output } = render('{item|product-checkout}', json);
    const at = (s: string) => output.indexOf(s);
    expect(at('product-variants')).toBeGreaterThan(-1);
    expect(at('product-quantity-input')).toBeGreaterThan(at('product-variants'));
    expect(at('sqs-add-to-cart-button')).toBeGreaterThan(at('product-quantity-input'));
  });
});
