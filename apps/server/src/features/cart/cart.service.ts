import type { AddCartEntryBody, CartEntry, ShoppingCart } from '@atelier/contract';
import {
  addToCartMessages,
  type CurrencyCode,
  computeCartTotals,
  effectiveUnitPriceCents,
  hasEnoughStock,
  hasUnlimitedStockByType,
  lineTotalCents,
  ProductType,
  parseQuantity,
  QUANTITY_MAX,
  toDecimalString,
} from '@atelier/core';
import type { CartRow } from '../../db/db-types.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { renditionUrl } from '../media/media-urls.ts';
import type { CartQueries, CartRepo, PricedEntryRow } from './cart.repo.ts';

export type CartService = ReturnType<typeof createCartService>;

const CART_IMAGE_WIDTH = 300;

export function createCartService({
  cartRepo,
  currencyOf,
}: {
  cartRepo: CartRepo;
  currencyOf: (websiteId: string) => Promise<string>;
}) {
  async function view(
    repo: CartQueries,
    websiteId: string,
    cart: CartRow | undefined,
    currency: CurrencyCode,
  ): Promise<ShoppingCart> {
    const rows = cart ? await repo.listPricedEntries(websiteId, cart.cart_id) : [];
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

  return {
    /** The visitor's cart, or an empty one when the cookie names no open cart. */
    async getCart(websiteId: string, cartId: string | undefined): Promise<ShoppingCart> {
      const cart = cartId ? await cartRepo.findCart(websiteId, cartId) : undefined;
      const currency = (await currencyOf(websiteId)) as CurrencyCode;
      return view(cartRepo, websiteId, cart && !cart.is_purchased ? cart : undefined, currency);
    },

    /**
     * Adds an item: checks the variant and quantity with core's rules and the stock with
     * the inventory call's rule (what is left after what this cart already holds), all
     * inside one transaction that holds the cart's row lock, so two tabs adding at once
     * cannot both pass the check.
     */
    async addEntry(input: {
      websiteId: string;
      cartId: string | undefined;
      body: AddCartEntryBody;
    }): Promise<{ cartId: string; shoppingCart: ShoppingCart; newlyAdded: CartEntry }> {
      const { websiteId, body } = input;
      const quantity = parseQuantity(body.quantity);
      if (!quantity.ok) throw invalid(quantity.error, { quantity: quantity.error });

      // Read before the transaction: on the embedded database a query outside it would
      // wait for the connection the transaction holds.
      const currency = (await currencyOf(websiteId)) as CurrencyCode;
      return cartRepo.transaction(async (repo) => {
        const variants = (await repo.listVariantsOfProduct(websiteId, body.itemId)).filter(
          (v) => v.is_visible,
        );
        const productType = variants[0]?.product_type;
        if (productType === ProductType.giftCard && !body.sku) {
          throw invalid(addToCartMessages.giftCardDenomination, {
            sku: addToCartMessages.giftCardDenomination,
          });
        }
        const variant = body.sku
          ? variants.find((v) => v.sku === body.sku)
          : variants.length === 1
            ? variants[0]
            : undefined;
        if (!variant) {
          throw invalid(addToCartMessages.variantUnavailable, {
            sku: addToCartMessages.variantUnavailable,
          });
        }

        const existing = input.cartId
          ? await repo.lockOpenCart(websiteId, input.cartId)
          : undefined;
        const cart = existing ?? (await repo.createCart(websiteId));
        const alreadyInCart = existing
          ? await repo.quantityOfVariant(websiteId, cart.cart_id, variant.variant_id)
          : 0;
        const isStockTracked = !hasUnlimitedStockByType(variant.product_type as ProductType);
        const fits = hasEnoughStock({
          variant: { qtyInStock: variant.qty_in_stock, unlimited: variant.is_unlimited },
          quantity: quantity.value,
          alreadyInCart,
        });
        if ((isStockTracked && !fits) || alreadyInCart + quantity.value > QUANTITY_MAX) {
          throw new AppError('conflict', addToCartMessages.notEnoughStock);
        }

        const additionalFields = body.additionalFields?.trim() ? body.additionalFields : null;
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
  };
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
