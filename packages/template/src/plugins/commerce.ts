// Commerce formatters: prices in cents, product status marks, cart helpers (§5). Prices
// come from `…Money` objects (decimal strings) or legacy cents.

import { escapeHtml } from '../formatters-core.ts';
import type { Formatter } from '../types.ts';
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
  if (type === -1) return 0;
  let max = 0;
  for (const v of variants(item)) max = Math.max(max, cents(v, 'price'));
  return max;
}

function salePrice(item: Value): number {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return cents(structured(item), 'salePrice');
  if (type === -1) return 0;
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
  if (type === -1) return 0;
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

/** The product-price snippet for one-off products (subscriptions are not rendered yet). */
function productPrice(item: Value): string {
  const open = '\n\n\n<div class="product-price">\n';
  if (productType(item) === -1) return `${open}</div>`;
  if (hasVariedPrices(item)) return `${open}from ${money(fromPrice(item))}\n\n</div>`;
  if (isOnSale(item)) {
    return (
      `${open}<span class="visually-hidden v6-visually-hidden">Sale Price:</span>${money(salePrice(item))} ` +
      `<span class="visually-hidden v6-visually-hidden">Original Price:</span><span class="original-price">${money(normalPrice(item))}</span>\n\n</div>`
    );
  }
  return `${open}${money(normalPrice(item))}\n</div>`;
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
  'product-price': (_ctx, _call, [v]) => productPrice(v),
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
