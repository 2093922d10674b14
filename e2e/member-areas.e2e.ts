import { accountMessages, accountPageText, memberAreaMessages } from '@atelier/core';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAtBothWidths, seriousA11yViolations, useChromium } from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Member areas and page passwords (issue 23), walked as an owner and visitors would: the
// owner makes a member area in /config with the keyboard and puts About in it, and gives
// Contact a password in its page settings. A guest meets the lock screen on About, signs
// in from its link and comes back to the page's content; a visitor of Contact is refused
// a wrong password with a clear message and let in with the right one. The lock screens
// and the new screens are checked with axe at desktop and phone widths. The header menu
// lists About only for the member (and for the owner previewing the site), never for the
// guest. Screenshots: admin-member-areas-*, admin-member-area-detail-*,
// admin-page-password-*, member-lock-screen-*, password-lock-screen-*, member-menu-*.

const ABOUT_TEXT = 'converted garage';
const CONTACT_TEXT = '14 Mill Lane';
const EMAIL = 'iris@example.com';
const PASSWORD = 'quince jam in june';

type OutboxMail = { kind: string; to: string; bodyText: string };

describe('member areas and page passwords (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  // Uncaught page errors only: the owner's refused save (400) is logged by the browser.
  const errors = useChromium((started) => ({ server, browser, page } = started));

  const hydrated = (on: Page, island: string) =>
    expect
      .poll(() => on.locator(`[data-island="${island}"]`).first().getAttribute('data-hydrated'))
      .toBe('true');

  /** The header menu's link to About (the desktop menu; the phone one is closed). */
  const aboutInMenu = (on: Page) =>
    on.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true });

  async function visitor() {
    const tab = await (await browser.newContext()).newPage();
    tab.on('pageerror', (error) => errors.push(error.message));
    return tab;
  }

  /** A customer account with its email confirmed through the outbox's link. */
  async function customerAccount() {
    const tab = await visitor();
    await tab.goto(`${server.baseUrl}/account/sign-up`);
    await hydrated(tab, 'AccountForm');
    await tab.getByLabel('Email').fill(EMAIL);
    await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await tab.getByRole('button', { name: accountPageText.submitSignUp }).click();
    await tab.getByText(accountMessages.signUpSent).waitFor();
    const outbox = await callFrom(page, 'GET', '/api/mail/outbox');
    const mail = (outbox.json.messages as OutboxMail[]).find(
      (m) => m.kind === 'account-verify-email' && m.to === EMAIL,
    );
    const link = mail?.bodyText.match(/https?:\/\/\S+\?t=[A-Za-z0-9_-]+/)?.[0];
    if (!link) throw new Error('no verification link');
    const url = new URL(link);
    await tab.goto(`${server.baseUrl}${url.pathname}${url.search}`);
    await hydrated(tab, 'AccountForm');
    await tab.getByRole('button', { name: accountPageText.submitVerify }).click();
    await tab.getByText(accountMessages.emailVerified).waitFor();
    await tab.context().close();
  }

  it('lets the owner make a member area with the keyboard and put About in it', async () => {
    await createOwner(page, server.baseUrl);
    const admin = page.getByRole('navigation', { name: 'Admin' });
    await admin.waitFor();
    await admin.getByRole('button', { name: 'Member areas', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Member areas' }).waitFor();
    await page.getByText('No member areas yet').waitFor();
    await checkAtBothWidths(page, [{ name: 'admin-member-areas-empty' }]);

    await page.getByRole('button', { name: 'New member area' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'New member area' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);

    // Saving with nothing filled in says what is missing, beside the field.
    await page.getByRole('button', { name: 'Create member area' }).click();
    const name = page.getByLabel('Name', { exact: true });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);

    // Keyboard only from here: type the name, tab to the access choice, tick About.
    await page.keyboard.type('Studio Club');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('type')),
      'the access choice is next in the tab order',
    ).toBe('radio');
    const about = page.getByRole('checkbox', { name: /^About/ });
    await about.focus();
    await page.keyboard.press('Space');
    expect(await about.isChecked()).toBe(true);
    await checkAtBothWidths(page, [{ name: 'admin-member-area-detail' }]);
    await page.getByRole('button', { name: 'Create member area' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('“Studio Club” created.').first().waitFor();
    const row = page.getByRole('row', { name: /Studio Club/ });
    await row.waitFor();
    expect(await row.getByText('Any signed-in customer').count()).toBe(1);
    await checkAtBothWidths(page, [{ name: 'admin-member-areas' }]);
  });

  it('gives Contact a password in its page settings', async () => {
    const admin = page.getByRole('navigation', { name: 'Admin' });
    await admin.getByRole('button', { name: 'Pages', exact: true }).click();
    await page.getByRole('button', { name: 'Settings of Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of Contact' });
    const field = dialog.getByLabel('Page password');
    await field.waitFor();
    await field.fill('abc');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.getByText(memberAreaMessages.passwordTooShort).first().waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('garden gate');
    await field.scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await checkAtBothWidths(page, [{ name: 'admin-page-password', scrollTo: field }]);
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.waitFor({ state: 'detached' });
    const pages = (await callFrom(page, 'GET', '/api/config/member-areas')).json.pages as {
      urlSlug: string;
      hasPassword: boolean;
    }[];
    expect(pages.find((p) => p.urlSlug === 'contact')?.hasPassword).toBe(true);
  });

  it('shows a guest the lock screen, and the page to a member who signs in from it', async () => {
    await customerAccount();
    const guest = await visitor();
    const response = await guest.goto(`${server.baseUrl}/about`);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await guest.getByRole('heading', { level: 1, name: 'This page is locked' }).waitFor();
    expect(await guest.getByText(ABOUT_TEXT).count()).toBe(0);
    expect(await guest.getByText(memberAreaMessages.membersOnly).count()).toBe(1);
    // A members-only page is not in an outsider's menu; Contact (a password page) is.
    await guest
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .waitFor();
    expect(await aboutInMenu(guest).count()).toBe(0);
    await checkAtBothWidths(guest, [{ name: 'member-lock-screen' }]);

    await guest.getByRole('link', { name: memberAreaMessages.signIn }).click();
    await guest.waitForURL(/\/account\/sign-in\?return=%2Fabout$/);
    await hydrated(guest, 'AccountForm');
    await guest.getByLabel('Email').fill(EMAIL);
    await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await guest.getByRole('button', { name: accountPageText.submitSignIn }).click();
    await guest.waitForURL(/\/about$/);
    await guest.getByText(ABOUT_TEXT).waitFor();
    expect(await guest.getByText('This page is locked').count()).toBe(0);
    // Signed in, the member's menu lists About, on this page and the others.
    await aboutInMenu(guest).waitFor();
    await guest.goto(`${server.baseUrl}/`);
    await aboutInMenu(guest).waitFor();
    await checkAtBothWidths(guest, [{ name: 'member-menu' }]);
    await aboutInMenu(guest).click();
    await guest.waitForURL(/\/about$/);
    await guest.getByText(ABOUT_TEXT).waitFor();

    // Another browser is still a guest.
    const other = await visitor();
    await other.goto(`${server.baseUrl}/about`);
    await other.getByRole('heading', { level: 1, name: 'This page is locked' }).waitFor();
    expect(await other.getByText(ABOUT_TEXT).count()).toBe(0);
    // The home page the member just saw was not kept for this guest.
    await other.goto(`${server.baseUrl}/`);
    await other
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .waitFor();
    expect(await aboutInMenu(other).count()).toBe(0);

    // The owner, signed in to /config, previews About without a customer account.
    const preview = await page.context().newPage();
    await preview.goto(`${server.baseUrl}/about`);
    await preview.getByText(ABOUT_TEXT).waitFor();
    await aboutInMenu(preview).waitFor();
    await preview.close();
    await guest.context().close();
    await other.context().close();
  });

  it('refuses a wrong page password with a clear message and opens with the right one', async () => {
    const tab = await visitor();
    await tab.goto(`${server.baseUrl}/contact`);
    await tab.getByRole('heading', { level: 1, name: 'This page is locked' }).waitFor();
    expect(await tab.getByText(CONTACT_TEXT).count()).toBe(0);
    const field = tab.getByLabel(memberAreaMessages.passwordLabel);
    await field.fill('garden fence');
    await field.press('Enter');
    await tab.getByRole('alert').filter({ hasText: memberAreaMessages.passwordWrong }).waitFor();
    const again = tab.getByLabel(memberAreaMessages.passwordLabel);
    expect(await again.getAttribute('aria-invalid')).toBe('true');
    expect(await again.getAttribute('aria-describedby')).toBe('page-password-error');
    expect(await tab.getByText(CONTACT_TEXT).count()).toBe(0);
    await checkAtBothWidths(tab, [{ name: 'password-lock-screen' }]);

    await again.fill('garden gate');
    await tab.getByRole('button', { name: memberAreaMessages.passwordSubmit }).click();
    await tab.waitForURL(/\/contact$/);
    await tab.getByText(CONTACT_TEXT).waitFor();
    // The unlock lasts for the page's visits in this browser session.
    await tab.reload();
    await tab.getByText(CONTACT_TEXT).waitFor();
    await tab.context().close();
    expect(errors).toEqual([]);
  });
});
