import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type ChromiumSuite,
  DESKTOP,
  PHONE,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';

// Cookie consent in real Chromium (issue 24): the owner turns the banner on in Settings;
// a fresh visitor is asked, declines, and gets no census cookie while the visit is still
// counted in total; another accepts and gets them on the next page view; nobody is asked
// twice; "Cookie preferences" changes the answer; the cart's Remove sends RemoveFromCart.
// Headless Chromium names itself in its user agent (a bot), so visitors use Chrome's.

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const CENSUS_COOKIES = ['ss_cvr', 'ss_cvt', 'SS_ANALYTICS_ID'];
const SHOTS = '/tmp/shots-consent';

describe('cookie consent (Chromium)', () => {
  let suite: ChromiumSuite;
  const errors = useChromium(
    (s) => {
      suite = s;
    },
    { viewport: DESKTOP, env: { NODE_ENV: 'development', TEST_CLOCK: 'on' } },
  );

  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** The page views the server has answered on this page. */
  function hits(page: Page) {
    const answered: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path === '/api/census/RecordHit' || path === '/api/v1/clanker/events')
        answered.push(path);
    });
    return answered;
  }

  async function visitor(setup?: (context: BrowserContext) => Promise<void>) {
    const context = await suite.browser.newContext({ userAgent: CHROME_UA, viewport: DESKTOP });
    await setup?.(context);
    // Playwright cannot read a beacon's body, so each page keeps a copy of what it sends.
    await context.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, { __beacons: sent });
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (data instanceof Blob) void data.text().then((body) => sent.push(body));
        return send(url, data);
      };
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    return page;
  }

  const beacons = (page: Page) =>
    page.evaluate(() => (window as unknown as { __beacons: string[] }).__beacons);
  /**
   * This document's page view has gone out: the runtime has made its consent decision
   * (the banner is decided just before the collector starts); a moment for its import.
   */
  const settled = async (page: Page) => {
    await expect
      .poll(async () => (await beacons(page)).some((body) => body.includes('event=view')))
      .toBe(true);
    await page.waitForTimeout(500);
  };

  const cookieNames = async (page: Page) =>
    (await page.context().cookies()).map((cookie) => cookie.name);
  const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
  const settingsSwitch = (name: string) => suite.page.getByRole('switch', { name });
  const analyticsSettings = async () =>
    (await callFrom(suite.page, 'GET', '/api/config/settings/analytics')).json;

  it('lets the owner turn the banner and cart activity on and off in Settings', async () => {
    const page = suite.page;
    await createOwner(page, suite.server.baseUrl);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Settings' })
      .click();
    const card = page.getByRole('region', { name: 'Cookies & analytics' });
    await card.waitFor();
    await expect
      .poll(() => settingsSwitch('Count visitors').getAttribute('aria-checked'))
      .toBe('true');
    const bannerSwitch = settingsSwitch('Ask visitors before using cookies');
    expect(await bannerSwitch.getAttribute('aria-checked')).toBe('false');

    // Keyboard: Space toggles the focused switch; the change is saved at once.
    await bannerSwitch.focus();
    await page.keyboard.press('Space');
    await page.getByText('The cookie banner is now shown to visitors.', { exact: true }).waitFor();
    expect(await analyticsSettings()).toEqual({
      isCensusEnabled: true,
      isConsentBannerOn: true,
      isSiteVisitorMetricsOn: true,
    });

    const cart = settingsSwitch('Count cart activity');
    await cart.click();
    await page.getByText('Cart activity is no longer counted.', { exact: true }).waitFor();
    expect((await analyticsSettings()).isSiteVisitorMetricsOn).toBe(false);
    await cart.click();
    await page.getByText('Cart activity is counted.', { exact: true }).waitFor();
    expect((await analyticsSettings()).isSiteVisitorMetricsOn).toBe(true);

    // With counting off, the other two have nothing to act on and are disabled.
    await settingsSwitch('Count visitors').click();
    await page.getByText('Visitor analytics turned off.', { exact: true }).waitFor();
    expect(await bannerSwitch.isDisabled()).toBe(true);
    await settingsSwitch('Count visitors').click();
    await page.getByText('Visitor analytics turned on.', { exact: true }).waitFor();
    expect(await bannerSwitch.isDisabled()).toBe(false);
    expect(await analyticsSettings()).toEqual({
      isCensusEnabled: true,
      isConsentBannerOn: true,
      isSiteVisitorMetricsOn: true,
    });

    await mkdir(SHOTS, { recursive: true });
    for (const [label, viewport] of [
      ['1280', DESKTOP],
      ['390', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await card.scrollIntoViewIfNeeded();
      expect(await seriousA11yViolations(page), label).toEqual([]);
      await card.screenshot({ path: `${SHOTS}/settings-card-${label}.png` });
    }
    await page.setViewportSize(DESKTOP);
  });

  it('asks a fresh visitor; after Decline no census cookie, the visit still counted in total', async () => {
    const page = await visitor();
    const answered = hits(page);
    await page.goto(`${suite.server.baseUrl}/`);
    await banner(page).waitFor();
    await expect.poll(() => answered.includes('/api/census/RecordHit')).toBe(true);
    // Shown, not pushed at the visitor: focus stays on the page.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    expect(await banner(page).getByRole('button').allTextContents()).toEqual(['Decline', 'Accept']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Fixed over the page: it moves nothing (no layout shift).
    expect(await banner(page).evaluate((node) => getComputedStyle(node).position)).toBe('fixed');
    await page.screenshot({ path: `${SHOTS}/banner-1280.png` });
    await page.setViewportSize(PHONE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/banner-390.png` });
    await page.setViewportSize(DESKTOP);
    // Reachable from the keyboard, early: right after the skip link.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Decline');

    await page.keyboard.press('Enter');
    await banner(page).waitFor({ state: 'detached' });
    const afterChoice = await page.context().cookies();
    expect(afterChoice.find((c) => c.name === 'atl_consent')).toMatchObject({
      value: 'denied',
      path: '/',
      sameSite: 'Lax',
    });
    for (const name of CENSUS_COOKIES) expect(await cookieNames(page)).not.toContain(name);

    await page.goto(`${suite.server.baseUrl}/shop`);
    await settled(page);
    expect(await banner(page).count()).toBe(0);
    await page.reload();
    await settled(page);
    expect(await banner(page).count()).toBe(0);
    const names = await cookieNames(page);
    for (const name of CENSUS_COOKIES) expect(names, name).not.toContain(name);
    await page.context().close();

    const websiteId: string = (await callFrom(suite.page, 'GET', '/api/config/session')).json
      .websiteId;
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const traffic = async () => {
      const run = await fetch(`${suite.server.baseUrl}/api/testing/analytics/run`, {
        method: 'POST',
      });
      expect(run.status).toBe(200);
      const answer = await callFrom(
        suite.page,
        'GET',
        `/api/content-service/analytics/1.0/websites/${websiteId}/traffic?from=${day(-1)}&to=${day(1)}`,
      );
      expect(answer.status).toBe(200);
      return answer.json.totals;
    };
    // Home, the shop and its reload: counted, with no visitor behind them. Polled: the
    // last beacon may still be on its way when the tab closes.
    await expect.poll(async () => (await traffic()).pageviews).toBe(3);
    const totals = await traffic();
    expect(totals.visits).toBeGreaterThanOrEqual(1);
    expect(totals.visitors).toBe(0);
  });

  it('sets the census cookies on the next page view after Accept; the footer changes the answer', async () => {
    const page = await visitor();
    await page.goto(`${suite.server.baseUrl}/`);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect((await page.context().cookies()).find((c) => c.name === 'atl_consent')?.value).toBe(
      'granted',
    );
    await page.goto(`${suite.server.baseUrl}/shop`);
    await settled(page);
    await expect.poll(() => cookieNames(page)).toEqual(expect.arrayContaining(CENSUS_COOKIES));
    expect(await banner(page).count()).toBe(0);

    // Cookie preferences: the banner again, focused since the visitor asked for it.
    const preferences = page.getByRole('button', { name: 'Cookie preferences' });
    await page.locator('.site-footer').screenshot({ path: `${SHOTS}/footer-1280.png` });
    await preferences.click();
    await banner(page).getByText('You accepted cookies.').waitFor();
    await page.screenshot({ path: `${SHOTS}/banner-preferences-1280.png` });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Decline');
    await page.keyboard.press('Enter');
    await banner(page).waitFor({ state: 'detached' });
    // The no clears them at once, not on the next page view.
    const names = await cookieNames(page);
    for (const name of CENSUS_COOKIES) expect(names, name).not.toContain(name);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Cookie preferences',
    );
    await page.context().close();
  });

  it('does not ask a visitor whose browser sends Global Privacy Control', async () => {
    const page = await visitor(async (context) => {
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
      );
    });
    await page.goto(`${suite.server.baseUrl}/`);
    await settled(page);
    expect(await banner(page).count()).toBe(0);
    await page.context().close();
  });

  it('sends RemoveFromCart when a shopper removes a line in the cart', async () => {
    const page = await visitor((context) =>
      context.addCookies([{ name: 'atl_consent', value: 'denied', url: suite.server.baseUrl }]),
    );
    // Every pipeline event's answer, in order (a beacon's body is unreadable, its answer is not).
    const answers: unknown[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/v1/clanker/events') return;
      answers.push({ status: response.status(), json: await response.json().catch(() => null) });
    });
    await page.goto(`${suite.server.baseUrl}/shop/p/stoneware-mug`);
    await expect
      .poll(() => page.locator('[data-island="ProductForm"]').first().getAttribute('data-hydrated'))
      .toBe('true');
    await page.locator('button.add-to-cart').click();
    await page.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();
    await page.goto(`${suite.server.baseUrl}/cart`);
    await expect
      .poll(() => page.locator('[data-island="CartItems"]').first().getAttribute('data-hydrated'))
      .toBe('true');
    // The collector starts after load and paint; its page view says it is listening.
    await settled(page);
    const answeredBefore = answers.length;
    await page.getByRole('button', { name: 'Remove Stoneware Mug' }).click();
    await page.getByText('You have nothing in your shopping cart.').waitFor();
    const removed = async () =>
      (await beacons(page)).filter((body) => body.includes('"RemoveFromCart"'));
    await expect.poll(async () => (await removed()).length).toBe(1);
    const [beacon] = await removed();
    expect(JSON.parse(beacon ?? '{}')).toMatchObject({
      eventSchemaName: 'RemoveFromCart',
      eventContent: {
        page_path: '/cart',
        quantity: 1,
        product: { item_title: 'Stoneware Mug', item_type: 'physical' },
      },
    });
    await until(() => answers.length > answeredBefore, 'the server to answer RemoveFromCart');
    expect(answers.at(-1)).toEqual({ status: 202, json: { accepted: 1 } });
    await page.context().close();
  });

  it('threw no uncaught error', () => {
    expect(errors).toEqual([]);
  });
});
