import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAtBothWidths, useChromium } from './support/browser.ts';
import { createOwner } from './support/editor.ts';
import type { RunningServer } from './support/server.ts';
import { checkoutSettled, chooseShipping, fillCheckout, payWithCard } from './support/shopper.ts';

// Issue 19, shipping zones as a merchant sets them up: a rate limited to California and
// Oregon, then a shopper whose checkout offers it only once the address is in California.

describe('shipping zones (Chromium)', () => {
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

  it('creates a rate for California and Oregon, with messages for what is missing', async () => {
    await createOwner(page, server.baseUrl);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Store' })
      .click();
    await page.getByRole('tab', { name: 'Shipping' }).click();
    await expect.poll(rateNames).toContain('Standard shipping');

    await page.getByRole('button', { name: 'Add shipping rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add shipping rate' });
    await dialog.getByLabel('Name').fill('West coast courier');
    await dialog.getByLabel('Price (USD)').fill('4');
    await dialog.getByRole('radio', { name: 'Chosen countries and regions' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Choose at least one country, or ship everywhere.').waitFor();

    await dialog.getByLabel('Search countries').fill('united st');
    await dialog.getByRole('checkbox', { name: 'United States' }).check();
    await dialog.getByLabel('Regions of United States (optional)').fill('CA, OR');
    await checkAtBothWidths(page, [{ name: 'admin-shipping-zone-dialog' }]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(rateNames).toContain('West coast courier');
    await page.getByRole('cell', { name: 'United States (CA, OR)' }).waitFor();
  });

  it('shows the tiers editor in the store weight unit, refusing a bad tier', async () => {
    await page.getByRole('button', { name: 'Add shipping rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add shipping rate' });
    await dialog.getByLabel('Name').fill('Heavy goods');
    await dialog.getByLabel('Kind').selectOption('by_weight');
    await dialog.getByLabel('Tier 1: up to (kg)').fill('2');
    await dialog.getByLabel('Price (USD)').fill('5');
    await dialog.getByRole('button', { name: 'Add tier' }).click();
    await dialog.getByLabel('Tier 2: up to (kg)').fill('1');
    await dialog.getByLabel('Price (USD)').nth(1).fill('8');
    await dialog.getByLabel('Price over 1 kg (USD)').fill('12');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Each tier must go up to more than the one before it.').waitFor();
    await dialog.getByLabel('Tier 2: up to (kg)').fill('10');
    await checkAtBothWidths(page, [{ name: 'admin-shipping-tiers-dialog' }]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: '$5.00 to 2 kg, $8.00 to 10 kg, then $12.00' }).waitFor();
  });

  it('offers the zoned rate to a shopper only for a Californian address', async () => {
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
    await shopper.goto(`${server.baseUrl}/checkout`);
    await expect
      .poll(() => shopper.locator('[data-island="Checkout"]').first().getAttribute('data-hydrated'))
      .toBe('true');
    await shopper.getByLabel('Full name').fill('Ada Lovelace');
    await shopper.getByLabel('Address', { exact: true }).fill('1 Main St');
    await shopper.getByLabel('City').fill('New York');
    await shopper.getByLabel('State or region').fill('NY');
    await shopper.getByLabel('Postal code').fill('10001');
    await shopper.getByLabel('Country').selectOption('US');
    // The address saves itself once complete; the rate that does not ship there stays
    // listed, not choosable, saying why (issue 29).
    const shipping = shopper.getByRole('group', { name: 'Shipping method' });
    const westCoast = shipping.getByLabel(/West coast courier/);
    // The cheapest rate that ships to New York ("Heavy goods", $5.00 up to 2 kg) is chosen.
    await expect.poll(() => shipping.getByLabel(/Heavy goods/).isChecked()).toBe(true);
    expect(await westCoast.isDisabled()).toBe(true);
    expect(
      await westCoast.evaluate(
        (input) =>
          document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).toBe('Not available for this state or region.');

    await shopper.getByLabel('City').fill('Los Angeles');
    await shopper.getByLabel('State or region').fill('CA');
    await shopper.getByLabel('Postal code').fill('90001');
    await expect.poll(() => westCoast.isDisabled()).toBe(false);
    await checkoutSettled(shopper);
    await chooseShipping(shopper, /West coast courier/);
    const summary = shopper.getByRole('complementary', { name: 'Order summary' });
    await expect.poll(() => summary.locator('dd').nth(1).textContent()).toBe('$4.00');
    await context.close();
    expect(errors).toEqual([]);
  });

  it('sets a checkout minimum that the cart page then explains', async () => {
    await page.getByRole('tab', { name: 'Checkout' }).click();
    const minimum = page.getByLabel('Checkout minimum (USD)');
    await minimum.waitFor();
    await minimum.fill('100');
    await page.getByRole('switch', { name: 'Require a phone number at checkout' }).click();
    await page.getByRole('switch', { name: 'Let shoppers add a note to their order' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Checkout settings saved.').first().waitFor();

    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel('Weight unit').selectOption('lb');
    await page.getByLabel('Order notification email').fill('orders@example.com');
    await page.getByLabel('Business name').fill('Atelier studio');
    await checkAtBothWidths(page, [
      { name: 'admin-store-general-units', scrollTo: page.getByLabel('Weight unit') },
    ]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Store settings saved.').first().waitFor();

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
    await shopper.getByText('To check out, your order subtotal must be $100.00 or more.').waitFor();
    expect(await shopper.getByRole('link', { name: 'Checkout', exact: true }).count()).toBe(0);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('asks the shopper for a phone and a note, and shows the note on the order', async () => {
    await page.getByRole('tab', { name: 'Checkout' }).click();
    await page.getByLabel('Checkout minimum (USD)').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Checkout settings saved.').first().waitFor();

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
    await shopper.goto(`${server.baseUrl}/checkout`);
    await expect
      .poll(() => shopper.locator('[data-island="Checkout"]').first().getAttribute('data-hydrated'))
      .toBe('true');
    await fillCheckout(shopper, {
      email: 'ada@example.com',
      phone: '+1 212 555 0100',
      address: {
        name: 'Ada Lovelace',
        line1: '1 Main St',
        city: 'Los Angeles',
        region: 'CA',
        postalCode: '90001',
        country: 'US',
      },
    });
    // The cheapest rate that ships to Los Angeles is chosen for the shopper.
    const shipping = shopper.getByRole('group', { name: 'Shipping method' });
    expect(await shipping.getByLabel(/West coast courier/).isChecked()).toBe(true);
    await shopper.getByLabel('Order note (optional)').fill('Please gift wrap.');
    await payWithCard(shopper, { name: 'Ada Lovelace' });
    await shopper.waitForURL(/\/order-confirmed\//);
    await context.close();

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('button', { name: 'Orders', exact: true })
      .click();
    const orders = page.getByRole('table', { name: 'Orders' });
    await orders.getByRole('link').first().waitFor({ timeout: 20_000 });
    await orders.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: /Order #/ }).waitFor();
    await page.getByText('Please gift wrap.').waitFor();
    await page.getByText('Phone: +1 212 555 0100').waitFor();
    expect(errors).toEqual([]);
  });
});
