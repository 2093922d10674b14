import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PAGE_UNLOCK_COOKIE, SITE_USER_SESSION_COOKIE } from '@atelier/contract';
import { memberAreaMessages, ProductType, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../test/raw-get.ts';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, memberClient, ownerClient } from '../auth/editor-client.ts';
import { SESSION_COOKIE } from '../auth/member-guard.ts';
import {
  approvedCard,
  createShopper,
  fillDetails,
  injectSend,
} from '../checkout/commerce-test-kit.ts';
import { hashSiteUserPassword } from '../site-users/site-user-password.ts';

// Member areas and page passwords (issue 23) through the owner's API and the shop, with
// the page cache on: who gets past the lock screen (103), that a guarded page is never
// stored or indexed for the public, and that password tries are limited.

const ABOUT_TEXT = 'converted garage';
const CONTACT_TEXT = '14 Mill Lane';
const AREAS = '/api/config/member-areas';
const CUSTOMER_PASSWORD = 'plum tart on sunday';
const MUG = 'Stoneware Mug';
/** Only the shop's own content has the mug's sku (a lock screen names the item it locks). */
const MUG_SKU = 'MUG-OAT';

/** The header menu's links (the desktop one), as the page lists them. */
function menuLinksOf(html: string): string[] {
  const menu = /<nav aria-label="Main">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...menu.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1] ?? '');
}

type LayoutLink = {
  collectionId?: string;
  externalLink?: string;
  title: string;
  children: LayoutLink[];
};
/** A navigation as UpdateNavigation takes it, from GetSiteLayout's links. */
const itemsOf = (links: LayoutLink[]): object[] =>
  links.map((link) =>
    link.externalLink !== undefined
      ? { externalLink: link.externalLink, title: link.title }
      : { collectionId: link.collectionId, children: itemsOf(link.children) },
  );

