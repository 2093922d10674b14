/** The product shape the storefront rules read: the fields of SPEC §3 they depend on. */
import type { ProductType } from '../enums/product-types';
import type { MoneyInput } from '../money/money';

export interface Variant {
  sku?: string;
  /** Option name → chosen value, e.g. { Size: 'M', Colour: 'Red' }. */
  attributes?: Readonly<Record<string, string>>;
  qtyInStock: number;
  unlimited: boolean;
  onSale?: boolean;
  priceMoney?: MoneyInput;
  salePriceMoney?: MoneyInput;
}

export interface Product {
  productType: ProductType;
  variants: readonly Variant[];
  variantOptionOrdering?: readonly string[];
  isSubscribable?: boolean;
  /** Digital products carry their own sale flag instead of variants'. */
  onSale?: boolean;
  additionalFieldsFormId?: string | null;
  additionalFieldsForm?: unknown;
  useCustomAddButtonText?: boolean;
  customAddButtonText?: string;
}
