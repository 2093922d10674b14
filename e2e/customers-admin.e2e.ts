import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAtBothWidths, DESKTOP, PHONE, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';
import { buyAsShopper } from './support/shopper.ts';

/**
 * The merchant's customers in /config (issue 19): a shopper buys a mug, the owner finds
 * her under Customers by searching, opens her, saves a note and exports the list as CSV.
 * Screenshots: e2e/screenshots/admin-customers-*, admin-customer-*.
 */
describe('the Customers screen (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: DESKTOP,
    consoleErrors: true,
  });

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

  const buyMug = (email: string, name: string) =>
    buyAsShopper(page, server.baseUrl, { product: 'stoneware-mug', sku: 'MUG-OAT', email, name });

  it('shows the empty state, then the customers who ordered, found by search', async () => {
    await createOwner(page, server.baseUrl);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('button', { name: 'Customers', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByText('No customers yet').waitFor();

    for (const [email, name] of [
      ['Grace@Example.com', 'Grace Hopper'],
      ['ada@example.com', 'Ada Lovelace'],
    ] as const) {
      const placed = await buyMug(email, name);
      expect(placed.order, JSON.stringify(placed)).toBeDefined();
    }
    // The list is read when the screen opens: come back to it.
    await nav.getByRole('button', { name: 'Orders', exact: true }).click();
    await nav.getByRole('button', { name: 'Customers', exact: true }).click();
    const table = page.getByRole('table', { name: 'Customers' });
    await table.getByRole('link', { name: 'Grace Hopper' }).waitFor();
    await expect.poll(() => page.locator('.ui-list__count').textContent()).toBe('2 customers');
    const row = await table.getByRole('row').filter({ hasText: 'Grace Hopper' }).textContent();
    expect(row).toContain('grace@example.com');
    expect(row).toMatch(/\$\d+\.\d\d/);
    await checkAtBothWidths(page, [{ name: 'admin-customers' }]);
    await expectTableFits();

    await page.getByRole('searchbox', { name: 'Search' }).fill('HOPPER');
    await expect.poll(() => page.locator('.ui-list__count').textContent()).toBe('1 customer');
    expect(await table.textContent()).not.toContain('Ada Lovelace');
  });

  it('opens a customer with their orders and saves a note', async () => {
    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config/customers/grace%40example.com');
    await page.getByRole('link', { name: /Order #\d+/ }).waitFor();
    await page.getByText('Not subscribed', { exact: true }).waitFor();
    const note = page.getByLabel('Note about this customer');
    await note.fill('Prefers gift wrap. Call before shipping.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('Note saved.', { exact: true }).waitFor();
    await page.getByText(/Last changed .* by owner@example\.com/).waitFor();

    // The customer has an address of their own: a reload (or a shared link) opens them again.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    await expect.poll(() => note.inputValue()).toBe('Prefers gift wrap. Call before shipping.');
    await checkAtBothWidths(page, [
      { name: 'admin-customer', scrollTo: page.locator('.customer-detail') },
    ]);

    // Too long: the reason shows beside the field, and nothing is saved.
    await note.fill('x'.repeat(5001));
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('A note can be at most 5,000 characters.').waitFor();
    await note.fill('Prefers gift wrap. Call before shipping.');

    // The order link opens the order itself.
    await page.getByRole('link', { name: /Order #\d+/ }).click();
    await page.getByRole('heading', { level: 1, name: /Order #\d+/ }).waitFor();
    expect(page.url()).toContain('/config/orders/');
    // Back returns to the customer, and their Back to the list.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    await page.getByRole('button', { name: 'Back to customers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config');
  });

  it('exports the customers as CSV with the note', async () => {
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('button', { name: 'Customers', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Email,Name,Orders,Test orders,Lifetime value,Currency,First order,Last order,Newsletter,Note',
    );
    expect(lines).toHaveLength(3);
    const grace = lines.find((line) => line.startsWith('grace@example.com,'));
    expect(grace).toContain('Grace Hopper,1,1,');
    expect(grace).toContain('Not subscribed,Prefers gift wrap. Call before shipping.');
    expect(errors).toEqual([]);
  });
});
