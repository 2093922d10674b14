import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousA11yViolations, useChromium } from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';

// Issue 21's restock notifications as a shopper and a merchant would use them: the demo
// shirt's S / Indigo is sold out; the shopper picks it, sees the restock form, gets SPEC's
// email messages, signs up (the captcha solves in the background) and sees 'Signed up!'
// with the call to action kept. The merchant finds the request in /config → Restock
// requests, opens its sign-ups, sends, and the outbox holds one email linking the product.

const SHOTS = '/tmp/shots-restock';
const PRODUCT = '/shop/p/linen-work-shirt';

describe('restock notifications in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    consoleErrors: true,
  });
  let shopper: Page;
  const form = () => shopper.locator('.restock');

  it('shows the restock form when the shopper picks a sold-out variant', async () => {
    await mkdir(SHOTS, { recursive: true });
    const context = await browser.newContext({ viewport: DESKTOP });
    shopper = await context.newPage();
    shopper.on('pageerror', (error) => errors.push(error.message));
    await shopper.goto(`${server.baseUrl}${PRODUCT}`);
    await expect
      .poll(() =>
        shopper.locator('[data-island="ProductForm"]').first().getAttribute('data-hydrated'),
      )
      .toBe('true');
    await shopper.getByLabel('Size').selectOption('S');
    await shopper.getByLabel('Colour').selectOption('Indigo');
    await form().getByText('Get an email when this is back in stock.').waitFor();
    expect(await seriousA11yViolations(shopper, '.product-form')).toEqual([]);
    // Another variant, in stock, has no form.
    await shopper.getByLabel('Colour').selectOption('Sand');
    await expect.poll(() => form().count()).toBe(0);
    await shopper.getByLabel('Colour').selectOption('Indigo');
    await form().waitFor();
    await shopper.screenshot({ path: `${SHOTS}/product-restock-desktop.png`, fullPage: true });
    await shopper.setViewportSize(PHONE);
    await form().scrollIntoViewIfNeeded();
    await shopper.screenshot({ path: `${SHOTS}/product-restock-phone.png` });
    await shopper.setViewportSize(DESKTOP);
  });

  it("says 'Email cannot be blank' and 'Email is invalid', then signs up", async () => {
    const email = form().getByLabel('Email', { exact: true });
    const submit = form().getByRole('button', { name: 'Notify me' });
    await submit.click();
    await form().getByRole('alert').getByText('Email cannot be blank').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    // The error, drawn after hydration, is the one the field (drawn by the server) names.
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await form().locator(`[id="${describedBy}"]`).innerText()).toContain(
      'Email cannot be blank',
    );
    await email.fill('ada@shop');
    await submit.click();
    await form().getByRole('alert').getByText('Email is invalid').waitFor();
    await shopper.screenshot({ path: `${SHOTS}/product-restock-error-desktop.png` });
    await email.fill('ada@example.com');
    await submit.click();
    await form().getByText('Signed up!').waitFor({ timeout: 30_000 });
    // The call to action stays; the fields are gone.
    await form().getByText('Get an email when this is back in stock.').waitFor();
    expect(await form().getByLabel('Email', { exact: true }).count()).toBe(0);
    await shopper.screenshot({ path: `${SHOTS}/product-restock-done-desktop.png` });
  });

  it('lists the request for the merchant and sends it once from Restock requests', async () => {
    await page.setViewportSize(DESKTOP);
    await createOwner(page, server.baseUrl);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('button', { name: 'Restock requests', exact: true }).click();
    await page.getByRole('heading', { name: 'Restock requests', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: /Linen Work Shirt/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['1', '0']));
    expect(await seriousA11yViolations(page, '.restock-admin')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/admin-restock-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SHOTS}/admin-restock-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    await row.getByRole('button', { name: /Sign-ups for Linen Work Shirt/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('ada@example.com').waitFor();
    await dialog.getByText('Waiting').waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-restock-signups-desktop.png` });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await row.getByRole('button', { name: /Send to 1 waiting/ }).click();
    await page
      .getByText(/1 email queued/)
      .first()
      .waitFor();
    await expect
      .poll(async () =>
        page
          .getByRole('row', { name: /Linen Work Shirt/ })
          .getByRole('cell')
          .allInnerTexts(),
      )
      .toEqual(expect.arrayContaining(['0', '1']));

    const outbox = await callFrom(page, 'GET', '/api/mail/outbox');
    const mails = outbox.json.messages.filter(
      (m: { kind: string }) => m.kind === 'restock-notification',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('ada@example.com');
    const link = /Get it here: (\S+)/.exec(mails[0].bodyText)?.[1] ?? '';
    expect(new URL(link).pathname).toBe(PRODUCT);
    // Send all has nobody left to email.
    expect(await page.getByRole('button', { name: 'Send all' }).isDisabled()).toBe(true);
  });

  it('turns on automatic sending and a custom success text in Inventory settings', async () => {
    await page.getByRole('button', { name: 'Inventory settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inventory settings' });
    const autoSend = dialog.getByRole('switch', { name: 'Email automatically on restock' });
    await autoSend.waitFor();
    await autoSend.press('Space');
    await dialog.getByLabel('Message after signing up').fill('We will write the day it is back.');
    await page.screenshot({ path: `${SHOTS}/admin-restock-settings-desktop.png` });
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const saved = await callFrom(page, 'GET', '/api/v1/commerce-preferences/inventory');
    expect(saved.json.preferences).toMatchObject({
      restockAutoSend: true,
      restockSuccessText: 'We will write the day it is back.',
    });
  });

  it('has no page errors', () => {
    expect(errors).toEqual([]);
  });
});
