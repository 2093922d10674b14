import {
  accountMessages,
  accountPageText,
  formMessages,
  subscriptionMessages,
} from '@atelier/core';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkAtBothWidths,
  saveScreenshot,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Issue 23's customer accounts, walked as a shopper would: sign up from the header's
// Account link, confirm the email from the link in the outbox, buy with the 4242 card
// while signed in, sign out, sign in again and find the order in the account. The owner's
// page only reads the outbox, as the newsletter walk does. The forms are checked with
// axe at desktop and phone widths, with their errors showing.

const EMAIL = 'grace@example.com';
const PASSWORD = 'lemon cake at noon';
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
  '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\n' +
  'trailer<</Root 1 0 R>>\n%%EOF\n';

type OutboxMail = { kind: string; to: string; bodyText: string };

describe('customer accounts (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    consoleErrors: true,
  });
  let shopper: Page;

  const hydrated = (on: Page, island: string) =>
    expect
      .poll(() => on.locator(`[data-island="${island}"]`).first().getAttribute('data-hydrated'))
      .toBe('true');

  /** The address of the newest link of `kind` emailed to `to`, on this server. */
  async function linkIn(kind: string, to: string): Promise<string> {
    const answer = await callFrom(page, 'GET', '/api/mail/outbox');
    expect(answer.status).toBe(200);
    const mail = (answer.json.messages as OutboxMail[]).find((m) => m.kind === kind && m.to === to);
    const link = mail?.bodyText.match(/https?:\/\/\S+\?t=[A-Za-z0-9_-]+/)?.[0];
    if (!link) throw new Error(`no ${kind} link to ${to}`);
    const url = new URL(link);
    return `${server.baseUrl}${url.pathname}${url.search}`;
  }

  /** The text of the error a field's aria-describedby points at. */
  const describedError = (field: ReturnType<Page['getByLabel']>) =>
    field.evaluate((input) => {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      return ids
        .map((id) => document.getElementById(id))
        .filter((el) => el?.classList.contains('form-field__error'))
        .map((el) => el?.textContent)
        .join('');
    });

  async function payWith4242(on: Page) {
    await on.getByLabel('Card number').fill('4242424242424242');
    await on.getByLabel('Expiry (MM/YY)').fill('12/30');
    await on.getByLabel('Security code').fill('123');
    await on.getByLabel('Name on card').fill('Grace Hopper');
  }

  async function signIn() {
    await shopper.goto(`${server.baseUrl}/account/sign-in`);
    await hydrated(shopper, 'AccountForm');
    await shopper.getByLabel('Email').fill(EMAIL);
    await shopper.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await shopper.getByRole('button', { name: accountPageText.submitSignIn }).click();
    await shopper.waitForURL(/\/account$/);
  }

  it('signs up from the Account link; errors are tied to their fields and take the focus', async () => {
    await createOwner(page, server.baseUrl);
    shopper = await (await browser.newContext()).newPage();
    shopper.on('pageerror', (error) => errors.push(error.message));
    await shopper.goto(`${server.baseUrl}/`);
    await shopper.getByRole('link', { name: accountPageText.accountLink, exact: true }).click();
    await shopper.waitForURL(/\/account\/sign-in$/);
    await hydrated(shopper, 'AccountForm');
    await checkAtBothWidths(shopper, [{ name: 'account-sign-in' }]);

    await shopper.getByRole('link', { name: accountPageText.signUpLink }).click();
    await shopper.waitForURL(/\/account\/sign-up$/);
    await hydrated(shopper, 'AccountForm');
    await shopper.getByRole('button', { name: accountPageText.submitSignUp }).click();
    const email = shopper.getByLabel('Email');
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await describedError(email)).toBe(accountMessages.enterValidEmail);

    await email.fill(EMAIL);
    const password = shopper.getByLabel('Password', { exact: true });
    await password.fill('password123');
    await shopper.getByRole('button', { name: accountPageText.submitSignUp }).click();
    await expect.poll(() => describedError(password)).toBe(accountMessages.passwordTooCommon);
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    await checkAtBothWidths(shopper, [{ name: 'account-sign-up' }]);

    await password.fill(PASSWORD);
    await shopper.getByRole('button', { name: accountPageText.submitSignUp }).click();
    await shopper.getByText(accountMessages.signUpSent).waitFor();
  });

  it('confirms the email from the link in the outbox', async () => {
    await shopper.goto(await linkIn('account-verify-email', EMAIL));
    await hydrated(shopper, 'AccountForm');
    expect(await seriousA11yViolations(shopper)).toEqual([]);
    await shopper.getByRole('button', { name: accountPageText.submitVerify }).click();
    await shopper.getByText(accountMessages.emailVerified).waitFor();
  });

  it('signs in, buys a mug with the 4242 card, and sees the order in the account', async () => {
    await signIn();
    await shopper.getByText(accountPageText.noOrders).waitFor();

    await shopper.goto(`${server.baseUrl}/shop`);
    await hydrated(shopper, 'QuickAdd');
    await shopper.getByRole('button', { name: 'Add To Cart: Stoneware Mug' }).click();
    await shopper.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();
    await shopper.goto(`${server.baseUrl}/checkout`);
    await hydrated(shopper, 'Checkout');
    await shopper.getByLabel('Email').fill(EMAIL);
    await shopper.getByRole('button', { name: 'Save email' }).click();
    await shopper.getByRole('button', { name: 'Update email' }).waitFor();
    await shopper.getByLabel('Full name').fill('Grace Hopper');
    await shopper.getByLabel('Address', { exact: true }).fill('1 Market Street');
    await shopper.getByLabel('City').fill('San Francisco');
    await shopper.getByLabel('State or region').fill('CA');
    await shopper.getByLabel('Postal code').fill('94105');
    await shopper.getByLabel('Country').selectOption('US');
    await shopper.getByRole('button', { name: 'Save address' }).click();
    await shopper.getByLabel(/Standard shipping/).click();
    await expect.poll(() => shopper.getByLabel(/Standard shipping/).isChecked()).toBe(true);
    await shopper.getByLabel('Card number').fill('4242424242424242');
    await shopper.getByLabel('Expiry (MM/YY)').fill('12/30');
    await shopper.getByLabel('Security code').fill('123');
    await shopper.getByLabel('Name on card').fill('Grace Hopper');
    await shopper.getByRole('button', { name: /Place order/ }).click();
    await shopper.waitForURL(/\/order-confirmed\//);
    const orderNumber = (
      (await shopper.locator('main strong').first().textContent()) ?? ''
    ).replace('#', '');
    expect(orderNumber).not.toBe('');

    // Signing out (the account's button) and in again.
    await shopper.goto(`${server.baseUrl}/account`);
    await hydrated(shopper, 'AccountForm');
    await shopper.getByRole('button', { name: accountPageText.signOut }).click();
    await shopper.waitForURL(`${server.baseUrl}/`);
    await shopper.goto(`${server.baseUrl}/account`);
    await shopper.waitForURL(/\/account\/sign-in$/);
    await signIn();
    const orderLink = shopper.getByRole('link', {
      name: accountPageText.orderView(Number(orderNumber)),
    });
    await orderLink.waitFor();
    const row = shopper.locator('tr', { has: orderLink });
    expect(await row.textContent()).toContain(accountPageText.orderStatusLabels.paid);
    await hydrated(shopper, 'AccountForm');
    await checkAtBothWidths(shopper, [{ name: 'account-page' }]);
    await saveScreenshot(shopper, 'account-page-full');
    await orderLink.click();
    await shopper.waitForURL(/\/commerce\/orders\/[0-9a-f-]{36}\?token=/);
    await shopper.getByRole('heading', { name: `Order #${orderNumber}` }).waitFor();
  });

  it('keeps an address book, which checkout fills in; lists subscriptions, downloads, newsletters', async () => {
    // The owner: a mailing list, and the tote pattern's file to deliver.
    const list = await callFrom(page, 'POST', '/api/newsletter/1.0/lists', {
      name: 'Studio notes',
      description: 'New glazes and classes, once a month',
    });
    expect(list.status).toBe(201);
    const uploaded = await page.evaluate(async (text) => {
      const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '';
      const form = new FormData();
      form.append('file', new File([text], 'tote-pattern.pdf', { type: 'application/pdf' }));
      const response = await fetch('/api/config/media', {
        method: 'POST',
        headers: { 'x-csrf-token': crumb },
        body: form,
      });
      return { status: response.status, json: await response.json() };
    }, PDF);
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    const session = await callFrom(page, 'GET', '/api/config/session');
    const base = `/api/content-service/product/1.1/websites/${session.json.websiteId}`;
    const found = await callFrom(page, 'GET', `${base}/products?q=Tote`);
    const tote = found.json.products.find(
      (p: { title: string }) => p.title === 'Everyday Tote Sewing Pattern',
    );
    const patched = await callFrom(page, 'PATCH', `${base}/products/${tote.id}`, {
      digitalFileId: uploaded.json.id,
    });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);

    // The address book: an empty save points at the first field, then an address.
    await shopper.goto(`${server.baseUrl}/account#addresses`);
    await hydrated(shopper, 'AddressBook');
    await shopper.getByText(accountPageText.noAddresses).waitFor();
    await shopper.getByRole('button', { name: accountPageText.addAddress }).click();
    const name = shopper.getByLabel(accountPageText.addressFields.name, { exact: true });
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await shopper.getByRole('button', { name: accountPageText.saveAddress }).click();
    await expect.poll(() => describedError(name)).toBe(formMessages.required);
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await checkAtBothWidths(shopper, [
      {
        name: 'account-address-form',
        scrollTo: shopper.getByRole('heading', { name: accountPageText.newAddressTitle }),
      },
    ]);
    await name.fill('Grace Hopper');
    await shopper
      .getByLabel(accountPageText.addressFields.line1, { exact: true })
      .fill('12 Orchard Lane');
    await shopper.getByLabel(accountPageText.addressFields.city, { exact: true }).fill('Portland');
    await shopper.getByLabel(accountPageText.addressFields.region, { exact: true }).fill('OR');
    await shopper
      .getByLabel(accountPageText.addressFields.postalCode, { exact: true })
      .fill('97201');
    await shopper
      .getByLabel(accountPageText.addressFields.country, { exact: true })
      .selectOption('US');
    await shopper.getByRole('button', { name: accountPageText.saveAddress }).click();
    await shopper.getByText(accountPageText.addressAdded).waitFor();
    const book = shopper.locator('.address-book__list');
    expect(await book.textContent()).toContain(accountPageText.defaultAddress);
    expect(await book.textContent()).toContain('12 Orchard Lane');

    // Checkout fills in the account's email and default address.
    await shopper.goto(`${server.baseUrl}/shop`);
    await hydrated(shopper, 'QuickAdd');
    await shopper.getByRole('button', { name: 'Add To Cart: Stoneware Mug' }).click();
    await shopper.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();
    await shopper.goto(`${server.baseUrl}/shop/p/everyday-tote-sewing-pattern`);
    await hydrated(shopper, 'ProductForm');
    await shopper.getByRole('button', { name: 'Add To Cart' }).click();
    await shopper.getByRole('link', { name: '2 items in cart', exact: true }).first().waitFor();
    await shopper.goto(`${server.baseUrl}/checkout`);
    await hydrated(shopper, 'Checkout');
    await expect.poll(() => shopper.getByLabel('Full name').inputValue()).toBe('Grace Hopper');
    expect(await shopper.getByLabel('Email').inputValue()).toBe(EMAIL);
    expect(await shopper.getByLabel('Address', { exact: true }).inputValue()).toBe(
      '12 Orchard Lane',
    );
    expect(await shopper.getByLabel('City').inputValue()).toBe('Portland');
    expect(await shopper.getByLabel('Postal code').inputValue()).toBe('97201');
    await checkAtBothWidths(shopper, [{ name: 'account-checkout-prefilled' }]);
    await shopper.getByRole('button', { name: 'Save email' }).click();
    await shopper.getByRole('button', { name: 'Update email' }).waitFor();
    await shopper.getByRole('button', { name: 'Save address' }).click();
    await shopper.getByLabel(/Standard shipping/).click();
    await expect.poll(() => shopper.getByLabel(/Standard shipping/).isChecked()).toBe(true);
    await payWith4242(shopper);
    await shopper.getByRole('button', { name: /Place order/ }).click();
    await shopper.waitForURL(/\/order-confirmed\//);

    // A subscription, through its own checkout: filled in the same way.
    await shopper.goto(`${server.baseUrl}/shop/p/hand-dyed-yarn-club`);
    await hydrated(shopper, 'ProductForm');
    await shopper.getByRole('button', { name: 'Subscribe' }).click();
    await shopper.waitForURL(/\/commerce\/subscription-checkout\?cartToken=/);
    await hydrated(shopper, 'Checkout');
    await expect.poll(() => shopper.getByLabel('Full name').inputValue()).toBe('Grace Hopper');
    await shopper.getByRole('button', { name: 'Save email' }).click();
    await shopper.getByRole('button', { name: 'Update email' }).waitFor();
    await shopper.getByRole('button', { name: 'Save address' }).click();
    await shopper.getByLabel(/Standard shipping/).click();
    await expect.poll(() => shopper.getByLabel(/Standard shipping/).isChecked()).toBe(true);
    await payWith4242(shopper);
    await shopper.getByRole('button', { name: /^Subscribe · \$/ }).click();
    await shopper.waitForURL(/\/order-confirmed\//);

    // The account: the subscription, the file, the newsletter.
    await shopper.goto(`${server.baseUrl}/account`);
    await hydrated(shopper, 'NewsletterChoices');
    const subscriptions = shopper.locator('#subscriptions');
    const manage = subscriptions.getByRole('link', {
      name: accountPageText.manageSubscription('Hand-Dyed Yarn Club'),
    });
    await manage.waitFor();
    expect(await subscriptions.locator('tbody tr').textContent()).toContain('Active');
    const download = shopper.getByRole('link', {
      name: accountPageText.downloadFile('Everyday Tote Sewing Pattern'),
    });
    const file = await shopper.request.get(
      `${server.baseUrl}${(await download.getAttribute('href')) ?? ''}`,
    );
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    const studio = shopper.getByLabel('Studio notes');
    expect(await studio.isChecked()).toBe(false);
    await studio.check();
    await shopper.getByText(accountPageText.newsletterSubscribed('Studio notes')).waitFor();
    expect(await studio.isChecked()).toBe(true);
    await checkAtBothWidths(shopper, [
      { name: 'account-addresses', scrollTo: shopper.locator('#addresses') },
      { name: 'account-subscriptions', scrollTo: subscriptions },
      { name: 'account-downloads', scrollTo: shopper.locator('#downloads') },
      { name: 'account-newsletters', scrollTo: shopper.locator('#newsletters') },
    ]);
    await saveScreenshot(shopper, 'account-page-sections');

    // Manage opens the manage page for it, without an emailed link.
    await manage.click();
    await shopper.waitForURL(/\/account\/subscriptions\/[0-9a-f-]{36}$/);
    await hydrated(shopper, 'ManageSubscription');
    await shopper.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    expect(await seriousA11yViolations(shopper)).toEqual([]);
    await checkAtBothWidths(shopper, [{ name: 'account-subscription-manage' }]);
    // Cancelling goes through the account's session (cookie and crumb), not a link token.
    const sent: string[] = [];
    shopper.on('request', (request) => {
      if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
    });
    await shopper.getByRole('button', { name: 'Cancel subscription' }).click();
    await shopper.getByRole('button', { name: 'Yes, cancel subscription' }).click();
    await shopper.getByText(subscriptionMessages.cancelled).waitFor();
    expect(sent.filter((path) => path.endsWith('/cancel'))).toEqual([
      expect.stringMatching(/^\/api\/site-users\/account\/subscriptions\/[0-9a-f-]{36}\/cancel$/),
    ]);
  });

  it('resets a forgotten password once per link', async () => {
    await shopper.goto(`${server.baseUrl}/account`);
    await hydrated(shopper, 'AccountForm');
    await shopper.getByRole('button', { name: accountPageText.signOut }).click();
    await shopper.waitForURL(`${server.baseUrl}/`);
    await shopper.goto(`${server.baseUrl}/account/forgot-password`);
    await hydrated(shopper, 'AccountForm');
    await shopper.getByLabel('Email').fill(EMAIL);
    await shopper.getByRole('button', { name: accountPageText.submitForgot }).click();
    await shopper.getByText(accountMessages.resetSent).waitFor();
    const link = await linkIn('account-reset-password', EMAIL);
    for (const attempt of ['first', 'second']) {
      await shopper.goto(link);
      await hydrated(shopper, 'AccountForm');
      await shopper
        .getByLabel(accountPageText.newPassword, { exact: true })
        .fill('orange pie at dusk');
      await shopper.getByRole('button', { name: accountPageText.submitReset }).click();
      await shopper
        .getByText(
          attempt === 'first' ? accountMessages.passwordReset : accountMessages.linkInvalid,
        )
        .waitFor();
    }
    expect(errors).toEqual([]);
  });
});
