import { accountPageText, base32Decode, totpCode, twoFactorMessages } from '@atelier/core';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAtBothWidths, seriousA11yViolations, useChromium } from './support/browser.ts';
import { createOwner, OWNER } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Two-step verification (issue 23), set up and used as an owner and as a shopper would:
// scan or type the key shown, type the app's code to turn it on, keep the recovery codes,
// then sign in with a code after the password. The "app" is core's totpCode, fed the key
// read from the screen. Each screen is checked with axe at desktop and phone widths.

const SHOPPER = { email: 'ines@example.com', password: 'fig jam at breakfast' };

/** What an authenticator app shows for the key, one step ahead so it is never a replay. */
const appCode = (key: string, stepsAhead = 1) =>
  totpCode(base32Decode(key) ?? new Uint8Array(), Date.now() + stepsAhead * 30_000);

describe('two-step verification (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started));
  let ownerKey = '';

  it('an owner sets it up under Your account with the key shown, and keeps recovery codes', async () => {
    await createOwner(page, server.baseUrl);
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByText(twoFactorMessages.offIntro).waitFor();
    await checkAtBothWidths(page, [{ name: 'two-factor-config-off' }]);

    await page.getByLabel('Your password').fill('not the password');
    await page.getByRole('button', { name: twoFactorMessages.start }).click();
    await page.getByText(twoFactorMessages.passwordWrong).waitFor();
    await page.getByLabel('Your password').fill(OWNER.password);
    await page.getByRole('button', { name: twoFactorMessages.start }).click();

    await page.getByRole('img', { name: twoFactorMessages.qrLabel }).waitFor();
    ownerKey = (await page.locator('.two-factor__key').textContent()) ?? '';
    expect(ownerKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const uri = await page
      .getByRole('link', { name: 'Open in an authenticator app on this device' })
      .getAttribute('href');
    expect(uri).toContain(`secret=${ownerKey.replaceAll(' ', '')}`);
    await checkAtBothWidths(page, [{ name: 'two-factor-config-enrol' }]);

    await page.getByLabel(twoFactorMessages.codeLabel).fill('000000');
    await page.getByRole('button', { name: twoFactorMessages.confirm }).click();
    await page.getByText(twoFactorMessages.codeWrong).first().waitFor();
    const codeField = page.getByLabel(twoFactorMessages.codeLabel);
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    await codeField.fill(appCode(ownerKey, 0));
    await page.getByRole('button', { name: twoFactorMessages.confirm }).click();

    await page.getByRole('heading', { name: twoFactorMessages.recoveryTitle }).waitFor();
    const codes = await page.locator('.two-factor__codes code').allTextContents();
    expect(codes).toHaveLength(10);
    await checkAtBothWidths(page, [{ name: 'two-factor-config-recovery' }]);
    await page.getByRole('button', { name: twoFactorMessages.recoverySaved }).click();
    await page.getByText(twoFactorMessages.recoveryLeft(10)).waitFor();
    await checkAtBothWidths(page, [{ name: 'two-factor-config-on' }]);
  });

  it('asks the owner for the code after the password, and signs in with the app’s code', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the editor' }).waitFor();
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: twoFactorMessages.signInTitle }).waitFor();
    // Not signed in yet: the editor's API still refuses this browser.
    const pages = await page.evaluate(async () => (await fetch('/api/config/pages')).status);
    expect(pages).toBe(401);

    await page.getByLabel(twoFactorMessages.signInCodeLabel).fill('123456');
    await page.getByRole('button', { name: twoFactorMessages.verify }).click();
    await page.getByRole('alert').getByText(twoFactorMessages.codeWrong).waitFor();
    await checkAtBothWidths(page, [{ name: 'two-factor-config-sign-in' }]);

    await page.getByLabel(twoFactorMessages.signInCodeLabel).fill(appCode(ownerKey));
    await page.getByRole('button', { name: twoFactorMessages.verify }).click();
    await page.getByRole('button', { name: 'Your account' }).waitFor();
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByText(twoFactorMessages.onIntro).waitFor();
  });

  it('a shopper sets it up in the account and signs in with a recovery code', async () => {
    const shopper = await (await browser.newContext()).newPage();
    shopper.on('pageerror', (error) => errors.push(error.message));
    await shopper.goto(`${server.baseUrl}/account/sign-up`);
    await expect
      .poll(() => shopper.locator('[data-island="AccountForm"]').getAttribute('data-hydrated'))
      .toBe('true');
    await shopper.getByLabel('Email').fill(SHOPPER.email);
    await shopper.getByLabel('Password', { exact: true }).fill(SHOPPER.password);
    await shopper.getByRole('button', { name: accountPageText.submitSignUp }).click();
    await shopper
      .getByRole('status')
      .getByText(/Check your email/)
      .waitFor();

    const signIn = async () => {
      await shopper.goto(`${server.baseUrl}/account/sign-in`);
      await expect
        .poll(() => shopper.locator('[data-island="AccountForm"]').getAttribute('data-hydrated'))
        .toBe('true');
      await shopper.getByLabel('Email').fill(SHOPPER.email);
      await shopper.getByLabel('Password', { exact: true }).fill(SHOPPER.password);
      await shopper.getByRole('button', { name: accountPageText.submitSignIn }).click();
    };
    await signIn();
    await shopper.waitForURL(/\/account$/);

    const section = shopper.locator('.account-two-factor');
    await section.getByLabel(accountPageText.currentPassword).first().fill(SHOPPER.password);
    await section.getByRole('button', { name: twoFactorMessages.start }).click();
    await section.getByRole('img', { name: twoFactorMessages.qrLabel }).waitFor();
    const key = (await section.locator('.account-two-factor__key').textContent()) ?? '';
    await checkAtBothWidths(shopper, [{ name: 'two-factor-account-enrol', scrollTo: section }]);
    await section.getByLabel(twoFactorMessages.codeLabel).fill(appCode(key, 0));
    await section.getByRole('button', { name: twoFactorMessages.confirm }).click();
    await section.getByRole('heading', { name: twoFactorMessages.recoveryTitle }).waitFor();
    const [recovery = ''] = await section
      .locator('.account-two-factor__codes code')
      .allTextContents();
    await checkAtBothWidths(shopper, [{ name: 'two-factor-account-recovery', scrollTo: section }]);
    await section.getByRole('button', { name: twoFactorMessages.recoverySaved }).click();
    await section.getByText(twoFactorMessages.recoveryLeft(10), { exact: false }).waitFor();

    await shopper.getByRole('button', { name: accountPageText.signOut }).click();
    await shopper.waitForURL(`${server.baseUrl}/`);
    await signIn();
    await shopper.getByRole('heading', { name: twoFactorMessages.signInTitle }).waitFor();
    expect(await seriousA11yViolations(shopper)).toEqual([]);
    await checkAtBothWidths(shopper, [{ name: 'two-factor-account-sign-in' }]);
    await shopper.getByLabel(twoFactorMessages.signInCodeLabel).fill(recovery);
    await shopper.getByRole('button', { name: twoFactorMessages.verify }).click();
    await shopper.waitForURL(/\/account$/);
    await shopper.getByText(twoFactorMessages.recoveryLeft(9), { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });
});
