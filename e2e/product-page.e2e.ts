import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';

// Issue 29's product page as a shopper reads it: the price and Sale badge follow the
// chosen variant (the demo shirt is on sale in M / Indigo only), the main photo follows
// the chosen colour, and a gift card does not ask about availability it cannot lack.

describe('the product page follows the shopper’s choice (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    consoleErrors: true,
  });

  const form = () => page.locator('.product-form');
  const hydrated = () =>
    expect
      .poll(() => page.locator('[data-island="ProductForm"]').getAttribute('data-hydrated'))
      .toBe('true');
  const mainImageAlt = () => page.locator('.product-gallery__main').getAttribute('alt');

  it('shows the lowest price as From beside Sale until a variant is chosen', async () => {
    await page.goto(`${server.baseUrl}/shop/p/linen-work-shirt`);
    await hydrated();
    expect(await form().locator('.badge-inline').textContent()).toBe('Sale');
    expect(await form().locator('.product-details__price').textContent()).toMatch(/^From /);
    expect(await form().locator('.price__current').textContent()).toBe('$54.00');
    expect(await form().locator('.price__original').textContent()).toBe('$68.00');
    expect(await mainImageAlt()).toBe('Sand linen work shirt laid flat');
  });

  it('drops the Sale badge for a full-price choice and shows its photo', async () => {
    await page.getByLabel('Size').selectOption('L');
    await page.getByLabel('Colour').selectOption('Indigo');
    await expect.poll(() => form().locator('.badge-inline').count()).toBe(0);
    expect(await form().locator('.product-details__price').textContent()).toBe('$68.00');
    await expect.poll(mainImageAlt).toBe('Indigo linen work shirt laid flat');
  });

  it('shows Sale and the struck regular price for the variant on sale', async () => {
    await page.getByLabel('Size').selectOption('M');
    await expect.poll(() => form().locator('.badge-inline').textContent()).toBe('Sale');
    expect(await form().locator('.price__current').textContent()).toBe('$54.00');
    expect(await form().locator('.price__original').textContent()).toBe('$68.00');
    await page.getByLabel('Colour').selectOption('Sand');
    await expect.poll(mainImageAlt).toBe('Sand linen work shirt laid flat');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'product-variant-chosen');
  });

  it('never asks a gift card shopper to choose options to see availability', async () => {
    await page.goto(`${server.baseUrl}/shop/p/gift-card`);
    await hydrated();
    expect(await page.getByText('Choose your options to see availability.').count()).toBe(0);
    expect(await form().locator('.product-details__price').textContent()).toMatch(/^From \$/);
    await page.getByLabel('Amount').selectOption({ index: 2 });
    expect(await form().locator('.product-status').textContent()).toBe('');
    expect(errors).toEqual([]);
  });
});
