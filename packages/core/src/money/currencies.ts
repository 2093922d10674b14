/**
 * The 27 store currencies of SPEC §9, with the symbol and placement the default
 * (non-CLDR) money format uses.
 *
 * Symbol choice: the sign a shopper in the currency's home market reads, except that
 * dollar and peso currencies other than USD carry a country prefix (A$, CA$, MX$, …) so a
 * price is never mistaken for US dollars. Letter symbols (kr, CHF, zł, …) are spaced from
 * the number. Every currency keeps comma thousands and a decimal point, as SPEC requires
 * for the default format; locale-specific separators come only from the CLDR mode.
 */

export type SymbolPlacement = 'before' | 'after';

export interface Currency {
  code: string;
  name: string;
  fractionDigits: 0 | 2;
  symbol: string;
  placement: SymbolPlacement;
  hasSpace: boolean;
}

const currency = (
  code: string,
  name: string,
  symbol: string,
  placement: SymbolPlacement = 'before',
  hasSpace = false,
): Currency => ({
  code,
  name,
  fractionDigits: code === 'JPY' ? 0 : 2,
  symbol,
  placement,
  hasSpace,
});

export const CURRENCIES = [
  currency('EUR', 'Euro', '€'),
  currency('USD', 'US Dollar', '$'),
  currency('AUD', 'Australian Dollar', 'A$'),
  currency('NOK', 'Norwegian Krone', 'kr', 'after', true),
  currency('CAD', 'Canadian Dollar', 'CA$'),
  currency('NZD', 'New Zealand Dollar', 'NZ$'),
  currency('DKK', 'Danish Krone', 'kr', 'after', true),
  currency('GBP', 'British Pound', '£'),
  currency('HKD', 'Hong Kong Dollar', 'HK$'),
  currency('CHF', 'Swiss Franc', 'CHF', 'before', true),
  currency('MXN', 'Mexican Peso', 'MX$'),
  currency('SGD', 'Singapore Dollar', 'S$'),
  currency('SEK', 'Swedish Krona', 'kr', 'after', true),
  currency('CZK', 'Czech Koruna', 'Kč', 'after', true),
  currency('ILS', 'Israeli New Shekel', '₪'),
  currency('PHP', 'Philippine Peso', '₱'),
  currency('RUB', 'Russian Ruble', '₽', 'after', true),
  currency('PLN', 'Polish Złoty', 'zł', 'after', true),
  currency('THB', 'Thai Baht', '฿'),
  currency('MYR', 'Malaysian Ringgit', 'RM'),
  currency('ARS', 'Argentine Peso', 'AR$'),
  currency('BRL', 'Brazilian Real', 'R$'),
  currency('COP', 'Colombian Peso', 'COL$'),
  currency('IDR', 'Indonesian Rupiah', 'Rp'),
  currency('INR', 'Indian Rupee', '₹'),
  currency('JPY', 'Japanese Yen', '¥'),
  currency('ZAR', 'South African Rand', 'R', 'before', true),
] as const satisfies readonly Currency[];

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];

export const DEFAULT_CURRENCY = 'USD' satisfies CurrencyCode;

const byCode = new Map<string, Currency>(CURRENCIES.map((c) => [c.code, c]));

export const isCurrencyCode = (code: unknown): code is CurrencyCode =>
  typeof code === 'string' && byCode.has(code);

export const getCurrency = (code: CurrencyCode): Currency => byCode.get(code)!;
