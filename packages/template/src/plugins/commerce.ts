// Commerce formatters: prices in cents, product status marks, cart helpers (§5). Prices
// come from `…Money` objects (decimal strings) or legacy cents.

import { escapeHtml } from '../formatters-core.ts';
import type { Ctx, Formatter } from '../types.ts';
import { deepEqual, emitText, getKey, isTruthy, toNumber, type Value } from '../values.ts';
import { cldrOf } from './cldr.ts';
import {
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  ProductType,
  productType,
  structured,
  variants,
} from './commerce-model.ts';
import { billingPlan, localizedString, subscriptionText } from './subscription.ts';

/** Cents of a money field: `<key>Money.value` (decimal string) or legacy `<key>` cents. */
function cents(obj: Value, key: string): number {
  const money = getKey(obj, `${key}Money`);
  const value = getKey(money, 'value');
  if (value !== undefined) {
    const n = toNumber(value);
    return Number.isNaN(n) ? 0 : Math.round(n * 100);
  }
  const legacy = toNumber(getKey(obj, key));
  return Number.isNaN(legacy) ? 0 : legacy;
}

function normalPrice(item: Value): number {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return cents(structured(item), 'price');
  if (
    type !== ProductType.PHYSICAL &&
    type !== ProductType.SERVICE &&
    type !== ProductType.GIFT_CARD
  )
    return 0;
  let max = 0;
  for (const v of variants(item)) max = Math.max(max, cents(v, 'price'));
  return max;
}

function salePrice(item: Value): number {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return cents(structured(item), 'salePrice');
  if (
    type !== ProductType.PHYSICAL &&
    type !== ProductType.SERVICE &&
    type !== ProductType.GIFT_CARD
  )
    return 0;
  let min: number | null = null;
  for (const v of variants(item)) {
    if (!isTruthy(getKey(v, 'onSale'))) continue;
    const c = cents(v, 'salePrice');
    if (min === null || c < min) min = c;
  }
  return min ?? 0;
}

function fromPrice(item: Value): number {
  const type = productType(item);
  const sc = structured(item);
  if (type === ProductType.DIGITAL)
    return isTruthy(getKey(sc, 'onSale')) ? cents(sc, 'salePrice') : cents(sc, 'price');
  if (
    type !== ProductType.PHYSICAL &&
    type !== ProductType.SERVICE &&
    type !== ProductType.GIFT_CARD
  )
    return 0;
  let min: number | null = null;
  for (const v of variants(item)) {
    const c = isTruthy(getKey(v, 'onSale')) ? cents(v, 'salePrice') : cents(v, 'price');
    if (min === null || c < min) min = c;
  }
  return min ?? 0;
}

const groupFmt = (minFrac: number, maxFrac: number) =>
  new Intl.NumberFormat('en-US', {
    minimumFractionDigits: minFrac,
    maximumFractionDigits: maxFrac,
  });
const moneyNative = groupFmt(2, 2);
/** "from <price>": wording and price are locale data, so without a locale there is none. */
const fromMoney = (ctx: Ctx, centsValue: number) =>
  cldrOf(ctx) === null ? '' : `from ${money(ctx, centsValue)}`;

/** A price as markup; prices are locale data, so without a locale there is none. */
const money = (ctx: Ctx, centsValue: number) =>
  cldrOf(ctx) === null
    ? ''
    : `<span class="sqs-money-native">${moneyNative.format(centsValue / 100)}</span>`;

const SALE_LABEL = '<span class="visually-hidden v6-visually-hidden">Sale Price:</span>';
const ORIGINAL_LABEL = '<span class="visually-hidden v6-visually-hidden">Original Price:</span>';

const saleMarkup = (sale: string, original: string) =>
  `${SALE_LABEL}${sale} ${ORIGINAL_LABEL}<span class="original-price">${original}</span>\n\n`;

function isSubscribable(item: Value): boolean {
  const s = getKey(structured(item), 'isSubscribable');
  return s === true || s === 'true';
}

/** The product-price snippet: one-off prices, sale prices, subscription wording. */
function productPrice(ctx: Ctx, item: Value): string {
  const open = '\n\n\n<div class="product-price">\n';
  const type = getKey(structured(item), 'productType');
  if (type !== undefined && toNumber(type) === -1) return `${open}\n</div>`;
  if (isSubscribable(item)) {
    const plan = billingPlan(getKey(structured(item), 'subscriptionPlan'));
    if (plan === undefined) {
      return `${open}${localizedString(ctx, 'productPriceUnavailable') ?? 'Unavailable'}\n\n</div>`;
    }
    if (hasVariedPrices(item)) {
      return `${open}${subscriptionText(ctx, plan, money(ctx, fromPrice(item)), true)}\n\n</div>`;
    }
    if (isOnSale(item)) {
      const sale = subscriptionText(ctx, plan, money(ctx, salePrice(item)), false);
      return `${open}${saleMarkup(sale, subscriptionText(ctx, plan, money(ctx, normalPrice(item)), false))}</div>`;
    }
    return `${open}${subscriptionText(ctx, plan, money(ctx, normalPrice(item)), false)}\n</div>`;
  }
  if (hasVariedPrices(item)) return `${open}${fromMoney(ctx, fromPrice(item))}\n\n</div>`;
  if (isOnSale(item)) {
    return `${open}${saleMarkup(money(ctx, salePrice(item)), money(ctx, normalPrice(item)))}</div>`;
  }
  return `${open}${money(ctx, normalPrice(item))}\n</div>`;
}

