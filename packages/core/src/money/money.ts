/**
 * Money is an integer count of minor units plus a currency; nothing here does float
 * arithmetic on amounts. Amounts arriving as decimals are parsed from their digits, so
 * 1.005 becomes 101 cents rather than whatever the nearest double multiplies to.
 */
import { err, ok, type Result } from '../result';
import { type CurrencyCode, DEFAULT_CURRENCY, getCurrency, isCurrencyCode } from './currencies';

export interface Money {
  minorUnits: number;
  currency: CurrencyCode;
}

export type MoneyParseError = 'invalid-amount' | 'unknown-currency';

/** `{value, currency}` or `{decimalValue, currencyCode}`: amounts in major units. */
export type MoneyInput =
  | { value?: string | number | null; currency?: string | null }
  | { decimalValue?: string | number | null; currencyCode?: string | null };

const assertMinorUnits = (minorUnits: number): void => {
  // A fractional or unsafe minor-unit count is a bug in the caller, not a shopper error.
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`Money must be a safe integer of minor units, got ${minorUnits}`);
  }
};

export const money = (minorUnits: number, currency: CurrencyCode = DEFAULT_CURRENCY): Money => {
  assertMinorUnits(minorUnits);
  return { minorUnits, currency };
};

export const zeroMoney = (currency: CurrencyCode = DEFAULT_CURRENCY): Money => money(0, currency);

