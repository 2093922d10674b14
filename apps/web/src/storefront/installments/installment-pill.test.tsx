import { type InstallmentOffer, ProductType } from '@atelier/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ProductForm, { type ProductFormProps } from '../product/ProductForm.island.tsx';
import { InstallmentPill } from './InstallmentPill.tsx';

const afterpay: InstallmentOffer = { brand: 'Afterpay', minCents: 100, maxCents: 200_000 };
/** The pill's visible words, markup and React's text separators removed. */
const words = (html: string) =>
  (/<p class="installment-pill__text">(.*?)<\/p>/.exec(html)?.[1] ?? '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const pill = (priceCents: number, offer = afterpay) =>
  renderToStaticMarkup(
    <InstallmentPill
      offer={offer}
      priceCents={priceCents}
      currency="USD"
      useCLDRMoneyFormat={false}
    />,
  );

describe('the installment pill (SPEC §5)', () => {
  it("reads core's in-range text followed by the brand and an info button", () => {
    expect(words(pill(10_000))).toBe('or 4 interest-free payments of $25.00 with Afterpay i');
    expect(pill(10_000)).toContain('aria-label="About paying with Afterpay"');
  });

  it('says the range at its edges: over the minimum, up to the maximum', () => {
    expect(words(pill(100))).toBe('Afterpay available for orders over $1.00 i');
    expect(words(pill(101))).toBe('or 4 interest-free payments of $0.26 with Afterpay i');
    expect(words(pill(200_000))).toBe('or 4 interest-free payments of $500.00 with Afterpay i');
    expect(words(pill(200_001))).toBe('Afterpay available for orders up to $2,000.00 i');
  });

  it('names Clearpay in the UK', () => {
    expect(words(pill(4000, { ...afterpay, brand: 'Clearpay' }))).toBe(
      'or 4 interest-free payments of $10.00 with Clearpay i',
    );
  });

  it('has a labelled modal explainer listing the payments, closed until opened', () => {
    const html = pill(1001);
    expect(html).toMatch(
      /<dialog class="installment-dialog" aria-labelledby="([^"]+)" aria-modal="true">.*<h2 id="\1"[^>]*>Pay in 4 with Afterpay<\/h2>/,
    );
    expect(html).not.toMatch(/<dialog[^>]* open/);
    // $10.01: the odd cent on the first payment, then every 2 weeks.
    const schedule = /<ol[^>]*>(.*?)<\/ol>/.exec(html)?.[1] ?? '';
    expect(schedule.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '|')).toBe(
      '||Today| |$2.51||||In 2 weeks| |$2.50||||In 4 weeks| |$2.50||||In 6 weeks| |$2.50||',
    );
    expect(html).toContain('>Close</button>');
  });
});

describe('the pill in the product form', () => {
  const product = (
    productType: ProductFormProps['product']['productType'],
  ): ProductFormProps['product'] => ({
    id: '0b7f7a52-1111-4000-8000-000000000001',
    title: 'Scarf',
    productType,
    variants: [
      {
        id: '0b7f7a52-2222-4000-8000-000000000002',
        sku: 'SCARF',
        optionValues: [],
        priceCents: 4000,
        salePriceCents: 3000,
        isOnSale: true,
        qtyInStock: 3,
        isUnlimited: false,
        imageId: null,
      },
    ],
    variantOptionOrdering: [],
    isSubscribable: false,
    isOnSale: true,
    priceCents: null,
    salePriceCents: null,
    currency: 'USD',
    useCustomAddButtonText: false,
    customAddButtonText: null,
    customSoldOutText: null,
    additionalFieldsFormId: null,
    scarcity: null,
    restock: null,
  });
  const form = (
    productType: ProductFormProps['product']['productType'],
    installments: InstallmentOffer | null,
  ) =>
    renderToStaticMarkup(
      <ProductForm
        product={product(productType)}
        additionalFieldsForm={null}
        giftCardUrl={null}
        useCLDRMoneyFormat={false}
        isExpressCheckout={false}
        multipleQuantityAllowedForServices
        installments={installments}
      />,
    );

  it('shows for a physical product at its sale price, only with an offer', () => {
    expect(words(form(ProductType.physical, afterpay))).toBe(
      'or 4 interest-free payments of $7.50 with Afterpay i',
    );
    expect(form(ProductType.physical, null)).not.toContain('installment-pill');
  });

  it('never shows for digital products, services or gift cards', () => {
    for (const type of [ProductType.digital, ProductType.service, ProductType.giftCard]) {
      expect(form(type, afterpay), String(type)).not.toContain('installment-pill');
    }
  });
});
