import { describe, expect, it } from 'vitest';
import { render } from '../index.ts';

const usd = (value: string) => ({ currency: 'USD', value });
const option = (price: string) => ({ priceMoney: usd(price), onSale: false });
const subscriptionPrice = (variants: unknown[], locale?: string) =>
  render(
    '{@|subscription-price}',
    { structuredContent: { productType: 1, isSubscribable: true, variants } },
    { locale },
  ).output.replace(/<span class="sqs-money-native">([^<]*)<\/span>/g, '$$$1');

describe('subscription-price', () => {
  it("shows the cheapest variant's first pricing option", () => {
    const out = subscriptionPrice([
      { priceMoney: usd('10.00'), pricingOptions: [option('5.00')] },
      { priceMoney: usd('9.00'), pricingOptions: [option('3.00')] },
    ]);
    expect(out).toContain('\n$3.00\n</div>');
  });

  it('says "from" only when the legacy price fields differ between variants', () => {
    const out = subscriptionPrice([
      { price: 1000, priceMoney: usd('10.00'), pricingOptions: [option('5.00')] },
      { price: 900, priceMoney: usd('10.00'), pricingOptions: [option('3.00')] },
    ]);
    expect(out).toContain('from $5.00');
  });

  it('counts a variant without a money price as free, so it is the cheapest', () => {
    const out = subscriptionPrice([
      { priceMoney: usd('1.00'), pricingOptions: [option('4.00')] },
      { price: 500, pricingOptions: [option('3.00')] },
    ]);
    expect(out).toContain('from $3.00');
  });

  it('is empty when the cheapest variant has no pricing options', () => {
    const out = subscriptionPrice([
      { priceMoney: usd('10.00'), pricingOptions: [option('5.00')] },
      { priceMoney: usd('9.00') },
    ]);
    expect(out).toBe('\n\n\n<div class="subscription-price">\n\n</div>');
  });

  it('has no price text without locale data', () => {
    const out = subscriptionPrice(
      [{ priceMoney: usd('1.00'), pricingOptions: [option('4.00')] }],
      'none',
    );
    expect(out).toBe('\n\n\n<div class="subscription-price">\n\n</div>');
  });
});