/**
 * Amount of a `…Money` field in cents, unrounded (9.999 sorts below 10.00 and prints as
 * 10.00). Here a missing money object counts as zero: legacy cents are not consulted.
 */
function moneyCents(obj: Value, key: string): number {
  const n = toNumber(getKey(getKey(obj, `${key}Money`), 'value'));
  return Number.isNaN(n) ? 0 : n * 100;
}

/** Shown price of a pricing option (or variant): the sale price when on sale. */
const shownMoneyCents = (o: Value) =>
  isTruthy(getKey(o, 'onSale')) ? moneyCents(o, 'salePrice') : moneyCents(o, 'price');

/** JSON equality where a missing field equals null. */
const sameField = (a: Value, b: Value) => deepEqual(a ?? null, b ?? null);

/**
 * Whether the variants count as differently priced for subscription-price: compared on
 * the legacy fields only (`onSale`, cents `price`, and `salePrice` when the first variant
 * is on sale), exactly as stored, so "500" differs from 500.
 */
function hasVariedLegacyPrices(vs: Value[]): boolean {
  const [first, ...rest] = vs;
  const firstOnSale = getKey(first, 'onSale');
  return rest.some(
    (v) =>
      !sameField(getKey(v, 'onSale'), firstOnSale) ||
      !sameField(getKey(v, 'price'), getKey(first, 'price')) ||
      (isTruthy(firstOnSale) && !sameField(getKey(v, 'salePrice'), getKey(first, 'salePrice'))),
  );
}

/**
 * The subscription-price snippet (physical and service products): the first pricing
 * option of the cheapest variant (by money value, first one on ties), prefixed "from"
 * when the variants are differently priced.
 */
function subscriptionPrice(ctx: Ctx, item: Value): string {
  const open = '\n\n\n<div class="subscription-price">\n';
  const empty = `${open}\n</div>`;
  const type = productType(item);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return empty;
  const vs = variants(item);
  let cheapest: Value;
  let min = Number.POSITIVE_INFINITY;
  for (const v of vs) {
    const c = shownMoneyCents(v);
    if (c < min) {
      min = c;
      cheapest = v;
    }
  }
  const options = getKey(cheapest, 'pricingOptions');
  const option = Array.isArray(options) ? options[0] : undefined;
  if (option === undefined) return empty;
  if (hasVariedLegacyPrices(vs))
    return `${open}${fromMoney(ctx, shownMoneyCents(option))}\n\n</div>`;
  if (isTruthy(getKey(option, 'onSale'))) {
    return `${open}${saleMarkup(money(ctx, moneyCents(option, 'salePrice')), money(ctx, moneyCents(option, 'price')))}</div>`;
  }
  return `${open}${money(ctx, moneyCents(option, 'price'))}\n</div>`;
}

export const COMMERCE_FORMATTERS: Record<string, Formatter> = {
  'normal-price': (_ctx, _call, [v]) => normalPrice(v),
  'sale-price': (_ctx, _call, [v]) => salePrice(v),
  'from-price': (_ctx, _call, [v]) => fromPrice(v),
  'cart-quantity': (_ctx, _call, [v]) => {
    const entries = getKey(v, 'entries');
    let n = 0;
    if (Array.isArray(entries)) for (const e of entries) n += toNumber(getKey(e, 'quantity')) || 0;
    return `<span class="sqs-cart-quantity">${n}</span>`;
  },
  'cart-url': () => '/cart',
  'product-price': (ctx, _call, [v]) => productPrice(ctx, v),
  'subscription-price': (ctx, _call, [v]) => subscriptionPrice(ctx, v),
  'cart-subtotal': () => 'deprecated, do not use',
  'percentage-format': (ctx, call, [v]) => {
    const cldr = cldrOf(ctx);
    if (cldr === null) return '';
    const n = toNumber(v);
    return cldr.Numbers.formatDecimal(Number.isNaN(n) ? 0 : n, {
      minimumFractionDigits: call.args.includes('trim') ? 0 : 2,
      maximumFractionDigits: 3,
    });
  },
  'bookkeeper-money-format': (ctx, _call, [v]) => {
    const cldr = cldrOf(ctx);
    if (cldr === null) return '';
    const n = toNumber(v);
    const code = cldr.Numbers.getCurrencyForRegion(cldr.General.locale().tag.region());
    return cldr.Numbers.formatCurrency((Number.isNaN(n) ? 0 : n) / 100, code);
  },
  'variant-descriptor': (_ctx, _call, [v]) => {
    const opts = getKey(v, 'optionValues');
    if (!Array.isArray(opts)) return '';
    return opts.map((o) => emitText(getKey(o, 'value'))).join(' / ');
  },
  'product-status': (_ctx, _call, [v]) => {
    if (isSoldOut(v)) {
      const id = emitText(getKey(v, 'id'));
      const pmc = getKey(getKey(v, 'productMerchandisingContext'), id);
      const custom = getKey(pmc, 'customSoldOutText');
      const text = typeof custom === 'string' && custom !== '' ? escapeHtml(custom) : 'sold out';
      return `<div class="product-mark sold-out">${text}</div>`;
    }
    if (isOnSale(v)) return '<div class="product-mark sale">sale</div>';
    return '';
  },
};
