import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';
import { chooseShipping, fillCheckout, payWithCard } from './support/shopper.ts';

// Issue 19 as the owner of the demo store does it: delete the demo shipping rate, add a
// flat one, add a tax rule, switch the store to euros with the CLDR format — then a
// shopper's cart and checkout show euros and the new rate.

describe('the Store screen (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors = useChromium((started) => ({ server, browser, page } = started), {
    viewport: { width: 1280, height: 800 },
  });

  const rateNames = () =>
    page
      .getByRole('table', { name: 'Shipping rates' })
      .locator('tbody th[scope="row"]')
      .allTextContents();

  it('deletes the demo rate and adds a flat one', async () => {
    await createOwner(page, server.baseUrl);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Store' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Store' }).waitFor();
    await page.getByRole('tab', { name: 'Shipping' }).click();
    await expect.poll(rateNames).toContain('Standard shipping');
    await page.getByRole('button', { name: 'Delete Standard shipping' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Standard shipping?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(rateNames).not.toContain('Standard shipping');

    await page.getByRole('button', { name: 'Add shipping rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add shipping rate' });
    await dialog.getByLabel('Name').fill('Courier');
    await dialog.getByLabel('Price').fill('-1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText("The price can't be negative.").first().waitFor();
    await dialog.getByLabel('Price').fill('9');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(rateNames).toContain('Courier');
    await page.getByRole('button', { name: 'Move Courier up' }).click();
    await expect.poll(rateNames).toEqual(['Courier', 'Free shipping on orders over $100']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-store-shipping-desktop');
  });

  it('adds a tax rule for New York', async () => {
    await page.getByRole('tab', { name: 'Taxes' }).click();
    await page.getByRole('button', { name: 'Add tax rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tax rule' });
    await dialog.getByLabel('Country code').fill('US');
    await dialog.getByLabel('Region (optional)').fill('NY');
    await dialog.getByLabel('Rate (%)').fill('10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: 'NY, US' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('switches the store to euros with the CLDR format, after a warning', async () => {
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel('Store currency').selectOption('EUR');
    await page.getByRole('switch', { name: /CLDR/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Switch the store to EUR?' });
    await confirm.getByText('Prices keep their numbers').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-store-currency-confirm');
    await confirm.getByRole('button', { name: 'Switch to EUR' }).click();
    await page.getByText('Store settings saved.').first().waitFor();
    await saveScreenshot(page, 'admin-store-general-desktop');
  });

  it('shows a shopper euros and the new rate from cart to placed order', async () => {
    const context = await browser.newContext();
    const shopper = await context.newPage();
    await shopper.goto(`${server.baseUrl}/shop/p/stoneware-mug`);
    await expect
      .poll(() =>
        shopper.locator('[data-island="ProductForm"]').first().getAttribute('data-hydrated'),
      )
      .toBe('true');
    await shopper.locator('button.add-to-cart').click();
    await shopper.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();
    await shopper.goto(`${server.baseUrl}/cart`);
    await expect.poll(() => shopper.locator('.cart-summary dd').textContent()).toBe('€24.00');

    await shopper.goto(`${server.baseUrl}/checkout`);
    await expect
      .poll(() => shopper.locator('[data-island="Checkout"]').first().getAttribute('data-hydrated'))
      .toBe('true');
    await fillCheckout(shopper, {
      email: 'ada@example.com',
      address: {
        name: 'Ada Lovelace',
        line1: '1 Main St',
        city: 'New York',
        region: 'NY',
        postalCode: '10001',
        country: 'US',
      },
    });
    await chooseShipping(shopper, /Courier/);
    expect(
      await shopper
        .getByLabel(/Courier/)
        .evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent),
    ).toContain('€9.00');
    // 24.00 + 9.00 shipping + 10% NY tax on the mug (2.40) = 35.40
    const summary = shopper.getByRole('complementary', { name: 'Order summary' });
    await expect
      .poll(() => summary.locator('.checkout__grand').last().textContent())
      .toBe('€35.40');
    await saveScreenshot(shopper, 'store-settings-checkout-eur');

    await payWithCard(shopper, { name: 'Ada Lovelace' });
    await shopper.waitForURL(/\/order-confirmed\//);
    expect(await shopper.locator('.checkout__grand').last().textContent()).toBe('€35.40');
    await context.close();
  });

  it('saves the checkout preferences, refusing a hold that is not a number', async () => {
    await page.getByRole('tab', { name: 'Checkout' }).click();
    const hold = page.getByLabel('Hold stock during checkout (minutes)');
    await expect.poll(() => hold.inputValue()).toBe('10');
    await hold.fill('soon');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a whole number of minutes.').waitFor();
    await hold.fill('15');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Checkout settings saved.').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Store' })
      .click();
    await page.getByRole('tab', { name: 'Checkout' }).click();
    await expect.poll(() => hold.inputValue()).toBe('15');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Shipping' }).click();
    await expect.poll(rateNames).toContain('Courier');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-store-shipping-phone');
    await page.getByRole('tab', { name: 'General' }).click();
    await saveScreenshot(page, 'admin-store-general-phone');
    expect(errors).toEqual([]);
  });
});
