import type { Page } from 'playwright-core';

/** What a shopper buys: one variant of a product in the `shop` collection. */
export type ShopperPurchase = {
  /** The product's URL id in the shop collection, e.g. 'stoneware-mug'. */
  product: string;
  /** The variant's SKU; the product's first variant when left out. */
  sku?: string;
  quantity?: number;
  email: string;
  name: string;
  /** Ship to a New York address on the first shipping option offered (physical goods). */
  isShipped?: boolean;
};

/**
 * The storefront API's answer to placing the order (`order`, `token`), or, when a step
 * failed, the answers so far, so a test's `expect(sent.order, JSON.stringify(sent))` says why.
 */
export type ShopperAnswer = {
  order?: { id: string; orderNumber?: number };
  token?: string;
  [key: string]: unknown;
};

/**
 * A new shopper in their own browser context (their own cart cookie) buys `purchase`
 * (see `placeOrder`), then leaves.
 */
export async function buyAsShopper(
  page: Page,
  baseUrl: string,
  purchase: ShopperPurchase,
): Promise<ShopperAnswer> {
  const shopper = await page.context().browser()!.newContext();
  try {
    return await placeOrder(await shopper.newPage(), baseUrl, purchase);
  } finally {
    await shopper.close();
  }
}

/**
 * The shopper on `shop` opens the product, adds it to the cart, fills the checkout and
 * places the order with the test card, through the storefront API the checkout page calls.
 */
export async function placeOrder(
  shop: Page,
  baseUrl: string,
  purchase: ShopperPurchase,
): Promise<ShopperAnswer> {
  await shop.goto(`${baseUrl}/shop/p/${purchase.product}`);
  return shop.evaluate(
    async ({ product, sku, quantity, email, name, isShipped }) => {
      const crumb = () =>
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('crumb='))
          ?.slice(6) ?? '';
      const send = async (method: string, url: string, body?: unknown, headers = {}) => {
        const response = await fetch(url, {
          method,
          headers: {
            ...(body !== undefined && { 'content-type': 'application/json' }),
            'x-csrf-token': crumb(),
            ...headers,
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
        return response.json();
      };
      await send('GET', '/api/commerce/shopping-cart');
      const item = await send('GET', `/api/catalog/collections/shop/products/${product}`);
      const added = await send('POST', '/api/commerce/shopping-cart/entries', {
        itemId: item.id,
        sku: sku ?? item.variants[0].sku,
        quantity,
      });
      const started = await send('POST', '/api/commerce/checkout');
      if (!started.checkout) return { added, started };
      const id = started.checkout.id;
      await send('PUT', `/api/commerce/checkout/${id}/email`, { email });
      if (isShipped) {
        const addressed = await send('PUT', `/api/commerce/checkout/${id}/shipping-address`, {
          shippingAddress: {
            name,
            line1: '1 Main St',
            city: 'New York',
            region: 'NY',
            postalCode: '10001',
            country: 'US',
          },
        });
        const option = addressed.checkout?.shippingOptions.find(
          (o: { isAvailable: boolean }) => o.isAvailable,
        );
        if (!option) return { added, addressed };
        await send('PUT', `/api/commerce/checkout/${id}/shipping-option`, { optionId: option.id });
      }
      return send(
        'POST',
        `/api/commerce/checkout/${id}/orders`,
        {
          card: {
            number: '4242 4242 4242 4242',
            expMonth: 12,
            expYear: 2099,
            cvc: '123',
            nameOnCard: name,
          },
        },
        { 'idempotency-key': `e2e-${email}-${Date.now()}-${Math.random()}` },
      );
    },
    { quantity: 1, isShipped: true, ...purchase, sku: purchase.sku ?? null },
  );
}

/** What a shopper types into the one-page checkout; the address is left out for goods that do not ship. */
export type CheckoutDetails = {
  email: string;
  /** For a store that asks for one (checkout preferences). */
  phone?: string;
  address?: {
    name: string;
    line1: string;
    city: string;
    region?: string;
    postalCode: string;
    /** ISO code; the country list's default (US) when left out. */
    country?: string;
  };
};

/**
 * Fills the one-page checkout (issue 29) top to bottom as a shopper does, with no Save
 * buttons: the email saves when the shopper moves on, the address once it is complete,
 * and the cheapest shipping that applies is chosen for them. Returns once the page has
 * saved it all (nothing busy, and a shipping option chosen when the order ships).
 */
export async function fillCheckout(page: Page, details: CheckoutDetails): Promise<void> {
  await page.getByLabel('Email').fill(details.email);
  if (details.phone !== undefined) await page.getByLabel('Phone').fill(details.phone);
  const address = details.address;
  if (address) {
    await page.getByLabel('Full name').fill(address.name);
    await page.getByLabel('Address', { exact: true }).fill(address.line1);
    await page.getByLabel('City').fill(address.city);
    await page.getByLabel('State or region').fill(address.region ?? '');
    await page.getByLabel('Postal code').fill(address.postalCode);
    if (address.country) await page.getByLabel('Country').selectOption(address.country);
    await page.getByLabel('Postal code').blur();
    await page.locator('input[name="shipping-option"]:checked').waitFor();
  } else {
    await page.getByLabel('Email').blur();
  }
  await checkoutSettled(page);
}

/** Waits until the checkout has no save in flight or waiting. */
export async function checkoutSettled(page: Page): Promise<void> {
  await page.locator('.checkout[aria-busy="false"]').waitFor();
}

/** Picks a shipping option by its label and waits until the page has saved the choice. */
export async function chooseShipping(page: Page, name: RegExp | string): Promise<void> {
  const option = page.getByLabel(name);
  await option.check();
  await checkoutSettled(page);
  if (!(await option.isChecked())) throw new Error(`shipping option ${name} was not kept`);
}

/**
 * Types a card into the checkout's payment step and presses its submit button (Place
 * order, or Subscribe on a subscription checkout); the test card 4242 approves.
 */
export async function payWithCard(
  page: Page,
  card: { number?: string; name: string; submit?: RegExp },
): Promise<void> {
  await page.getByLabel('Card number').fill(card.number ?? '4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill(card.name);
  await page.getByRole('button', { name: card.submit ?? /Place order/ }).click();
}
