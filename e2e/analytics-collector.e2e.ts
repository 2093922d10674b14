import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ChromiumSuite, useChromium } from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import { seedContactForm } from './support/forms.ts';

// The storefront's analytics collector in real Chromium (issue 24): what it sends and what
// the server answers. Headless Chromium names itself in its user agent and would be
// dropped as a bot, so this visitor uses an ordinary desktop Chrome's.

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('analytics collector (Chromium)', () => {
  let suite: ChromiumSuite;
  const errors = useChromium(
    (s) => {
      suite = s;
    },
    { prepare: seedContactForm },
  );

  /** A fresh visitor: their own cookies, an ordinary user agent. */
  async function visitor(options: { consent?: 'denied' } = {}) {
    const context = await suite.browser.newContext({ userAgent: CHROME_UA });
    if (options.consent) {
      await context.addCookies([
        { name: 'atl_consent', value: options.consent, url: suite.server.baseUrl },
      ]);
    }
    // Playwright cannot read a beacon's body, so the page keeps a copy of each one it sends.
    await context.addInitScript(() => {
      const sent: { url: string; body: string }[] = [];
      Object.assign(window, { __beacons: sent });
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (data instanceof Blob)
          void data.text().then((body) => sent.push({ url: String(url), body }));
        return send(url, data);
      };
    });
    return context.newPage();
  }

  const beacons = (page: Page) =>
    page.evaluate(
      () => (window as unknown as { __beacons: { url: string; body: string }[] }).__beacons,
    );

  /** Every collector call the page makes, with the server's answer. */
  function collect(page: Page) {
    const calls: { path: string; status: number; body: string; answer: unknown }[] = [];
    page.on('response', async (response: Response) => {
      const path = new URL(response.url()).pathname;
      if (!/^\/api\/(census|v1\/clanker|1\/performance|events)\//.test(path)) return;
      const call = {
        path,
        status: response.status(),
        body: response.request().postData() ?? '',
        answer: null as unknown,
      };
      calls.push(call);
      // A keepalive request's body may be gone by now; the status is what counts then.
      call.answer = await response.json().catch(() => null);
    });
    return calls;
  }

  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('counts the page view after load, sets the visitor cookies and reports vitals on leaving', async () => {
    const page = await visitor();
    const calls = collect(page);
    await page.goto(`${suite.server.baseUrl}/`);
    await until(
      () => calls.some((c) => c.path === '/api/census/RecordHit' && c.answer !== null),
      'the page view',
    );
    const hit = calls.find((c) => c.path === '/api/census/RecordHit');
    expect(hit?.status).toBe(202);
    expect(hit?.answer).toEqual({ accepted: 1 });
    const cookies = await page.context().cookies();
    const record = cookies.find((c) => c.name === 'ss_cvr');
    expect(record?.value).toMatch(/\|1$/);
    expect(record?.httpOnly).toBe(true);

    // A click gives INP something to measure; the page going hidden (the visitor switching
    // tabs) flushes the vitals. A beacon sent while a page unloads is invisible to the test,
    // so the tab switch is simulated in the page.
    await page.mouse.click(10, 10);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('pagehide'));
    });
    await until(
      () =>
        calls.filter((c) => c.path === '/api/1/performance/records' && c.answer !== null).length >=
        2,
      'the web vitals',
    );
    const sent = (await beacons(page)).filter((b) => b.url.endsWith('/api/1/performance/records'));
    const metrics = sent.flatMap((b) =>
      (JSON.parse(b.body) as { event: string; data: { metric?: string } }[])
        .filter((r) => r.event === 'user')
        .map((r) => r.data.metric),
    );
    expect(metrics).toEqual(expect.arrayContaining(['LCP', 'TTFB', 'FCP', 'CLS']));
    const vitals = calls.filter((c) => c.path === '/api/1/performance/records');
    expect(vitals.every((c) => c.status === 202)).toBe(true);
    const accepted = vitals.reduce(
      (sum, c) => sum + ((c.answer as { accepted?: number })?.accepted ?? 0),
      0,
    );
    expect(accepted).toBeGreaterThanOrEqual(metrics.length);
    expect(
      (await beacons(page)).some(
        (b) => b.url.endsWith('/RecordHit') && b.body.includes('event=leave'),
      ),
    ).toBe(true);

    // The product page: a second view of the same visit, and the product view event.
    await page.goto(`${suite.server.baseUrl}/shop/p/stoneware-mug`);
    await until(
      () => calls.some((c) => c.path === '/api/v1/clanker/events' && c.answer !== null),
      'the product view',
    );
    const productView = calls.find((c) => c.path === '/api/v1/clanker/events');
    const productBeacon = (await beacons(page)).find((b) =>
      b.url.endsWith('/api/v1/clanker/events'),
    );
    expect(JSON.parse(productBeacon?.body ?? '{}')).toMatchObject({
      eventSchemaName: 'ViewProductPage',
      eventContent: { product: { item_title: 'Stoneware Mug', item_type: 'physical' } },
    });
    expect(productView?.answer).toEqual({ accepted: 1 });
    await page.context().close();
  });

  it('reports an uncaught error with the crumb, once the debounce has passed', async () => {
    const page = await visitor();
    const calls = collect(page);
    await page.goto(`${suite.server.baseUrl}/`);
    await until(
      () => calls.some((c) => c.path === '/api/census/RecordHit' && c.answer !== null),
      'the page view',
    );
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Price widget exploded');
      });
    });
    await until(
      () => calls.some((c) => c.path === '/api/events/RecordJavascriptErrors'),
      'the error report',
    );
    const report = calls.find((c) => c.path === '/api/events/RecordJavascriptErrors');
    expect(report?.status).toBe(202);
    expect(JSON.parse(report?.body ?? '[]')[0]).toMatchObject({
      event: 'error',
      data: { message: 'Error: Price widget exploded', pagePath: '/' },
    });
    await page.context().close();
  });

  it('counts a visitor who refused cookies without setting any census cookie', async () => {
    const page = await visitor({ consent: 'denied' });
    const calls = collect(page);
    await page.goto(`${suite.server.baseUrl}/`);
    await until(
      () => calls.some((c) => c.path === '/api/census/RecordHit' && c.answer !== null),
      'the page view',
    );
    expect(calls.find((c) => c.path === '/api/census/RecordHit')?.answer).toEqual({ accepted: 1 });
    const names = (await page.context().cookies()).map((c) => c.name);
    for (const census of ['ss_cvr', 'ss_cvt', 'ss_cid', 'SS_ANALYTICS_ID'])
      expect(names).not.toContain(census);
    await page.context().close();
  });

  it('reports the button blocks and forms a page shows, and a button clicked', async () => {
    const page = await visitor();
    const calls = collect(page);
    await page.goto(`${suite.server.baseUrl}/`);
    // A fetch whose answer the page never reads may have no body left for the test: the
    // status says the server took it.
    await until(
      () => calls.some((c) => c.path === '/api/census/button-render'),
      'the button render',
    );
    const render = calls.find((c) => c.path === '/api/census/button-render');
    expect(render?.status).toBe(202);
    const shown = JSON.parse(render?.body ?? '{}');
    expect(shown).toMatchObject({ pagePath: '/', buttonText: expect.any(String) });
    // The click leaves the page: kept here so the beacon can be read.
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    await page.locator('.block--button a').first().click();
    await until(() => calls.some((c) => c.path === '/api/census/button-click'), 'the click');
    const clicked = (await beacons(page)).find((b) => b.url.endsWith('/api/census/button-click'));
    expect(JSON.parse(clicked?.body ?? '{}')).toMatchObject({
      buttonText: shown.buttonText,
      buttonUrl: shown.buttonUrl,
    });

    // A page with the Contact form on it, published by the owner.
    await createOwner(suite.page, suite.server.baseUrl);
    await suite.page.getByLabel('New page title').waitFor();
    const choices = await callFrom(suite.page, 'GET', '/api/config/form-choices');
    const contact = choices.json.forms.find((f: { name: string }) => f.name === 'Contact');
    const created = await callFrom(suite.page, 'POST', '/api/config/pages', {
      title: 'Write to us',
    });
    const saved = await callFrom(suite.page, 'PUT', `/api/config/pages/${created.json.id}/draft`, {
      blocks: [{ type: 'form', version: 1, formId: contact.id, title: 'Write to us' }],
      baseRevision: created.json.draftRevision,
    });
    const published = await callFrom(
      suite.page,
      'POST',
      `/api/config/pages/${created.json.id}/publish`,
      { baseRevision: saved.json.draftRevision },
    );
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    await page.goto(`${suite.server.baseUrl}/write-to-us`);
    await until(() => calls.some((c) => c.path === '/api/census/form-render'), 'the form render');
    const form = calls.find((c) => c.path === '/api/census/form-render');
    expect(form?.status).toBe(202);
    expect(JSON.parse(form?.body ?? '{}')).toMatchObject({
      pagePath: '/write-to-us',
      formId: contact.id,
    });
    await page.context().close();
  });

  it('loads no collector on a page that is never tracked', async () => {
    const page = await visitor();
    const calls = collect(page);
    const response = await page.goto(`${suite.server.baseUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('body[data-track]').count()).toBe(0);
    await page.waitForTimeout(1_500);
    expect(calls.filter((c) => c.path === '/api/census/RecordHit')).toEqual([]);
    await page.context().close();
  });

  it('raised no uncaught error on the suite page', () => {
    expect(errors).toEqual([]);
  });
});
