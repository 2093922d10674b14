import { cartMessages, checkoutMessages, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/test-app.ts';
import {
  approvedCard,
  caAddress,
  createCommerceTestApp,
  createShopper,
  injectSend,
  nyAddress,
} from '../checkout/commerce-test-kit.ts';

// Issue 19: the merchant's store settings, shipping rates and tax rules, and what a
// shopper's cart and checkout make of them (priced on the server).

type Option = { id: string; name: string; kind: string; priceCents: number };

describe(`store settings, shipping and tax (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  let base: string;
  let headers: Record<string, string>;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    kit.app.inject({ method, url: `${base}${path}`, headers, ...(payload && { payload }) });
  const options = async () =>
    (await call('GET', '/shipping-options')).json().shippingOptions as Option[];

  async function checkoutIn(address = nyAddress) {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    await shopper.add(kit.variant('MUG-OAT'), 2);
    const started = await shopper.start();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id: string = started.body.checkout.id;
    const addressed = await shopper.put(id, '/shipping-address', { shippingAddress: address });
    expect(addressed.status, JSON.stringify(addressed.body)).toBe(200);
    return { shopper, id, checkout: addressed.body.checkout };
  }

  beforeAll(async () => {
    kit = await createCommerceTestApp();
    const { secret } = await kit.app.services.apiKeys.create({
      websiteId: kit.websiteId,
      name: 'settings test',
      role: Role.storeManager,
    });
    headers = { host: 'localhost', authorization: `Bearer ${secret}` };
    base = `/api/content-service/product/1.1/websites/${kit.websiteId}`;
  });
  afterAll(() => kit.close());

  it('refuses bad settings and rates with clear messages, saving nothing', async () => {
    const badCurrency = await call('PUT', '/store-settings', {
      storeCurrency: 'XYZ',
      useCLDRMoneyFormat: true,
    });
    expect(badCurrency.statusCode).toBe(400);
    expect(badCurrency.json()).toMatchObject({
      code: 'REQUEST_INVALID',
      errors: { storeCurrency: 'Choose one of the store currencies (for example USD or EUR).' },
    });
    const badZone = await call('PUT', '/store-settings', { timeZone: 'Mars/Olympus' });
    expect(badZone.json().errors).toEqual({
      timeZone: 'Enter a time zone such as Europe/Paris or America/New_York.',
    });
    expect((await call('GET', '/store-settings')).json()).toMatchObject({
      storeCurrency: 'USD',
      useCLDRMoneyFormat: false,
    });

    const negative = await call('POST', '/shipping-options', {
      name: 'Courier',
      kind: 'flat',
      priceCents: -100,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toEqual({ priceCents: "The price can't be negative." });
    const noThreshold = await call('POST', '/shipping-options', {
      name: 'Free',
      kind: 'free_over',
      priceCents: 0,
    });
    expect(noThreshold.json().errors).toEqual({
      minSubtotalCents: 'Enter the subtotal from which shipping is free.',
    });
    const negativeTax = await call('POST', '/tax-rules', { country: 'FR', rateBp: -1 });
    expect(negativeTax.statusCode).toBe(400);
    expect(negativeTax.json().errors).toEqual({ rateBp: "The tax rate can't be negative." });
    const badCountry = await call('POST', '/tax-rules', { country: 'France', rateBp: 2000 });
    expect(badCountry.json().errors).toEqual({
      country: 'Enter the two-letter country code (for example US or FR).',
    });
    expect((await options()).map((o) => o.name)).toEqual([
      'Standard shipping',
      'Free shipping on orders over $100',
    ]);
  });

  it('deletes the demo rate and offers a new one at checkout, in the chosen order', async () => {
    const [standard, free] = await options();
    const before = await checkoutIn();
    await before.shopper.put(before.id, '/shipping-option', { optionId: standard!.id });

    expect((await call('DELETE', `/shipping-options/${standard!.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/shipping-options/${standard!.id}`)).json()).toEqual({
      code: 'SHIPPING_OPTION_NOT_FOUND',
      error: 'This shipping rate no longer exists.',
    });
    const courier = await call('POST', '/shipping-options', {
      name: 'Courier',
      kind: 'flat',
      priceCents: 900,
      // Not a free_over rate: a stray threshold is not kept.
      minSubtotalCents: 5000,
    });
    expect(courier.statusCode, courier.body).toBe(201);
    expect(courier.json()).toMatchObject({ name: 'Courier', minSubtotalCents: null });

    const reordered = await call('PUT', '/shipping-options/order', {
      optionIds: [courier.json().id, free!.id],
    });
    expect(reordered.json().shippingOptions.map((o: Option) => o.name)).toEqual([
      'Courier',
      'Free shipping on orders over $100',
    ]);
    const partial = await call('PUT', '/shipping-options/order', { optionIds: [free!.id] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().code).toBe('SHIPPING_ORDER_INVALID');

    // The open checkout that had chosen the deleted rate chooses again.
    const reread = await before.shopper.get(before.id);
    expect(reread.body.checkout.shippingOptionId ?? null).toBeNull();
    const after = await checkoutIn();
    expect(after.checkout.shippingOptions).toEqual([
      expect.objectContaining({ name: 'Courier', priceCents: 900, isAvailable: true }),
      expect.objectContaining({ kind: 'free_over' }),
    ]);
    const chosen = await after.shopper.put(after.id, '/shipping-option', {
      optionId: courier.json().id,
    });
    expect(chosen.body.checkout.totals.shippingCents).toBe(900);

    const edited = await call('PUT', `/shipping-options/${courier.json().id}`, {
      name: 'Courier',
      kind: 'flat',
      priceCents: 1200,
    });
    expect(edited.json().priceCents).toBe(1200);
    expect((await after.shopper.get(after.id)).body.checkout.totals.shippingCents).toBe(1200);
  });

  it("taxes by the address's region, shipping only when the rule says so", async () => {
    const ny = await call('POST', '/tax-rules', {
      country: 'us',
      region: 'NY',
      rateBp: 1000,
      appliesToShipping: true,
    });
    expect(ny.statusCode, ny.body).toBe(201);
    expect(ny.json()).toMatchObject({ country: 'US', region: 'NY', rateBp: 1000 });
    const again = await call('POST', '/tax-rules', { country: 'US', region: 'NY', rateBp: 500 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('There is already a tax rule for NY, US: edit that one.');

    // Two admins adding the same place at once: one rule, and a 409 (never a 500).
    const racing = await Promise.all(
      [1900, 1600].map((rateBp) => call('POST', '/tax-rules', { country: 'DE', rateBp })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    const { shopper, id } = await checkoutIn();
    const courier = (await options()).find((o) => o.name === 'Courier')!;
    const priced = await shopper.put(id, '/shipping-option', { optionId: courier.id });
    // 2 × 24.00 mugs + 12.00 shipping, 10% on both
    expect(priced.body.checkout.totals).toMatchObject({
      subtotalCents: 4800,
      shippingCents: 1200,
      taxCents: 600,
    });

    expect(
      (
        await call('PUT', `/tax-rules/${ny.json().id}`, {
          country: 'US',
          region: 'NY',
          rateBp: 1000,
          appliesToShipping: false,
        })
      ).statusCode,
    ).toBe(200);
    expect((await shopper.get(id)).body.checkout.totals.taxCents).toBe(480);
    expect((await call('DELETE', `/tax-rules/${ny.json().id}`)).statusCode).toBe(204);
    expect((await shopper.get(id)).body.checkout.totals.taxCents).toBe(0);
  });

  it('switches the store to euros: carts and checkouts show EUR', async () => {
    const switched = await call('PUT', '/store-settings', {
      storeCurrency: 'EUR',
      useCLDRMoneyFormat: true,
      language: 'fr-FR',
      timeZone: 'Europe/Paris',
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toEqual({
      storeCurrency: 'EUR',
      useCLDRMoneyFormat: true,
      language: 'fr-FR',
      timeZone: 'Europe/Paris',
      multipleQuantityAllowedForServices: true,
      pricesIncludeTax: false,
      weightUnit: 'kg',
      sizeUnit: 'cm',
      notificationEmail: null,
      storeAddress: null,
    });
    const { shopper, checkout } = await checkoutIn();
    expect(checkout.currency).toBe('EUR');
    const cart = (await shopper.visit()).body;
    expect(JSON.stringify(cart)).toContain('"currency":"EUR"');
    expect(JSON.stringify(cart)).not.toContain('"USD"');
  });

  it('refuses zones, tiers and pickups that make no sense, naming the field', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ kind: 'flat', zone: [] }, { zone: 'Choose at least one country, or ship everywhere.' }],
      [
        { kind: 'flat', zone: [{ country: 'US' }, { country: 'us' }] },
        { zone: 'A country is listed twice.' },
      ],
      [{ kind: 'by_weight' }, { weightTiers: 'Add at least one weight tier.' }],
      [
        { kind: 'by_weight', weightTiers: [{ upToGrams: 1000, priceCents: 500 }] },
        {
          weightTiers: 'Leave the last tier without a limit, so heavier orders can still ship.',
        },
      ],
      [
        {
          kind: 'by_weight',
          weightTiers: [
            { upToGrams: 1000, priceCents: 500 },
            { upToGrams: 500, priceCents: 600 },
            { upToGrams: null, priceCents: 900 },
          ],
        },
        { weightTiers: 'Each tier must go up to more than the one before it.' },
      ],
      [{ kind: 'pickup' }, { pickupLocation: 'Enter where shoppers pick up their order.' }],
    ];
    for (const [fields, errors] of cases) {
      const refused = await call('POST', '/shipping-options', {
        name: 'Bad',
        priceCents: 0,
        ...fields,
      });
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
      expect(refused.json().errors).toEqual(errors);
    }
  });

  it('offers a zoned rate only where its zone holds the address, and pickup always', async () => {
    const westCoast = await call('POST', '/shipping-options', {
      name: 'West coast',
      kind: 'flat',
      priceCents: 500,
      zone: [{ country: 'us', regions: ['CA', 'OR'] }],
    });
    expect(westCoast.statusCode, westCoast.body).toBe(201);
    expect(westCoast.json()).toMatchObject({ zone: [{ country: 'US', regions: ['CA', 'OR'] }] });
    const tiered = await call('POST', '/shipping-options', {
      name: 'US by weight',
      kind: 'by_weight',
      priceCents: 0,
      perKgCents: 100,
      zone: [{ country: 'US' }],
      weightTiers: [
        { upToGrams: 5000, priceCents: 700 },
        { upToGrams: null, priceCents: 1500 },
      ],
    });
    expect(tiered.statusCode, tiered.body).toBe(201);
    // Tiers replace the per-kg price.
    expect(tiered.json()).toMatchObject({
      perKgCents: null,
      zone: [{ country: 'US', regions: [] }],
    });
    const pickup = await call('POST', '/shipping-options', {
      name: 'Pick up at the studio',
      kind: 'pickup',
      priceCents: 0,
      pickupLocation: 'Atelier studio',
      pickupAddress: '1 Main St, Brooklyn',
      pickupInstructions: 'Weekdays 9–5, ring twice.',
      // A pickup has no zone: it is offered whatever the address.
      zone: [{ country: 'US' }],
    });
    expect(pickup.statusCode, pickup.body).toBe(201);
    expect(pickup.json()).toMatchObject({ zone: null, pickupLocation: 'Atelier studio' });

    const names = (checkout: { shippingOptions: Option[] }) =>
      checkout.shippingOptions.map((o) => o.name);
    const inCalifornia = await checkoutIn(caAddress);
    expect(names(inCalifornia.checkout)).toContain('West coast');
    expect(inCalifornia.checkout.shippingOptions).toContainEqual(
      expect.objectContaining({ name: 'US by weight', priceCents: 700, isAvailable: true }),
    );
    expect(inCalifornia.checkout.shippingOptions).toContainEqual(
      expect.objectContaining({
        kind: 'pickup',
        pickup: {
          location: 'Atelier studio',
          address: '1 Main St, Brooklyn',
          instructions: 'Weekdays 9–5, ring twice.',
        },
      }),
    );
    const chosen = await inCalifornia.shopper.put(inCalifornia.id, '/shipping-option', {
      optionId: westCoast.json().id,
    });
    expect(chosen.body.checkout.totals.shippingCents).toBe(500);

    // Moving to New York drops the west-coast choice: it no longer ships there.
    const moved = await inCalifornia.shopper.put(inCalifornia.id, '/shipping-address', {
      shippingAddress: nyAddress,
    });
    // Listed still, but not to be chosen, saying why (issue 29), rather than vanishing.
    expect(moved.body.checkout.shippingOptions).toContainEqual(
      expect.objectContaining({
        name: 'West coast',
        isAvailable: false,
        unavailableReason: checkoutMessages.shippingNotToRegion,
      }),
    );
    expect(moved.body.checkout.shippingOptions).toContainEqual(
      expect.objectContaining({ name: 'US by weight', isAvailable: true, unavailableReason: null }),
    );
    expect(moved.body.checkout.selectedShippingOptionId).toBeNull();
    const refused = await inCalifornia.shopper.put(inCalifornia.id, '/shipping-option', {
      optionId: westCoast.json().id,
    });
    expect(refused.body.code).toBe('SHIPPING_OPTION_UNAVAILABLE');

    // Nowhere ships to France once the everywhere rates are gone: only the pickup is left.
    for (const option of await options()) {
      if (!['West coast', 'US by weight', 'Pick up at the studio'].includes(option.name)) {
        expect((await call('DELETE', `/shipping-options/${option.id}`)).statusCode).toBe(204);
      }
    }
    const paris = { ...nyAddress, city: 'Paris', region: '', postalCode: '75001', country: 'FR' };
    const inFrance = await checkoutIn(paris);
    const available = (checkout: { shippingOptions: (Option & { isAvailable: boolean })[] }) =>
      checkout.shippingOptions.filter((o) => o.isAvailable).map((o) => o.name);
    expect(available(inFrance.checkout)).toEqual(['Pick up at the studio']);
    expect(inFrance.checkout.shippingOptions).toContainEqual(
      expect.objectContaining({
        name: 'US by weight',
        isAvailable: false,
        unavailableReason: checkoutMessages.shippingNotToCountry,
      }),
    );
    expect(inFrance.checkout.shippingProblem).toBe(checkoutMessages.noShippingToAddress);
    await inFrance.shopper.put(inFrance.id, '/email', { email: 'ada@example.com' });
    const unplaced = await inFrance.shopper.place(inFrance.id, 'zone-refused');
    expect(unplaced.status).toBe(400);
    expect(unplaced.body.error).toBe(checkoutMessages.noShippingToAddress);
    const collecting = await inFrance.shopper.put(inFrance.id, '/shipping-option', {
      optionId: pickup.json().id,
    });
    expect(collecting.status, JSON.stringify(collecting.body)).toBe(200);
    const placed = await inFrance.shopper.place(inFrance.id, 'zone-pickup');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order.shippingOptionName).toBe('Pick up at the studio');
  });

  it('takes tax out of tax-inclusive prices, and refunds what the customer paid', async () => {
    const inclusive = await call('PUT', '/store-settings', { pricesIncludeTax: true });
    expect(inclusive.statusCode, inclusive.body).toBe(200);
    expect(inclusive.json().pricesIncludeTax).toBe(true);
    const vat = await call('POST', '/tax-rules', { country: 'FR', rateBp: 2000 });
    expect(vat.statusCode, vat.body).toBe(201);

    const paris = { ...nyAddress, city: 'Paris', region: '', postalCode: '75018', country: 'FR' };
    const { shopper, id, checkout } = await checkoutIn(paris);
    const option = checkout.shippingOptions.find((o: { isAvailable: boolean }) => o.isAvailable);
    await shopper.put(id, '/email', { email: 'amelie@example.fr' });
    const priced = (await shopper.put(id, '/shipping-option', { optionId: option.id })).body
      .checkout;
    // Two mugs at 24.00 with 20% VAT inside: 48.00 holds 8.00; nothing is added.
    expect(priced.totals).toMatchObject({
      subtotalCents: 4800,
      taxCents: 800,
      isTaxIncluded: true,
      totalCents: 4800 + option.priceCents,
    });
    const placed = await shopper.place(id, 'inclusive-1');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order).toMatchObject({ taxTotalCents: 800, isTaxIncluded: true });

    const orders = `/api/content-service/commerce/1.1/websites/${kit.websiteId}/orders`;
    const refunded = await kit.app.inject({
      method: 'POST',
      url: `${orders}/${placed.body.order.id}/refunds`,
      headers: { ...headers, 'idempotency-key': 'inclusive-refund' },
      payload: { items: [{ lineNumber: 1, quantity: 1 }] },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // One mug of two: 24.00 as paid, its VAT inside it, not on top.
    expect(refunded.json().order).toMatchObject({
      isTaxIncluded: true,
      taxCents: 800,
      refundedCardCents: 2400,
    });
    expect((await call('PUT', '/store-settings', { pricesIncludeTax: false })).statusCode).toBe(
      200,
    );
  });

  it('keeps the units, notification email and store address, refusing a bad email', async () => {
    const bad = await call('PUT', '/store-settings', { notificationEmail: 'orders at shop' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      notificationEmail: 'Enter an email address such as orders@example.com.',
    });
    const saved = await call('PUT', '/store-settings', {
      weightUnit: 'lb',
      sizeUnit: 'in',
      notificationEmail: 'orders@example.com',
      storeAddress: {
        name: 'Atelier studio',
        line1: '1 Main St',
        line2: '',
        city: 'Brooklyn',
        region: 'NY',
        postalCode: '11201',
        country: 'us',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      weightUnit: 'lb',
      sizeUnit: 'in',
      notificationEmail: 'orders@example.com',
      storeAddress: { city: 'Brooklyn', country: 'US' },
    });
  });

  it('refuses checkout below the minimum, asks for the phone, and keeps the note', async () => {
    const preferences = (values: object) =>
      kit.app.inject({
        method: 'PUT',
        url: '/api/v1/commerce-preferences/checkout',
        headers,
        payload: { isExpressCheckout: false, stockHoldMinutes: 10, ...values },
      });
    const set = await preferences({
      minimumSubtotalCents: 10_000,
      isPhoneRequired: true,
      hasOrderNotes: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    const { shopper, id, checkout } = await checkoutIn(caAddress);
    // Two mugs at 24.00 in EUR, the store's currency since the test above.
    const minimum = cartMessages.minimumSubtotal('€100.00');
    expect(checkout).toMatchObject({
      minimumProblem: minimum,
      isPhoneRequired: true,
      hasOrderNotes: true,
      phone: null,
    });
    await shopper.put(id, '/email', { email: 'ada@example.com' });
    const west = (await options()).find((o) => o.name === 'West coast')!;
    await shopper.put(id, '/shipping-option', { optionId: west.id });
    const below = await shopper.place(id, 'below-minimum');
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({ code: 'CHECKOUT_BELOW_MINIMUM', error: minimum });

    await preferences({ minimumSubtotalCents: 4_800, isPhoneRequired: true, hasOrderNotes: true });
    expect((await shopper.get(id)).body.checkout.minimumProblem).toBeNull();
    const noPhone = await shopper.place(id, 'no-phone');
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.errors).toEqual({ phone: checkoutMessages.phoneMissing });
    const badPhone = await shopper.put(id, '/email', {
      email: 'ada@example.com',
      phone: 'call me',
    });
    expect(badPhone.status).toBe(400);
    const phoned = await shopper.put(id, '/email', {
      email: 'ada@example.com',
      phone: '+1 212 555 0100',
    });
    expect(phoned.body.checkout.phone).toBe('+1 212 555 0100');

    const placed = await shopper.call(
      'POST',
      `/api/commerce/checkout/${id}/orders`,
      { card: approvedCard, note: 'Please gift wrap.' },
      { 'idempotency-key': 'with-note' },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId: string = placed.body.order.id;
    const detail = (
      await kit.app.inject({
        url: `/api/content-service/commerce/1.1/websites/${kit.websiteId}/orders/${orderId}`,
        headers,
      })
    ).json().order;
    expect(detail).toMatchObject({ phone: '+1 212 555 0100', note: 'Please gift wrap.' });
    const outbox = await kit.app.services.commerce.outbox.listOutbox(kit.websiteId);
    const newOrder = outbox.find(
      (m) => m.kind === 'new-order' && m.body_text.includes('Please gift wrap.'),
    );
    // The store's notification email, set above, rather than the owner's.
    expect(newOrder).toMatchObject({ to_email: 'orders@example.com' });
    const confirmation = outbox.find(
      (m) =>
        m.kind === 'order-confirmation' &&
        m.body_text.includes(`#${placed.body.order.orderNumber}`),
    );
    // The store address set above closes the shopper's email.
    expect(confirmation?.body_text).toContain('Atelier studio\n1 Main St\nBrooklyn NY 11201\nUS');
    await preferences({});
  });
});
