import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkAtBothWidths,
  DESKTOP,
  saveScreenshot,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';
import { chooseShipping, fillCheckout } from './support/shopper.ts';

// Issue 19's "Done means", walked once end to end as a new merchant would, each step in
// /config: euros with the CLDR format, the demo rate and coupon deleted, a rate for
// France, VAT included in prices and a 10% coupon made; a shopper in Paris buys two mugs with the coupon and sees
// euros throughout; the merchant finds the new-order email in the mail log, fulfils with a
// tracking number (the status page says shipped) and refunds one mug with restock.

describe('commerce admin, the whole walk (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    viewport: DESKTOP,
    acceptDialogs: true,
  });
  let statusUrl = '';
  let productsBase = '';

  const nav = (name: string) =>
    page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name, exact: true })
      .click();
  const mugStock = async () =>
    (await callFrom(page, 'GET', `${productsBase}/products?q=mug`)).json.products[0]
      .totalStock as number;

  it('sets up the store: euros, a rate for France, a 10% coupon, no demo rows', async () => {
    await createOwner(page, server.baseUrl);
    const session = await callFrom(page, 'GET', '/api/config/session');
    productsBase = `/api/content-service/product/1.1/websites/${session.json.websiteId}`;

    await nav('Store');
    await page.getByRole('heading', { level: 1, name: 'Store' }).waitFor();
    await page.getByLabel('Store currency').selectOption('EUR');
    await page.getByRole('switch', { name: /CLDR/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alertdialog', { name: 'Switch the store to EUR?' })
      .getByRole('button', { name: 'Switch to EUR' })
      .click();
    await page.getByText('Store settings saved.').first().waitFor();

    await page.getByRole('tab', { name: 'Shipping' }).click();
    const rates = page.getByRole('table', { name: 'Shipping rates' });
    await rates.getByRole('rowheader', { name: 'Standard shipping' }).waitFor();
    await page.getByRole('button', { name: 'Delete Standard shipping' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Standard shipping?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await rates
      .getByRole('rowheader', { name: 'Standard shipping' })
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add shipping rate' }).click();
    const rate = page.getByRole('dialog', { name: 'Add shipping rate' });
    await rate.getByLabel('Name').fill('France courier');
    await rate.getByLabel('Price (EUR)').fill('9');
    await rate.getByRole('radio', { name: 'Chosen countries and regions' }).check();
    await rate.getByLabel('Search countries').fill('fran');
    await rate.getByRole('checkbox', { name: 'France', exact: true }).check();
    await rate.getByRole('button', { name: 'Save' }).click();
    await rate.waitFor({ state: 'detached' });
    await rates.getByRole('rowheader', { name: 'France courier' }).waitFor();

    // European prices carry their VAT: the tax is shown inside the total, not added.
    await page.getByRole('tab', { name: 'Taxes' }).click();
    await page.getByRole('switch', { name: 'Prices include tax' }).click();
    await page.getByText('Prices now include tax.').first().waitFor();
    await page.getByRole('button', { name: 'Add tax rule' }).click();
    const vat = page.getByRole('dialog', { name: 'Add tax rule' });
    await vat.getByLabel('Country code').fill('FR');
    await vat.getByLabel('Rate (%)').fill('20');
    await vat.getByRole('button', { name: 'Save' }).click();
    await vat.waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: 'FR', exact: true }).waitFor();
    await checkAtBothWidths(page, [{ name: 'admin-store-taxes' }]);

    await nav('Discounts');
    const discounts = page.getByRole('table', { name: 'Discounts' });
    await discounts.getByRole('rowheader', { name: 'WELCOME10' }).waitFor();
    await page.getByRole('button', { name: 'Delete WELCOME10' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete discount' }).click();
    await page.getByText('No discounts yet').waitFor();
    await page.getByRole('button', { name: 'Create discount' }).click();
    const coupon = page.getByRole('dialog', { name: 'Create discount' });
    await coupon.getByLabel('Code').fill('paris10');
    await coupon.getByLabel('Percent off').fill('10');
    await coupon.getByRole('button', { name: 'Save discount' }).click();
    await coupon.waitFor({ state: 'detached' });
    await discounts.getByRole('rowheader', { name: 'PARIS10' }).waitFor();
    expect(await mugStock()).toBe(20);
  });

  it('lets a shopper in Paris buy two mugs with the coupon, in euros throughout', async () => {
    const context = await browser.newContext();
    const shopper = await context.newPage();
    try {
      await shopper.goto(`${server.baseUrl}/shop/p/stoneware-mug`);
      const form = shopper.locator('[data-island="ProductForm"]').first();
      await expect.poll(() => form.getAttribute('data-hydrated')).toBe('true');
      expect(await shopper.locator('main').textContent()).toContain('€24.00');
      await shopper.getByLabel('Quantity').fill('2');
      await shopper.locator('button.add-to-cart').click();
      await shopper.getByRole('link', { name: '2 items in cart', exact: true }).first().waitFor();
      await shopper.goto(`${server.baseUrl}/cart`);
      await expect
        .poll(() => shopper.locator('.cart-summary dd').first().textContent())
        .toBe('€48.00');

      await shopper.goto(`${server.baseUrl}/checkout`);
      await expect
        .poll(() =>
          shopper.locator('[data-island="Checkout"]').first().getAttribute('data-hydrated'),
        )
        .toBe('true');
      await fillCheckout(shopper, {
        email: 'amelie@example.fr',
        address: {
          name: 'Amélie Poulain',
          line1: '15 rue des Trois Frères',
          city: 'Paris',
          region: 'Île-de-France',
          postalCode: '75018',
          country: 'FR',
        },
      });
      await chooseShipping(shopper, /France courier/);
      await shopper.getByLabel('Discount code').fill('paris10');
      await shopper.getByRole('button', { name: 'Apply' }).first().click();
      const summary = shopper.getByRole('complementary', { name: 'Order summary' });
      // €48.00 − 10% (€4.80) + €9.00 shipping = €52.20, French VAT (20%) inside the
      // goods: €43.20 × 20/120 = €7.20, shown and not added.
      await expect
        .poll(() => summary.locator('.checkout__grand').last().textContent())
        .toBe('€52.20');
      await summary.getByText('Discount (PARIS10)').waitFor();
      await summary.getByText('Tax (included)').waitFor();
      expect(await summary.textContent()).toContain('€7.20');

      await shopper.getByLabel('Card number').fill('4242 4242 4242 4242');
      await shopper.getByLabel('Expiry (MM/YY)').fill('12/30');
      await shopper.getByLabel('Security code').fill('123');
      await shopper.getByLabel('Name on card').fill('Amélie Poulain');
      await shopper.getByRole('button', { name: /Place order/ }).click();
      await shopper.waitForURL(/\/order-confirmed\//);
      expect(await shopper.locator('.checkout__grand').last().textContent()).toBe('€52.20');
      const statusLink = shopper.getByRole('link', { name: /order status/i }).first();
      statusUrl = (await statusLink.getAttribute('href')) ?? '';
      expect(statusUrl).toContain('/commerce/orders/');
      await saveScreenshot(shopper, 'walk-order-confirmed');
    } finally {
      await context.close();
    }
    expect(await mugStock()).toBe(18);
  });

  it('shows the merchant the new-order email, then fulfils the order with tracking', async () => {
    await nav('Mail');
    const mail = page.getByRole('table', { name: 'Mail' });
    await mail.getByRole('button', { name: /new order #1/ }).click();
    const email = page.getByRole('dialog', { name: /new order #1/ });
    await email.getByText(/Order #1 from amelie@example\.fr/).waitFor();
    expect(await email.textContent()).toMatch(/Open it: http:\/\/localhost:\d+\/config\/orders\//);
    await page.keyboard.press('Escape');
    await email.waitFor({ state: 'detached' });

    await nav('Orders');
    await page.getByRole('link', { name: '#1' }).click();
    await page.getByRole('heading', { level: 1, name: /Order #1/ }).waitFor();
    expect(await page.locator('main').textContent()).toContain('€52.20');
    await page.getByText('Tax (included)').waitFor();
    await page.getByRole('button', { name: 'Fulfil…' }).click();
    const fulfil = page.getByRole('dialog', { name: 'Fulfil order #1' });
    await fulfil.getByLabel('Carrier').fill('La Poste');
    await fulfil.getByLabel('Tracking number').fill('6A12345678901');
    await fulfil.getByRole('button', { name: 'Fulfil items' }).click();
    await fulfil.waitFor({ state: 'detached' });
    await page.getByText('Order #1 fulfilled.', { exact: true }).waitFor();

    const context = await browser.newContext();
    try {
      const customer = await context.newPage();
      await customer.goto(new URL(statusUrl, server.baseUrl).toString());
      await customer.getByText('Status: Shipped').waitFor();
      await customer.getByText('6A12345678901').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('refunds one mug with restock: the order shows it and one unit is back', async () => {
    await page.getByRole('button', { name: 'Refund…' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund order #1' });
    await refund.getByLabel('Stoneware Mug (MUG-OAT)').fill('1');
    await refund.getByRole('switch', { name: 'Put the refunded items back in stock' }).click();
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.waitFor({ state: 'detached' });
    await page.getByText(/Refunded €[\d.,]+ \(card/).waitFor();
    expect(await page.locator('.order-line__counts').textContent()).toContain('1 restocked');
    expect(await mugStock()).toBe(19);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'walk-order-refunded');
    expect(errors).toEqual([]);
  });
});
