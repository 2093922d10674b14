import { mkdir, readFile } from 'node:fs/promises';
import type { Browser, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  saveScreenshot,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';
import { checkoutSettled, fillCheckout, payWithCard } from './support/shopper.ts';

// The owner's analytics dashboards in /config (issue 24), over data a real visitor made:
// a Chromium shopper browses, hits a JavaScript error, buys a mug through the checkout,
// and the server's test route rolls the events up. Then each tab shows it, the CSV is a
// download, the range lives in the address, and a reporting member sees only this screen.

const SHOTS = '/tmp/shots-dash';

/** Headless Chromium names itself in its user agent and would be dropped as a bot. */
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const REPORTING = { email: 'numbers@example.com', password: 'reporting password 1' };

describe('analytics dashboards (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let paid = '';
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    viewport: DESKTOP,
    env: { NODE_ENV: 'development', TEST_CLOCK: 'on' },
  });

  const nav = () => page.getByRole('navigation', { name: 'Admin' });
  const tab = (name: string) => page.getByRole('tab', { name });
  const figure = (label: string) =>
    page.locator('.analytics-figure').filter({ has: page.getByText(label, { exact: true }) });

  /** Looks at the screen at 1280 and 390: axe, nothing sideways, a screenshot of each. */
  async function lookAtBothWidths(name: string) {
    await mkdir(SHOTS, { recursive: true });
    for (const [width, viewport] of [
      ['1280', DESKTOP],
      ['390', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(400);
      expect(await seriousA11yViolations(page), `${name} at ${width}`).toEqual([]);
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .filter((el) => !el.closest('.ui-table__scroll, .visually-hidden'))
          .slice(0, 6)
          .map((el) => `${el.tagName}.${el.className}`),
      );
      expect(wide, `${name} scrolls sideways at ${width}`).toEqual([]);
      // Nor does any table inside its own box: each fits the phone as it is.
      const tables = await page.evaluate(() =>
        [...document.querySelectorAll('.ui-table__scroll')]
          .filter((box) => box.scrollWidth > box.clientWidth + 1)
          .map((box) => box.querySelector('caption')?.textContent ?? '?'),
      );
      expect(tables, `${name}: tables scrolling sideways at ${width}`).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
      await saveScreenshot(page, `analytics-${name}-${width}`);
    }
    await page.setViewportSize(DESKTOP);
  }

  it('collects a real visit: pages, an error, web vitals and a purchase', async () => {
    await createOwner(page, server.baseUrl);
    await nav().waitFor();

    const context = await browser.newContext({ userAgent: CHROME_UA, viewport: DESKTOP });
    const shopper = await context.newPage();
    const answered: string[] = [];
    shopper.on('response', (response: Response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() < 300) answered.push(path);
    });
    const until = async (what: string, count = 1) => {
      await expect
        .poll(() => answered.filter((p) => p === what).length, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(count);
    };
    const hydrated = (selector: string) =>
      expect
        .poll(() => shopper.locator(selector).first().getAttribute('data-hydrated'))
        .toBe('true');

    await shopper.goto(`${server.baseUrl}/`);
    await until('/api/census/RecordHit');
    await shopper.evaluate(() => {
      setTimeout(() => {
        throw new Error('Price widget exploded');
      });
    });
    await until('/api/events/RecordJavascriptErrors');
    // The visitor switching tabs flushes the vitals, as leaving would.
    await shopper.mouse.click(10, 10);
    await shopper.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await until('/api/1/performance/records');

    await shopper.goto(`${server.baseUrl}/shop/p/stoneware-mug`);
    await hydrated('[data-island="ProductForm"]');
    await shopper.locator('button.add-to-cart').click();
    await shopper.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();
    await until('/api/v1/clanker/events', 2);

    await shopper.goto(`${server.baseUrl}/cart`);
    await hydrated('[data-island="CartItems"]');
    await shopper.getByRole('link', { name: 'Checkout' }).click();
    await shopper.waitForURL(/\/checkout$/);
    await hydrated('[data-island="Checkout"]');
    await fillCheckout(shopper, {
      email: 'ada@example.com',
      address: {
        name: 'Ada Lovelace',
        line1: '1 Market Street',
        city: 'San Francisco',
        region: 'CA',
        postalCode: '94105',
        country: 'US',
      },
    });
    await checkoutSettled(shopper);
    await payWithCard(shopper, { name: 'Ada Lovelace' });
    await shopper.waitForURL(/\/order-confirmed\//);
    paid = (await shopper.locator('.checkout__grand').last().textContent()) ?? '';
    expect(paid).toMatch(/^\$\d+\.\d\d$/);
    await until('/api/census/RecordHit', 5);
    await context.close();

    const run = await fetch(`${server.baseUrl}/api/testing/analytics/run`, { method: 'POST' });
    expect(run.status).toBe(200);
    expect((await run.json()).hoursRolledUp).toBeGreaterThan(0);
  });

  it('opens Analytics on Traffic with the visit, its change and the day chart', async () => {
    await nav().getByRole('button', { name: 'Analytics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await page.waitForURL(/\/config\/analytics\/traffic\?range=last-30-days$/);
    expect(await tab('Traffic').getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => figure('Visits').locator('.analytics-figure__value').textContent())
      .toBe('1');
    const views = Number(
      await figure('Page views').locator('.analytics-figure__value').textContent(),
    );
    expect(views).toBeGreaterThanOrEqual(3);
    // Nothing the period before: said in words, with no percentage to invent.
    expect(await figure('Visits').textContent()).toContain('Up from 0 in the previous 30 days');
    // uPlot drew the days, and the same numbers are in the text alternative.
    await page.locator('.analytics-chart .uplot canvas').first().waitFor();
    expect(await page.locator('.analytics-chart__caption').textContent()).toMatch(
      /^Visits per day: 1 in all\. The busiest day was .+, with 1\.$/,
    );
    expect(
      await page.getByRole('table', { name: 'Visits, page views and visitors per day' }).count(),
    ).toBe(1);
    const pages = page.getByRole('table', { name: 'Top pages' });
    await pages.getByRole('rowheader', { name: '/shop/p/stoneware-mug' }).waitFor();
    await page
      .getByRole('table', { name: 'Devices' })
      .getByRole('rowheader', { name: 'Desktop' })
      .waitFor();
    await page
      .getByRole('table', { name: 'Browsers' })
      .getByRole('rowheader', { name: 'Chrome' })
      .waitFor();
    // Pointing at the last day reads its numbers out under the chart.
    const plot = page.locator('.analytics-chart .u-over');
    const box = await plot.boundingBox();
    if (!box) throw new Error('the chart has no plotting area');
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await expect
      .poll(() => page.locator('.analytics-legend').textContent())
      .toMatch(/^.+Visits1Page views\d+Visitors1$/);
    await page.mouse.move(0, 0);
    await lookAtBothWidths('traffic');
  });

  it('downloads the traffic report as CSV for the range shown', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^traffic-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toContain('section,key,visits,visitors,pageviews');
    expect(csv).toContain('pages,/shop/p/stoneware-mug,');
  });

  it('shows the funnel, the revenue and the mug on Commerce', async () => {
    await tab('Commerce').click();
    await page.waitForURL(/\/config\/analytics\/commerce\?range=last-30-days$/);
    await expect
      .poll(() => figure('Revenue').locator('.analytics-figure__value').textContent())
      .toBe(paid);
    expect(await figure('Orders').locator('.analytics-figure__value').textContent()).toBe('1');
    expect(
      await figure('Average order value').locator('.analytics-figure__value').textContent(),
    ).toBe(paid);
    const steps = page.locator('.analytics-funnel__step');
    expect(await steps.count()).toBe(5);
    for (const [i, label] of [
      'Visits',
      'Viewed a product',
      'Added to cart',
      'Started checkout',
      'Bought',
    ].entries()) {
      expect(await steps.nth(i).locator('.analytics-funnel__label').textContent()).toBe(label);
      expect(await steps.nth(i).locator('.analytics-funnel__value').textContent()).toBe('1');
    }
    expect(await steps.nth(4).locator('.analytics-funnel__rate').textContent()).toBe(
      '100.0% of those who started checkout',
    );
    await page
      .getByRole('table', { name: 'Top products' })
      .getByRole('rowheader', { name: 'Stoneware Mug' })
      .waitFor();
    await lookAtBothWidths('commerce');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^commerce-/);
  });

  it('shows p75 web vitals rated with core’s bounds on Performance', async () => {
    await tab('Performance').click();
    const vitals = page.getByRole('list', { name: 'Web vitals at the 75th percentile' });
    await vitals.waitFor();
    const lcp = vitals
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /^LCP/ }) });
    expect(await lcp.locator('.analytics-vital__value').textContent()).toMatch(
      /^\d+(\.\d)? m?s\s?(Good|Needs improvement|Poor)$/,
    );
    expect(await lcp.textContent()).toContain('Good up to 2.5 s, poor above 4.0 s');
    expect(await lcp.locator('.analytics-shares__text').textContent()).toMatch(
      /^Good \d+% · Needs improvement \d+% · Poor \d+%$/,
    );
    await page
      .getByRole('table', { name: /by page$/ })
      .getByRole('rowheader')
      .first()
      .waitFor();
    await lookAtBothWidths('performance');
  });

  it('groups the thrown error on Errors, with its page, browser and stack', async () => {
    await tab('Errors').click();
    const error = page.locator('.analytics-error').filter({ hasText: 'Price widget exploded' });
    await error.waitFor();
    expect(await figure('Errors').locator('.analytics-figure__value').textContent()).toBe('1');
    expect(await error.locator('dd').first().textContent()).toBe('1');
    expect(await error.textContent()).toContain('/ (1)');
    expect(await error.textContent()).toContain('Chrome (1)');
    const stack = error.getByText('Stack trace');
    if ((await stack.count()) > 0) {
      await stack.click();
      await expect.poll(() => error.locator('pre').isVisible()).toBe(true);
    }
    await lookAtBothWidths('errors');
  });

  it('keeps the range in the address, checks custom dates and goes Back', async () => {
    await tab('Traffic').click();
    await page.getByLabel('Dates', { exact: true }).selectOption({ label: 'Last 7 days' });
    await page.waitForURL(/\/config\/analytics\/traffic\?range=last-7-days$/);
    await expect
      .poll(() => figure('Visits').textContent())
      .toContain('Up from 0 in the previous 7 days');
    expect(await page.locator('.analytics-period').textContent()).toContain('compared with');

    await page.getByLabel('Dates', { exact: true }).selectOption({ label: 'Custom dates' });
    await page.getByLabel('From', { exact: true }).fill('2026-01-31');
    await page.getByLabel('To', { exact: true }).fill('2026-01-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    const from = page.getByLabel('From', { exact: true });
    await expect.poll(() => from.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('The start date must come before the end date').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/custom-dates-error-1280.png` });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SHOTS}/custom-dates-error-390.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    expect(page.url()).toMatch(/range=last-7-days$/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/\/config\/analytics\/traffic\?from=2020-01-01&to=2020-01-31$/);
    await page.getByText('No visits in these dates yet').waitFor();
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/empty-1280.png`, fullPage: true });

    // A reload keeps the dates; Back returns to the last 7 days with the visit.
    await page.reload();
    await page.getByText('No visits in these dates yet').waitFor();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('2020-01-01');
    await page.goBack();
    await page.waitForURL(/range=last-7-days$/);
    await expect
      .poll(() => figure('Visits').locator('.analytics-figure__value').textContent())
      .toBe('1');
    expect(await page.getByLabel('Dates', { exact: true }).inputValue()).toBe('last-7-days');
    // Back again: the Errors tab, as it was.
    await page.goBack();
    await page.goBack();
    await page.waitForURL(/\/config\/analytics\/errors\?range=last-30-days$/);
    expect(await tab('Errors').getAttribute('aria-selected')).toBe('true');

    // Leaving for another screen leaves the address too.
    await nav().getByRole('button', { name: 'Pages' }).click();
    await page.waitForURL(/\/config$/);
  });

  it('lands a reporting member on Analytics, with no other screen of the site', async () => {
    const added = await callFrom(page, 'POST', '/api/config/members', { ...REPORTING, role: 3 });
    expect(added.status).toBe(201);
    const context = await browser.newContext({ viewport: DESKTOP });
    const member = await context.newPage();
    await member.goto(`${server.baseUrl}/config`);
    await member.getByLabel('Email').fill(REPORTING.email);
    await member.getByLabel('Password').fill(REPORTING.password);
    await member.getByRole('button', { name: 'Sign in' }).click();
    await member.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await member.waitForURL(/\/config\/analytics\/traffic\?range=last-30-days$/);
    const items = await member
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('list')
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.textContent?.trim() ?? ''));
    expect(items).toEqual(['Analytics', 'Your account']);
    await member
      .locator('.analytics-figure')
      .filter({ hasText: 'Visits' })
      .first()
      .locator('.analytics-figure__value')
      .filter({ hasText: '1' })
      .waitFor();
    expect(await seriousA11yViolations(member)).toEqual([]);
    // The server agrees: the site's members are not theirs to see.
    const members = await callFrom(member, 'GET', '/api/config/members');
    expect(members.status).toBe(403);
    // Back and Forward onto a screen the role does not open leave it where it is.
    await member.evaluate(() => {
      window.history.pushState({ productId: 'new' }, '', '/config/products/new?type=1');
      window.history.pushState(null, '', '/config/analytics/traffic?range=last-30-days');
    });
    await member.goBack();
    await member.waitForURL(/\/config\/products\/new/);
    await member.waitForTimeout(300);
    expect(await member.getByRole('heading', { level: 1 }).allTextContents()).toEqual([
      'Analytics',
    ]);
    await context.close();
  });

  it('raised no uncaught error on the owner’s page', () => {
    expect(errors).toEqual([]);
  });
});
