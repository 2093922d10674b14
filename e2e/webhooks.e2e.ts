import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAtBothWidths, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Issue 21 as the owner meets it: add a webhook endpoint for a receiver on this machine
// (the server runs with WEBHOOKS_ALLOW_PRIVATE, as in development), copy its secret,
// send a test event the receiver can verify, read the delivery log and replay, then
// disconnect, turn on again and delete.

type Hit = { headers: IncomingHttpHeaders; body: string };

describe('webhooks screen (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const hits: Hit[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  let receiverUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: { width: 1280, height: 800 },
    env: { WEBHOOKS_ALLOW_PRIVATE: 'true' },
  });
  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name }).click();
  const stateOf = () =>
    page
      .getByRole('table', { name: 'Webhook endpoints' })
      .locator('tbody .ui-badge')
      .last()
      .textContent();
  let secret = '';

  it('adds an endpoint and shows its secret once', async () => {
    await createOwner(page, server.baseUrl);
    await nav('Webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No webhook endpoints yet').waitFor();
    await page.getByText('0 connected automations').waitFor();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByLabel('Endpoint URL').fill('http://169.254.169.254/latest');
    await dialog.getByRole('checkbox', { name: /Order fulfilled/ }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText('Webhooks can only be sent to public addresses').waitFor();
    await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Your endpoint’s signing secret' });
    secret = await shown.getByRole('textbox').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    await expect.poll(stateOf).toBe('Awaiting connection');
    expect(await page.getByRole('table', { name: 'Webhook endpoints' }).textContent()).toContain(
      'Order created, Order fulfilled',
    );
  });

  it('sends a signed test event, logs it and replays it', async () => {
    await page.getByRole('button', { name: `Send test to ${receiverUrl}` }).click();
    await expect.poll(() => hits.length, { timeout: 10_000 }).toBe(1);
    const [hit] = hits;
    if (!hit) throw new Error('no request');
    const id = String(hit.headers['webhook-id']);
    const ts = String(hit.headers['webhook-timestamp']);
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = `v1,${createHmac('sha256', key).update(`${id}.${ts}.${hit.body}`).digest('base64')}`;
    expect(hit.headers['webhook-signature']).toBe(expected);
    expect(JSON.parse(hit.body).type).toBe('webhook.test');

    await page.getByRole('button', { name: `Deliveries to ${receiverUrl}` }).click();
    const log = page.getByRole('region', { name: `Deliveries to ${receiverUrl}` });
    await expect
      .poll(async () => {
        await log.getByRole('button', { name: 'Refresh' }).click();
        return log.getByText('Delivered', { exact: true }).count();
      })
      .toBe(1);
    expect(await log.getByRole('cell', { name: '204', exact: true }).count()).toBe(1);
    await log.getByRole('button', { name: /^Replay webhook\.test/ }).click();
    await expect.poll(() => hits.length, { timeout: 10_000 }).toBe(2);
    expect(hits[1]?.headers['webhook-id']).toBe(id);

    // The list shows the endpoint connected once a delivery has succeeded.
    await nav('Orders');
    await nav('Webhooks');
    await expect.poll(stateOf).toBe('Connected');
    await page.getByRole('button', { name: `Deliveries to ${receiverUrl}` }).click();
    await log.getByRole('table').waitFor();
    await checkAtBothWidths(page, [
      {
        name: 'admin-webhooks',
        scrollTo: page.getByRole('heading', { level: 1, name: 'Webhooks' }),
      },
      { name: 'admin-webhooks-log', scrollTo: log },
    ]);
  });

  it('makes a new secret after confirming; both sign until the old one expires', async () => {
    await page.getByRole('button', { name: `New secret for ${receiverUrl}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make a new secret' }).click();
    const shown = page.getByRole('dialog', { name: 'Your endpoint’s new signing secret' });
    const rotated = await shown.getByRole('textbox').inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await shown.getByRole('button', { name: 'Done' }).click();
    const before = hits.length;
    await page.getByRole('button', { name: `Send test to ${receiverUrl}` }).click();
    await expect.poll(() => hits.length, { timeout: 10_000 }).toBe(before + 1);
    const hit = hits.at(-1);
    if (!hit) throw new Error('no request');
    const signed = `${hit.headers['webhook-id']}.${hit.headers['webhook-timestamp']}.${hit.body}`;
    const signature = (key: string) =>
      `v1,${createHmac('sha256', Buffer.from(key.replace(/^whsec_/, ''), 'base64'))
        .update(signed)
        .digest('base64')}`;
    expect(String(hit.headers['webhook-signature']).split(' ')).toEqual([
      signature(rotated),
      signature(secret),
    ]);
  });

  it('disconnects after confirming, turns on again and deletes', async () => {
    await page.getByRole('button', { name: `Disconnect ${receiverUrl}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(stateOf).toBe('Disconnected');
    await page.getByRole('button', { name: `Turn on ${receiverUrl}` }).click();
    await expect.poll(stateOf).toBe('Connected');
    await page.getByRole('button', { name: `Delete ${receiverUrl}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('No webhook endpoints yet').waitFor();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
