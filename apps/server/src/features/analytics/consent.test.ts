import { Role } from '@atelier/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, memberClient, ownerClient } from '../auth/editor-client.ts';

// Cookie consent and the Settings screen's "Cookies & analytics" card (issue 24): the
// visitor's answer, what the server does with it, the owner's switches, and how a change
// reaches the cached storefront. Real routes, queue, writer and PGlite/PostgreSQL.

const BROWSER_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const CENSUS = ['ss_cvr', 'ss_cvt', 'SS_ANALYTICS_ID'];

type SetCookie = {
  name: string;
  value: string;
  maxAge?: number;
  httpOnly?: boolean;
  path?: string;
  sameSite?: string;
};

describe(`cookie consent and analytics settings (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let websiteId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
    const row = await t.database.db
      .selectFrom('websites')
      .select('website_id')
      .executeTakeFirstOrThrow();
    websiteId = row.website_id;
    await t.app.services.analyticsWorker.runOnce();
  });
  afterAll(() => t.close());

  const cookiesOf = (response: LightMyRequestResponse) => response.cookies as SetCookie[];
  const consent = (
    body: unknown,
    headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
    cookies: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/census/consent',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, ...headers },
      cookies,
      payload: JSON.stringify(body),
    });
  const hit = (pagePath: string, cookies: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/census/RecordHit',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER_UA },
      cookies,
      payload: new URLSearchParams({
        event: 'view',
        data: JSON.stringify({ pagePath }),
      }).toString(),
    });
  const pipeline = (eventSchemaName: string, eventContent: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/clanker/events',
      headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_UA },
      payload: JSON.stringify({ eventSchemaName, eventContent }),
    });
  const settings = (change: Record<string, unknown>) =>
    owner.call('PATCH', '/api/config/settings/analytics', change);
  const html = async (url: string) =>
    (await t.app.inject({ url, headers: { accept: 'text/html', 'user-agent': BROWSER_UA } })).body;
  const trackTagOf = (page: string) => {
    const match = /<body data-track="([^"]*)"/.exec(page);
    return match?.[1] ? JSON.parse(match[1].replaceAll('&quot;', '"')) : undefined;
  };

  it('remembers a yes for 390 days in a cookie the page can read', async () => {
    const response = await consent({ consent: 'granted' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ consent: 'granted' });
    expect(response.headers['cache-control']).toBe('no-store');
    const cookie = cookiesOf(response).find((c) => c.name === 'atl_consent');
    expect(cookie).toMatchObject({
      value: 'granted',
      maxAge: 390 * 86_400,
      path: '/',
      sameSite: 'Lax',
    });
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('clears every census cookie at once on a no, and counts later views without them', async () => {
    const jar = { ss_cvr: 'abc|1|1|1|1', ss_cvt: '1', SS_ANALYTICS_ID: 'abc', crumb: 'x' };
    const response = await consent({ consent: 'denied' }, undefined, jar);
    expect(response.statusCode).toBe(200);
    const set = cookiesOf(response);
    expect(set.find((c) => c.name === 'atl_consent')?.value).toBe('denied');
    for (const name of CENSUS) {
      expect(set.find((c) => c.name === name)?.value, name).toBe('');
    }
    // The crumb is not a tracking cookie: left alone.
    expect(set.some((c) => c.name === 'crumb')).toBe(false);

    const view = await hit('/consent-declined', { atl_consent: 'denied' });
    expect(view.json()).toEqual({ accepted: 1 });
    expect(cookiesOf(view)).toEqual([]);
    await t.app.services.analyticsWorker.runOnce();
    const rows = await t.database.db
      .selectFrom('analytics_events')
      .select(['visitor_id', 'visit_id', 'kind'])
      .where('path', '=', '/consent-declined')
      .execute();
    expect(rows).toEqual([{ visitor_id: null, visit_id: null, kind: 'pageview' }]);
  });

  it('refuses an answer posted from another site, or one that is not yes or no', async () => {
    const crossSite = await consent({ consent: 'granted' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('CSRF_FAILED');
    expect(cookiesOf(crossSite)).toEqual([]);
    const otherOrigin = await consent({ consent: 'granted' }, { origin: 'https://evil.example' });
    expect(otherOrigin.statusCode).toBe(403);
    const bad = await consent({ consent: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('REQUEST_INVALID');
    const extra = await consent({ consent: 'granted', also: 1 });
    expect(extra.statusCode).toBe(400);
  });

  it('reads and changes the switches for the owner, with the crumb, one field at a time', async () => {
    const read = await owner.call('GET', '/api/config/settings/analytics');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      isCensusEnabled: true,
      isConsentBannerOn: false,
      isSiteVisitorMetricsOn: true,
    });
    const on = await settings({ isConsentBannerOn: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      isCensusEnabled: true,
      isConsentBannerOn: true,
      isSiteVisitorMetricsOn: true,
    });
    const off = await settings({ isConsentBannerOn: false });
    expect(off.json().isConsentBannerOn).toBe(false);
  });

  it('refuses strangers, other roles, a missing crumb and bad values', async () => {
    const anonymous = await t.app.inject({ url: '/api/config/settings/analytics' });
    expect(anonymous.statusCode).toBe(401);
    const editor = await memberClient(t, owner, {
      email: 'editor-consent@example.com',
      role: Role.editor,
    });
    expect((await editor.call('GET', '/api/config/settings/analytics')).statusCode).toBe(403);
    expect(
      (await editor.call('PATCH', '/api/config/settings/analytics', { isCensusEnabled: false }))
        .statusCode,
    ).toBe(403);
    const manager = await memberClient(t, owner, {
      email: 'manager-consent@example.com',
      role: Role.websiteManager,
    });
    expect((await manager.call('GET', '/api/config/settings/analytics')).statusCode).toBe(200);
    const noCrumb = await owner.call(
      'PATCH',
      '/api/config/settings/analytics',
      { isCensusEnabled: false },
      { 'x-csrf-token': 'wrong' },
    );
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json().code).toBe('CSRF_FAILED');
    for (const body of [{}, { isCensusEnabled: 'no' }, { isCensusEnabled: false, other: true }]) {
      const refused = await settings(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await owner.call('GET', '/api/config/settings/analytics')).json()).toEqual({
      isCensusEnabled: true,
      isConsentBannerOn: false,
      isSiteVisitorMetricsOn: true,
    });
  });

  it('shows the change on cached storefront pages at once: banner, footer link, collector', async () => {
    // Cached first, so the change has to drop the stored copies.
    const before = await html('/');
    expect(trackTagOf(before)).toMatchObject({ websiteId });
    expect(trackTagOf(before).consentBanner).toBeUndefined();
    expect(before).not.toContain('Cookie preferences');

    await settings({ isConsentBannerOn: true });
    const withBanner = await html('/');
    expect(trackTagOf(withBanner)).toMatchObject({ consentBanner: true });
    expect(withBanner).toContain('data-consent-open');
    expect(withBanner).toContain('Cookie preferences');

    await settings({ isCensusEnabled: false });
    const censusOff = await html('/');
    expect(trackTagOf(censusOff)).toBeUndefined();
    expect(censusOff).not.toContain('Cookie preferences');

    await settings({ isCensusEnabled: true, isConsentBannerOn: false });
    expect(trackTagOf(await html('/'))?.consentBanner).toBeUndefined();
  });

  it('stores RemoveFromCart like the other events, and only with cart activity counted', async () => {
    const content = {
      page_path: '/cart',
      cart_id: 'cart-1',
      product: { item_id: 'p1', item_type: 'physical', item_title: 'Stoneware Mug' },
      quantity: 2,
    };
    const sent = await pipeline('RemoveFromCart', content);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ accepted: 1 });
    const forged = await pipeline('RemoveFromCart', { ...content, price: 1 });
    expect(forged.statusCode).toBe(400);

    await settings({ isSiteVisitorMetricsOn: false });
    const off = await pipeline('RemoveFromCart', content);
    expect(off.json()).toEqual({ accepted: 0 });
    await settings({ isSiteVisitorMetricsOn: true });

    await t.app.services.analyticsWorker.runOnce();
    const rows = await t.database.db
      .selectFrom('analytics_events')
      .select(['name', 'data'])
      .where('name', '=', 'RemoveFromCart')
      .execute();
    expect(rows).toHaveLength(1);
    const data = typeof rows[0]?.data === 'string' ? JSON.parse(rows[0].data) : rows[0]?.data;
    expect(data).toMatchObject({ cart_id: 'cart-1', product: { item_title: 'Stoneware Mug' } });
    const rollup = await t.database.db
      .selectFrom('analytics_rollups')
      .select('events')
      .where('website_id', '=', websiteId)
      .where('dimension', '=', 'event')
      .where('key', '=', 'RemoveFromCart')
      .execute();
    expect(rollup.reduce((sum, r) => sum + Number(r.events), 0)).toBe(1);
  });
});
