import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { placeOrder } from './support/shopper.ts';

// Issue 29: every storefront page type fits a small phone (320), a phone (390) and a
// tablet (768) without scrolling sideways, has one h1, and is screenshotted at 390 and
// 1280 for a person to look at. On a phone the header is one row (title, cart, Menu) and
// its links, search and account live behind the Menu disclosure.

const WIDTHS = [320, 390, 768, 1280] as const;
const SHOT_WIDTHS: readonly number[] = [390, 1280];

describe('the storefront at phone, tablet and desktop widths', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started));

  /** Visits `path` at each width: nothing wider than the screen, one h1, and the shots. */
  async function checkPage(name: string, path: string) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${server.baseUrl}${path}`);
      // Checked as the shopper sees it: after the islands (checkout, cart lines) drew.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              document.querySelectorAll(
                '[data-island]:not([data-hydrated="true"]):not([data-hydrate-when="cart"])',
              ).length,
          ),
        )
        .toBe(0);
      await page.waitForTimeout(200);
      const layout = await page.evaluate(() => {
        const root = document.documentElement;
        const wider = [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
        return {
          overflow: root.scrollWidth - root.clientWidth,
          wider,
          h1: document.querySelectorAll('h1').length,
          // Decorative images say so with alt=""; no image may leave it out.
          withoutAlt: [...document.images].filter((image) => !image.hasAttribute('alt')).length,
        };
      });
      expect(layout.overflow, `${name} scrolls sideways at ${width}: ${layout.wider}`).toBe(0);
      expect(layout.h1, `${name} at ${width} has one h1`).toBe(1);
      expect(layout.withoutAlt, `${name} at ${width}: images without alt`).toBe(0);
      // The web font swaps in over a fallback sized like it: the load shifts nothing.
      expect(await layoutShift(page), `${name} layout shift at ${width}`).toBeLessThan(0.05);
      if (SHOT_WIDTHS.includes(width)) await saveScreenshot(page, `layout-${name}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  it('sets pages in the theme’s self-hosted font, preloaded from /assets/fonts/', async () => {
    await page.goto(`${server.baseUrl}/`);
    const preload = page.locator('link[rel="preload"][as="font"]');
    expect(await preload.count()).toBe(1);
    const href = (await preload.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/assets\/fonts\/inter\/[\d.]+\/inter-latin-wght-normal\.woff2$/);
    const font = await fetch(`${server.baseUrl}${href}`);
    expect(font.status).toBe(200);
    expect(font.headers.get('cache-control')).toContain('immutable');
    expect(font.headers.get('content-type')).toBe('font/woff2');
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some(
        (face) => face.family === 'Inter' && face.status === 'loaded',
      );
    });
    expect(loaded).toBe(true);
    expect(
      await page.evaluate(
        () => getComputedStyle(document.querySelector('h1') as Element).fontFamily,
      ),
    ).toMatch(/^Inter, "Inter Fallback"/);
    expect(errors).toEqual([]);
  });

  it('fits home, shop, product, search, a page and the 404 at every width', async () => {
    await checkPage('home', '/');
    await checkPage('shop', '/shop');
    await checkPage('product', '/shop/p/linen-work-shirt');
    await checkPage('gift-card', '/shop/p/gift-card');
    await checkPage('search', '/search?q=linen');
    await checkPage('about', '/about');
    await checkPage('not-found', '/no-such-page');
  });

  it('fits the cart and checkout with something in the cart', async () => {
    await page.goto(`${server.baseUrl}/shop/p/stoneware-mug`);
    await expect
      .poll(() => page.locator('[data-island="ProductForm"]').first().getAttribute('data-hydrated'))
      .toBe('true');
    await page.locator('button.add-to-cart').click();
    await page.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();
    await checkPage('cart', '/cart');
    await checkPage('checkout', '/checkout');
  });

  it('fits the order confirmation', async () => {
    // The order is placed as shopper.ts places every test's order; this test is about
    // how its confirmation page fits, not the checkout's steps (checkout.e2e.ts walks those).
    const sent = await placeOrder(page, server.baseUrl, {
      product: 'stoneware-mug',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    });
    expect(sent.order, JSON.stringify(sent)).toBeDefined();
    await page.goto(
      `${server.baseUrl}/order-confirmed/${sent.order?.id}?token=${encodeURIComponent(sent.token ?? '')}`,
    );
    const confirmed = new URL(page.url());
    await checkPage('order-confirmed', confirmed.pathname + confirmed.search);
    expect(await page.locator('h1').textContent()).toBe('Thank you for your order');
  });

  it('puts the links, search and account behind Menu on a phone, by keyboard', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${server.baseUrl}/shop`);
    const header = page.locator('header.site-header');
    // Closed, the menu hides the links: the row's own are not shown at this width.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await header.getByRole('searchbox').count()).toBe(0);
    const menu = header.locator('summary', { hasText: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    // Open, one navigation named Main is shown.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'About' }).waitFor();
    expect(await nav.count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Shop' }).getAttribute('aria-current')).toBe('page');
    await header.locator('.site-menu').getByLabel('Search products').fill('mug');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=mug/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await header.locator('summary', { hasText: 'Menu' }).click();
    await header.getByRole('link', { name: 'Account' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'layout-menu-open-390', { isFullPage: false });
    await page.keyboard.press('Tab');

    // On a desktop the row has room: no Menu, the links beside the title.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await header.locator('summary', { hasText: 'Menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    expect(await header.getByRole('searchbox').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});

/** The page's cumulative layout shift so far (shifts right after input do not count). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 50);
      }),
  );
}
