import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountMessages, accountPageText, MAX_ACCOUNT_ADDRESSES } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { copyDemoData, createTestDatabase, testDialect } from '../../test/test-app.ts';
import {
  approvedCard,
  createShopper,
  fillDetails,
  injectSend,
  nyAddress,
  type Shopper,
} from '../checkout/commerce-test-kit.ts';
import { checkDownload } from '../orders/downloads.ts';

// A customer account's sections (issue 23) against the real app and database: the address
// book and checkout's pre-filled address, the subscriptions, the digital downloads and the
// newsletter choices. Each section is also asked with another account's ids, which must
// answer exactly as ids that never existed.

const PASSWORD = 'plum tart on sunday';
const ACCOUNT = '/api/site-users/account';

const home = {
  name: 'Nora Quill',
  line1: '12 Orchard Lane',
  city: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'US',
};
const work = {
  name: 'Nora Quill',
  line1: '400 Pine St',
  city: 'Seattle',
  postalCode: '98101',
  country: 'US',
};

describe(`customer account sections (${testDialect})`, () => {
  let app: App;
  let database: Database;
  let websiteId: string;
  let close: () => Promise<void>;
  /** Moves the commerce clock (manage links lapse by it). */
  let shiftMs = 0;

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-account-sections-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TRUST_PROXY: 'loopback' });
    const testDatabase = await createTestDatabase({ withDemo: true });
    await copyDemoData(dataDir);
    database = await testDatabase.open();
    app = await buildApp({
      config,
      database,
      siteUsers: { scryptCost: { ln: 4, r: 8, p: 1 } },
      commerce: { reservationMs: 0, clock: () => new Date(Date.now() + shiftMs) },
    });
    websiteId = (await app.services.websites.resolveByHost('localhost'))?.id ?? '';
    close = async () => {
      await app.close();
      await testDatabase.dispose();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  const visitor = async () => {
    const shopper = createShopper(injectSend(app));
    await shopper.call('GET', ACCOUNT);
    return shopper;
  };

  const linkToken = async (email: string): Promise<string> => {
    const mail = await database.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('to_email', '=', email)
      .where('kind', '=', 'account-verify-email')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const token = mail?.body_text.match(/\?t=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no link to ${email}`);
    return token;
  };

  /** An account signed in on a shopper of its own; confirmed unless asked otherwise. */
  async function account(email: string, { isVerified = true } = {}): Promise<Shopper> {
    const shopper = await visitor();
    expect((await shopper.call('POST', ACCOUNT, { email, password: PASSWORD })).status).toBe(202);
    if (isVerified) {
      const verified = await shopper.call('POST', `${ACCOUNT}/email-verification`, {
        token: await linkToken(email),
      });
      expect(verified.status).toBe(200);
    }
    const signedIn = await shopper.call('POST', `${ACCOUNT}/session`, {
      email,
      password: PASSWORD,
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    return shopper;
  }

  /** A storefront page as the shopper's browser gets it (HTML, with its cookies). */
  const pageOf = (shopper: Shopper, url: string) =>
    app.inject({
      url,
      headers: {
        cookie: Object.entries(shopper.cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      },
    });

  const variant = async (sku: string) => {
    const list = await app.inject('/api/catalog/collections/shop/products');
    for (const product of list.json().products as {
      id: string;
      variants: { sku: string; id: string }[];
    }[]) {
      const found = product.variants.find((v) => v.sku === sku);
      if (found) return { itemId: product.id, sku, variantId: found.id };
    }
    throw new Error(`no variant ${sku}`);
  };

  /** A guest order of one mug placed with `email`. */
  async function guestOrder(email: string, key: string) {
    const item = await variant('MUG-OAT');
    await database.db
      .updateTable('product_variants')
      .set({ qty_in_stock: 100 })
      .where('variant_id', '=', item.variantId)
      .execute();
    const guest = createShopper(injectSend(app));
    await guest.visit();
    await guest.add(item, 1);
    const checkoutId = (await guest.start()).body.checkout.id;
    await fillDetails(guest, checkoutId);
    await guest.put(checkoutId, '/email', { email });
    const placed = await guest.place(checkoutId, key);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body as { order: { id: string; orderNumber: number }; token: string };
  }

  describe('addresses', () => {
    it('keeps an address book with one default, first added first', async () => {
      const nora = await account('nora@example.com');
      const empty = await nora.call('GET', `${ACCOUNT}/addresses`);
      expect([empty.status, empty.body]).toEqual([200, { addresses: [] }]);

      // The first address is the default, whatever was asked.
      const first = await nora.call('POST', `${ACCOUNT}/addresses`, home);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body.addresses).toEqual([
        { id: expect.any(String), address: home, isDefault: true },
      ]);
      const homeId: string = first.body.addresses[0].id;

      // A new default takes over; the default is listed first.
      const second = await nora.call('POST', `${ACCOUNT}/addresses`, { ...work, isDefault: true });
      expect(second.body.addresses.map((a: { isDefault: boolean }) => a.isDefault)).toEqual([
        true,
        false,
      ]);
      expect(second.body.addresses[0].address).toEqual(work);
      const workId: string = second.body.addresses[0].id;

      const edited = await nora.call('PUT', `${ACCOUNT}/addresses/${homeId}`, {
        ...home,
        line2: 'Flat 3',
      });
      expect(edited.status).toBe(200);
      expect(edited.body.addresses[1]).toEqual({
        id: homeId,
        address: { ...home, line2: 'Flat 3' },
        isDefault: false,
      });

      const madeDefault = await nora.call('PUT', `${ACCOUNT}/addresses/${homeId}/default`);
      expect(madeDefault.body.addresses.map((a: { id: string }) => a.id)).toEqual([homeId, workId]);
      expect(madeDefault.body.addresses[0].isDefault).toBe(true);

      // Deleting the default passes it to the oldest one left.
      const deleted = await nora.call('DELETE', `${ACCOUNT}/addresses/${homeId}`);
      expect(deleted.body.addresses).toEqual([{ id: workId, address: work, isDefault: true }]);
    });

    it('checks an address with the checkout’s rules and names the fields', async () => {
      const shopper = await account('otto@example.com');
      const refused = await shopper.call('POST', `${ACCOUNT}/addresses`, {
        ...home,
        city: '',
        country: 'USA',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('REQUEST_INVALID');
      expect(Object.keys(refused.body.errors).sort()).toEqual(['city', 'country']);
      expect(refused.body.errors.country).toBe('Use a two-letter country code');
      // The same address checkout takes is taken here, trimmed and upper-cased alike.
      const taken = await shopper.call('POST', `${ACCOUNT}/addresses`, {
        ...home,
        city: '  Portland ',
        country: 'us',
      });
      expect(taken.body.addresses[0].address).toMatchObject({ city: 'Portland', country: 'US' });
    });

    it('answers another account’s address ids as not found and changes nothing', async () => {
      const owner = await account('pia@example.com');
      const added = await owner.call('POST', `${ACCOUNT}/addresses`, home);
      const id: string = added.body.addresses[0].id;
      const intruder = await account('quentin@example.com');
      await intruder.call('POST', `${ACCOUNT}/addresses`, work);

      for (const [method, url, body] of [
        ['PUT', `${ACCOUNT}/addresses/${id}`, work],
        ['PUT', `${ACCOUNT}/addresses/${id}/default`, undefined],
        ['DELETE', `${ACCOUNT}/addresses/${id}`, undefined],
        ['PUT', `${ACCOUNT}/addresses/${randomUUID()}`, work],
      ] as const) {
        const answer = await intruder.call(method, url, body);
        expect([answer.status, answer.body]).toEqual([
          404,
          { code: 'ACCOUNT_ADDRESS_NOT_FOUND', error: accountMessages.addressNotFound },
        ]);
      }
      const theirs = (await intruder.call('GET', `${ACCOUNT}/addresses`)).body.addresses;
      expect(theirs.map((a: { address: unknown }) => a.address)).toEqual([work]);
      const mine = (await owner.call('GET', `${ACCOUNT}/addresses`)).body.addresses;
      expect(mine).toEqual([{ id, address: home, isDefault: true }]);
    });

    it('needs a session for reads and the crumb for writes', async () => {
      const guest = await visitor();
      const read = await guest.call('GET', `${ACCOUNT}/addresses`);
      expect([read.status, read.body.code]).toEqual([401, 'ACCOUNT_SIGN_IN_REQUIRED']);
      const shopper = await account('rosa@example.com');
      const forged = await shopper.call('POST', `${ACCOUNT}/addresses`, home, {
        'x-csrf-token': 'not the crumb',
      });
      expect([forged.status, forged.body.code]).toEqual([403, 'CSRF_FAILED']);
      expect((await shopper.call('GET', `${ACCOUNT}/addresses`)).body.addresses).toEqual([]);
    });

    it(`holds at most ${MAX_ACCOUNT_ADDRESSES} addresses`, async () => {
      const shopper = await account('sam@example.com');
      for (let n = 0; n < MAX_ACCOUNT_ADDRESSES; n += 1) {
        const added = await shopper.call('POST', `${ACCOUNT}/addresses`, {
          ...home,
          line1: `${n + 1} Orchard Lane`,
        });
        expect(added.status).toBe(201);
      }
      const full = await shopper.call('POST', `${ACCOUNT}/addresses`, work);
      expect([full.status, full.body]).toEqual([
        409,
        {
          code: 'ACCOUNT_ADDRESS_LIMIT',
          error: accountMessages.addressBookFull(MAX_ACCOUNT_ADDRESSES),
        },
      ]);
    });

    it('fills checkout with the signed-in account’s email and default address', async () => {
      const shopper = await account('tess@example.com');
      await shopper.call('POST', `${ACCOUNT}/addresses`, home);
      await shopper.add(await variant('MUG-OAT'), 1);
      const page = await pageOf(shopper, '/checkout');
      expect(page.statusCode).toBe(200);
      const props = islandProps(page.body, 'Checkout');
      expect(props.prefill).toEqual({ email: 'tess@example.com', address: home });

      // A guest gets an empty form.
      const guest = createShopper(injectSend(app));
      await guest.visit();
      await guest.add(await variant('MUG-OAT'), 1);
      const guestPage = await pageOf(guest, '/checkout');
      expect(islandProps(guestPage.body, 'Checkout').prefill).toBeUndefined();

      // The address is only filled in: saving it is still the shopper's step.
      const started = await shopper.start();
      expect(started.body.checkout.shippingAddress).toBeNull();
    });

    it('goes with the account when it is deleted', async () => {
      const shopper = await account('uma@example.com');
      await shopper.call('POST', `${ACCOUNT}/addresses`, home);
      const deleted = await shopper.call('DELETE', ACCOUNT, { currentPassword: PASSWORD });
      expect(deleted.status).toBe(204);
      const rows = await database.db
        .selectFrom('site_user_addresses as a')
        .leftJoin('site_users as u', (join) =>
          join
            .onRef('u.website_id', '=', 'a.website_id')
            .onRef('u.site_user_id', '=', 'a.site_user_id'),
        )
        .select('a.address_id')
        .where('a.website_id', '=', websiteId)
        .where('u.site_user_id', 'is', null)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('subscriptions', () => {
    /** A guest subscribing to the yarn club with `email`. */
    async function subscribe(email: string) {
      const item = await variant('YARN-CLUB');
      const shopper = createShopper(injectSend(app));
      await shopper.visit();
      const started = await shopper.call('POST', '/api/3/commerce/cart/subscription', {
        itemId: item.itemId,
        sku: item.sku,
        qty: 1,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const withToken = { 'x-cart-token': started.body.cartToken as string };
      const checkout = await shopper.call('POST', '/api/commerce/checkout', undefined, withToken);
      const id: string = checkout.body.checkout.id;
      const path = `/api/commerce/checkout/${id}`;
      await shopper.call('PUT', `${path}/email`, { email }, withToken);
      const addressed = await shopper.call(
        'PUT',
        `${path}/shipping-address`,
        { shippingAddress: nyAddress },
        withToken,
      );
      const option = addressed.body.checkout.shippingOptions.find(
        (o: { isAvailable: boolean }) => o.isAvailable,
      );
      await shopper.call('PUT', `${path}/shipping-option`, { optionId: option.id }, withToken);
      const placed = await shopper.call(
        'POST',
        `${path}/orders`,
        { card: approvedCard },
        { ...withToken, 'idempotency-key': `account-sub-${email}` },
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      return placed.body.order.subscription.id as string;
    }

    it('lists the confirmed email’s subscriptions and manages one through the manage page', async () => {
      const subscriptionId = await subscribe('vera@example.com');
      const unverified = await account('vera@example.com', { isVerified: false });
      expect((await unverified.call('GET', `${ACCOUNT}/subscriptions`)).body).toEqual({
        subscriptions: [],
      });
      // An unconfirmed email opens no subscription page either.
      const early = await pageOf(unverified, `/account/subscriptions/${subscriptionId}`);
      expect(early.statusCode).toBe(404);

      const vera = unverified;
      const confirmed = await vera.call('POST', `${ACCOUNT}/email-verification`, {
        token: await linkToken('vera@example.com'),
      });
      expect(confirmed.status).toBe(200);
      const listed = await vera.call('GET', `${ACCOUNT}/subscriptions`);
      expect(listed.status).toBe(200);
      expect(listed.body.subscriptions).toEqual([
        expect.objectContaining({
          id: subscriptionId,
          status: 'active',
          productName: expect.any(String),
          nextBillingAt: expect.any(Number),
          manageUrl: `/account/subscriptions/${subscriptionId}`,
        }),
      ]);

      // The account's page for it is the manage page; its calls go through the session.
      const page = await pageOf(vera, `/account/subscriptions/${subscriptionId}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      const props = islandProps(page.body, 'ManageSubscription');
      expect(props.subscription.id).toBe(subscriptionId);
      expect(props.access).toEqual({ kind: 'account' });
      const viewed = await vera.call('GET', `${ACCOUNT}/subscriptions/${subscriptionId}`);
      expect([viewed.status, viewed.body.subscription.status]).toEqual([200, 'active']);
      // Signed in, no token: a cancel hours after the page was opened still works.
      try {
        shiftMs = 3 * 60 * 60_000;
        const cancelled = await vera.call(
          'POST',
          `${ACCOUNT}/subscriptions/${subscriptionId}/cancel`,
          {},
        );
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        expect(cancelled.body.subscription).toMatchObject({ status: 'cancelled' });
      } finally {
        shiftMs = 0;
      }
      const after = (await vera.call('GET', `${ACCOUNT}/subscriptions`)).body.subscriptions;
      expect(after[0]).toMatchObject({ status: 'cancelled', nextBillingAt: null });
      const again = await vera.call(
        'POST',
        `${ACCOUNT}/subscriptions/${subscriptionId}/cancel`,
        {},
      );
      expect([again.status, again.body.code]).toEqual([409, 'SUBSCRIPTION_STATE_CONFLICT']);
    });

    it('updates the card through the session; the page makes no manage link', async () => {
      const subscriptionId = await subscribe('zora@example.com');
      const zora = await account('zora@example.com');
      const linksOf = () =>
        database.db
          .selectFrom('subscription_links')
          .select('expires_at')
          .where('subscription_id', '=', subscriptionId)
          .execute();
      // Only the emailed link, which does not lapse.
      expect((await linksOf()).map((l) => l.expires_at)).toEqual([null]);
      await pageOf(zora, `/account/subscriptions/${subscriptionId}`);
      expect(await linksOf()).toHaveLength(1);
      const card = { ...approvedCard, expYear: 2098 };
      const updated = await zora.call('POST', `${ACCOUNT}/subscriptions/${subscriptionId}/card`, {
        card,
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.subscription.card).toMatchObject({ last4: '4242', expYear: 2098 });
      // A write without the crumb is refused, as every account write is.
      const noCrumb = await zora.call(
        'POST',
        `${ACCOUNT}/subscriptions/${subscriptionId}/cancel`,
        {},
        { 'x-csrf-token': '' },
      );
      expect(noCrumb.status).toBe(403);

      // The emailed link still works for a guest (no session at all).
      const mail = await database.db
        .selectFrom('mail_outbox')
        .select('body_text')
        .where('to_email', '=', 'zora@example.com')
        .where('body_text', 'like', '%/commerce/subscriptions/%')
        .executeTakeFirstOrThrow();
      const token = decodeURIComponent(mail.body_text.match(/\?token=([^\s]+)/)?.[1] ?? '');
      const guest = await visitor();
      const viaLink = await guest.call(
        'POST',
        `/api/commerce/subscriptions/${subscriptionId}/cancel`,
        { token },
      );
      expect(viaLink.status, JSON.stringify(viaLink.body)).toBe(200);
      expect(viaLink.body.subscription.status).toBe('cancelled');
    });

    it('never shows another account’s subscription', async () => {
      const subscriptionId = await subscribe('wes@example.com');
      await account('wes@example.com');
      const other = await account('xena@example.com');
      expect((await other.call('GET', `${ACCOUNT}/subscriptions`)).body.subscriptions).toEqual([]);
      const theirs = await pageOf(other, `/account/subscriptions/${subscriptionId}`);
      const unknown = await pageOf(other, `/account/subscriptions/${randomUUID()}`);
      expect([theirs.statusCode, unknown.statusCode]).toEqual([404, 404]);
      expect(theirs.body).not.toContain(subscriptionId);
      // The session routes answer another account's subscription as an unknown one.
      const path = `${ACCOUNT}/subscriptions/${subscriptionId}`;
      const answers = [
        await other.call('GET', path),
        await other.call('POST', `${path}/cancel`, {}),
        await other.call('POST', `${path}/card`, { card: approvedCard }),
        await other.call('GET', `${ACCOUNT}/subscriptions/${randomUUID()}`),
      ];
      expect(answers.map((a) => [a.status, a.body.code])).toEqual(
        Array(4).fill([404, 'SUBSCRIPTION_NOT_FOUND']),
      );
      // Without a session: 401, whoever's it is.
      const guest = await visitor();
      const signedOut = [
        await guest.call('GET', path),
        await guest.call('POST', `${path}/cancel`, {}),
        await guest.call('POST', `${path}/card`, { card: approvedCard }),
      ];
      expect(signedOut.map((a) => [a.status, a.body.code])).toEqual(
        Array(3).fill([401, 'ACCOUNT_SIGN_IN_REQUIRED']),
      );
      const row = await database.db
        .selectFrom('subscriptions')
        .select('status')
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('active');
    });
  });

  describe('downloads', () => {
    it('lists the digital files of the confirmed email’s orders with fresh signed links', async () => {
      const placed = await guestOrder('yara@example.com', 'account-download-1');
      await database.db
        .updateTable('order_items')
        .set({ digital_media_id: randomUUID(), download_limit: 3, download_count: 1 })
        .where('order_id', '=', placed.order.id)
        .execute();
      const unverified = await account('yara@example.com', { isVerified: false });
      expect((await unverified.call('GET', `${ACCOUNT}/downloads`)).body.downloads).toEqual([]);
      const verified = await unverified.call('POST', `${ACCOUNT}/email-verification`, {
        token: await linkToken('yara@example.com'),
      });
      expect(verified.status).toBe(200);

      const listed = await unverified.call('GET', `${ACCOUNT}/downloads`);
      expect(listed.status).toBe(200);
      expect(listed.body.downloads).toEqual([
        expect.objectContaining({
          orderId: placed.order.id,
          orderNumber: placed.order.orderNumber,
          lineNumber: 1,
          remaining: 2,
          url: expect.stringMatching(/^\/commerce\/downloads\//),
          statusUrl: `/commerce/orders/${placed.order.id}?token=${placed.token}`,
        }),
      ]);
      const link = new URL(listed.body.downloads[0].url, 'http://localhost');
      const signature = checkDownload(
        { orderId: placed.order.id, lineNumber: 1, secretToken: placed.token },
        {
          expires: Number(link.searchParams.get('expires')),
          sig: link.searchParams.get('sig') ?? '',
        },
        Date.now(),
      );
      expect(signature).toBe('ok');

      // Another account sees none of it.
      const other = await account('zeno@example.com');
      expect((await other.call('GET', `${ACCOUNT}/downloads`)).body.downloads).toEqual([]);

      // A cancelled order's file is listed without a link.
      await database.db
        .updateTable('orders')
        .set({ status: 'cancelled' })
        .where('order_id', '=', placed.order.id)
        .execute();
      const withdrawn = (await unverified.call('GET', `${ACCOUNT}/downloads`)).body.downloads;
      expect(withdrawn[0].url).toBeNull();
    });
  });

  describe('newsletters', () => {
    it('subscribes the confirmed email at once with consent recorded, and lets it leave', async () => {
      const list = await app.services.newsletter.createList(websiteId, {
        name: 'Studio notes',
        description: 'New glazes, once a month',
      });
      const unverified = await account('abe@example.com', { isVerified: false });
      expect((await unverified.call('GET', `${ACCOUNT}/newsletters`)).body.lists).toEqual([]);
      const refused = await unverified.call('PUT', `${ACCOUNT}/newsletters/${list.id}`, {
        isSubscribed: true,
      });
      expect([refused.status, refused.body]).toEqual([
        403,
        { code: 'ACCOUNT_EMAIL_UNVERIFIED', error: accountMessages.newsletterNeedsVerifiedEmail },
      ]);

      const shopper = await account('bea@example.com');
      const lists = (await shopper.call('GET', `${ACCOUNT}/newsletters`)).body.lists;
      expect(lists).toContainEqual({
        listId: list.id,
        name: 'Studio notes',
        description: 'New glazes, once a month',
        status: null,
      });
      const joined = await shopper.call('PUT', `${ACCOUNT}/newsletters/${list.id}`, {
        isSubscribed: true,
      });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      expect(joined.body.lists.find((l: { listId: string }) => l.listId === list.id).status).toBe(
        'subscribed',
      );
      const row = await database.db
        .selectFrom('mailing_list_subscribers')
        .select(['status', 'source', 'subscribed_at', 'unsubscribe_token'])
        .where('list_id', '=', list.id)
        .where('email_key', '=', 'bea@example.com')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'subscribed', source: 'account' });
      expect(row.subscribed_at).not.toBeNull();
      const welcome = await database.db
        .selectFrom('mail_outbox')
        .select(['kind', 'body_text', 'headers'])
        .where('to_email', '=', 'bea@example.com')
        .where('kind', '=', 'newsletter-welcome')
        .executeTakeFirstOrThrow();
      expect(welcome.body_text).toContain(`/newsletter/unsubscribe?t=${row.unsubscribe_token}`);
      expect(welcome.headers).toMatchObject({
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });

      // Ticking again changes nothing and sends no second email.
      await shopper.call('PUT', `${ACCOUNT}/newsletters/${list.id}`, { isSubscribed: true });
      const welcomes = await database.db
        .selectFrom('mail_outbox')
        .select('message_id')
        .where('to_email', '=', 'bea@example.com')
        .where('kind', '=', 'newsletter-welcome')
        .execute();
      expect(welcomes).toHaveLength(1);

      const left = await shopper.call('PUT', `${ACCOUNT}/newsletters/${list.id}`, {
        isSubscribed: false,
      });
      expect(left.body.lists.find((l: { listId: string }) => l.listId === list.id).status).toBe(
        'unsubscribed',
      );
      // Another account's view is its own email's.
      const other = await account('cal@example.com');
      const theirs = (await other.call('GET', `${ACCOUNT}/newsletters`)).body.lists;
      expect(theirs.find((l: { listId: string }) => l.listId === list.id).status).toBeNull();

      const unknown = await shopper.call('PUT', `${ACCOUNT}/newsletters/${randomUUID()}`, {
        isSubscribed: true,
      });
      expect([unknown.status, unknown.body.code]).toEqual([404, 'MAILING_LIST_NOT_FOUND']);
    });

    it('leaves a bounced address bounced', async () => {
      const list = await app.services.newsletter.createList(websiteId, {
        name: 'Kiln news',
        description: '',
      });
      const shopper = await account('dot@example.com');
      await shopper.call('PUT', `${ACCOUNT}/newsletters/${list.id}`, { isSubscribed: true });
      await database.db
        .updateTable('mailing_list_subscribers')
        .set({ status: 'bounced' })
        .where('list_id', '=', list.id)
        .execute();
      const again = await shopper.call('PUT', `${ACCOUNT}/newsletters/${list.id}`, {
        isSubscribed: true,
      });
      expect(again.body.lists.find((l: { listId: string }) => l.listId === list.id).status).toBe(
        'bounced',
      );
    });
  });

  describe('the account page', () => {
    it('shows every section, privately', async () => {
      const shopper = await account('eve@example.com');
      await shopper.call('POST', `${ACCOUNT}/addresses`, home);
      const page = await pageOf(shopper, '/account');
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      const html = page.body;
      for (const title of [
        accountPageText.ordersTitle,
        accountPageText.addressesTitle,
        accountPageText.subscriptionsTitle,
        accountPageText.downloadsTitle,
        accountPageText.newslettersTitle,
      ]) {
        expect(html).toContain(`>${title}</h2>`);
      }
      expect(islandProps(html, 'AddressBook').addresses[0].address).toEqual(home);
      expect(html).toContain('Orchard Lane');
    });
  });
});

/** The props a server-rendered page gave the first island of `name`. */
// biome-ignore lint/suspicious/noExplicitAny: island props are read back from the page's JSON.
function islandProps(html: string, name: string): any {
  const marker = html.match(new RegExp(`data-island="${name}"[^>]*data-props="([^"]*)"`));
  const alt = html.match(new RegExp(`data-props="([^"]*)"[^>]*data-island="${name}"`));
  const raw = marker?.[1] ?? alt?.[1];
  if (raw === undefined) throw new Error(`no ${name} island`);
  return JSON.parse(
    raw
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );
}
