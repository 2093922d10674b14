import { describe, expect, it } from 'vitest';
import { createTestGateway } from './test-gateway.ts';

// The test gateway's saved cards (issue 22's installments): a token that carries the
// outcome of its test card and no number, and charges idempotent by key.

const card = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  nameOnCard: 'Ada',
};
const charge = (token: string, key: string) => ({
  amountCents: 774,
  currency: 'USD',
  source: { kind: 'saved' as const, token },
  idempotencyKey: key,
  description: 'installment',
});

describe('test gateway saved cards', () => {
  it('saves a card as a token without its number, and a new gateway can charge it', async () => {
    const saved = await createTestGateway().saveCard(card);
    if (!saved.isSaved) throw new Error(saved.message);
    expect(saved).toMatchObject({ brand: 'Visa', last4: '4242' });
    expect(saved.token).not.toContain('4242424242424242');
    // Another process (a restart) charges it: nothing was kept in memory.
    const first = await createTestGateway().authorize(charge(saved.token, 'order:2:try:1'));
    const again = await createTestGateway().authorize(charge(saved.token, 'order:2:try:1'));
    expect(first).toMatchObject({ isApproved: true, last4: '4242' });
    expect(again).toEqual(first);
    const other = await createTestGateway().authorize(charge(saved.token, 'order:3:try:1'));
    expect(other.isApproved && first.isApproved && other.reference !== first.reference).toBe(true);
  });

  it("declines by the saved card's test number, its expiry, and a forged token", async () => {
    const gateway = createTestGateway({ now: () => new Date('2030-06-01T00:00:00Z') });
    const declining = await gateway.saveCard({ ...card, number: '4000000000000002' });
    const poor = await gateway.saveCard({ ...card, number: '4000000000009995' });
    const expiring = await createTestGateway().saveCard({ ...card, expYear: 2030, expMonth: 5 });
    if (!declining.isSaved || !poor.isSaved || !expiring.isSaved) throw new Error('not saved');
    expect(await gateway.authorize(charge(declining.token, 'k1'))).toEqual({
      isApproved: false,
      message: 'Your card was declined.',
    });
    expect(await gateway.authorize(charge(poor.token, 'k2'))).toEqual({
      isApproved: false,
      message: 'Your card has insufficient funds.',
    });
    expect(await gateway.authorize(charge(expiring.token, 'k3'))).toEqual({
      isApproved: false,
      message: 'Your card has expired.',
    });
    for (const forged of ['tok_test_bm90LWpzb24', 'tok_other_x', 'tok_test_e30']) {
      expect(await gateway.authorize(charge(forged, 'k4'))).toEqual({
        isApproved: false,
        message: 'Your card number is invalid.',
      });
    }
    expect(await gateway.saveCard({ ...card, number: '12' })).toEqual({
      isSaved: false,
      message: 'Your card number is invalid.',
    });
  });
});
