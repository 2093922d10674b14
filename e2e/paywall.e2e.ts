import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkAtBothWidths,
  DESKTOP,
  PHONE,
  saveScreenshot,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';
import { fillCheckout, payWithCard } from './support/shopper.ts';

/**
 * Paywalls (issue 22), tried as a merchant and a reader would: the merchant makes a
 * paywall product and ticks the page it unlocks in the product editor; a visitor meets
 * the lock screen, buys with the test card, opens the access link from the order page
 * and reads the page; another browser is still locked out. Screenshots:
 * admin-paywall-picker-*, paywall-lock-screen-*.
 */
describe('paywalls (Chromium)', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started), {
    viewport: DESKTOP,
    consoleErrors: true,
  });
  const ABOUT_TEXT = 'converted garage';
  const hydrated = (on: Page, selector: string) =>
    expect.poll(() => on.locator(selector).first().getAttribute('data-hydrated')).toBe('true');
  const newVisitor = async (viewport: { width: number; height: number } = DESKTOP) => {
    const context = await page.context().browser()!.newContext({ viewport });
    context.on('weberror', (error) => errors.push(error.error().message));
    return { context, tab: await context.newPage() };
  };

  it('lets the merchant choose, with the keyboard, the page a paywall product unlocks', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    const session = await callFrom(page, 'GET', '/api/config/session');
    const base = `/api/content-service/product/1.1/websites/${session.json.websiteId}`;
    const list = (await callFrom(page, 'GET', `${base}/collections`)).json;
    const collectionId = list.collections.find((c: { urlId: string }) => c.urlId === 'shop').id;
    const created = await callFrom(page, 'POST', `${base}/products`, {
      collectionId,
      productType: 5,
      title: 'Studio Journal Pass',
      priceMoney: { value: '5' },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Products', exact: true })
      .click();
    await page.getByRole('link', { name: 'Studio Journal Pass' }).click();
    await page.getByRole('heading', { level: 1, name: 'Studio Journal Pass' }).waitFor();
    const card = page.getByRole('region', { name: 'Unlocks', exact: true });
    await card.getByRole('checkbox', { name: /About/ }).waitFor();

    // Keyboard only: filter, tab to the page's box, tick it with Space, save with Enter.
    await card.getByLabel('Filter pages and collections').focus();
    await page.keyboard.type('abo');
    expect(await card.getByRole('checkbox').count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('type')),
      'the first box is next in the tab order',
    ).toBe('checkbox');
    await page.keyboard.press('Space');
    expect(await card.getByRole('checkbox', { name: /About/ }).isChecked()).toBe(true);
    await card.getByRole('button', { name: 'Save access' }).focus();
    await page.keyboard.press('Enter');
    await card.getByText('Access saved.').waitFor();
    await card.getByLabel('Filter pages and collections').fill('');
    expect(await card.getByText('Unlocks 1 page or collection.').count()).toBe(1);

    await checkAtBothWidths(page, [
      { name: 'admin-paywall-picker', scrollTo: card.getByRole('heading', { name: 'Unlocks' }) },
    ]);
    const saved = await callFrom(page, 'GET', `${base}/products/${created.json.id}/paywall`);
    const about = saved.json.pages.find((p: { urlSlug: string }) => p.urlSlug === 'about');
    expect(saved.json.pageIds).toEqual([about.id]);
  });

  it('shows the lock screen, sells access with 4242 and opens the page after', async () => {
    const { context, tab } = await newVisitor();
    try {
      const response = await tab.goto(`${server.baseUrl}/about`);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await tab.getByRole('heading', { level: 1, name: 'This page is locked' }).waitFor();
      expect(await tab.getByText(ABOUT_TEXT).count()).toBe(0);
      expect(await tab.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await tab.getByText('Studio Journal Pass').count()).toBe(1);
      expect(await tab.locator('.lock-offer__price').textContent()).toBe('$5.00');
      expect(
        await tab.getByText('Already purchased? Use the link in your confirmation email.').count(),
      ).toBe(1);
      await hydrated(tab, '[data-island="BuyAccess"]');
      expect(await seriousA11yViolations(tab)).toEqual([]);
      await saveScreenshot(tab, 'paywall-lock-screen-desktop', { isFullPage: false });
      await tab.setViewportSize(PHONE);
      expect(await seriousA11yViolations(tab)).toEqual([]);
      expect(
        await tab.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      await saveScreenshot(tab, 'paywall-lock-screen-phone', { isFullPage: false });
      await tab.setViewportSize(DESKTOP);

      await tab.getByRole('button', { name: 'Buy access: Studio Journal Pass' }).click();
      await tab.waitForURL(/\/checkout$/);
      await hydrated(tab, '[data-island="Checkout"]');
      await fillCheckout(tab, { email: 'reader@example.com' });
      // Access never ships: no address step.
      expect(await tab.getByLabel('Full name').count()).toBe(0);
      await payWithCard(tab, { name: 'Ada Reader' });
      await tab.waitForURL(/\/order-confirmed\//);

      await tab.getByRole('link', { name: 'order status' }).click();
      await tab.waitForURL(/\/commerce\/orders\//);
      await tab.getByRole('link', { name: 'Open your content' }).click();
      await tab.waitForURL(`${server.baseUrl}/about`);
      await tab.getByRole('heading', { name: 'About the studio' }).waitFor();
      expect(await tab.getByText('This page is locked').count()).toBe(0);
      const cookie = (await context.cookies()).find((c) => c.name === 'atelier_access');
      expect(cookie?.httpOnly).toBe(true);
      expect(await tab.evaluate(() => document.cookie)).not.toContain('atelier_access');
      // Browsing on and coming back: still open.
      await tab.goto(`${server.baseUrl}/`);
      await tab.goto(`${server.baseUrl}/about`);
      expect(await tab.getByText(ABOUT_TEXT).count()).toBe(1);
    } finally {
      await context.close();
    }

    // Someone else, in another browser, is still locked out.
    const other = await newVisitor();
    try {
      await other.tab.goto(`${server.baseUrl}/about`);
      await other.tab.getByRole('heading', { level: 1, name: 'This page is locked' }).waitFor();
      expect(await other.tab.getByText(ABOUT_TEXT).count()).toBe(0);
      // A forged cookie does not help.
      await other.context.addCookies([
        { name: 'atelier_access', value: 'A'.repeat(43), url: server.baseUrl },
      ]);
      await other.tab.reload();
      await other.tab.getByRole('heading', { level: 1, name: 'This page is locked' }).waitFor();
    } finally {
      await other.context.close();
    }
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