/** The `*_cents` columns: cents for two-digit currencies, whole yen for JPY. */
export const fromCents = money;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Decimal text → minor units, rounding half away from zero past the currency's digits. */
export const decimalToMinorUnits = (
  amount: string | number,
  currency: CurrencyCode,
): Result<number, 'invalid-amount'> => {
  if (typeof amount === 'number' && !Number.isFinite(amount)) return err('invalid-amount');
  const digits = getCurrency(currency).fractionDigits;
  const text = typeof amount === 'number' ? numberToPlainString(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return err('invalid-amount');
  const [, sign, whole = '', fraction = ''] = match;
  const kept = fraction.padEnd(digits, '0').slice(0, digits);
  const roundsUp = (fraction[digits] ?? '0') >= '5';
  const magnitude = BigInt(`${whole || '0'}${kept}`) + (roundsUp ? 1n : 0n);
  const minor = Number(sign === '-' ? -magnitude : magnitude);
  if (!Number.isSafeInteger(minor)) return err('invalid-amount');
  return ok(minor === 0 ? 0 : minor);
};

const numberToPlainString = (amount: number): string => {
  const text = String(amount);
  // Exponent notation only appears for tiny or huge doubles; toFixed(20) spells the tiny
  // ones out, and huge ones fail the safe-integer check afterwards either way.
  return text.includes('e') ? amount.toFixed(20) : text;
};

/** Missing money is 0 USD (SPEC §3); a present but unreadable amount is an error. */
export const parseMoney = (
  input: MoneyInput | null | undefined,
): Result<Money, MoneyParseError> => {
  if (input == null) return ok(zeroMoney());
  const amount =
    'decimalValue' in input ? input.decimalValue : 'value' in input ? input.value : null;
  const code =
    'currencyCode' in input ? input.currencyCode : 'currency' in input ? input.currency : null;
  const currency = code ?? DEFAULT_CURRENCY;
  if (!isCurrencyCode(currency)) return err('unknown-currency');
  if (amount == null || amount === '') return ok(zeroMoney(currency));
  const minor = decimalToMinorUnits(amount, currency);
  return minor.ok ? ok(money(minor.value, currency)) : minor;
};

/** Minor units → plain decimal text ('1234.56', '-0.05', '1235' for JPY). */
export const toDecimalString = ({ minorUnits, currency }: Money): string => {
  const digits = getCurrency(currency).fractionDigits;
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(minorUnits);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  const fraction = String(abs % scale).padStart(digits, '0');
  return `${sign}${Math.floor(abs / scale)}.${fraction}`;
};

/** Major units as a double, for display APIs such as Intl only — never for arithmetic. */
export const toMajorUnits = ({ minorUnits, currency }: Money): number =>
  minorUnits / 10 ** getCurrency(currency).fractionDigits;

const sameCurrency = (a: Money, b: Money): void => {
  // Adding yen to dollars is a programming error; no shopper input can cause it.
  if (a.currency !== b.currency) {
    throw new TypeError(`Currency mismatch: ${a.currency} and ${b.currency}`);
  }
};

export const addMoney = (a: Money, b: Money): Money => {
  sameCurrency(a, b);
  return money(a.minorUnits + b.minorUnits, a.currency);
};

export const subtractMoney = (a: Money, b: Money): Money => {
  sameCurrency(a, b);
  return money(a.minorUnits - b.minorUnits, a.currency);
};

export const multiplyMoney = (amount: Money, quantity: number): Money => {
  if (!Number.isInteger(quantity)) throw new RangeError('Quantity must be an integer');
  return money(amount.minorUnits * quantity, amount.currency);
};

export const sumMoney = (amounts: readonly Money[], currency: CurrencyCode): Money =>
  amounts.reduce((total, amount) => addMoney(total, amount), zeroMoney(currency));

export const isZeroMoney = (amount: Money): boolean => amount.minorUnits === 0;

export const compareMoney = (a: Money, b: Money): -1 | 0 | 1 => {
  sameCurrency(a, b);
  return a.minorUnits < b.minorUnits ? -1 : a.minorUnits > b.minorUnits ? 1 : 0;
};

/**
 * Splits `total` minor units in proportion to non-negative `weights` by the largest
 * remainder method: every part is the floor of its exact share, and the cents left over
 * go one each to the largest remainders (earlier index first on ties). The parts always
 * add up to the total. With all weights zero the total is split evenly. BigInt keeps the
 * products exact when a weight times the total passes 2^53.
 */
export const allocateMinorUnits = (total: number, weights: readonly number[]): number[] => {
  assertMinorUnits(total);
  if (weights.length === 0) return [];
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) {
    throw new RangeError('Weights must be non-negative safe integers');
  }
  const isAllZero = weights.every((w) => w === 0);
  const big = weights.map((w) => BigInt(isAllZero ? 1 : w));
  const weightSum = big.reduce((a, b) => a + b, 0n);
  const sign = total < 0 ? -1n : 1n;
  const magnitude = BigInt(Math.abs(total));
  const shares = big.map((w, index) => ({
    index,
    floor: (magnitude * w) / weightSum,
    remainder: (magnitude * w) % weightSum,
  }));
  let leftover = magnitude - shares.reduce((sum, s) => sum + s.floor, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const parts = shares.map((s) => s.floor);
  for (const share of byRemainder) {
    if (leftover === 0n) break;
    parts[share.index] = (parts[share.index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return parts.map((p) => Number(p * sign) || 0);
};

export const allocateMoney = (total: Money, weights: readonly number[]): Money[] =>
  allocateMinorUnits(total.minorUnits, weights).map((part) => money(part, total.currency));

/**
 * Spreads an order discount over the cart lines in proportion to each line's total. A
 * discount larger than the lines is capped at their sum so no line goes below zero; the
 * parts add up to the applied discount, never losing or inventing a cent.
 */
export const allocateDiscount = ({
  discount,
  lineTotals,
}: {
  discount: Money;
  lineTotals: readonly Money[];
}): Money[] => {
  for (const line of lineTotals) sameCurrency(discount, line);
  const subtotal = lineTotals.reduce((sum, line) => sum + line.minorUnits, 0);
  const applied = Math.max(0, Math.min(discount.minorUnits, subtotal));
  return allocateMoney(
    money(applied, discount.currency),
    lineTotals.map((line) => Math.max(0, line.minorUnits)),
  );
};
