import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkAtBothWidths,
  DESKTOP,
  PHONE,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';
import { buyAsShopper } from './support/shopper.ts';

/**
 * The merchant's orders in /config (issue 19): a shopper buys two mugs, the order appears
 * in the list without a reload, the merchant fulfils it with a tracking number (the
 * status page says shipped), then refunds one mug with restock (stock goes up by one).
 * Screenshots: e2e/screenshots/admin-orders-*, admin-order-*, admin-mail-*.
 */
describe('the Orders screen (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: DESKTOP,
    consoleErrors: true,
  });
  let statusPath = '';
  let base = '';

  const call = (method: string, path: string, body?: unknown) => callFrom(page, method, path, body);
  const mugStock = async () =>
    (await call('GET', `${base}/products?q=mug`)).json.products[0].totalStock as number;

  /** Every column of the list fits its frame on a phone too (no sideways scrolling). */
  async function expectTableFits() {
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    const overflow = await page
      .locator('.ui-table__scroll')
      .evaluate((frame) => frame.scrollWidth - frame.clientWidth);
    expect(overflow, 'the table scrolls sideways on a phone').toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);
  }

  const buyTwoMugs = () =>
    buyAsShopper(page, server.baseUrl, {
      product: 'stoneware-mug',
      sku: 'MUG-OAT',
      quantity: 2,
      email: 'grace@example.com',
      name: 'Grace Hopper',
    });

  it('shows a new order in the list without a reload', async () => {
    await createOwner(page, server.baseUrl);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.waitFor();
    const session = await call('GET', '/api/config/session');
    base = `/api/content-service/product/1.1/websites/${session.json.websiteId}`;
    await nav.getByRole('button', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByText('No orders yet').waitFor();
    expect(await mugStock()).toBe(20);

    const placed = await buyTwoMugs();
    expect(placed.order, JSON.stringify(placed)).toBeDefined();
    statusPath = `/commerce/orders/${placed.order?.id}?token=${placed.token}`;
    const table = page.getByRole('table', { name: 'Orders' });
    await table.getByRole('link', { name: '#1' }).waitFor({ timeout: 20_000 });
    const row = await table.getByRole('row').nth(1).textContent();
    expect(row).toContain('Grace Hopper');
    expect(row).toContain('Unfulfilled');
    expect(row).toContain('Test');
    await page.getByRole('searchbox', { name: 'Search' }).fill('grace@');
    await expect.poll(() => page.locator('.ui-list__count').textContent()).toBe('1 order');
    await checkAtBothWidths(page, [{ name: 'admin-orders' }]);
    await expectTableFits();
  });

  it('fulfils the order with a tracking number; the status page shows it shipped', async () => {
    await page.getByRole('link', { name: '#1' }).click();
    await page.getByRole('heading', { level: 1, name: /Order #1/ }).waitFor();
    expect(page.url()).toContain('/config/orders/');
    await page.getByRole('button', { name: 'Fulfil…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fulfil order #1' });
    await dialog.getByLabel('Carrier').fill('UPS');
    await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await dialog
      .getByLabel('Tracking URL')
      .fill('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fulfil items' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Order #1 fulfilled.', { exact: true }).waitFor();
    await page.getByText(/Fulfilled 2 × MUG-OAT/).waitFor();

    const shopper = await page.context().browser()!.newContext();
    try {
      const shop = await shopper.newPage();
      await shop.goto(`${server.baseUrl}${statusPath}`);
      await shop.getByText('Status: Shipped').waitFor();
      await shop.getByRole('link', { name: '1Z999AA10123456784' }).waitFor();
    } finally {
      await shopper.close();
    }
  });

  it('refunds one mug with restock: the order shows it and the stock went up', async () => {
    expect(await mugStock()).toBe(18);
    await page.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund order #1' });
    await dialog.getByLabel('Stoneware Mug (MUG-OAT)').fill('1');
    await dialog.getByRole('switch', { name: 'Put the refunded items back in stock' }).click();
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/Refunded \$[\d.]+ \(card/).waitFor();
    await page.getByText('1 fulfilled', { exact: false }).first().waitFor();
    expect(await page.locator('.order-line__counts').textContent()).toContain('1 restocked');
    expect(await mugStock()).toBe(19);
    await checkAtBothWidths(page, [{ name: 'admin-order' }]);
  });

  it('lists the emails sent in the mail log and opens one', async () => {
    await page.getByRole('button', { name: 'Back to orders' }).click();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Mail', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Mail' }).waitFor();
    const table = page.getByRole('table', { name: 'Mail' });
    await table.getByRole('button', { name: /new order #1/ }).click();
    const dialog = page.getByRole('dialog', { name: /new order #1/ });
    await dialog.getByText(/Order #1 from grace@example.com/).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await table.textContent()).toContain('order #1 shipped');
    expect(await table.textContent()).toContain('refund for order #1');
    await checkAtBothWidths(page, [{ name: 'admin-mail' }]);
    await expectTableFits();
    expect(errors).toEqual([]);
  });
});
