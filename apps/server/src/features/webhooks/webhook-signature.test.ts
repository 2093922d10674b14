import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhook } from './webhook-signature.ts';

describe('Standard Webhooks signatures', () => {
  it("matches the Standard Webhooks specification's example signature", () => {
    expect(
      signWebhook({
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        timestamp: 1614265330,
        body: '{"test": 2432232314}',
      }),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  const secret = newWebhookSecret();
  const body = JSON.stringify({
    type: 'order.created',
    timestamp: '2026-01-01T00:00:00.000Z',
    data: { id: 'o1' },
  });
  const timestamp = 1_800_000_000;
  const headers = {
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook({ secret, id: 'msg_1', timestamp, body }),
  };

  it('verifies a delivery signed with the endpoint secret', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(verifyWebhook({ secret, headers, body, nowSeconds: timestamp + 10 })).toBe(true);
  });

  it('fails a tampered body, id or timestamp, another secret, or a stale message', () => {
    const now = timestamp + 10;
    expect(
      verifyWebhook({ secret, headers, body: body.replace('o1', 'o2'), nowSeconds: now }),
    ).toBe(false);
    expect(
      verifyWebhook({
        secret,
        headers: { ...headers, 'webhook-id': 'msg_2' },
        body,
        nowSeconds: now,
      }),
    ).toBe(false);
    expect(
      verifyWebhook({
        secret,
        headers: { ...headers, 'webhook-timestamp': String(timestamp + 1) },
        body,
        nowSeconds: now,
      }),
    ).toBe(false);
    expect(verifyWebhook({ secret: newWebhookSecret(), headers, body, nowSeconds: now })).toBe(
      false,
    );
    expect(verifyWebhook({ secret, headers, body, nowSeconds: timestamp + 6 * 60 })).toBe(false);
  });

  it('accepts any one of several space-separated signatures (secret rotation)', () => {
    const both = { ...headers, 'webhook-signature': `v1,bm90LWl0 ${headers['webhook-signature']}` };
    expect(verifyWebhook({ secret, headers: both, body, nowSeconds: timestamp })).toBe(true);
  });
});
