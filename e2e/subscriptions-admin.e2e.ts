import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, seriousA11yViolations, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Issue 22: the merchant's Subscriptions screen. Customers subscribe through the storefront
// API (the shopper's walk is subscriptions.e2e.ts); the owner finds them in /config, opens
// one, sees its renewals after the test clock moves, and pauses, resumes, moves the next
// payment and cancels it.

const SHOTS = '/tmp/shots-subscriptions-admin';
const MONTH = 31 * 86_400_000;

/** A customer subscribes to the yarn club in their own context, through the storefront API. */
async function subscribe(browser: Browser, baseUrl: string, email: string): Promise<void> {
  const context = await browser.newContext();
  const shop = await context.newPage();
  await shop.goto(`${baseUrl}/shop/p/hand-dyed-yarn-club`);
  const placed = await shop.evaluate(async (customer) => {
    const crumb = () =>
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('crumb='))
        ?.slice(6) ?? '';
    let cartToken = '';
    const send = async (method: string, url: string, body?: unknown, headers = {}) => {
      const response = await fetch(url, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          'x-csrf-token': crumb(),
          ...(cartToken && { 'x-cart-token': cartToken }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return response.json();
    };
    await send('GET', '/api/commerce/shopping-cart');
    const item = await send('GET', '/api/catalog/collections/shop/products/hand-dyed-yarn-club');
    const started = await send('POST', '/api/3/commerce/cart/subscription', {
      itemId: item.id,
      sku: 'YARN-CLUB',
      qty: 1,
    });
    cartToken = started.cartToken;
    const { checkout } = await send('POST', '/api/commerce/checkout');
    const path = `/api/commerce/checkout/${checkout.id}`;
    await send('PUT', `${path}/email`, { email: customer });
    const addressed = await send('PUT', `${path}/shipping-address`, {
      shippingAddress: {
        name: 'Ada Lovelace',
        line1: '1 Main St',
        city: 'New York',
        region: 'NY',
        postalCode: '10001',
        country: 'US',
      },
    });
    const option = addressed.checkout.shippingOptions.find(
      (o: { isAvailable: boolean }) => o.isAvailable,
    );
    await send('PUT', `${path}/shipping-option`, { optionId: option.id });
    return send(
      'POST',
      `${path}/orders`,
      {
        card: {
          number: '4242424242424242',
          expMonth: 12,
          expYear: 2099,
          cvc: '123',
          nameOnCard: 'Ada Lovelace',
        },
      },
      { 'idempotency-key': crypto.randomUUID() },
    );
  }, email);
  expect(placed.order?.subscription, JSON.stringify(placed)).toMatchObject({ cycle: 0 });
  await context.close();
}

describe('subscriptions in /config (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  useChromium((started) => ({ server, browser, page } = started), {
    viewport: { width: 1280, height: 800 },
    env: { NODE_ENV: 'development', TEST_CLOCK: 'on' },
  });
  const shot = async (name: string) => {
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  };
  const advance = (advanceMs: number) =>
    page.evaluate(async (ms) => {
      const response = await fetch('/api/testing/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: ms }),
      });
      return response.json();
    }, advanceMs);

  it('lists subscriptions and opens one with its renewals', async () => {
    await subscribe(browser, server.baseUrl, 'ada@example.com');
    await subscribe(browser, server.baseUrl, 'grace@example.com');
    await createOwner(page, server.baseUrl);
    // A month and a bit later both have renewed once.
    expect((await advance(MONTH)).renewalsRun).toBe(2);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Subscriptions', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Subscriptions' }).waitFor();
    const rows = page.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByText('$32.00 every month').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot('list');

    await page.getByPlaceholder('Email or product').fill('grace');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('link', { name: 'grace@example.com' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hand-Dyed Yarn Club' }).waitFor();
    expect(page.url()).toMatch(/\/config\/subscriptions\/[0-9a-f-]{36}$/);
    await page.getByRole('cell', { name: 'Renewal 1' }).waitFor();
    await page.getByRole('cell', { name: 'First' }).waitFor();
    await page.getByText('Visa ending 4242').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot('detail');
  });

  it('pauses, resumes, moves the next payment and cancels', async () => {
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Subscription paused.').first().waitFor();
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('Subscription resumed.').first().waitFor();

    await page.getByRole('button', { name: 'Change next payment…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the next payment' });
    await dialog.getByLabel('Next payment').fill('2020-01-01');
    await dialog.getByRole('button', { name: 'Save date' }).click();
    await dialog.getByText('Choose a date in the future.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const target = new Date(Date.now() + 3 * MONTH).toISOString().slice(0, 10);
    await dialog.getByLabel('Next payment').fill(target);
    await dialog.getByRole('button', { name: 'Save date' }).click();
    await page.getByText('Next payment date changed.').first().waitFor();
    await page.getByText(/Next payment moved to \d{4}-\d{2}-\d{2} by owner@example.com/).waitFor();

    // Cancel by keyboard: the confirmation starts on the harmless choice.
    await page.getByRole('button', { name: 'Cancel subscription…' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this subscription?' });
    await confirm.waitFor();
    expect(
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent),
    ).toBe('Keep subscription');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Subscription cancelled.').first().waitFor();
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(0);
    await shot('cancelled');

    // Back to the list: the status filter finds it.
    await page.getByRole('button', { name: 'Back to subscriptions' }).click();
    await page.getByLabel('Status').selectOption('cancelled');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
  });

  it('cancels a subscription with the order that started it, saying so first', async () => {
    await page.getByLabel('Status').selectOption('');
    await page.getByPlaceholder('Email or product').fill('ada');
    await page.getByRole('link', { name: 'ada@example.com' }).click();
    const first = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'First' }) });
    await first.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: /^Order #\d+/ }).waitFor();
    await page.getByText('This order started a subscription.').waitFor();
    await page.getByRole('button', { name: 'Cancel order…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel order #\d+\?$/ });
    await dialog.getByText('The subscription this order started is cancelled too.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel order', exact: true }).click();
    await page.getByText('Subscription cancelled: Hand-Dyed Yarn Club').waitFor();
    await shot('order-cancelled');
    await page.getByRole('link', { name: 'View subscription' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hand-Dyed Yarn Club' }).waitFor();
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
  });
});
