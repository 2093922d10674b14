/** Countries the checkout offers for shipping (ISO 3166-1 alpha-2), most common first. */
export const COUNTRY_CODES = [
  'US',
  'CA',
  'GB',
  'AU',
  'NZ',
  'IE',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'AT',
  'CH',
  'SE',
  'NO',
  'DK',
  'FI',
  'PL',
  'CZ',
  'PT',
  'JP',
  'SG',
  'HK',
  'MX',
  'BR',
  'AR',
  'CO',
  'ZA',
  'IN',
  'PH',
  'TH',
  'MY',
  'ID',
  'IL',
  'PR',
  'GU',
  'VI',
] as const;

/** A country's name in the page's language (the code itself where the browser has none). */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
