// Commerce formatters: prices in cents, product status marks, cart helpers (§5). Prices
// come from `…Money` objects (decimal strings) or legacy cents.

import { escapeHtml } from '../formatters-core.ts';
import type { Ctx, Formatter } from '../types.ts';
import { emitText, getKey, isTruthy, toNumber, type Value } from '../values.ts';
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
const money = (centsValue: number) =>
  `<span class="sqs-money-native">${moneyNative.format(centsValue / 100)}</span>`;

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
      return `${open}${subscriptionText(ctx, plan, money(fromPrice(item)), true)}\n\n</div>`;
    }
    if (isOnSale(item)) {
      const sale = subscriptionText(ctx, plan, money(salePrice(item)), false);
      return `${open}${saleMarkup(sale, subscriptionText(ctx, plan, money(normalPrice(item)), false))}</div>`;
    }
    return `${open}${subscriptionText(ctx, plan, money(normalPrice(item)), false)}\n</div>`;
  }
  if (hasVariedPrices(item)) return `${open}from ${money(fromPrice(item))}\n\n</div>`;
  if (isOnSale(item)) {
    return `${open}${saleMarkup(money(salePrice(item)), money(normalPrice(item)))}</div>`;
  }
  return `${open}${money(normalPrice(item))}\n</div>`;
}

/** Shown price of a pricing option (or variant): the sale price when on sale. */
const shownCents = (o: Value) =>
  isTruthy(getKey(o, 'onSale')) ? cents(o, 'salePrice') : cents(o, 'price');

/** The subscription-price snippet: each variant's first pricing option. */
function subscriptionPrice(item: Value): string {
  const open = '\n\n\n<div class="subscription-price">\n';
  const firstOption = (v: Value) => {
    const opts = getKey(v, 'pricingOptions');
    return Array.isArray(opts) ? opts[0] : undefined;
  };
  const vs = variants(item);
  const first = firstOption(vs[0]);
  if (first === undefined) return `${open}\n</div>`;
  // Unlike product-price, variants compare by their money values here.
  const firstShown = shownCents(vs[0]);
  if (vs.some((v) => shownCents(v) !== firstShown)) {
    let min: number | null = null;
    for (const v of vs) {
      const o = firstOption(v);
      if (o === undefined) continue;
      const c = shownCents(o);
      if (min === null || c < min) min = c;
    }
    return `${open}from ${money(min ?? 0)}\n\n</div>`;
  }
  if (isTruthy(getKey(first, 'onSale'))) {
    return `${open}${saleMarkup(money(cents(first, 'salePrice')), money(cents(first, 'price')))}</div>`;
  }
  return `${open}${money(cents(first, 'price'))}\n</div>`;
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
  'subscription-price': (_ctx, _call, [v]) => subscriptionPrice(v),
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
