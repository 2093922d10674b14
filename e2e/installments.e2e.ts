import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, seriousA11yViolations, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Issue 22's installment messaging as the owner and a shopper meet it: the switch in the
// Store screen, the pill under a product's price, its explainer by keyboard and mouse,
// and the pill on the cart only while every item ships.

const SHOTS = '/tmp/shots-installments';

describe('installment messaging (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    viewport: { width: 1280, height: 800 },
  });
  const shot = async (target: Page, name: string, isFullPage = true) => {
    await mkdir(SHOTS, { recursive: true });
    await target.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: isFullPage });
  };
  const hydrated = (target: Page, island: string) =>
    expect
      .poll(() => target.locator(`[data-island="${island}"]`).first().getAttribute('data-hydrated'))
      .toBe('true');
  const focusedClass = (target: Page) =>
    target.evaluate(() => (document.activeElement as HTMLElement | null)?.className ?? '');
  const isFocusInDialog = (target: Page) =>
    target.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

  it('is turned on from the Store screen', async () => {
    await createOwner(page, server.baseUrl);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Store' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Store' }).waitFor();
    await page.getByRole('tab', { name: 'Installments' }).click();
    const toggle = page.getByRole('switch', { name: 'Installment messaging' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page
      .getByText('Orders over $1.00 and up to $2,000.00 can be paid in 4 installments')
      .waitFor();
    await page.getByText('every 2 weeks, with Afterpay.').waitFor();
    await toggle.click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Installment messaging saved.').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'admin-installments-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'admin-installments-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("shows the pill under a product's price, following the chosen variant", async () => {
    await page.goto(`${server.baseUrl}/shop/p/stoneware-mug`);
    const pill = page.locator('.product-form .installment-pill__text');
    // Server-rendered: the text is there before any script runs.
    expect(await pill.textContent()).toBe('or 4 interest-free payments of $6.00 with Afterpay i');
    await hydrated(page, 'ProductForm');
    await page.goto(`${server.baseUrl}/shop/p/linen-work-shirt`);
    await hydrated(page, 'ProductForm');
    // Before a choice the price is From the lowest ($54.00, on sale); a full-price choice
    // moves the pill to $68.00, the sale variant back to $54.00.
    await expect.poll(() => pill.textContent()).toContain('payments of $13.50 with');
    await page.getByLabel('Size').selectOption('L');
    await page.getByLabel('Colour').selectOption('Sand');
    await expect.poll(() => pill.textContent()).toContain('payments of $17.00 with');
    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Colour').selectOption('Indigo');
    // M / Indigo is on sale at $54.00.
    await expect.poll(() => pill.textContent()).toContain('payments of $13.50 with');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('opens the explainer by keyboard, keeps Tab inside and gives focus back', async () => {
    const info = page.getByRole('button', { name: 'About paying with Afterpay' });
    await info.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Pay in 4 with Afterpay' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const payments = await dialog.getByRole('list', { name: 'Your payments' }).textContent();
    expect(payments).toBe('Today $13.50In 2 weeks $13.50In 4 weeks $13.50In 6 weeks $13.50');
    expect(await isFocusInDialog(page)).toBe(true);
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Tab']) {
      await page.keyboard.press(key);
      expect(await isFocusInDialog(page), key).toBe(true);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'product-explainer-desktop', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedClass(page)).toBe('installment-pill__info');
  });

  it('opens from the brand name too, closes on an outside click and by its button', async () => {
    const brand = page.locator('.product-form .installment-pill__brand');
    await brand.click();
    const dialog = page.getByRole('dialog', { name: 'Pay in 4 with Afterpay' });
    await dialog.waitFor();
    await page.mouse.click(8, 8); // the backdrop, outside the panel
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedClass(page)).toBe('installment-pill__brand');
    await brand.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedClass(page)).toBe('installment-pill__brand');

    await page.setViewportSize(PHONE);
    await shot(page, 'product-pill-phone', false);
    await brand.click();
    await dialog.waitFor();
    await shot(page, 'product-explainer-phone', false);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'product-pill-desktop', false);
  });

  it('shows on the cart for a physical-only cart and not once a digital item joins', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const shopper = await context.newPage();
    await shopper.goto(`${server.baseUrl}/shop/p/stoneware-mug`);
    await hydrated(shopper, 'ProductForm');
    await shopper.locator('button.add-to-cart').click();
    await shopper.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();
    await shopper.goto(`${server.baseUrl}/cart`);
    const pill = shopper.locator('.cart-items .installment-pill__text');
    expect(await pill.textContent()).toBe('or 4 interest-free payments of $6.00 with Afterpay i');
    await hydrated(shopper, 'CartItems');
    await shopper.getByRole('button', { name: 'About paying with Afterpay' }).click();
    await shopper.getByRole('dialog', { name: 'Pay in 4 with Afterpay' }).waitFor();
    expect(await seriousA11yViolations(shopper)).toEqual([]);
    await shopper.keyboard.press('Escape');
    await shot(shopper, 'cart-pill-desktop');
    await shopper.setViewportSize(PHONE);
    await shot(shopper, 'cart-pill-phone');
    await shopper.setViewportSize({ width: 1280, height: 800 });

    await shopper.goto(`${server.baseUrl}/shop/p/everyday-tote-sewing-pattern`);
    expect(await shopper.locator('.installment-pill').count()).toBe(0);
    await hydrated(shopper, 'ProductForm');
    await shopper.locator('button.add-to-cart').click();
    await shopper.getByRole('link', { name: '2 items in cart', exact: true }).first().waitFor();
    await shopper.goto(`${server.baseUrl}/cart`);
    await shopper.locator('.cart-table').waitFor();
    expect(await shopper.locator('.installment-pill').count()).toBe(0);
    await context.close();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
