import { Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey } from '../api-keys/api-key-fixtures.ts';
import { type EditorClient, editorClient, ownerClient } from '../auth/editor-client.ts';
import { caAddress, createShopper, injectSend } from '../checkout/commerce-test-kit.ts';
import { BACKOFF_BASE_MS, DISABLE_AFTER_FAILURES, LOG_RETENTION_MS } from './webhook-deliverer.ts';
import { type Receiver, startReceiver } from './webhook-receiver.ts';
import { verifyWebhook } from './webhook-signature.ts';

// Issue 21: the webhook endpoints API (the /config screen's and REST hooks'), who may
// call it, the SSRF guard, retries on the test clock, and the disable rule.

const BASE = '/api/webhooks/1.0';
const HOUR = 3600_000;

describe(`webhooks (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let receiver: Receiver;
  let websiteId: string;
  let offsetMs = 0;
  /** DNS as the tests say; names not listed resolve to a public address. */
  const dns = new Map<string, string>();

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      env: { WEBHOOKS_ALLOW_PRIVATE: 'true', TRUST_PROXY: 'loopback' },
      webhooks: {
        clock: { now: () => new Date(Date.now() + offsetMs) },
        random: () => 0.5,
        resolveHost: async (host) => {
          if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
          return [{ address: dns.get(host) ?? '93.184.216.34', family: 4 }];
        },
      },
    });
    owner = await ownerClient(t);
    websiteId = (await owner.call('GET', '/api/config/session')).json().websiteId;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const deliver = () => t.app.services.webhookDeliverer.deliverDue();

  async function createEndpoint(events: string[], url = receiver.url) {
    const created = await owner.call('POST', `${BASE}/endpoints`, { url, events });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { endpoint: { id: string; state: string }; secret: string };
  }

  it('creates an endpoint whose secret is shown once and signs a test event', async () => {
    const { endpoint, secret } = await createEndpoint(['order.created']);
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint.state).toBe('awaiting-connection');
    const listed = (await owner.call('GET', `${BASE}/endpoints`)).json();
    expect(JSON.stringify(listed)).not.toContain(secret);

    const queued = await owner.call('POST', `${BASE}/endpoints/${endpoint.id}/test`);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(await deliver()).toBe(1);
    const got = receiver.received.at(-1);
    if (!got) throw new Error('nothing received');
    const headers = {
      'webhook-id': got.id,
      'webhook-timestamp': got.timestamp,
      'webhook-signature': got.signature,
    };
    // The documented check passes, and fails for a tampered body.
    expect(verifyWebhook({ secret, headers, body: got.body })).toBe(true);
    expect(verifyWebhook({ secret, headers, body: got.body.replace('test', 'tset') })).toBe(false);
    expect(JSON.parse(got.body)).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: endpoint.id },
    });

    const after = (await owner.call('GET', `${BASE}/endpoints`)).json();
    expect(after.endpoints.find((e: { id: string }) => e.id === endpoint.id).state).toBe(
      'connected',
    );
    const log = (await owner.call('GET', `${BASE}/endpoints/${endpoint.id}/deliveries`)).json();
    expect(log.deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
    });

    // Replay sends the same event (same webhook-id) again.
    const replayed = await owner.call(
      'POST',
      `${BASE}/endpoints/${endpoint.id}/deliveries/${log.deliveries[0].id}/replay`,
    );
    expect(replayed.statusCode, replayed.body).toBe(202);
    expect(await deliver()).toBe(1);
    expect(receiver.received.at(-1)?.id).toBe(got.id);
    await owner.call('DELETE', `${BASE}/endpoints/${endpoint.id}`);
  });

  it('rotates a secret: both sign for a day, then only the new one', async () => {
    const { endpoint, secret: oldSecret } = await createEndpoint(['order.created']);
    const rotated = await owner.call('POST', `${BASE}/endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    let newSecret: string = rotated.json().secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const listed = (await owner.call('GET', `${BASE}/endpoints`)).json();
    expect(JSON.stringify(listed)).not.toContain(newSecret);

    const received = async () => {
      await owner.call('POST', `${BASE}/endpoints/${endpoint.id}/test`);
      expect(await deliver()).toBe(1);
      const got = receiver.received.at(-1);
      if (!got) throw new Error('nothing received');
      const headers = {
        'webhook-id': got.id,
        'webhook-timestamp': got.timestamp,
        'webhook-signature': got.signature,
      };
      const nowSeconds = Number(got.timestamp);
      return {
        signatures: got.signature.split(' ').length,
        byOld: verifyWebhook({ secret: oldSecret, headers, body: got.body, nowSeconds }),
        byNew: verifyWebhook({ secret: newSecret, headers, body: got.body, nowSeconds }),
      };
    };
    expect(await received()).toEqual({ signatures: 2, byOld: true, byNew: true });
    // Rotated again within the day: the original secret still signs, the middle one not.
    const again = await owner.call('POST', `${BASE}/endpoints/${endpoint.id}/rotate-secret`);
    const middle = newSecret;
    newSecret = again.json().secret;
    const twice = await received();
    expect(twice).toEqual({ signatures: 2, byOld: true, byNew: true });
    const last = receiver.received.at(-1);
    expect(
      verifyWebhook({
        secret: middle,
        headers: {
          'webhook-id': last?.id ?? '',
          'webhook-timestamp': last?.timestamp ?? '',
          'webhook-signature': last?.signature ?? '',
        },
        body: last?.body ?? '',
        nowSeconds: Number(last?.timestamp),
      }),
    ).toBe(false);
    offsetMs += 25 * HOUR;
    try {
      expect(await received()).toEqual({ signatures: 1, byOld: false, byNew: true });
    } finally {
      offsetMs -= 25 * HOUR;
    }
    const unknown = await owner.call(
      'POST',
      `${BASE}/endpoints/00000000-0000-4000-8000-000000000000/rotate-secret`,
    );
    expect(unknown.statusCode).toBe(404);
    await owner.call('DELETE', `${BASE}/endpoints/${endpoint.id}`);
  });

  it('queues order and stock events in the transaction of the change', async () => {
    const { endpoint } = await createEndpoint(['order.created', 'inventory.changed']);
    const shopper = createShopper(injectSend(t.app));
    await shopper.visit();
    const list = (await t.app.inject('/api/catalog/collections/shop/products')).json();
    const mug = list.products.find((p: { variants: { sku: string }[] }) =>
      p.variants.some((v) => v.sku === 'MUG-OAT'),
    );
    const variant = mug.variants.find((v: { sku: string }) => v.sku === 'MUG-OAT');
    expect((await shopper.add({ itemId: mug.id, sku: 'MUG-OAT' }, 2)).status).toBe(200);
    const id: string = (await shopper.start()).body.checkout.id;
    await shopper.put(id, '/email', { email: 'ada@example.com' });
    const addressed = await shopper.put(id, '/shipping-address', { shippingAddress: caAddress });
    const option = addressed.body.checkout.shippingOptions.find(
      (o: { isAvailable: boolean }) => o.isAvailable,
    );
    await shopper.put(id, '/shipping-option', { optionId: option.id });
    const placed = await shopper.place(id, 'webhook-order-1');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    const log = (await owner.call('GET', `${BASE}/endpoints/${endpoint.id}/deliveries`)).json();
    const types = log.deliveries.map((d: { eventType: string }) => d.eventType).sort();
    expect(types).toEqual(['inventory.changed', 'order.created']);
    const before = receiver.received.length;
    expect(await deliver()).toBe(2);
    const bodies = receiver.received.slice(before).map((r) => JSON.parse(r.body));
    const created = bodies.find((b) => b.type === 'order.created');
    expect(created.data).toMatchObject({
      id: placed.body.order.id,
      email: 'ada@example.com',
      status: 'paid',
      items: [expect.objectContaining({ sku: 'MUG-OAT', quantity: 2 })],
    });
    const stock = bodies.find((b) => b.type === 'inventory.changed');
    expect(stock.data).toEqual({
      productId: mug.id,
      variantId: variant.id,
      sku: 'MUG-OAT',
      previousQuantity: stock.data.quantity + 2,
      quantity: stock.data.quantity,
      isUnlimited: false,
    });
    await owner.call('DELETE', `${BASE}/endpoints/${endpoint.id}`);
  });

  it('queues form.submitted with the submission, in the transaction that stores it', async () => {
    const { endpoint } = await createEndpoint(['form.submitted']);
    const form = await t.database.db
      .insertInto('forms')
      .values({
        website_id: websiteId,
        name: 'Contact',
        fields: JSON.stringify([{ id: 'email', kind: 'email', label: 'Email', isRequired: true }]),
        submission_message: 'Thanks',
      })
      .returning('form_id')
      .executeTakeFirstOrThrow();
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/api/form/FormSubmissionKey',
        remoteAddress: '192.0.2.7',
      })
    ).json().key;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      remoteAddress: '192.0.2.7',
      payload: {
        formId: form.form_id,
        key,
        form: { email: 'grace@example.com' },
        pagePath: '/contact',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = receiver.received.length;
    expect(await deliver()).toBe(1);
    const body = JSON.parse(receiver.received[before]?.body ?? '{}');
    const stored = await t.database.db
      .selectFrom('form_submissions')
      .select('submission_id')
      .where('form_id', '=', form.form_id)
      .executeTakeFirstOrThrow();
    expect(body).toMatchObject({
      type: 'form.submitted',
      data: {
        formId: form.form_id,
        submissionId: stored.submission_id,
        pagePath: '/contact',
        values: { email: 'grace@example.com' },
      },
    });
    await owner.call('DELETE', `${BASE}/endpoints/${endpoint.id}`);
  });

  it('refuses targets on private networks, and a name that resolves to one at delivery', async () => {
    const strict = await createTestApp();
    try {
      const key = await createKey(strict);
      for (const url of [
        'http://localhost:8080/hook',
        'http://127.0.0.1/hook',
        'http://10.1.2.3/hook',
        'http://[::1]/hook',
        'http://169.254.169.254/latest/meta-data',
        'ftp://example.com/',
      ]) {
        const refused = await strict.app.inject({
          method: 'POST',
          url: `${BASE}/endpoints`,
          headers: key.headers,
          payload: { url, events: ['order.created'] },
        });
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json().code, url).toBe('WEBHOOK_TARGET_REFUSED');
      }
    } finally {
      await strict.close();
    }

    // DNS rebinding: public when saved, loopback when sent. Here loopback is allowed
    // (the setting is on), so the link-local metadata address stands in for the attack.
    dns.set('rebind.example', '93.184.216.34');
    const { endpoint } = await createEndpoint(
      ['order.created'],
      `http://rebind.example:${receiver.port}/hooks`,
    );
    dns.set('rebind.example', '169.254.169.254');
    await owner.call('POST', `${BASE}/endpoints/${endpoint.id}/test`);
    const before = receiver.received.length;
    expect(await deliver()).toBe(0);
    expect(receiver.received.length).toBe(before);
    const log = (await owner.call('GET', `${BASE}/endpoints/${endpoint.id}/deliveries`)).json();
    expect(log.deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
    });
    expect(log.deliveries[0].lastError).toContain('private or local network');
    await owner.call('DELETE', `${BASE}/endpoints/${endpoint.id}`);
  });

  it('retries with exponential backoff, then turns a failing endpoint off and emails the owner', async () => {
    receiver.answerWith(() => 503);
    const { endpoint } = await createEndpoint(['form.submitted']);
    await owner.call('POST', `${BASE}/endpoints/${endpoint.id}/test`);
    const attempts = () => receiver.received.filter((r) => r.body.includes(endpoint.id)).length;
    const start = offsetMs;

    expect(await deliver()).toBe(0);
    expect(attempts()).toBe(1);
    // With the jitter pinned to its middle, the waits are 30 s, 1 min, 2 min, …
    let wait = BACKOFF_BASE_MS;
    for (let attempt = 2; attempt <= DISABLE_AFTER_FAILURES; attempt++) {
      offsetMs += wait - 1000;
      await deliver();
      expect(attempts(), `attempt ${attempt} came early`).toBe(attempt - 1);
      offsetMs += 1000;
      await deliver();
      expect(attempts()).toBe(attempt);
      wait *= 2;
    }
    const log = (await owner.call('GET', `${BASE}/endpoints/${endpoint.id}/deliveries`)).json();
    expect(log.deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: 10,
      lastStatusCode: 503,
    });
    expect(Date.parse(log.deliveries[0].nextAttemptAt)).toBeGreaterThan(Date.now() + offsetMs);
    // Ten failures in about eight and a half hours: not yet a day, so still on.
    expect(offsetMs - start).toBeLessThan(24 * HOUR);
    let listed = (await owner.call('GET', `${BASE}/endpoints`)).json();
    expect(listed.endpoints.find((e: { id: string }) => e.id === endpoint.id)).toMatchObject({
      state: 'awaiting-connection',
      failureCount: 10,
    });

    offsetMs = start + 25 * HOUR;
    await deliver();
    listed = (await owner.call('GET', `${BASE}/endpoints`)).json();
    expect(listed.endpoints.find((e: { id: string }) => e.id === endpoint.id)).toMatchObject({
      state: 'disconnected',
      disabledReason: 'failures',
    });
    const mail = (await t.app.services.commerce.outbox.listOutbox(websiteId)).find(
      (m) => m.kind === 'webhook-disabled',
    );
    expect(mail).toMatchObject({ to_email: 'owner@example.com' });
    expect(mail?.body_text).toContain(receiver.url);

    // Off: nothing is sent however long it waits; back on, the waiting delivery resumes.
    const sent = attempts();
    offsetMs += 24 * HOUR;
    await deliver();
    expect(attempts()).toBe(sent);
    receiver.answerWith(() => 200);
    const enabled = await owner.call('POST', `${BASE}/endpoints/${endpoint.id}/enable`);
    expect(enabled.json()).toMatchObject({ state: 'awaiting-connection', failureCount: 0 });
    expect(await deliver()).toBe(1);
    listed = (await owner.call('GET', `${BASE}/endpoints`)).json();
    expect(listed.endpoints.find((e: { id: string }) => e.id === endpoint.id).state).toBe(
      'connected',
    );
    await owner.call('DELETE', `${BASE}/endpoints/${endpoint.id}`);
  });

  it('keeps delivered events in the log for 30 days, and pending ones until delivered', async () => {
    const { endpoint } = await createEndpoint(['order.created']);
    await owner.call('POST', `${BASE}/endpoints/${endpoint.id}/test`);
    expect(await deliver()).toBe(1);
    receiver.answerWith(() => 500);
    await owner.call('POST', `${BASE}/endpoints/${endpoint.id}/test`);
    await deliver();
    receiver.answerWith(() => 200);
    const log = async () =>
      (await owner.call('GET', `${BASE}/endpoints/${endpoint.id}/deliveries`))
        .json()
        .deliveries.map((d: { status: string }) => d.status);
    expect(await log()).toEqual(['pending', 'delivered']);
    offsetMs += LOG_RETENTION_MS - HOUR;
    await owner.call('POST', `${BASE}/endpoints/${endpoint.id}/disable`);
    await deliver();
    expect(await log()).toEqual(['pending', 'delivered']);
    offsetMs += 2 * HOUR;
    await deliver();
    expect(await log()).toEqual(['pending']);
    await owner.call('DELETE', `${BASE}/endpoints/${endpoint.id}`);
  });

  it('lets automation tools subscribe and unsubscribe with REST hooks, within their key scopes', async () => {
    const key = await createKey(t, { name: 'zapier' });
    const subscribe = (headers: Record<string, string>, event = 'order.created') =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/subscriptions`,
        headers,
        payload: { targetUrl: receiver.url, event },
      });
    const created = await subscribe(key.headers);
    expect(created.statusCode, created.body).toBe(201);
    const subscription = created.json();
    expect(subscription).toMatchObject({ targetUrl: receiver.url, event: 'order.created' });
    expect(subscription.secret).toMatch(/^whsec_/);

    const listed = (await owner.call('GET', `${BASE}/endpoints`)).json();
    expect(listed.endpoints.find((e: { id: string }) => e.id === subscription.id)).toMatchObject({
      source: 'api',
      createdBy: 'API key zapier',
      state: 'awaiting-connection',
    });
    await owner.call('POST', `${BASE}/endpoints/${subscription.id}/test`);
    await deliver();
    expect((await owner.call('GET', `${BASE}/endpoints`)).json().connectedAutomations).toBe(1);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/subscriptions/${subscription.id}`,
      headers: key.headers,
    });
    expect(gone.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/subscriptions/${subscription.id}`,
      headers: key.headers,
    });
    expect(again.json().code).toBe('WEBHOOK_NOT_FOUND');

    // Scoped keys: the webhooks area to subscribe, and read access to what the event carries.
    const keyed = async (scopes: Record<string, string>) => {
      const made = await owner.call('POST', '/api/api-keys', {
        name: 'scoped',
        role: Role.admin,
        scopes,
      });
      return { host: 'localhost', authorization: `Bearer ${made.json().secret}` };
    };
    const noWebhooks = await subscribe(await keyed({ orders: 'read' }));
    expect(noWebhooks.statusCode).toBe(403);
    expect(noWebhooks.json().code).toBe('SCOPE_FORBIDDEN');
    const noOrders = await subscribe(await keyed({ webhooks: 'write' }));
    expect(noOrders.statusCode).toBe(403);
    expect(noOrders.json().error).toBe('This API key has no access to orders.');
    const readOnly = await subscribe(await keyed({ webhooks: 'read', orders: 'read' }));
    expect(readOnly.statusCode).toBe(403);
    const allowed = await subscribe(await keyed({ webhooks: 'write', orders: 'read' }));
    expect(allowed.statusCode, allowed.body).toBe(201);
    const formsOnly = await subscribe(
      await keyed({ webhooks: 'write', orders: 'read' }),
      'form.submitted',
    );
    expect(formsOnly.statusCode).toBe(403);
  });

  it('is for administrators only, on every route', async () => {
    const paths: Record<string, Record<string, unknown>> = (
      await t.app.inject('/api/openapi.json')
    ).json().paths;
    const routes = Object.entries(paths)
      .filter(([path]) => path.startsWith(BASE))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path })),
      );
    expect(routes.length).toBe(11);
    const members: Record<string, EditorClient> = {};
    for (const [email, role] of [
      ['hooks-editor@example.com', Role.editor],
      ['hooks-manager@example.com', Role.storeManager],
    ] as const) {
      await owner.call('POST', '/api/config/members', {
        email,
        password: 'member password 1',
        role,
      });
      const client = await editorClient(t);
      await client.call('POST', '/api/config/session', { email, password: 'member password 1' });
      members[email] = client;
    }
    const ID = '00000000-0000-4000-8000-000000000000';
    for (const route of routes) {
      const url = route.path.replace(/\{[^}]+\}/g, ID);
      const body = route.method === 'POST' ? {} : undefined;
      for (const client of Object.values(members)) {
        const refused = await client.call(route.method as 'GET', url, body);
        expect(refused.statusCode, `${route.method} ${route.path}`).toBe(403);
      }
      const anonymous = await t.app.inject({
        method: route.method as 'GET',
        url,
        ...(body && { payload: body }),
      });
      expect(anonymous.statusCode, `${route.method} ${route.path}`).toBe(401);
      const admin = await owner.call(route.method as 'GET', url, body);
      expect([401, 403], `${route.method} ${route.path}`).not.toContain(admin.statusCode);
      expect(admin.statusCode, `${route.method} ${route.path}`).toBeLessThan(500);
    }
  });
});
