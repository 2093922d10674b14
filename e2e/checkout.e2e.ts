import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot, seriousA11yViolations, useChromium } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';

describe('buying in Chromium', () => {
  let server: RunningServer;
  let page: Page;
  const errors = useChromium((started) => ({ server, page } = started));

  const hydrated = (selector: string) =>
    expect.poll(() => page.locator(selector).first().getAttribute('data-hydrated')).toBe('true');

  it('adds two items, changes a quantity, applies a coupon, pays with 4242 and sees the order', async () => {
    await page.goto(`${server.baseUrl}/shop`);
    await hydrated('[data-island="QuickAdd"]');
    await page.getByRole('button', { name: 'Add To Cart: Stoneware Mug' }).click();
    await page.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();

    await page.goto(`${server.baseUrl}/shop/p/linen-work-shirt`);
    await hydrated('[data-island="ProductForm"]');
    await page.getByLabel('Size').selectOption('M');
    await page.getByLabel('Colour').selectOption('Sand');
    await page.locator('button.add-to-cart').click();
    await page.getByRole('link', { name: '2 items in cart', exact: true }).first().waitFor();

    await page.goto(`${server.baseUrl}/cart`);
    await hydrated('[data-island="CartItems"]');
    const mugQuantity = page.getByLabel('Quantity of Stoneware Mug');
    await mugQuantity.fill('2');
    await mugQuantity.press('Enter');
    await expect.poll(() => page.locator('.cart-summary dd').textContent()).toBe('$116.00');
    await saveScreenshot(page, 'cart-page-with-items');

    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await hydrated('[data-island="Checkout"]');
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Save email' }).click();
    await page.getByRole('button', { name: 'Update email' }).waitFor();

    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Address', { exact: true }).fill('1 Market Street');
    await page.getByLabel('City').fill('San Francisco');
    await page.getByLabel('State or region').fill('CA');
    await page.getByLabel('Postal code').fill('94105');
    await page.getByLabel('Country').selectOption('US');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByLabel(/Standard shipping/).click();
    await expect.poll(() => page.getByLabel(/Standard shipping/).isChecked()).toBe(true);

    await page.getByLabel('Discount code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page.getByText('WELCOME10', { exact: true }).waitFor();

    // $116.00 − 10% = $104.40; shipping $6.95; CA tax 7.25% of $104.40 = $7.57; total $118.92.
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect
      .poll(() => summary.locator('.checkout__grand').last().textContent())
      .toBe('$118.92');
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
    await saveScreenshot(page, 'checkout-page');

    // Declined on a phone: the message shows beside the card fields, in view, and takes
    // focus (so it is read out) without the shopper scrolling to the top.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByRole('button', { name: /Place order/ }).click();
    const problem = page.locator('.checkout__problem');
    await expect.poll(() => problem.textContent()).toBe('Your card was declined.');
    expect(await problem.getAttribute('role')).toBe('alert');
    expect(
      await problem.evaluate((element) => ({
        isFocused: element === document.activeElement,
        isInView:
          element.getBoundingClientRect().top >= 0 &&
          element.getBoundingClientRect().bottom <= window.innerHeight,
        section: element.closest('form')?.querySelector('h2')?.textContent,
      })),
    ).toEqual({ isFocused: true, isInView: true, section: 'Payment' });
    await saveScreenshot(page, 'checkout-declined-phone', { isFullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /Place order/ }).click();
    await page.waitForURL(/\/order-confirmed\//);
    expect(await page.locator('h1').textContent()).toBe('Thank you for your order');
    expect(await page.locator('.checkout__grand').last().textContent()).toBe('$118.92');
    await saveScreenshot(page, 'order-confirmed-page');

    // The order as stored, in cents.
    const url = new URL(page.url());
    const orderId = url.pathname.split('/').at(-1) ?? '';
    const token = url.searchParams.get('token') ?? '';
    const stored = await (
      await fetch(`${server.baseUrl}/api/commerce/orders/${orderId}?token=${token}`)
    ).json();
    expect(stored.order).toMatchObject({
      subtotalCents: 11600,
      discountCents: 1160,
      shippingTotalCents: 695,
      taxTotalCents: 757,
      grandTotalCents: 11892,
      testMode: true,
      email: 'ada@example.com',
      couponCode: 'WELCOME10',
    });
    // Each line says what was chosen, the discount its code, the address its country.
    const shirtLine = page.getByRole('row', { name: /Linen Work Shirt/ });
    expect(await shirtLine.locator('.order-line__details').textContent()).toBe(
      'Size: M · Colour: Sand',
    );
    await page.getByText('Discount (WELCOME10)').waitFor();
    await page.locator('.order-address').getByText('United States').waitFor();

    await page.getByRole('link', { name: 'order status' }).click();
    await page.waitForURL(/\/commerce\/orders\//);
    expect(await page.locator('.order-status').textContent()).toBe(
      'Status: Paid — we are preparing your order.',
    );
    await saveScreenshot(page, 'order-status-page');

    // The cart was bought: a new one starts empty.
    await page.goto(`${server.baseUrl}/cart`);
    expect(await page.getByText('You have nothing in your shopping cart.').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  async function payWith4242() {
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByRole('button', { name: /Place order/ }).click();
    await page.waitForURL(/\/order-confirmed\//);
  }

  it('buys a gift card for oneself and spends part of it on a second order', async () => {
    await page.goto(`${server.baseUrl}/gift-card/gift-card?sku=GIFT-25`);
    await hydrated('[data-island="GiftCardForm"]');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.waitForURL(/\/cart$/);
    await page.goto(`${server.baseUrl}/checkout`);
    await hydrated('[data-island="Checkout"]');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Save email' }).click();
    await page.getByRole('button', { name: 'Update email' }).waitFor();
    // Nothing to ship: no address step for a gift card alone.
    expect(await page.getByLabel('Full name').count()).toBe(0);
    await payWith4242();
    const code = (await page.locator('.gift-card-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await saveScreenshot(page, 'order-confirmed-gift-card');

    await page.goto(`${server.baseUrl}/shop`);
    await hydrated('[data-island="QuickAdd"]');
    await page.getByRole('button', { name: 'Add To Cart: Stoneware Mug' }).click();
    await page.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();
    await page.goto(`${server.baseUrl}/checkout`);
    await hydrated('[data-island="Checkout"]');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Save email' }).click();
    await page.getByRole('button', { name: 'Update email' }).waitFor();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Address', { exact: true }).fill('1 Market Street');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State or region').fill('OR');
    await page.getByLabel('Postal code').fill('97201');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByLabel(/Standard shipping/).click();
    await expect.poll(() => page.getByLabel(/Standard shipping/).isChecked()).toBe(true);
    await page.getByLabel('Gift card code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).last().click();
    // $24.00 mug + $6.95 shipping, no tax outside California: $30.95, of which $25.00 on the card.
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect.poll(() => summary.locator('.checkout__grand').last().textContent()).toBe('$5.95');
    await payWith4242();
    expect(await page.locator('.checkout__grand').last().textContent()).toBe('$5.95');
    expect(await page.getByText('Gift card', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('sends a gift card shopper to the gift card page and adds it with a recipient', async () => {
    await page.goto(`${server.baseUrl}/shop/p/gift-card`);
    await hydrated('[data-island="ProductForm"]');
    await page.getByLabel('Amount').selectOption('$50');
    await page.locator('button.add-to-cart').click();
    await page.waitForURL(/\/gift-card\/gift-card\?sku=GIFT-50/);
    await hydrated('[data-island="GiftCardForm"]');
    expect(await page.getByLabel('$50.00').isChecked()).toBe(true);
    await page.getByLabel('Recipient name').fill('Grace');
    await page.getByLabel('Recipient email').fill('grace@example.com');
    await page.getByLabel('Message').fill('Happy birthday!');
    await saveScreenshot(page, 'gift-card-page');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.waitForURL(/\/cart$/);
    expect(await page.getByText('To: Grace, grace@example.com').count()).toBe(1);
  });
});
