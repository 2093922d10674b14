import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';

describe('the storefront in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    consoleErrors: true,
  });

  const hydrated = (selector: string) =>
    expect.poll(() => page.locator(selector).first().getAttribute('data-hydrated')).toBe('true');

  it('hydrates the product form and reacts to variant choices', async () => {
    await page.goto(`${server.baseUrl}/shop/p/linen-work-shirt`);
    await hydrated('[data-island="ProductForm"]');
    const status = page.getByRole('status').filter({ hasText: /stock|options|Sold/ });
    await expect.poll(() => status.textContent()).toBe('Choose your options to see availability.');

    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Colour').selectOption('Indigo');
    await expect.poll(() => status.textContent()).toBe('In stock');
    const price = page.locator('.product-details__price');
    await expect.poll(() => price.textContent()).toContain('$54.00');
    expect(await price.locator('s').textContent()).toBe('$68.00');

    await page.getByLabel('Size').selectOption('L');
    await expect.poll(() => price.textContent()).toBe('$68.00');
    expect(await page.getByLabel('Quantity').getAttribute('max')).toBe('9999');
    expect(errors).toEqual([]);
  });

  it('asks for the missing option in the spec’s words', async () => {
    await page.goto(`${server.baseUrl}/shop/p/linen-work-shirt`);
    await hydrated('[data-island="ProductForm"]');
    await page.getByLabel('Size').selectOption('M');
    await page.locator('button.add-to-cart').click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('Unable to Add Item Please select the Colour option.');
  });

  it('adds a variant to the cart: Adding…, Added!, the popover and the indicator', async () => {
    await page.goto(`${server.baseUrl}/shop/p/linen-work-shirt`);
    await hydrated('[data-island="ProductForm"]');
    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Colour').selectOption('Sand');
    const button = page.locator('button.add-to-cart');
    expect(await button.textContent()).toBe('Add To Cart');
    await button.click();
    await expect.poll(() => button.textContent(), { interval: 50 }).toBe('Adding…');
    await expect.poll(() => button.textContent(), { timeout: 4000 }).toBe('Added!');
    expect(await page.locator('.added-popover p').textContent()).toBe(
      'Linen Work Shirt was added to your cart.',
    );
    await page.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();
    expect(await page.locator('.cart-pill').textContent()).toContain('1');
    await saveScreenshot(page, 'product-page-added');
    await expect.poll(() => button.textContent(), { timeout: 5000 }).toBe('Add To Cart');
    // The popover goes away by itself after 3 s, or on Close.
    await expect.poll(() => page.locator('.added-popover').count(), { timeout: 5000 }).toBe(0);

    await page.reload();
    await hydrated('[data-island="CartStatus"]');
    await page.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();
  });

  it('warns when stock is low and asks a lesson’s questions in a lightbox before adding', async () => {
    await page.goto(`${server.baseUrl}/shop/p/linen-work-shirt`);
    await hydrated('[data-island="ProductForm"]');
    await page.getByLabel('Size').selectOption('L');
    await page.getByLabel('Colour').selectOption('Sand');
    await expect.poll(() => page.locator('.scarcity').textContent()).toBe('Only 3 left in stock');

    await page.goto(`${server.baseUrl}/shop/p/private-sewing-lesson`);
    await hydrated('[data-island="ProductForm"]');
    const button = page.locator('button.add-to-cart');
    expect(await button.getAttribute('class')).toContain('use-form');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'About your lesson' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add To Cart' }).click();
    await expect
      .poll(() => dialog.locator('.form-field__error').allTextContents())
      .toEqual(['Required', 'Required']);
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'One or more fields is invalid, please check your entries.',
    );
    await dialog.getByLabel('First Name').fill('Ada');
    await dialog.getByLabel('Last Name').fill('Lovelace');
    await dialog.getByLabel('What would you like to learn?').selectOption('Fitting a pattern');
    await saveScreenshot(page, 'additional-fields-lightbox');
    await dialog.getByRole('button', { name: 'Add To Cart' }).click();
    await expect.poll(() => button.textContent(), { timeout: 4000 }).toBe('Added!');
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.locator('.added-popover p').textContent()).toBe(
      'Private Sewing Lesson was added to your cart.',
    );
  });

  it('filters the list page by category, nested ones included', async () => {
    await page.goto(`${server.baseUrl}/shop?category=clothing`);
    const titles = await page.locator('.product-card__title').allTextContents();
    expect(titles.sort()).toEqual(['Linen Work Shirt', 'Waxed Canvas Apron']);
    expect(await page.getByRole('link', { name: 'Clothing' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Home' })
      .click();
    expect(await page.locator('.product-card__title').allTextContents()).toEqual(['Stoneware Mug']);
  });

  it('turns the button into a disabled Sold Out for a sold-out variant', async () => {
    await page.goto(`${server.baseUrl}/shop/p/linen-work-shirt`);
    await hydrated('[data-island="ProductForm"]');
    await page.getByLabel('Size').selectOption('S');
    await page.getByLabel('Colour').selectOption('Indigo');
    const button = page.locator('button.add-to-cart');
    await expect.poll(() => button.textContent()).toBe('Sold Out');
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('Colour').selectOption('Sand');
    await expect.poll(() => button.textContent()).toBe('Add To Cart');
    expect(await button.isDisabled()).toBe(false);
  });

  it('on the list page, flashes Select Option for 2 s on a product with options', async () => {
    await page.goto(`${server.baseUrl}/shop`);
    await hydrated('[data-island="QuickAdd"]');
    const shirtButton = page.getByRole('button', { name: 'Add To Cart: Linen Work Shirt' });
    await expect.poll(() => shirtButton.isEnabled()).toBe(true);
    const clickedAt = Date.now();
    await shirtButton.click();
    const flashing = page.getByRole('button', { name: 'Select Option: Linen Work Shirt' });
    await expect.poll(() => flashing.isDisabled()).toBe(true);
    await page
      .getByRole('button', { name: 'Add To Cart: Linen Work Shirt' })
      .waitFor({ timeout: 4000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1900);

    // A one-variant product goes straight in, and the count follows.
    await page.getByRole('button', { name: 'Add To Cart: Stoneware Mug' }).click();
    await page.getByRole('link', { name: '3 items in cart', exact: true }).first().waitFor();
    // The sold-out apron cannot be added.
    expect(
      await page
        .getByRole('button', { name: 'Back in the spring: Waxed Canvas Apron' })
        .isDisabled(),
    ).toBe(true);
    await saveScreenshot(page, 'product-list-page');
  });

  it('opens a quick view in a modal with the same add-to-cart, closed by Escape', async () => {
    await page.goto(`${server.baseUrl}/shop`);
    await hydrated('[data-island="QuickAdd"]');
    await page.getByRole('button', { name: 'Quick View: Linen Work Shirt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick view: Linen Work Shirt' });
    await dialog.waitFor();
    await dialog.getByLabel('Size').selectOption('L');
    await dialog.getByLabel('Colour').selectOption('Indigo');
    await dialog.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByRole('link', { name: '4 items in cart', exact: true }).first().waitFor();
    await saveScreenshot(page, 'quick-view');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('shows what the cart holds on the cart page, without the pill', async () => {
    await page.goto(`${server.baseUrl}/cart`);
    const rows = page.locator('.cart-table tbody tr');
    expect(await rows.count()).toBe(4);
    // Shirt M/Sand $68 + lesson $45 + mug $24 + shirt L/Indigo $68.
    expect(await page.locator('.cart-summary dd').textContent()).toBe('$205.00');
    await hydrated('[data-island="CartStatus"]');
    expect(await page.locator('.cart-pill').count()).toBe(0);
    await saveScreenshot(page, 'cart-page');
  });

  it('has no serious accessibility problems on any page', async () => {
    for (const path of [
      '/',
      '/shop',
      '/shop/p/linen-work-shirt',
      '/cart',
      '/search?q=linen',
      '/about',
      '/nope',
    ]) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      expect(JSON.stringify(await seriousA11yViolations(page)), path).toBe('[]');
    }
    await page.goto(`${server.baseUrl}/`);
    await saveScreenshot(page, 'home-page');
    await page.goto(`${server.baseUrl}/search?q=linen`);
    await saveScreenshot(page, 'search-page');
    await page.goto(`${server.baseUrl}/nope`);
    await saveScreenshot(page, 'not-found-page');
    // The 404 page's own status is the one failed load Chromium reports.
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  });

  it('a first visit to a page with nothing to buy loads only the small island runtime', async () => {
    const fresh = await browser.newContext();
    const visitor = await fresh.newPage();
    const scripts: { url: string; bytes: number; cacheControl: string }[] = [];
    visitor.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({
        url: response.url(),
        bytes: (await response.body()).length,
        cacheControl: response.headers()['cache-control'] ?? '',
      });
    });
    await visitor.goto(`${server.baseUrl}/about`);
    await visitor.waitForLoadState('networkidle');
    expect(scripts.some((s) => /\/assets\/islands-[\w-]+\.js$/.test(s.url))).toBe(true);
    // React DOM (the big part of React) and every island stay on the server until needed.
    // React DOM's chunk is `client-…`; island chunks are `….island-…`.
    expect(scripts.filter((s) => /\/client-[\w-]+\.js$|\.island-/.test(s.url))).toEqual([]);
    expect(scripts.reduce((sum, s) => sum + s.bytes, 0)).toBeLessThan(20_000);
    for (const script of scripts) expect(script.cacheControl).toContain('immutable');
    await fresh.close();
  });

  it('the product page works without JavaScript', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await noJs.newPage();
    await visitor.goto(`${server.baseUrl}/shop/p/linen-work-shirt`);
    expect(await visitor.locator('h1').textContent()).toBe('Linen Work Shirt');
    // Before a choice: the lowest price as From, the sale's regular price struck.
    expect(await visitor.locator('.product-details__price').textContent()).toMatch(/^From /);
    expect(await visitor.locator('.product-details__price .price__current').textContent()).toBe(
      '$54.00',
    );
    expect(await visitor.locator('.variant-table tbody tr').count()).toBe(6);
    await noJs.close();
  });
});
