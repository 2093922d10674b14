import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  saveScreenshot,
  screenshotDir,
  seriousA11yViolations,
  useChromium,
} from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { checkoutSettled, chooseShipping, fillCheckout, payWithCard } from './support/shopper.ts';

/** Issue 29's checkout shots, also kept in /tmp/shots-checkout/ for review. */
async function checkoutShot(page: Page, name: string, isFullPage = true) {
  await saveScreenshot(page, name, { isFullPage });
  await mkdir('/tmp/shots-checkout', { recursive: true });
  await copyFile(join(screenshotDir, `${name}.png`), join('/tmp/shots-checkout', `${name}.png`));
}

/**
 * Sums the page's layout shifts not caused by the shopper's own input (as CLS counts
 * them), from the moment the page starts loading; read with `layoutShift(page)`.
 */
const recordLayoutShifts = () => {
  const record = window as unknown as { layoutShift: number };
  record.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) record.layoutShift += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
};
const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

/** Where the declined card's message sits against the viewport and the card fields. */
const declineBox = (page: Page) =>
  page.locator('.checkout__problem').evaluate((element) => {
    const box = element.getBoundingClientRect();
    const name = document.getElementById('checkout-card-nameOnCard')?.getBoundingClientRect();
    return {
      isFocused: element === document.activeElement,
      isInView: box.top >= 0 && box.bottom <= window.innerHeight,
      // The gap from the last card field to the message, in CSS pixels.
      gapToCardFields: name ? Math.round(box.top - name.bottom) : null,
      section: element.closest('form')?.querySelector('h2')?.textContent,
      describesCard: document
        .getElementById('checkout-card-number')
        ?.getAttribute('aria-describedby')
        ?.includes(element.id),
    };
  });

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

    // Layout shifts are counted from the checkout's first byte while the shopper fills it.
    await page.addInitScript(recordLayoutShifts);
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await hydrated('[data-island="Checkout"]');
    await page.getByLabel('Email').waitFor();
    // One page, no Save buttons: before an address the shipping methods wait for it.
    expect(await page.getByRole('button', { name: /^Save / }).count()).toBe(0);
    expect(await page.getByLabel(/Standard shipping/).isDisabled()).toBe(true);
    await checkoutShot(page, 'checkout-empty-1280');
    // Before the address, shipping and tax are unknown, not $0.00: the summary says when
    // they come, the total is only "so far", and Place order promises no amount.
    const pending = await page.evaluate(() => {
      const totals = document.querySelector('.checkout__summary .checkout__totals');
      const rows = [...(totals?.querySelectorAll('dt') ?? [])].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]);
      return Object.fromEntries(rows);
    });
    expect(pending).toMatchObject({
      Shipping: 'Added once we know your address',
      Tax: 'Added once we know your address',
      'Total so far': '$116.00',
    });
    expect(await page.getByRole('button', { name: /Place order/ }).textContent()).toBe(
      'Place order',
    );

    await fillCheckout(page, {
      email: 'ada@example.com',
      address: {
        name: 'Ada Lovelace',
        line1: '1 Market Street',
        city: 'San Francisco',
        region: 'CA',
        postalCode: '94105',
        country: 'US',
      },
    });
    // $116.00 qualifies for free shipping, the cheapest: chosen for the shopper.
    expect(await page.getByLabel(/Free shipping on orders over \$100/).isChecked()).toBe(true);
    await chooseShipping(page, /Standard shipping/);

    await page.getByLabel('Discount code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page.getByText('WELCOME10', { exact: true }).waitFor();

    // $116.00 − 10% = $104.40; shipping $6.95; CA tax 7.25% of $104.40 = $7.57; total $118.92.
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect
      .poll(() => summary.locator('.checkout__grand').last().textContent())
      .toBe('$118.92');
    expect(await summary.locator('dt.checkout__grand').textContent()).toBe('Total');
    expect(await page.getByRole('button', { name: /Place order/ }).textContent()).toBe(
      'Place order · $118.92',
    );
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
    // The summary reserved its lines and the form its sections: nothing jumped while the
    // checkout loaded, saved the address and re-priced shipping and tax.
    expect(await layoutShift(page)).toBeLessThan(0.05);
    await checkoutShot(page, 'checkout-page');
    await checkoutShot(page, 'checkout-filled-1280');

    // Declined, on a desktop and on a phone: the message shows right under the card
    // fields, in view without scrolling, announced (role=alert, and it takes focus) and
    // named by the card fields' descriptions.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      await payWithCard(page, { number: '4000 0000 0000 0002', name: 'Ada Lovelace' });
      await checkoutSettled(page);
      const problem = page.locator('.checkout__problem');
      await expect.poll(() => problem.textContent()).toBe('Your card was declined.');
      expect(await problem.getAttribute('role')).toBe('alert');
      const box = await declineBox(page);
      expect(box, `declined at ${viewport.width}`).toMatchObject({
        isFocused: true,
        isInView: true,
        section: 'Payment',
        describesCard: true,
      });
      expect(box.gapToCardFields).toBeGreaterThanOrEqual(0);
      expect(box.gapToCardFields).toBeLessThan(48);
      await checkoutShot(page, `checkout-declined-${viewport.width}`, false);
    }
    await saveScreenshot(page, 'checkout-declined-phone', { isFullPage: false });
    await checkoutShot(page, 'checkout-filled-390');
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
    await payWithCard(page, { name: 'Ada Lovelace' });
    await page.waitForURL(/\/order-confirmed\//);
  }

  it('buys a gift card for oneself and spends part of it on a second order', async () => {
    await page.goto(`${server.baseUrl}/gift-card/gift-card?sku=GIFT-25`);
    await hydrated('[data-island="GiftCardForm"]');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.waitForURL(/\/cart$/);
    await page.goto(`${server.baseUrl}/checkout`);
    await hydrated('[data-island="Checkout"]');
    // Place order with nothing typed: each missing field says so beside it, tied to it
    // for screen readers, and focus goes to the first.
    await page.getByRole('button', { name: /Place order/ }).click();
    const emailError = page.locator('#checkout-email-error');
    await expect.poll(() => emailError.textContent()).toBe('Enter your email address.');
    expect(
      await page.getByLabel('Email').evaluate((input) => ({
        isFocused: input === document.activeElement,
        describedBy: input.getAttribute('aria-describedby'),
        isInvalid: input.getAttribute('aria-invalid'),
      })),
    ).toEqual({ isFocused: true, describedBy: 'checkout-email-error', isInvalid: 'true' });
    expect(await page.locator('#checkout-card-number-error').textContent()).toBe(
      'Enter your card number.',
    );
    await fillCheckout(page, { email: 'ada@example.com' });
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
    await fillCheckout(page, {
      email: 'ada@example.com',
      address: {
        name: 'Ada Lovelace',
        line1: '1 Market Street',
        city: 'Portland',
        region: 'OR',
        postalCode: '97201',
      },
    });
    // $24.00 is under the free-shipping threshold: listed, not choosable, and says why.
    expect(await page.getByLabel(/Standard shipping/).isChecked()).toBe(true);
    const free = page.getByLabel(/Free shipping on orders over \$100/);
    expect(await free.isDisabled()).toBe(true);
    expect(
      await free.evaluate(
        (input) =>
          document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).toBe('Only for orders of $100.00 or more (add $76.00).');
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