describe(`member areas and page passwords (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let websiteId: string;
  let aboutId: string;
  let contactId: string;
  let addressCount = 0;

  /** A browser: its own address and cookies, HTML by default. */
  function browser(cookies: Record<string, string> = {}) {
    addressCount += 1;
    const ip = `10.77.${addressCount >> 8}.${addressCount & 255}`;
    const jar = { ...cookies };
    const cookieHeader = () =>
      Object.entries(jar)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
    const keep = (response: Awaited<ReturnType<TestApp['app']['inject']>>) => {
      for (const line of [response.headers['set-cookie'] ?? []].flat().map(String)) {
        const [pair] = line.split(';');
        const index = (pair ?? '').indexOf('=');
        if (index > 0) jar[(pair ?? '').slice(0, index)] = (pair ?? '').slice(index + 1);
      }
      return response;
    };
    const get = async (url: string) =>
      keep(
        await t.app.inject({
          url,
          headers: { accept: 'text/html', cookie: cookieHeader(), 'x-forwarded-for': ip },
        }),
      );
    return {
      jar,
      get,
      /**
       * Posts the page's password form as the browser would: with the crumb its lock page
       * set (visited first when the browser has none), or with `crumb` as given (null: none).
       */
      unlock: async (
        page: string,
        password: string,
        extra: Record<string, string> = {},
        crumb?: string | null,
      ) => {
        if (crumb === undefined && !jar.crumb) await get(`/${page}`);
        const sent = crumb === undefined ? jar.crumb : crumb;
        return keep(
          await t.app.inject({
            method: 'POST',
            url: '/members/unlock',
            payload: new URLSearchParams({
              page,
              password,
              ...(typeof sent === 'string' && { crumb: sent }),
            }).toString(),
            headers: {
              accept: 'text/html',
              'content-type': 'application/x-www-form-urlencoded',
              cookie: cookieHeader(),
              'x-forwarded-for': ip,
              ...extra,
            },
          }),
        );
      },
    };
  }

  /** A customer account with a confirmed email, signed in: its browser. */
  async function customer(email: string) {
    await t.database.db
      .insertInto('site_users')
      .values({
        website_id: websiteId,
        email,
        password_hash: await hashSiteUserPassword(CUSTOMER_PASSWORD, { ln: 4, r: 8, p: 1 }),
        email_verified_at: new Date(),
      })
      .execute();
    const shopper = createShopper(injectSend(t.app));
    await shopper.visit();
    const signedIn = await shopper.call('POST', '/api/site-users/account/session', {
      email,
      password: CUSTOMER_PASSWORD,
      rememberMe: false,
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const token = shopper.cookies[SITE_USER_SESSION_COOKIE];
    if (!token) throw new Error('no session cookie');
    return browser({ [SITE_USER_SESSION_COOKIE]: token });
  }

  const createArea = (body: object) => owner.call('POST', AREAS, body);

  beforeAll(async () => {
    t = await createTestApp({ pageCache: 'on', env: { TRUST_PROXY: 'loopback' } });
    owner = await ownerClient(t);
    websiteId = (await owner.call('GET', '/api/config/session')).json().websiteId;
    const pages = (await owner.call('GET', AREAS)).json().pages as {
      id: string;
      urlSlug: string;
    }[];
    aboutId = pages.find((p) => p.urlSlug === 'about')?.id ?? '';
    contactId = pages.find((p) => p.urlSlug === 'contact')?.id ?? '';
  });
  afterAll(() => t.close());

  it('refuses areas it cannot save, with the reason beside the field', async () => {
    const cases: [object, number, string, Record<string, string>?][] = [
      [
        { name: ' ', access: 'signed-in', productIds: [], pageIds: [] },
        400,
        memberAreaMessages.nameRequired,
        { name: memberAreaMessages.nameRequired },
      ],
      [
        { name: 'Paid', access: 'paid', productIds: [], pageIds: [] },
        400,
        memberAreaMessages.productRequired,
      ],
      [
        { name: 'Ghost', access: 'signed-in', productIds: [], pageIds: [randomUUID()] },
        400,
        memberAreaMessages.unknownPage,
      ],
      [
        { name: 'Wrong product', access: 'paid', productIds: [randomUUID()], pageIds: [] },
        400,
        memberAreaMessages.notPaywallProduct,
      ],
    ];
    for (const [body, status, message, fields] of cases) {
      const refused = await createArea(body);
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json()).toMatchObject({ code: 'MEMBER_AREA_INVALID', error: message });
      if (fields) expect(refused.json().errors).toEqual(fields);
    }
    const first = await createArea({
      name: 'Studio Club',
      access: 'signed-in',
      productIds: [],
      pageIds: [],
    });
    expect(first.statusCode, first.body).toBe(201);
    const twin = await createArea({
      name: 'studio club',
      access: 'signed-in',
      productIds: [],
      pageIds: [],
    });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().error).toBe(memberAreaMessages.nameTaken('studio club'));
    const missing = await owner.call('PUT', `${AREAS}/${randomUUID()}`, {
      name: 'x',
      access: 'signed-in',
      productIds: [],
      pageIds: [],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('MEMBER_AREA_NOT_FOUND');
    expect((await owner.call('DELETE', `${AREAS}/${first.json().id}`)).statusCode).toBe(204);
    expect((await owner.call('DELETE', `${AREAS}/${first.json().id}`)).statusCode).toBe(404);
    // Only a signed-in member who edits pages reaches these routes.
    const anonymous = await t.app.inject({ url: AREAS });
    expect(anonymous.statusCode).toBe(401);
    const manager = await memberClient(t, owner, {
      email: 'stock@example.com',
      role: Role.storeManager,
    });
    expect((await manager.call('GET', AREAS)).statusCode).toBe(403);
    const refused = await manager.call('PUT', `/api/config/pages/${contactId}/access`, {
      password: 'sneaky pass',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('shows a member-area page to signed-in customers only, never from the cache', async () => {
    const guest = browser();
    // Cached while open to everyone…
    expect((await guest.get('/about')).body).toContain(ABOUT_TEXT);
    expect((await guest.get('/about')).headers['x-page-cache']).toBe('hit');
    // …then put in a member area: the stored copy is gone at once.
    const area = await createArea({
      name: 'Members',
      access: 'signed-in',
      productIds: [],
      pageIds: [aboutId],
    });
    expect(area.statusCode, area.body).toBe(201);
    expect(area.json()).toMatchObject({ name: 'Members', pageIds: [aboutId] });

    for (let i = 0; i < 2; i++) {
      const locked = await guest.get('/about');
      expect(locked.statusCode).toBe(200);
      expect(locked.headers['x-page-cache']).toBe('miss');
      expect(locked.headers['cache-control']).toBe('private, no-store');
      expect(locked.headers['x-robots-tag']).toBe('noindex');
      expect(locked.body).toContain('This page is locked');
      expect(locked.body).toContain(memberAreaMessages.membersOnly);
      expect(locked.body).toContain('href="/account/sign-in?return=%2Fabout"');
      expect(locked.body).toContain('href="/account/sign-up?return=%2Fabout"');
      expect(locked.body).not.toContain(ABOUT_TEXT);
    }
    const json = await t.app.inject({ url: '/about?format=json' });
    expect(json.json()).toMatchObject({ pageType: 103, page: { title: 'About' }, lock: 'members' });
    expect(json.body).not.toContain(ABOUT_TEXT);

    const member = await customer('mara@example.com');
    const open = await member.get('/about');
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain(ABOUT_TEXT);
    expect(open.headers['cache-control']).toBe('private, no-store');
    // What the member saw was not kept for the next guest.
    const after = await guest.get('/about');
    expect(after.body).not.toContain(ABOUT_TEXT);
    expect(after.headers['x-page-cache']).toBe('miss');

    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain('/about<');
    expect(sitemap.body).toContain('/contact<');

    // The sign-in page keeps where to come back to for its sign-up link.
    const signIn = await guest.get('/account/sign-in?return=%2Fabout');
    expect(signIn.body).toContain('/account/sign-up?return=%2Fabout');

    // Leaving the area opens the page to everyone again.
    const emptied = await owner.call('PUT', `${AREAS}/${area.json().id}`, {
      name: 'Members',
      access: 'signed-in',
      productIds: [],
      pageIds: [],
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    const reopened = await guest.get('/about');
    expect(reopened.body).toContain(ABOUT_TEXT);
    expect(reopened.headers['cache-control']).not.toContain('private');
  });

  it('puts a folder and its pages in an area through the navigation’s memberAreaId', async () => {
    const area = (
      await createArea({ name: 'Folder club', access: 'signed-in', productIds: [], pageIds: [] })
    ).json();
    const folder = await owner.call('POST', '/api/config/pages', {
      title: 'Members corner',
      kind: 'folder',
    });
    expect(folder.statusCode, folder.body).toBe(201);
    const update = (items: unknown[]) =>
      owner.call('POST', '/api/widget/UpdateNavigation', {
        fieldName: '_hidden',
        navigation: { items },
      });
    const placed = await update([
      {
        memberAreaId: area.id,
        children: [{ collectionId: folder.json().id, children: [{ collectionId: contactId }] }],
      },
    ]);
    expect(placed.statusCode, placed.body).toBe(200);
    const hidden = placed.json().layout[1].links;
    expect(hidden[0]).toMatchObject({ collectionId: folder.json().id, memberAreaId: area.id });

    const guest = browser();
    const locked = await guest.get('/contact');
    expect(locked.body).toContain('This page is locked');
    expect(locked.body).not.toContain(CONTACT_TEXT);
    expect(locked.headers['cache-control']).toBe('private, no-store');
    const member = await customer('felix@example.com');
    expect((await member.get('/contact')).body).toContain(CONTACT_TEXT);

    // An area listed with nothing under it lets its pages go.
    const nested = await update([
      { collectionId: folder.json().id, children: [{ memberAreaId: area.id }] },
    ]);
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error).toBe(memberAreaMessages.navigationNested);
    const released = await update([
      { memberAreaId: area.id, children: [] },
      { collectionId: folder.json().id, children: [{ collectionId: contactId }] },
    ]);
    expect(released.statusCode, released.body).toBe(200);
    expect((await guest.get('/contact')).body).toContain(CONTACT_TEXT);
  });

  it('lets in only the customers who bought a paid area’s access', async () => {
    const collectionId = (await t.app.services.catalog.getCollectionList(websiteId, 'shop'))
      .collection.id;
    const base = `/api/content-service/product/1.1/websites/${websiteId}`;
    const pass = await owner.call('POST', `${base}/products`, {
      collectionId,
      productType: ProductType.paywall,
      title: 'Studio Club Pass',
      priceMoney: { value: '7' },
    });
    expect(pass.statusCode, pass.body).toBe(201);
    const area = await createArea({
      name: 'Paying members',
      access: 'paid',
      productIds: [pass.json().id],
      pageIds: [aboutId],
    });
    expect(area.statusCode, area.body).toBe(201);

    // fillDetails orders as ada@example.com.
    const ada = await customer('ada@example.com');
    const before = await ada.get('/about');
    expect(before.body).toContain(memberAreaMessages.signedInNoAccess);
    expect(before.body).toContain('Studio Club Pass');
    expect(before.body).not.toContain(ABOUT_TEXT);
    expect(before.body).not.toContain('/account/sign-in?return');

    const shopper = createShopper(injectSend(t.app));
    await shopper.visit();
    await shopper.add({ itemId: pass.json().id, sku: pass.json().variants[0].sku });
    const checkoutId = (await shopper.start()).body.checkout.id;
    await fillDetails(shopper, checkoutId);
    const placed = await shopper.place(checkoutId, randomUUID(), approvedCard);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    expect((await ada.get('/about')).body).toContain(ABOUT_TEXT);
    const other = await customer('otto@example.com');
    expect((await other.get('/about')).body).not.toContain(ABOUT_TEXT);
    const guest = await browser().get('/about');
    expect(guest.body).toContain(memberAreaMessages.membersOnlyPaid);

    expect((await owner.call('DELETE', `${AREAS}/${area.json().id}`)).statusCode).toBe(204);
    expect((await browser().get('/about')).body).toContain(ABOUT_TEXT);
  });

  it('unlocks a password page for one browser session with the right password', async () => {
    const access = `/api/config/pages/${contactId}/access`;
    const short = await owner.call('PUT', access, { password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'PAGE_PASSWORD_INVALID',
      errors: { password: memberAreaMessages.passwordTooShort },
    });
    const set = await owner.call('PUT', access, { password: 'open sesame' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ memberAreaId: null, hasPassword: true });
    const stored = await t.database.db
      .selectFrom('pages')
      .select('password_hash')
      .where('page_id', '=', contactId)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$scrypt\$/);
    expect(stored.password_hash).not.toContain('open sesame');

    const visitor = browser();
    const locked = await visitor.get('/contact');
    expect(locked.headers['cache-control']).toBe('private, no-store');
    expect(locked.body).toContain(memberAreaMessages.passwordIntro);
    expect(locked.body).toContain('action="/members/unlock"');
    expect(locked.body).not.toContain(CONTACT_TEXT);

    const wrong = await visitor.unlock('contact', 'open says me');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain(memberAreaMessages.passwordWrong);
    expect(wrong.body).toContain('aria-invalid="true"');
    expect(wrong.body).not.toContain(CONTACT_TEXT);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const foreign = await visitor.unlock('contact', 'open sesame', {
      origin: 'https://elsewhere.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
    // An unreadable Origin is refused as another site's, never a 500.
    const unreadable = await visitor.unlock('contact', 'open sesame', { origin: 'not a url' });
    expect(unreadable.statusCode).toBe(403);
    expect(unreadable.headers['set-cookie']).toBeUndefined();
    // A "page" that is a path of its own never becomes a redirect off the site.
    for (const page of ['/evil.example', '\\evil.example', '\t/evil.example']) {
      const away = await visitor.unlock(page, 'open sesame');
      expect(away.statusCode, page).toBe(404);
      expect(away.headers.location).toBeUndefined();
    }

    const right = await visitor.unlock('contact', 'open sesame');
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/contact');
    const cookie = String([right.headers['set-cookie']].flat()[0]);
    expect(cookie).toMatch(new RegExp(`^${PAGE_UNLOCK_COOKIE}=`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    // A browser-session cookie: no expiry.
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    const open = await visitor.get('/contact');
    expect(open.body).toContain(CONTACT_TEXT);
    expect(open.headers['cache-control']).toBe('private, no-store');
    // Another browser is still asked.
    expect((await browser().get('/contact')).body).not.toContain(CONTACT_TEXT);

    // A forged entry for the page opens nothing.
    const forged = browser({ [PAGE_UNLOCK_COOKIE]: `${contactId}~${'A'.repeat(43)}` });
    expect((await forged.get('/contact')).body).not.toContain(CONTACT_TEXT);

    // A new password asks everyone again.
    await owner.call('PUT', access, { password: 'new secret words' });
    expect((await visitor.get('/contact')).body).not.toContain(CONTACT_TEXT);

    // Removing the password opens the page to all, cacheable again.
    const removed = await owner.call('PUT', access, { password: null });
    expect(removed.json()).toEqual({ memberAreaId: null, hasPassword: false });
    const plain = await browser().get('/contact');
    expect(plain.body).toContain(CONTACT_TEXT);
    expect(plain.headers['cache-control']).not.toContain('private');
  });

  it('limits password tries per address and page, even for the right password', async () => {
    const access = `/api/config/pages/${contactId}/access`;
    expect((await owner.call('PUT', access, { password: 'garden gate' })).statusCode).toBe(200);
    const guesser = browser();
    for (let i = 0; i < 10; i++) {
      expect((await guesser.unlock('contact', `guess ${i}`)).statusCode).toBe(403);
    }
    const limited = await guesser.unlock('contact', 'garden gate');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain(memberAreaMessages.passwordTooManyTries);
    expect(limited.headers['set-cookie']).toBeUndefined();
    // Another address still gets its tries.
    expect((await browser().unlock('contact', 'garden gate')).statusCode).toBe(303);
    await owner.call('PUT', access, { password: null });
  });
  describe('a collection in a members-only folder, and the menu', () => {
    let folderId: string;
    let areaId: string;

    beforeAll(async () => {
      // A "Members shop" folder in the header menu holding the demo shop, in an area.
      const folder = await owner.call('POST', '/api/config/pages', {
        title: 'Members shop',
        kind: 'folder',
      });
      expect(folder.statusCode, folder.body).toBe(201);
      folderId = folder.json().id;
      const layout = (await owner.call('GET', '/api/commondata/GetSiteLayout')).json();
      const main = layout.layout[0].links as (LayoutLink & { kind: string })[];
      const shop = main.find((link) => link.kind === 'collection');
      if (!shop) throw new Error('the demo shop is not in the main navigation');
      const placed = await owner.call('POST', '/api/widget/UpdateNavigation', {
        fieldName: 'mainNavigation',
        navigation: {
          items: [
            // A new page starts in the main navigation: it moves into place here.
            ...itemsOf(main.filter((link) => link !== shop && link.collectionId !== folderId)),
            { collectionId: folderId, children: [{ collectionId: shop.collectionId }] },
          ],
        },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const area = await createArea({
        name: 'Shop club',
        access: 'signed-in',
        productIds: [],
        pageIds: [folderId],
      });
      expect(area.statusCode, area.body).toBe(201);
      areaId = area.json().id;
    });

    it('locks the list, its items and their JSON for outsiders, and opens them to members', async () => {
      const guest = browser();
      for (const url of ['/shop', '/shop/p/stoneware-mug']) {
        const locked = await guest.get(url);
        expect(locked.statusCode, url).toBe(200);
        expect(locked.body, url).toContain('This page is locked');
        expect(locked.body, url).toContain(memberAreaMessages.membersOnly);
        expect(locked.body, url).toContain(
          `href="/account/sign-in?return=${encodeURIComponent(url)}"`,
        );
        expect(locked.body, url).not.toContain(MUG_SKU);
        expect(locked.headers['cache-control'], url).toBe('private, no-store');
        expect(locked.headers['x-robots-tag'], url).toBe('noindex');
        expect(locked.headers['x-page-cache'], url).toBe('miss');
        const json = await t.app.inject({ url: `${url}?format=json` });
        expect(json.json(), url).toMatchObject({ pageType: 103, lock: 'members' });
        expect(json.json().items, url).toBeUndefined();
        expect(json.json().item, url).toBeUndefined();
        expect(json.body, url).not.toContain(MUG_SKU);
        expect(json.headers['cache-control'], url).toBe('private, no-store');
      }
      expect((await guest.get('/shop')).headers['x-page-cache']).toBe('miss');
      // The catalog API says the same, as does search, and the sitemap lists none of it.
      const api = await t.app.inject({ url: '/api/catalog/collections/shop/products' });
      expect(api.statusCode).toBe(403);
      expect(api.json()).toMatchObject({ code: 'MEMBERS_ONLY', error: 'This page is locked' });
      const item = await t.app.inject({
        url: '/api/catalog/collections/shop/products/stoneware-mug',
      });
      expect(item.statusCode).toBe(403);
      expect((await guest.get('/search?q=mug')).body).not.toContain(MUG);
      // The home page's product block lists the shop: for outsiders it is left out.
      const home = (await guest.get('/')).body;
      expect(home).not.toContain('class="product-card"');
      expect(home).not.toContain('Linen Work Shirt');
      const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
      expect(sitemap).not.toContain('/shop<');
      expect(sitemap).not.toContain('/shop/p/');

      const member = await customer('nell@example.com');
      const list = await member.get('/shop');
      expect(list.body).toContain(MUG);
      expect(list.body).not.toContain('This page is locked');
      expect(list.headers['cache-control']).toBe('private, no-store');
      const mug = await member.get('/shop/p/stoneware-mug');
      expect(mug.body).toContain(MUG_SKU);
      expect(mug.body).not.toContain('This page is locked');
      const token = member.jar[SITE_USER_SESSION_COOKIE] ?? '';
      const memberCookie = { cookie: `${SITE_USER_SESSION_COOKIE}=${token}` };
      const json = await t.app.inject({ url: '/shop?format=json', headers: memberCookie });
      expect(json.json().pageType).not.toBe(103);
      expect(json.body).toContain(MUG);
      const memberApi = await t.app.inject({
        url: '/api/catalog/collections/shop/products',
        headers: memberCookie,
      });
      expect(memberApi.statusCode).toBe(200);
      expect(memberApi.headers['cache-control']).toBe('private, no-store');
      const memberHome = await member.get('/');
      expect(memberHome.body).toContain('Linen Work Shirt');
      expect(memberHome.headers['cache-control']).toBe('private, no-store');
      const found = await member.get('/search?q=mug');
      expect(found.body).toContain(MUG);
      expect(found.headers['cache-control']).toBe('private, no-store');
      // What the member was shown was not kept for the next guest.
      const after = await guest.get('/shop');
      expect(after.body).not.toContain(MUG_SKU);
      expect((await guest.get('/search?q=mug')).body).not.toContain(MUG);
      expect((await guest.get('/')).body).not.toContain('Linen Work Shirt');
    });

    it('lists members-only links in the menu only for those let in, whatever was cached', async () => {
      const guest = browser();
      await guest.get('/');
      const cached = await guest.get('/');
      expect(cached.headers['x-page-cache']).toBe('hit');
      // About is open to everyone again by now (an earlier test emptied its area).
      expect(menuLinksOf(cached.body)).toContain('/about');
      expect(menuLinksOf(cached.body)).not.toContain('/shop');
      expect(cached.body).not.toContain('Members shop');

      // A signed-in member is never served the public's stored copy, nor is theirs kept.
      const member = await customer('olive@example.com');
      for (let i = 0; i < 2; i++) {
        const home = await member.get('/');
        expect(home.headers['x-page-cache']).toBe('miss');
        expect(home.headers['cache-control']).toBe('private, no-store');
        expect(menuLinksOf(home.body)).toContain('/shop');
      }
      // Every page the member's menu frames is theirs, the 404 page too.
      const missing = await member.get('/no-such-page');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['cache-control']).toBe('private, no-store');
      expect(menuLinksOf(missing.body)).toContain('/shop');
      expect((await guest.get('/no-such-page')).headers['cache-control']).toBe('no-cache');
      const again = await guest.get('/');
      expect(again.headers['x-page-cache']).toBe('hit');
      expect(menuLinksOf(again.body)).not.toContain('/shop');

      // Over a socket a hit is answered before Fastify: the same rule holds there.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const raw = async (cookie?: string) => {
        const answer = await rawGet(port, '/', {
          host: 'localhost',
          ...(cookie && { cookie }),
        });
        return { ...answer, body: answer.body.toString('utf8') };
      };
      const early = t.app.services.pageCache.stats().earlyHits;
      const publicHit = await raw();
      expect(publicHit.headers['x-page-cache']).toBe('hit');
      expect(menuLinksOf(publicHit.body)).not.toContain('/shop');
      const token = member.jar[SITE_USER_SESSION_COOKIE] ?? '';
      const own = await raw(`${SITE_USER_SESSION_COOKIE}=${token}`);
      expect(own.headers['x-page-cache']).toBe('miss');
      expect(menuLinksOf(own.body)).toContain('/shop');
      expect(t.app.services.pageCache.stats().earlyHits).toBe(early + 1);

      // A paid area's links are for its buyers: a signed-in customer without access is
      // shown the public's menu (and the lock screen behind the link).
      const pass = await owner.call(
        'POST',
        `/api/content-service/product/1.1/websites/${websiteId}/products`,
        {
          collectionId: (await t.app.services.catalog.getCollectionList(websiteId, 'shop'))
            .collection.id,
          productType: ProductType.paywall,
          title: 'Shop Club Pass',
          priceMoney: { value: '9' },
        },
      );
      expect(pass.statusCode, pass.body).toBe(201);
      const paid = await owner.call('PUT', `${AREAS}/${areaId}`, {
        name: 'Shop club',
        access: 'paid',
        productIds: [pass.json().id],
        pageIds: [folderId],
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const unpaid = await member.get('/');
      expect(menuLinksOf(unpaid.body)).not.toContain('/shop');
      expect((await member.get('/shop')).body).toContain(memberAreaMessages.signedInNoAccess);
      await owner.call('PUT', `${AREAS}/${areaId}`, {
        name: 'Shop club',
        access: 'signed-in',
        productIds: [],
        pageIds: [folderId],
      });
    });

    it('lets an editor signed in to /config preview member and password pages', async () => {
      const access = `/api/config/pages/${contactId}/access`;
      expect((await owner.call('PUT', access, { password: 'back door' })).statusCode).toBe(200);
      const editor = browser({ [SESSION_COOKIE]: owner.cookies[SESSION_COOKIE] ?? '' });
      const home = await editor.get('/');
      expect(menuLinksOf(home.body)).toContain('/shop');
      expect(home.headers['cache-control']).toBe('private, no-store');
      const shop = await editor.get('/shop');
      expect(shop.body).toContain(MUG);
      const contact = await editor.get('/contact');
      expect(contact.body).toContain(CONTACT_TEXT);
      expect(contact.headers['cache-control']).toBe('private, no-store');
      // The editor's canvas frames pages with the members' menu too.
      const frame = await owner.call('GET', '/api/config/site-frame');
      expect(JSON.stringify(frame.json().navigation)).toContain('/shop');
      // A member without pages.read (role "none") previews nothing; an outsider neither.
      const none = await memberClient(t, owner, { email: 'nobody@example.com', role: Role.none });
      const noneBrowser = browser({ [SESSION_COOKIE]: none.cookies[SESSION_COOKIE] ?? '' });
      expect((await noneBrowser.get('/contact')).body).not.toContain(CONTACT_TEXT);
      expect((await noneBrowser.get('/shop')).body).not.toContain(MUG);
      expect((await browser().get('/contact')).body).not.toContain(CONTACT_TEXT);
      await owner.call('PUT', access, { password: null });
    });
  });

  it('takes a page password only with this browser’s crumb from the lock page', async () => {
    const access = `/api/config/pages/${contactId}/access`;
    expect((await owner.call('PUT', access, { password: 'side gate' })).statusCode).toBe(200);
    const visitor = browser();
    const locked = await visitor.get('/contact');
    const crumb = visitor.jar.crumb ?? '';
    expect(crumb.length).toBeGreaterThanOrEqual(16);
    expect(locked.body).toContain(`<input type="hidden" name="crumb" value="${crumb}"/>`);

    // No crumb, or another browser's: refused with the reason, the try not counted.
    for (const sent of [null, 'x'.repeat(crumb.length), 'é'.repeat(crumb.length)]) {
      const refused = await visitor.unlock('contact', 'side gate', { origin: 'null' }, sent);
      expect(refused.statusCode, String(sent)).toBe(403);
      expect(refused.body).toContain(memberAreaMessages.passwordFormExpired);
      expect(refused.body).not.toContain(CONTACT_TEXT);
      // The form comes back with this browser's crumb, so trying again works.
      expect(refused.body).toContain(`name="crumb" value="${crumb}"`);
      expect(String(refused.headers['set-cookie'] ?? '')).not.toContain(PAGE_UNLOCK_COOKIE);
    }
    // A browser without the cookie (it never saw the lock page) is refused too.
    const stranger = browser();
    const blind = await stranger.unlock('contact', 'side gate', {}, crumb);
    expect(blind.statusCode).toBe(403);
    expect(blind.body).toContain(memberAreaMessages.passwordFormExpired);
    // Another site's form is refused whatever it sends.
    const foreign = await visitor.unlock('contact', 'side gate', {
      origin: 'https://elsewhere.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
    // The lock page's own post: Origin "null" (no-referrer) with the crumb.
    const right = await visitor.unlock('contact', 'side gate', { origin: 'null' });
    expect(right.statusCode).toBe(303);
    expect((await visitor.get('/contact')).body).toContain(CONTACT_TEXT);
    await owner.call('PUT', access, { password: null });
  });
});
