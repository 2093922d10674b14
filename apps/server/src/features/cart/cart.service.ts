import {
  type AddCartEntryBody,
  type CartEntry,
  giftCardRecipientSchema,
  type ShoppingCart,
  type SubscriptionCartBody,
  type UpdateEntryFieldsBody,
} from '@atelier/contract';
import {
  addToCartMessages,
  type CurrencyCode,
  canBeSubscribable,
  cartMessages,
  computeCartTotals,
  effectiveUnitPriceCents,
  formMessages,
  hasEnoughStock,
  hasUnlimitedStockByType,
  lineTotalCents,
  ProductType,
  parseQuantity,
  QUANTITY_MAX,
  subscriptionMessages,
  toDecimalString,
} from '@atelier/core';
import { batched } from '../../db/batched.ts';
import type { CartRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import type { FormsService } from '../forms/forms.service.ts';
import { renditionUrl } from '../media/media-urls.ts';
import type {
  CartQueries,
  CartRepo,
  NewCartAdd,
  NewCartRules,
  PricedEntryRow,
  VariantForCart,
  VariantToAdd,
} from './cart.repo.ts';

export type CartService = ReturnType<typeof createCartService>;

const CART_IMAGE_WIDTH = 300;

export function createCartService({
  cartRepo,
  currencyOf,
  forms,
}: {
  cartRepo: CartRepo;
  currencyOf: (websiteId: string) => Promise<string>;
  forms: Pick<FormsService, 'parseAdditionalFields'>;
}) {
  const acceptedFields = (input: Omit<Parameters<typeof acceptedFieldsFor>[0], 'forms'>) =>
    acceptedFieldsFor({ ...input, forms });

  async function view(
    repo: CartQueries,
    websiteId: string,
    cart: CartRow | undefined,
    currency: CurrencyCode,
  ): Promise<ShoppingCart> {
    const rows = cart ? await repo.listPricedEntries(websiteId, cart.cart_id) : [];
    return viewOf(websiteId, cart, rows, currency);
  }

  function viewOf(
    websiteId: string,
    cart: CartRow | undefined,
    rows: PricedEntryRow[],
    currency: CurrencyCode,
  ): ShoppingCart {
    const entries = rows.map((row) => toEntry(row, currency));
    const totals = computeCartTotals(
      rows.map((row) => ({
        productType: row.product_type as ProductType,
        unitPriceCents: unitPrice(row),
        quantity: row.quantity,
      })),
    );
    return {
      id: cart?.cart_id ?? null,
      websiteId,
      orderId: cart?.order_id ?? null,
      created: cart ? new Date(cart.created_at).getTime() : null,
      isPurchased: cart?.is_purchased ?? false,
      entries,
      shippingOptions: [],
      selectedShippingOption: null,
      shippingLocation: null,
      applicableTaxRules: [],
      coupons: [],
      validCoupons: [],
      invalidCoupons: [],
      subtotalCents: totals.subtotalCents,
      // Tax, shipping and discounts are settled at checkout; the cart shows goods only.
      taxCents: 0,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: totals.subtotalCents,
      totalQuantity: totals.totalQuantity,
      hasDigital: totals.hasDigital,
      purelyDigital: totals.purelyDigital,
      requiresShipping: totals.requiresShipping,
      subtotalAmount: {
        value: toDecimalString({ minorUnits: totals.subtotalCents, currency }),
        currency,
      },
    };
  }

  // First adds arriving together share one statement: under load that halves what the
  // database spends on each (docs/PERFORMANCE.md, add to cart). Two at once measured the
  // same as one, and a statement waiting on a lock then holds up only its own batch.
  const firstAdd = batched(
    (adds: readonly NewCartAdd[]) => cartRepo.addToNewCarts(NEW_CART_RULES, adds),
    { maxRunning: 2 },
  );

  /**
   * A visitor's first add: a new cart nobody else can reach yet, so no lock to take and
   * nothing to merge. Its one line is the variant the add chose, so the answer needs no
   * second read. Without form answers the database judges it in the statement that
   * inserts; when that statement adds nothing, the add is judged here from a fresh read,
   * so a refusal carries the same message as on any other path.
   */
  async function addToNewCart(
    websiteId: string,
    body: AddCartEntryBody,
    quantity: number,
  ): Promise<{ cart: CartRow; line: PricedEntryRow }> {
    if (!body.additionalFields?.trim()) {
      const added = await firstAdd({
        websiteId,
        productId: body.itemId,
        sku: body.sku || null,
        quantity,
      });
      if (added) return added;
    }
    const variants = await cartRepo.listVariantsToAdd(websiteId, body.itemId);
    const additionalFields = await acceptedFields({
      websiteId,
      formId: variants[0]?.additional_fields_form_id ?? null,
      productType: variants[0]?.product_type,
      json: body.additionalFields,
    });
    const variant = chooseVariant(variants, body);
    assertNotSubscription(variant);
    // The stock rule of every add, with nothing of the variant in the cart yet.
    assertStock(variant, quantity, 0);
    const { cart, entryId } = await cartRepo.createCartWithEntry({
      website_id: websiteId,
      product_id: variant.product_id,
      variant_id: variant.variant_id,
      quantity,
      additional_fields: additionalFields,
    });
    return { cart, line: lineOf(websiteId, variant, entryId, quantity, additionalFields) };
  }

  return {
    /**
     * A subscription checkout's own cart (SPEC §4, §7): one entry of a subscribable
     * product, in a cart no cookie points at. Its id is the cart token the subscription
     * checkout page sends; the shopper's shared cart is left as it was.
     */
    async createSubscriptionCart(
      websiteId: string,
      body: SubscriptionCartBody,
    ): Promise<{ cartToken: string }> {
      const quantity = parseQuantity(body.qty ?? 1);
      if (!quantity.ok)
        throw fail('QUANTITY_INVALID', quantity.error, { quantity: quantity.error });
      const variants = await cartRepo.listVariantsToAdd(websiteId, body.itemId);
      const variant = chooseVariant(variants, body);
      if (!variant.is_subscribable || !canBeSubscribable(variant.product_type)) {
        throw fail('NOT_SUBSCRIBABLE', subscriptionMessages.notSubscribable);
      }
      const additionalFields = await acceptedFields({
        websiteId,
        formId: variant.additional_fields_form_id,
        productType: variant.product_type,
        json: body.additionalFields,
      });
      assertStock(variant, quantity.value, 0);
      const { cart } = await cartRepo.createCartWithEntry({
        website_id: websiteId,
        product_id: variant.product_id,
        variant_id: variant.variant_id,
        quantity: quantity.value,
        additional_fields: additionalFields,
        kind: 'subscription',
      });
      return { cartToken: cart.cart_id };
    },

    /** The visitor's cart, or an empty one when the cookie names no open cart. */
    async getCart(websiteId: string, cartId: string | undefined): Promise<ShoppingCart> {
      const cart = cartId ? await cartRepo.findCart(websiteId, cartId) : undefined;
      const currency = (await currencyOf(websiteId)) as CurrencyCode;
      return view(cartRepo, websiteId, cart && !cart.is_purchased ? cart : undefined, currency);
    },

    /**
     * Adds an item: checks the variant and quantity with core's rules and the stock with
     * the inventory call's rule (what is left after what this cart already holds). To an
     * existing cart, all inside one transaction that holds the cart's row lock, so two
     * tabs adding at once cannot both pass the check; a first add has no cart to share.
     */
    async addEntry(input: {
      websiteId: string;
      cartId: string | undefined;
      body: AddCartEntryBody;
    }): Promise<{ cartId: string; shoppingCart: ShoppingCart; newlyAdded: CartEntry }> {
      const { websiteId, body } = input;
      const quantity = parseQuantity(body.quantity);
      if (!quantity.ok)
        throw fail('QUANTITY_INVALID', quantity.error, { quantity: quantity.error });

      const currency = (await currencyOf(websiteId)) as CurrencyCode;
      if (!input.cartId) {
        const added = await addToNewCart(websiteId, body, quantity.value);
        const shoppingCart = viewOf(websiteId, added.cart, [added.line], currency);
        const newlyAdded = shoppingCart.entries[0];
        if (!newlyAdded) throw new Error('the added entry is missing from its cart');
        return { cartId: added.cart.cart_id, shoppingCart, newlyAdded };
      }

      // Read before the transaction: on the embedded database a query outside it would
      // wait for the connection the transaction holds.
      const product = (await cartRepo.listVariantsOfProduct(websiteId, body.itemId))[0];
      const additionalFields = await acceptedFields({
        websiteId,
        formId: product?.additional_fields_form_id ?? null,
        productType: product?.product_type,
        json: body.additionalFields,
      });

      return cartRepo.transaction(async (repo) => {
        const variant = chooseVariant(
          await repo.listVariantsOfProduct(websiteId, body.itemId),
          body,
        );
        assertNotSubscription(variant);

        const existing = input.cartId
          ? await repo.lockOpenCart(websiteId, input.cartId)
          : undefined;
        const cart = existing ?? (await repo.createCart(websiteId));
        const alreadyInCart = existing
          ? await repo.quantityOfVariant(websiteId, cart.cart_id, variant.variant_id)
          : 0;
        assertStock(variant, quantity.value, alreadyInCart);

        const mergeable = additionalFields
          ? undefined
          : await repo.findMergeableEntry(websiteId, cart.cart_id, variant.variant_id);
        let entryId: string;
        if (mergeable) {
          await repo.setEntryQuantity(
            websiteId,
            mergeable.entry_id,
            mergeable.quantity + quantity.value,
          );
          entryId = mergeable.entry_id;
        } else {
          entryId = await repo.insertEntry({
            website_id: websiteId,
            cart_id: cart.cart_id,
            product_id: variant.product_id,
            variant_id: variant.variant_id,
            quantity: quantity.value,
            additional_fields: additionalFields,
          });
        }
        await repo.touchCart(websiteId, cart.cart_id);
        const shoppingCart = await view(repo, websiteId, cart, currency);
        const newlyAdded = shoppingCart.entries.find((e) => e.id === entryId);
        if (!newlyAdded) throw new Error('the added entry is missing from its cart');
        return { cartId: cart.cart_id, shoppingCart, newlyAdded };
      });
    },

    /**
     * Replaces an entry's additional-fields answers (and, for the form's variant picker,
     * its variant). Only entries of the visitor's own open cart are reachable.
     */
    async updateEntryFields(input: {
      websiteId: string;
      cartId: string | undefined;
      entryId: string;
      body: UpdateEntryFieldsBody;
    }): Promise<{ shoppingCart: ShoppingCart; updatedEntry: CartEntry }> {
      const { websiteId, body } = input;
      const currency = (await currencyOf(websiteId)) as CurrencyCode;
      return cartRepo.transaction(async (repo) => {
        const { cart, entry } = await lockEntry(repo, input, cartMessages.unableToUpdateForm);
        const variants = (await repo.listVariantsOfProduct(websiteId, body.itemId)).filter(
          (v) => v.is_visible,
        );
        const variant = body.sku
          ? variants.find((v) => v.sku === body.sku)
          : variants.find((v) => v.variant_id === entry.variant_id);
        if (!variant) {
          throw fail('VARIANT_UNAVAILABLE', addToCartMessages.variantUnavailable, {
            sku: addToCartMessages.variantUnavailable,
          });
        }
        if (cart.kind !== 'subscription') assertNotSubscription(variant);
        if (variant.variant_id !== entry.variant_id) {
          const others = await repo.quantityOfVariant(websiteId, cart.cart_id, variant.variant_id);
          assertStock(variant, entry.quantity, others);
        }
        await repo.setEntryFields({
          websiteId,
          entryId: entry.entry_id,
          productId: variant.product_id,
          variantId: variant.variant_id,
          additionalFields: body.additionalFields?.trim() ? body.additionalFields : null,
        });
        await repo.touchCart(websiteId, cart.cart_id);
        const shoppingCart = await view(repo, websiteId, cart, currency);
        const updatedEntry = shoppingCart.entries.find((e) => e.id === entry.entry_id);
        if (!updatedEntry) throw new Error('the updated entry is missing from its cart');
        return { shoppingCart, updatedEntry };
      });
    },

    /** Sets an entry's quantity under the same stock rule as adding; 0 removes it. */
    async setEntryQuantity(input: {
      websiteId: string;
      cartId: string | undefined;
      entryId: string;
      quantity: number | string;
    }): Promise<ShoppingCart> {
      const { websiteId } = input;
      const text = String(input.quantity).trim();
      const isRemoval = /^[+-]?\d+$/.test(text) && Number(text) <= 0;
      const quantity = parseQuantity(input.quantity);
      if (!isRemoval && !quantity.ok)
        throw fail('QUANTITY_INVALID', quantity.error, { quantity: quantity.error });
      const currency = (await currencyOf(websiteId)) as CurrencyCode;
      return cartRepo.transaction(async (repo) => {
        const { cart, entry } = await lockEntry(repo, input, cartMessages.unableToUpdateQuantity);
        if (isRemoval || !quantity.ok) {
          await repo.deleteEntry(websiteId, cart.cart_id, entry.entry_id);
        } else {
          const variant = (await repo.listVariantsOfProduct(websiteId, entry.product_id)).find(
            (v) => v.variant_id === entry.variant_id,
          );
          if (!variant) throw fail('VARIANT_GONE', addToCartMessages.variantUnavailable);
          const inCart = await repo.quantityOfVariant(websiteId, cart.cart_id, variant.variant_id);
          assertStock(variant, quantity.value, inCart - entry.quantity);
          await repo.setEntryQuantity(websiteId, entry.entry_id, quantity.value);
        }
        await repo.touchCart(websiteId, cart.cart_id);
        return view(repo, websiteId, cart, currency);
      });
    },

    async removeEntry(input: {
      websiteId: string;
      cartId: string | undefined;
      entryId: string;
    }): Promise<ShoppingCart> {
      const currency = (await currencyOf(input.websiteId)) as CurrencyCode;
      return cartRepo.transaction(async (repo) => {
        const { cart, entry } = await lockEntry(repo, input, cartMessages.unableToRemoveItem);
        await repo.deleteEntry(input.websiteId, cart.cart_id, entry.entry_id);
        await repo.touchCart(input.websiteId, cart.cart_id);
        return view(repo, input.websiteId, cart, currency);
      });
    },
  };
}

/** The visitor's open cart, locked, and one of its entries; 404 with `message` otherwise. */
async function lockEntry(
  repo: CartQueries,
  input: { websiteId: string; cartId: string | undefined; entryId: string },
  message: string,
) {
  const cart = input.cartId ? await repo.lockOpenCart(input.websiteId, input.cartId) : undefined;
  const entry = cart
    ? await repo.findEntry(input.websiteId, cart.cart_id, input.entryId)
    : undefined;
  if (!cart || !entry) throw fail('CART_ITEM_NOT_FOUND', message);
  return { cart, entry };
}

/** Product types that never run out (digital goods, gift cards, paywall access). */
const NEW_CART_RULES: NewCartRules = {
  unlimitedStockTypes: Object.values(ProductType).filter(hasUnlimitedStockByType),
  skuRequiredTypes: [ProductType.giftCard],
};

/** A new entry of `variant` as a cart line, priced and pictured as a read of it would be. */
function lineOf(
  websiteId: string,
  variant: VariantToAdd,
  entryId: string,
  quantity: number,
  additionalFields: string | null,
): PricedEntryRow {
  return {
    ...variant,
    website_id: websiteId,
    entry_id: entryId,
    quantity,
    additional_fields: additionalFields,
  };
}

/**
 * The variant an add asks for among the product's variants: the sku's, or the only one;
 * a gift card must name its denomination. Hidden products have none to offer.
 */
function chooseVariant<V extends VariantForCart>(all: V[], body: Pick<AddCartEntryBody, 'sku'>): V {
  const variants = all.filter((v) => v.is_visible);
  if (variants[0]?.product_type === ProductType.giftCard && !body.sku) {
    throw fail('GIFT_CARD_AMOUNT_INVALID', addToCartMessages.giftCardDenomination, {
      sku: addToCartMessages.giftCardDenomination,
    });
  }
  const variant = body.sku
    ? variants.find((v) => v.sku === body.sku)
    : variants.length === 1
      ? variants[0]
      : undefined;
  if (!variant) {
    throw fail('VARIANT_UNAVAILABLE', addToCartMessages.variantUnavailable, {
      sku: addToCartMessages.variantUnavailable,
    });
  }
  return variant;
}

/**
 * A subscribable product is bought through its own subscription checkout, which bills it
 * again each period; in the shared cart it would be charged once, against its promise.
 */
function assertNotSubscription(variant: VariantForCart): void {
  if (variant.is_subscribable) {
    throw fail('NOT_SUBSCRIBABLE', subscriptionMessages.subscribeInstead);
  }
}

/** The add-to-cart stock rule for `quantity` beside `othersInCart` of the same variant. */
function assertStock(variant: VariantForCart, quantity: number, othersInCart: number): void {
  const isStockTracked = !hasUnlimitedStockByType(variant.product_type as ProductType);
  const fits = hasEnoughStock({
    variant: { qtyInStock: variant.qty_in_stock, unlimited: variant.is_unlimited },
    quantity,
    alreadyInCart: othersInCart,
  });
  if ((isStockTracked && !fits) || othersInCart + quantity > QUANTITY_MAX) {
    throw fail('OUT_OF_STOCK', addToCartMessages.notEnoughStock);
  }
}

/**
 * The additional fields an entry may keep: answers to the product's own form, or a gift
 * card's recipient. Anything else a request sends is not stored.
 */
async function acceptedFieldsFor(input: {
  forms: Pick<FormsService, 'parseAdditionalFields'>;
  websiteId: string;
  formId: string | null;
  productType: number | undefined;
  json: string | null | undefined;
}): Promise<string | null> {
  if (input.formId) {
    return input.forms.parseAdditionalFields({
      websiteId: input.websiteId,
      formId: input.formId,
      json: input.json,
    });
  }
  if (input.productType !== ProductType.giftCard || !input.json?.trim()) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(input.json);
  } catch {
    throw fail('FORM_INVALID', formMessages.parseFailed);
  }
  const parsed = giftCardRecipientSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((i) => [String(i.path[0] ?? 'additionalFields'), i.message]),
    );
    throw fail('FORM_INVALID', formMessages.someFieldsInvalid, fields);
  }
  return JSON.stringify(parsed.data);
}

