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
