import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot, seriousA11yViolations } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

describe('the storefront in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await browser.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('hydrates the product form and reacts to variant choices', async () => {
    await page.goto(`${server.baseUrl}/shop/p/linen-work-shirt`);
    const form = page.locator('[data-island="ProductForm"]');
    await expect.poll(() => form.getAttribute('data-hydrated')).toBe('true');
    const status = page.getByRole('status');
    await expect.poll(() => status.textContent()).toBe('Choose your options to see availability.');

    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Colour').selectOption('Indigo');
    await expect.poll(() => status.textContent()).toBe('In stock');
    const price = page.locator('.product-details__price');
    await expect.poll(() => price.textContent()).toContain('$54.00');
    expect(await price.locator('s').textContent()).toBe('$68.00');

    await page.getByLabel('Size').selectOption('S');
    await expect.poll(() => status.textContent()).toBe('Sold Out');
    expect(
      await page.getByLabel('Colour').locator('option', { hasText: 'Indigo' }).textContent(),
    ).toBe('Indigo (Sold out)');

    await page.getByLabel('Size').selectOption('L');
    await expect.poll(() => price.textContent()).toBe('$68.00');
    expect(await page.getByLabel('Quantity').getAttribute('max')).toBe('9999');
    await saveScreenshot(page, 'product-page');
    expect(errors).toEqual([]);
  });

  it('has no serious accessibility problems on the home, list and product pages', async () => {
    for (const path of ['/', '/shop', '/shop/p/linen-work-shirt', '/cart', '/search?q=linen']) {
      await page.goto(`${server.baseUrl}${path}`);
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    await page.goto(`${server.baseUrl}/shop`);
    await saveScreenshot(page, 'product-list-page');
    await page.goto(`${server.baseUrl}/`);
    await saveScreenshot(page, 'home-page');
  });

  it('loads no script on pages without islands', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${server.baseUrl}/about`);
    expect(scripts).toEqual([]);
    await page.goto(`${server.baseUrl}/shop/p/stoneware-mug`);
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const response = await fetch(url);
      expect(response.headers.get('cache-control')).toContain('immutable');
    }
  });
});