function unitPrice(row: PricedEntryRow): number {
  return effectiveUnitPriceCents({
    priceCents: row.price_cents,
    salePriceCents: row.sale_price_cents,
    isOnSale: row.is_on_sale,
  });
}

function toEntry(row: PricedEntryRow, currency: CurrencyCode): CartEntry {
  const unit = unitPrice(row);
  const subTotalCents = lineTotalCents({
    productType: row.product_type as ProductType,
    unitPriceCents: unit,
    quantity: row.quantity,
  });
  const width = row.image_widths?.find((w) => w >= CART_IMAGE_WIDTH) ?? row.image_widths?.at(-1);
  return {
    id: row.entry_id,
    itemId: row.product_id,
    quantity: row.quantity,
    chosenVariant: {
      sku: row.sku,
      attributes: Object.fromEntries(row.option_values.map((o) => [o.optionName, o.value])),
    },
    title: row.title,
    productType: row.product_type,
    productUrl: `/${row.collection_url_id}/p/${row.url_id}`,
    imageUrl:
      row.image_media_id && width ? renditionUrl(row.website_id, row.image_media_id, width) : null,
    purchasePriceCents: unit,
    subTotal: { value: toDecimalString({ minorUnits: subTotalCents, currency }), currency },
    subTotalCents,
    additionalFields: row.additional_fields,
  };
}
