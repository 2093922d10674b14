import type { CurrencyCode } from '@atelier/core/money/currencies';
import { formatMoney } from '@atelier/core/money/format';

type PriceProps = {
  priceCents: number;
  salePriceCents?: number | undefined;
  isOnSale: boolean;
  currency: string;
  useCLDRMoneyFormat?: boolean;
  locale?: string;
};

/** A price, with the regular one struck through while a sale price applies. */
export function Price({
  priceCents,
  salePriceCents,
  isOnSale,
  currency,
  useCLDRMoneyFormat,
  locale,
}: PriceProps) {
  const format = (minorUnits: number) =>
    formatMoney(
      { minorUnits, currency: currency as CurrencyCode },
      { useCLDRMoneyFormat: useCLDRMoneyFormat ?? false, locale: locale ?? 'en-US' },
    );
  if (isOnSale && salePriceCents !== undefined && salePriceCents < priceCents) {
    return (
      <span className="price price--sale">
        <span className="visually-hidden">Sale price </span>
        <span className="price__current">{format(salePriceCents)}</span>{' '}
        <span className="visually-hidden">Regular price </span>
        <s className="price__original">{format(priceCents)}</s>
      </span>
    );
  }
  return (
    <span className="price">
      <span className="price__current">{format(priceCents)}</span>
    </span>
  );
}
