/**
 * Money for people to read. The default format is the store's house style: comma
 * thousands, a decimal point, the currency's own symbol and side (see currencies.ts).
 * With `useCLDRMoneyFormat` on, the shopper's locale decides through Intl instead.
 */
import { getCurrency } from './currencies';
import { type Money, toDecimalString, toMajorUnits } from './money';

export interface FormatMoneyOptions {
  useCLDRMoneyFormat?: boolean;
  /** The shopper's locale; only the CLDR mode reads it. */
  locale?: string;
}

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '1,234.56' — the number alone, no symbol. */
export const formatMoneyAmount = (amount: Money): string => {
  const text = toDecimalString(amount).replace('-', '');
  const [whole = '0', fraction] = text.split('.');
  return fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}`;
};

export const formatMoneyDefault = (amount: Money): string => {
  const { symbol, placement, hasSpace } = getCurrency(amount.currency);
  const number = formatMoneyAmount(amount);
  const gap = hasSpace ? ' ' : '';
  const body = placement === 'before' ? `${symbol}${gap}${number}` : `${number}${gap}${symbol}`;
  return amount.minorUnits < 0 ? `-${body}` : body;
};

export const formatMoneyCldr = (amount: Money, locale = 'en-US'): string => {
  const digits = getCurrency(amount.currency).fractionDigits;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: amount.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(toMajorUnits(amount));
};

export const formatMoney = (amount: Money, options: FormatMoneyOptions = {}): string =>
  options.useCLDRMoneyFormat ? formatMoneyCldr(amount, options.locale) : formatMoneyDefault(amount);
