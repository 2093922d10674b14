import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_ANSWER_STATUS, type RequestFailure } from '../cart/cart-errors';
import { cartMessages, checkoutMessages } from '../messages';
import {
  CHECKOUT_FORM_TRANSITIONS,
  type CheckoutFormEvent,
  type CheckoutFormState,
  type CheckoutSnapshot,
  canCheckoutTransition,
  cardInputFrom,
  checkoutFormReducer,
  defaultShippingOption,
  emptyCheckoutAddress,
  initialCheckoutFormState,
  isAddressComplete,
  isAddressUnsaved,
  isCheckoutReady,
  isContactUnsaved,
  keepsIdempotencyKey,
  missingCheckoutFields,
  needsCard,
  problemPlaceOf,
  problemPlaceOfField,
} from './checkout-form';

type Checkout = CheckoutSnapshot & { id: string };

const checkout = (overrides: Partial<Checkout> = {}): Checkout => ({
  id: 'c1',
  email: null,
  requiresShipping: true,
  shippingAddress: null,
  selectedShippingOptionId: null,
  totals: { grandTotalCents: 1000 },
  ...overrides,
});

const address = {
  name: 'Ada Lovelace',
  line1: '1 Market Street',
  city: 'San Francisco',
  postalCode: '94105',
  country: 'US',
};

const failure = (overrides: Partial<RequestFailure> = {}): RequestFailure => ({
  status: 400,
  message: 'Enter your email address.',
  fields: {},
  ...overrides,
});

type State = CheckoutFormState<Checkout>;
type Event = CheckoutFormEvent<Checkout>;

const run = (events: Event[], start: State = initialCheckoutFormState<Checkout>('key-1')) =>
  events.reduce<State>(checkoutFormReducer, start);

const ready = (c: Checkout = checkout()) => run([{ type: 'start-succeeded', checkout: c }]);

