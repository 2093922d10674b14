import { Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/test-app.ts';
import {
  caAddress,
  createCommerceTestApp,
  createShopper,
  injectSend,
} from '../checkout/commerce-test-kit.ts';

// Issue 19: the cart body's shipping, tax and discount fields (SPEC §3) carry what
// checkout will charge, not zeros: the cart page can then show the shopper real figures.

describe(`cart figures (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  beforeAll(async () => {
    kit = await createCommerceTestApp();
  });
  afterAll(() => kit.close());

  it('prices shipping, tax and the coupon as the open checkout does', async () => {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    const added = await shopper.add(kit.variant('MUG-OAT'), 2);
    expect(added.status).toBe(200);

    const before = (await shopper.visit()).body.shoppingCart;
    expect(before.shippingOptions.length).toBeGreaterThan(0);
    expect(before.shippingOptions[0]).toMatchObject({
      name: expect.any(String),
      isAvailable: true,
    });
    expect(before).toMatchObject({
      selectedShippingOption: null,
      shippingLocation: null,
      applicableTaxRules: [],
      coupons: [],
      taxCents: 0,
      discountCents: 0,
      grandTotalCents: before.subtotalCents,
    });

    const id: string = (await shopper.start()).body.checkout.id;
    await shopper.put(id, '/email', { email: 'ada@example.com' });
    const withAddress = await shopper.put(id, '/shipping-address', { shippingAddress: caAddress });
    const option = withAddress.body.checkout.shippingOptions.find(
      (o: { isAvailable: boolean }) => o.isAvailable,
    );
    await shopper.put(id, '/shipping-option', { optionId: option.id });
    const checkout = (await shopper.put(id, '/coupon', { code: 'welcome10' })).body.checkout;

    const cart = (await shopper.visit()).body.shoppingCart;
    expect(cart).toMatchObject({
      selectedShippingOption: { id: option.id, name: option.name },
      shippingLocation: { country: 'US', region: 'CA', postalCode: caAddress.postalCode },
      applicableTaxRules: [{ country: 'US', region: 'CA', ratePercent: 7.25 }],
      coupons: ['WELCOME10'],
      validCoupons: ['WELCOME10'],
      invalidCoupons: [],
      discountCents: checkout.totals.discountCents,
      shippingCostCents: checkout.totals.shippingCents,
      taxCents: checkout.totals.taxCents,
      grandTotalCents: checkout.totals.totalCents,
    });
    expect(cart.discountCents).toBeGreaterThan(0);
    expect(cart.taxCents).toBeGreaterThan(0);

    // A quantity change answers with the figures re-priced.
    const entryId = cart.entries[0].id;
    const changed = await shopper.call('PUT', `/api/commerce/shopping-cart/entries/${entryId}`, {
      quantity: 1,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.shoppingCart.discountCents).toBe(Math.round(cart.discountCents / 2));
    expect(changed.body.shoppingCart.taxCents).toBeGreaterThan(0);
  });

  it('names an automatic discount, and an invalid code among the invalid ones', async () => {
    const { secret } = await kit.app.services.apiKeys.create({
      websiteId: kit.websiteId,
      name: 'discounts',
      role: Role.storeManager,
    });
    const created = await kit.app.inject({
      method: 'POST',
      url: `/api/content-service/product/1.1/websites/${kit.websiteId}/coupons`,
      headers: { host: 'localhost', authorization: `Bearer ${secret}` },
      payload: { code: 'TWO-OFF', kind: 'fixed_amount', amountCents: 200, isAutomatic: true },
    });
    expect(created.statusCode).toBe(201);

    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    await shopper.add(kit.variant('MUG-OAT'), 1);
    const cart = (await shopper.visit()).body.shoppingCart;
    expect(cart).toMatchObject({
      coupons: ['TWO-OFF'],
      validCoupons: ['TWO-OFF'],
      invalidCoupons: [],
      discountCents: 200,
      grandTotalCents: cart.subtotalCents - 200,
    });
  });
});
