import type { Product } from '@atelier/contract';
import { ProductType } from '@atelier/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ProductForm from './ProductForm.island.tsx';
import { RestockForm } from './RestockForm.tsx';
import {
  initialRestockFormState,
  needsNewCaptcha,
  RESTOCK_SIGN_UP_URL,
  type RestockFormState,
  restockFormReducer,
  signUpForRestockNotification,
} from './restock-form.ts';

const PRODUCT_ID = '0b7f7a52-1111-4000-8000-000000000001';
const VARIANT_ID = '0b7f7a52-2222-4000-8000-000000000002';
const settings = {
  successText: 'Signed up!',
  mailingListSignUpEnabled: false,
  mailingListOptInByDefault: false,
};

const submit = (state: RestockFormState, email: string, isCaptchaSolved = true) =>
  restockFormReducer(state, { type: 'submit', email, isCaptchaSolved });

describe('the restock form states (SPEC §4)', () => {
  it("shows 'Email cannot be blank' and 'Email is invalid' and sends nothing", () => {
    const blank = submit(initialRestockFormState, '  ');
    expect(blank).toMatchObject({ status: 'editing', error: 'Email cannot be blank' });
    expect(submit(blank, 'ann@shop')).toMatchObject({
      status: 'editing',
      error: 'Email is invalid',
    });
  });

  it('clears the previous error on submit and sends a valid email, trimmed', () => {
    const failed = submit(initialRestockFormState, 'nope');
    expect(submit(failed, ' ann@shop.com ')).toEqual({
      status: 'submitting',
      error: null,
      email: 'ann@shop.com',
      message: null,
    });
  });

  it('waits for the captcha when it is not solved yet, then sends', () => {
    const waiting = submit(initialRestockFormState, 'ann@shop.com', false);
    expect(waiting.status).toBe('waiting-for-captcha');
    expect(restockFormReducer(waiting, { type: 'captcha-solved' }).status).toBe('submitting');
    // A solution arriving while the shopper is still typing sends nothing.
    expect(restockFormReducer(initialRestockFormState, { type: 'captcha-solved' }).status).toBe(
      'editing',
    );
  });

  it('replaces the form with the success message, or shows the failure and allows a retry', () => {
    const sending = submit(initialRestockFormState, 'ann@shop.com');
    expect(restockFormReducer(sending, { type: 'succeeded', message: 'Signed up!' })).toMatchObject(
      { status: 'done', message: 'Signed up!' },
    );
    const failed = restockFormReducer(sending, { type: 'failed', message: 'No' });
    expect(failed).toMatchObject({ status: 'editing', error: 'No' });
    expect(submit(failed, 'ann@shop.com').status).toBe('submitting');
  });
});

describe('signUpForRestockNotification (SPEC §7, §8)', () => {
  const body = {
    productId: PRODUCT_ID,
    variantId: VARIANT_ID,
    siteVisitorEmail: 'ann@shop.com',
    isJoinMailingList: false,
    recaptchaEnterpriseV3Token: 'solved',
  };
  const answering =
    (status: number, json: unknown): typeof fetch =>
    async (url, init) => {
      expect(url).toBe(RESTOCK_SIGN_UP_URL);
      expect(init?.method).toBe('POST');
      expect(JSON.parse(String(init?.body))).toEqual(body);
      return new Response(json === undefined ? 'oops' : JSON.stringify(json), { status });
    };

  it("answers the server's success text, or the merchant's, or 'Signed up!'", async () => {
    expect(
      await signUpForRestockNotification(body, {
        fetchImpl: answering(200, { message: 'Thanks' }),
      }),
    ).toEqual({
      ok: true,
      message: 'Thanks',
    });
    expect(
      await signUpForRestockNotification(body, {
        fetchImpl: answering(200, {}),
        successText: 'Yes',
      }),
    ).toEqual({ ok: true, message: 'Yes' });
  });

  it("shows the server's message on error, else 'Unable to submit form. Please try again later'", async () => {
    expect(
      await signUpForRestockNotification(body, {
        fetchImpl: answering(409, { code: 'RESTOCK_NOT_OFFERED', error: 'In stock' }),
      }),
    ).toEqual({ ok: false, message: 'In stock', code: 'RESTOCK_NOT_OFFERED', field: null });
    expect(
      await signUpForRestockNotification(body, { fetchImpl: answering(502, undefined) }),
    ).toMatchObject({
      ok: false,
      message: 'Unable to submit form. Please try again later',
    });
    const offline: typeof fetch = async () => {
      throw new TypeError('network');
    };
    expect(await signUpForRestockNotification(body, { fetchImpl: offline })).toMatchObject({
      ok: false,
      message: 'Unable to submit form. Please try again later',
    });
  });

  it('solves a new captcha only after a captcha refusal', () => {
    expect(needsNewCaptcha('RESTOCK_CAPTCHA_FAILED')).toBe(true);
    expect(needsNewCaptcha('RESTOCK_EMAIL_INVALID')).toBe(false);
  });
});

describe('the restock form on the product page', () => {
  const product = (qtyInStock: number, restock: Product['restock']) => ({
    id: PRODUCT_ID,
    title: 'Scarf',
    productType: ProductType.physical,
    variants: [
      {
        id: VARIANT_ID,
        sku: 'SCARF',
        optionValues: [],
        priceCents: 1000,
        salePriceCents: 0,
        isOnSale: false,
        qtyInStock,
        isUnlimited: false,
        imageId: null,
      },
    ],
    variantOptionOrdering: [],
    isSubscribable: false,
    isOnSale: false,
    priceCents: null,
    salePriceCents: null,
    currency: 'USD',
    useCustomAddButtonText: false,
    customAddButtonText: null,
    customSoldOutText: null,
    additionalFieldsFormId: null,
    scarcity: null,
    restock,
  });
  const page = (qtyInStock: number, restock: Product['restock']) =>
    renderToStaticMarkup(
      <ProductForm
        product={product(qtyInStock, restock)}
        additionalFieldsForm={null}
        giftCardUrl={null}
        useCLDRMoneyFormat={false}
        isExpressCheckout={false}
        multipleQuantityAllowedForServices
      />,
    );

  it('shows under a sold-out variant of a product that takes sign-ups, and nowhere else', () => {
    expect(page(0, settings)).toContain('Get an email when this is back in stock.');
    expect(page(0, null)).not.toContain('class="restock"');
    expect(page(3, settings)).not.toContain('class="restock"');
  });

  it('has a labelled email of 3–256 characters, the captcha, and the checkbox only when offered', () => {
    const html = renderToStaticMarkup(
      <RestockForm productId={PRODUCT_ID} variantId={VARIANT_ID} settings={settings} />,
    );
    expect(html).toMatch(/<label for="([^"]+)-email">Email<\/label><input[^>]*id="\1-email"/);
    expect(html).toContain('minLength="3"');
    expect(html).toContain('maxLength="256"');
    expect(html).toContain('class="captcha"');
    expect(html).not.toContain('isJoinMailingList');
    const offered = renderToStaticMarkup(
      <RestockForm
        productId={PRODUCT_ID}
        variantId={VARIANT_ID}
        settings={{ ...settings, mailingListSignUpEnabled: true, mailingListOptInByDefault: true }}
      />,
    );
    expect(offered).toMatch(/<input type="checkbox" name="isJoinMailingList" checked=""/);
  });
});