describe('checkout form', () => {
  it('starts busy with an empty form, no checkout and the given key', () => {
    expect(initialCheckoutFormState('key-1')).toEqual({
      status: 'starting',
      checkout: null,
      isBusy: true,
      savingStep: null,
      problems: {},
      fieldErrors: {},
      focusAt: null,
      focusCount: 0,
      email: '',
      address: emptyCheckoutAddress,
      couponCode: '',
      giftCardCode: '',
      card: { number: '', expiry: '', cvc: '', nameOnCard: '' },
      idempotencyKey: 'key-1',
    });
  });

  it('fills the form from a resumed checkout', () => {
    const state = ready(checkout({ email: 'ada@example.com', shippingAddress: address }));
    expect(state).toMatchObject({ status: 'ready', isBusy: false, email: 'ada@example.com' });
    // Optional lines the server left out read as empty inputs, not undefined.
    expect(state.address).toEqual({ ...address, line2: '', region: '' });
  });

  it('keeps the empty form when a new checkout has nothing saved', () => {
    const state = ready();
    expect(state.email).toBe('');
    expect(state.address).toEqual(emptyCheckoutAddress);
    expect(state.checkout?.id).toBe('c1');
  });

  it("fills a new checkout's form from the signed-in account, saving nothing yet", () => {
    const prefilled = initialCheckoutFormState<Checkout>('key-1', {
      email: 'ada@example.com',
      address,
    });
    const state = run([{ type: 'start-succeeded', checkout: checkout() }], prefilled);
    expect(state.email).toBe('ada@example.com');
    expect(state.address).toEqual({ ...address, line2: '', region: '' });
    // The server has none until the shopper saves each step.
    expect(state.checkout?.email).toBeNull();
    expect(state.checkout?.shippingAddress).toBeNull();
  });

  it('lets what a resumed checkout saved win over the account', () => {
    const saved = { ...address, name: 'Ada King', city: 'London', country: 'GB' };
    const prefilled = initialCheckoutFormState<Checkout>('key-1', {
      email: 'ada@example.com',
      address,
    });
    const state = run(
      [
        {
          type: 'start-succeeded',
          checkout: checkout({ email: 'king@example.com', shippingAddress: saved }),
        },
      ],
      prefilled,
    );
    expect(state.email).toBe('king@example.com');
    expect(state.address).toEqual({ ...saved, line2: '', region: '' });
  });

  it('shows why a checkout could not start and stays there', () => {
    const state = run([
      { type: 'start-failed', failure: failure({ status: 400, message: 'Your cart is empty.' }) },
    ]);
    expect(state).toMatchObject({
      status: 'unavailable',
      isBusy: false,
      checkout: null,
      problems: { page: 'Your cart is empty.' },
    });
    expect(checkoutFormReducer(state, { type: 'step-sent', step: 'email' })).toBe(state);
  });

  it('records every edit, in any status', () => {
    const edits: Event[] = [
      { type: 'email-edited', email: 'ada@example.com' },
      { type: 'address-edited', field: 'city', value: 'Portland' },
      { type: 'coupon-code-edited', code: 'WELCOME10' },
      { type: 'gift-card-code-edited', code: 'ABCD-EFGH' },
      { type: 'card-edited', field: 'number', value: '4242' },
      { type: 'card-edited', field: 'expiry', value: '12/30' },
    ];
    for (const start of [
      initialCheckoutFormState<Checkout>('k'),
      run([{ type: 'step-sent', step: 'email' }], ready()),
    ]) {
      const state = run(edits, start);
      expect(state).toMatchObject({
        status: start.status,
        email: 'ada@example.com',
        address: { ...emptyCheckoutAddress, city: 'Portland' },
        couponCode: 'WELCOME10',
        giftCardCode: 'ABCD-EFGH',
        card: { number: '4242', expiry: '12/30', cvc: '', nameOnCard: '' },
      });
    }
  });

  it('is busy while a step saves, and keeps its problem shown until that step saves', () => {
    const failedOnce = run(
      [
        { type: 'step-sent', step: 'email' },
        { type: 'step-failed', step: 'email', failure: failure(), takesFocus: false },
      ],
      ready(),
    );
    expect(failedOnce.problems).toEqual({ contact: 'Enter your email address.' });
    // Saved on leaving the field: shown beside it, focus stays where the shopper went.
    expect(failedOnce).toMatchObject({ focusAt: null, focusCount: 0 });
    const saving = checkoutFormReducer(failedOnce, { type: 'step-sent', step: 'email' });
    expect(saving).toMatchObject({ status: 'saving', isBusy: true, savingStep: 'email' });
    expect(saving.problems).toEqual({ contact: 'Enter your email address.' });
    const saved = checkoutFormReducer(saving, {
      type: 'step-succeeded',
      step: 'email',
      checkout: checkout({ email: 'ada@example.com' }),
    });
    expect(saved).toMatchObject({ problems: {}, savingStep: null });
  });

  it("keeps one section's problem while another section saves", () => {
    const state = run(
      [
        { type: 'step-sent', step: 'email' },
        {
          type: 'step-failed',
          step: 'email',
          failure: failure({ fields: { email: 'Enter an email address like ada@example.com.' } }),
          takesFocus: false,
        },
        { type: 'step-sent', step: 'shipping-address' },
        { type: 'step-succeeded', step: 'shipping-address', checkout: checkout() },
      ],
      ready(),
    );
    expect(state.fieldErrors).toEqual({ email: 'Enter an email address like ada@example.com.' });
    // The field says it, so the request's summary is not repeated beside the section.
    expect(state.problems).toEqual({});
  });

  it('moves focus to a problem the shopper caused by pressing a button, each time', () => {
    const failOnce = (state: State) =>
      run(
        [
          { type: 'step-sent', step: 'apply-coupon' },
          {
            type: 'step-failed',
            step: 'apply-coupon',
            failure: failure({ message: 'That coupon code is not valid.' }),
            takesFocus: true,
          },
        ],
        state,
      );
    const once = failOnce(ready());
    expect(once).toMatchObject({ focusAt: 'coupon', focusCount: 1 });
    expect(failOnce(once).focusCount).toBe(2);
  });

  it('blocks Place order with what is missing, beside each field, focusing the first', () => {
    const typed = { email: '', phone: '', address: { ...emptyCheckoutAddress, city: 'Paris' } };
    const missing = missingCheckoutFields(typed, checkout({ isPhoneRequired: true }));
    expect(missing).toEqual({
      email: checkoutMessages.emailMissing,
      phone: checkoutMessages.phoneMissing,
      'shippingAddress.name': checkoutMessages.nameMissing,
      'shippingAddress.line1': checkoutMessages.addressLineMissing,
      'shippingAddress.postalCode': checkoutMessages.postalCodeMissing,
    });
    const blocked = checkoutFormReducer(ready(), { type: 'order-blocked', fields: missing });
    expect(blocked).toMatchObject({
      status: 'ready',
      fieldErrors: missing,
      focusAt: 'contact',
      focusCount: 1,
    });
    // Nothing shipped: no address asked for.
    expect(
      missingCheckoutFields(
        { email: 'a@b.co', phone: '', address: emptyCheckoutAddress },
        checkout({ requiresShipping: false }),
      ),
    ).toEqual({});
    expect(checkoutFormReducer(ready(), { type: 'order-blocked', fields: {} })).toMatchObject({
      focusCount: 0,
    });
  });

  it("clears a field's message as the shopper types in it, and only that one", () => {
    const blocked = checkoutFormReducer(ready(), {
      type: 'order-blocked',
      fields: {
        email: checkoutMessages.emailMissing,
        'shippingAddress.city': checkoutMessages.cityMissing,
        'card.cvc': checkoutMessages.cardCvcMissing,
      },
    });
    const typed = run(
      [
        { type: 'address-edited', field: 'city', value: 'Paris' },
        { type: 'card-edited', field: 'cvc', value: '1' },
      ],
      blocked,
    );
    expect(typed.fieldErrors).toEqual({ email: checkoutMessages.emailMissing });
    expect(checkoutFormReducer(typed, { type: 'email-edited', email: 'a' }).fieldErrors).toEqual(
      {},
    );
  });

  it('asks for the card on Place order only when one is needed', () => {
    const typed = {
      email: 'a@b.co',
      phone: '',
      address,
      card: { number: '4242', expiry: '', cvc: ' ', nameOnCard: 'Ada' },
    };
    expect(missingCheckoutFields(typed, checkout())).toEqual({
      'card.expiry': checkoutMessages.cardExpiryMissing,
      'card.cvc': checkoutMessages.cardCvcMissing,
    });
    expect(missingCheckoutFields({ ...typed, card: undefined }, checkout())).toEqual({});
  });

  it('chooses the cheapest shipping that applies for the shopper, never a pickup', () => {
    const option = (id: string, priceCents: number, kind = 'flat', isAvailable = true) => ({
      id,
      priceCents,
      kind,
      isAvailable,
    });
    expect(
      defaultShippingOption([
        option('standard', 695),
        option('free', 0, 'free_over', false),
        option('courier', 695),
        option('studio', 0, 'pickup'),
        option('economy', 495),
      ])?.id,
    ).toBe('economy');
    expect(defaultShippingOption([option('a', 500), option('b', 500)])?.id).toBe('a');
    expect(defaultShippingOption([option('studio', 0, 'pickup')])).toBeNull();
    expect(defaultShippingOption([])).toBeNull();
  });

  it('saves an address by itself only once it is complete and differs from the saved one', () => {
    expect(isAddressComplete(emptyCheckoutAddress)).toBe(false);
    expect(isAddressComplete({ ...address, line2: '', region: '' })).toBe(true);
    expect(isAddressComplete({ ...address, postalCode: '  ' })).toBe(false);
    expect(isAddressUnsaved(address, null)).toBe(true);
    // Blank optional lines read as the missing ones the server stores.
    expect(isAddressUnsaved({ ...address, line2: '', region: '' }, address)).toBe(false);
    expect(isAddressUnsaved({ ...address, city: 'Oakland' }, address)).toBe(true);
    expect(isContactUnsaved({ email: 'a@b.co', phone: '' }, checkout({ email: 'a@b.co' }))).toBe(
      false,
    );
    expect(isContactUnsaved({ email: ' a@b.co ', phone: '' }, checkout())).toBe(true);
    expect(
      isContactUnsaved(
        { email: 'a@b.co', phone: '555 0100' },
        checkout({ email: 'a@b.co', isPhoneRequired: true, phone: null }),
      ),
    ).toBe(true);
  });

  it('takes the re-priced checkout from a saved step and clears field errors', () => {
    const withErrors = run(
      [
        { type: 'step-sent', step: 'email' },
        {
          type: 'step-failed',
          step: 'email',
          failure: failure({ fields: { email: 'Enter your email address.' } }),
          takesFocus: false,
        },
        { type: 'step-sent', step: 'email' },
      ],
      ready(),
    );
    expect(withErrors.fieldErrors).toEqual({ email: 'Enter your email address.' });
    const saved = checkoutFormReducer(withErrors, {
      type: 'step-succeeded',
      step: 'email',
      checkout: checkout({ email: 'ada@example.com' }),
    });
    expect(saved).toMatchObject({ status: 'ready', isBusy: false, fieldErrors: {} });
    expect(saved.checkout?.email).toBe('ada@example.com');
  });

  it('empties a code input once that code is applied, and only then', () => {
    const typed = run(
      [
        { type: 'coupon-code-edited', code: 'WELCOME10' },
        { type: 'gift-card-code-edited', code: 'GIFT' },
      ],
      ready(),
    );
    const save = (step: 'apply-coupon' | 'apply-gift-card' | 'remove-coupon') =>
      run(
        [
          { type: 'step-sent', step },
          { type: 'step-succeeded', step, checkout: checkout() },
        ],
        typed,
      );
    expect(save('apply-coupon')).toMatchObject({ couponCode: '', giftCardCode: 'GIFT' });
    expect(save('apply-gift-card')).toMatchObject({ couponCode: 'WELCOME10', giftCardCode: '' });
    expect(save('remove-coupon')).toMatchObject({ couponCode: 'WELCOME10', giftCardCode: 'GIFT' });
    const refused = run(
      [
        { type: 'step-sent', step: 'apply-coupon' },
        {
          type: 'step-failed',
          step: 'apply-coupon',
          failure: failure({
            message: 'That coupon code is not valid.',
            fields: { code: 'That coupon code is not valid.' },
          }),
          takesFocus: true,
        },
      ],
      typed,
    );
    expect(refused).toMatchObject({
      couponCode: 'WELCOME10',
      problems: { coupon: 'That coupon code is not valid.' },
      fieldErrors: {},
    });
  });

  it('keeps the checkout it had when a step fails', () => {
    const state = run(
      [
        { type: 'step-sent', step: 'email' },
        { type: 'step-failed', step: 'email', failure: failure(), takesFocus: false },
      ],
      ready(checkout({ email: 'old@example.com' })),
    );
    expect(state).toMatchObject({ status: 'ready', isBusy: false });
    expect(state.checkout?.email).toBe('old@example.com');
  });

  it('sends one request at a time', () => {
    const saving = run([{ type: 'step-sent', step: 'email' }], ready());
    expect(canCheckoutTransition(saving.status, 'step-sent')).toBe(false);
    expect(canCheckoutTransition(saving.status, 'order-sent')).toBe(false);
    expect(checkoutFormReducer(saving, { type: 'order-sent' })).toBe(saving);
    expect(canCheckoutTransition('ready', 'order-sent')).toBe(true);
    // A late answer after the form moved on changes nothing.
    const idle = ready();
    expect(
      checkoutFormReducer(idle, { type: 'step-succeeded', step: 'email', checkout: checkout() }),
    ).toBe(idle);
  });

  it('stays busy after the order is placed, while the page leaves for the receipt', () => {
    const placed = run([{ type: 'order-sent' }, { type: 'order-placed' }], ready());
    expect(placed).toMatchObject({ status: 'placed', isBusy: true });
    expect(checkoutFormReducer(placed, { type: 'step-sent', step: 'email' })).toBe(placed);
  });

  it('shows a decline beside the card and starts a fresh attempt with a new key', () => {
    const declined = run(
      [
        { type: 'order-sent' },
        {
          type: 'order-failed',
          failure: failure({
            status: 400,
            message: 'Your card was declined.',
            code: 'CARD_DECLINED',
            fields: { card: 'Your card was declined.' },
          }),
          freshKey: 'key-2',
        },
      ],
      ready(),
    );
    expect(declined).toMatchObject({
      status: 'ready',
      isBusy: false,
      problems: { order: 'Your card was declined.' },
      focusAt: 'order',
      fieldErrors: { card: 'Your card was declined.' },
      idempotencyKey: 'key-2',
    });
    // Trying again clears the decline (and the card's message) while the order is sent.
    expect(checkoutFormReducer(declined, { type: 'order-sent' })).toMatchObject({
      problems: {},
      fieldErrors: {},
    });
  });

  it('shows an order refused for a missing step beside that step, not the payment', () => {
    const refused = run(
      [
        { type: 'order-sent' },
        {
          type: 'order-failed',
          failure: failure({
            message: checkoutMessages.noShippingToAddress,
            code: 'CHECKOUT_INCOMPLETE',
            fields: { shippingAddress: checkoutMessages.noShippingToAddress },
          }),
          freshKey: 'key-2',
        },
      ],
      ready(),
    );
    expect(refused).toMatchObject({
      problems: { 'shipping-address': checkoutMessages.noShippingToAddress },
      focusAt: 'shipping-address',
    });
    expect(problemPlaceOfField('shippingAddress.city')).toBe('shipping-address');
    expect(problemPlaceOfField('card.cvc')).toBe('order');
    expect(problemPlaceOf('remove-gift-card')).toBe('gift-card');
  });

  it('keeps the key when no answer came, so the retry finds an order that was placed', () => {
    const lost = run(
      [
        { type: 'order-sent' },
        {
          type: 'order-failed',
          failure: failure({ status: NO_ANSWER_STATUS, message: cartMessages.checkConnection }),
          freshKey: 'key-2',
        },
      ],
      ready(),
    );
    expect(lost).toMatchObject({
      problems: { order: cartMessages.checkConnection },
      idempotencyKey: 'key-1',
    });
  });

  it('decides on the key by status, never by the words shown', () => {
    // A server error may hide a committed order (a proxy timing out): keep the key.
    expect(keepsIdempotencyKey(failure({ status: 500, message: 'Something went wrong' }))).toBe(
      true,
    );
    expect(keepsIdempotencyKey(failure({ status: 504 }))).toBe(true);
    expect(keepsIdempotencyKey(failure({ status: NO_ANSWER_STATUS }))).toBe(true);
    // Refusals store nothing: the next try is a new attempt.
    for (const status of [400, 403, 404, 409, 429]) {
      expect(keepsIdempotencyKey(failure({ status }))).toBe(false);
    }
    // Even if a server's words happened to match the offline sentence.
    expect(
      keepsIdempotencyKey(failure({ status: 400, message: cartMessages.checkConnection })),
    ).toBe(false);
  });

  it('turns typed card fields into the card the API takes', () => {
    expect(
      cardInputFrom({
        number: '4242 4242 4242 4242',
        expiry: '12 / 30',
        cvc: '123',
        nameOnCard: 'Ada',
      }),
    ).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      nameOnCard: 'Ada',
    });
    expect(
      cardInputFrom({ number: '4242', expiry: '01/2031', cvc: '1', nameOnCard: '' }),
    ).toMatchObject({
      expMonth: 1,
      expYear: 2031,
    });
    // No year typed: 0, which the server refuses with its field message.
    expect(cardInputFrom({ number: '', expiry: '12', cvc: '', nameOnCard: '' })).toMatchObject({
      expMonth: 12,
      expYear: 0,
    });
  });

  it('is ready for an order with an email, and an address and shipping when shipped', () => {
    expect(isCheckoutReady(checkout())).toBe(false);
    expect(isCheckoutReady(checkout({ email: 'a@b.co' }))).toBe(false);
    expect(isCheckoutReady(checkout({ email: 'a@b.co', shippingAddress: address }))).toBe(false);
    expect(
      isCheckoutReady(
        checkout({ email: 'a@b.co', shippingAddress: address, selectedShippingOptionId: 's1' }),
      ),
    ).toBe(true);
    expect(isCheckoutReady(checkout({ email: 'a@b.co', requiresShipping: false }))).toBe(true);
  });

  it('asks for a card unless gift cards cover the order', () => {
    expect(needsCard(checkout())).toBe(true);
    expect(needsCard(checkout({ totals: { grandTotalCents: 0 } }))).toBe(false);
  });

  it('only reaches states in the table, busy exactly while waiting or leaving', () => {
    const event = fc.constantFrom<Event>(
      { type: 'start-succeeded', checkout: checkout() },
      { type: 'start-failed', failure: failure() },
      { type: 'step-sent', step: 'email' },
      { type: 'step-succeeded', step: 'apply-coupon', checkout: checkout() },
      { type: 'step-failed', step: 'email', failure: failure(), takesFocus: false },
      { type: 'order-sent' },
      { type: 'order-failed', failure: failure(), freshKey: 'fresh' },
      { type: 'order-failed', failure: failure({ status: NO_ANSWER_STATUS }), freshKey: 'fresh' },
      { type: 'order-placed' },
      { type: 'email-edited', email: 'x' },
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const state = run(events);
        expect(Object.keys(CHECKOUT_FORM_TRANSITIONS)).toContain(state.status);
        expect(state.isBusy).toBe(
          ['starting', 'saving', 'placing', 'placed'].includes(state.status),
        );
        expect(state.checkout === null).toBe(['starting', 'unavailable'].includes(state.status));
      }),
    );
  });
});
