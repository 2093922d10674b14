import type { FormDefinition, Product, SiteView, Variant } from '@atelier/contract';
import { hasUnlimitedStockByType, ProductType } from '@atelier/core/enums/product-types';
import type { InstallmentOffer } from '@atelier/core/installments/installments';
import { subscriptionMessages, timeMessages } from '@atelier/core/messages';
import type { CurrencyCode } from '@atelier/core/money/currencies';
import { formatMoney } from '@atelier/core/money/format';
import { toDecimalString } from '@atelier/core/money/money';
import { subscriptionPriceText } from '@atelier/core/product/subscription';
import { plainTextOf } from '@atelier/core/text/plain-text';
import { Island } from '../../islands/Island.tsx';
import { Price } from '../../ui/Price.tsx';
import { ResponsiveImage } from '../../ui/ResponsiveImage.tsx';
import ProductForm, { type ProductFormProps } from './ProductForm.island.tsx';
import { isVariantAvailable, summarizeProduct } from './product-view.ts';

export const PRODUCT_IMAGE_SIZES = '(max-width: 760px) 100vw, 560px';

type ProductPageProps = {
  product: Product;
  site: SiteView;
  additionalFieldsForm: FormDefinition | null;
  multipleQuantityAllowedForServices?: boolean;
  /** The store's pay-in-installments offer (issue 22); null: no pill. */
  installments?: InstallmentOffer | null;
};

export function ProductPage({
  product,
  site,
  additionalFieldsForm,
  multipleQuantityAllowedForServices = true,
  installments = null,
}: ProductPageProps) {
  const [mainImage, ...moreImages] = product.images;
  const summary = summarizeProduct(product);
  return (
    <article className="product-page" aria-labelledby="product-title">
      <div className="product-gallery">
        {mainImage ? (
          <ResponsiveImage
            className="product-gallery__main"
            image={mainImage}
            sizes={PRODUCT_IMAGE_SIZES}
            isPriority
          />
        ) : null}
        {moreImages.length > 0 ? (
          <div className="product-gallery__thumbs">
            {moreImages.map((image) => (
              <ResponsiveImage key={image.id} image={image} sizes="140px" />
            ))}
          </div>
        ) : null}
      </div>
      <div className="product-details">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <a href={product.fullUrl.split('/p/')[0]}>Shop</a>
        </nav>
        <h1 id="product-title">{product.title}</h1>
        <Island
          name="ProductForm"
          component={ProductForm}
          props={{
            product: productFormProduct(product),
            additionalFieldsForm,
            giftCardUrl: giftCardUrlOf(product),
            useCLDRMoneyFormat: site.useCLDRMoneyFormat,
            isExpressCheckout: site.isExpressCheckout,
            multipleQuantityAllowedForServices,
            installments,
            badge: summary.badge,
            variantImages: variantImagesOf(product),
          }}
        />
        {product.isSubscribable ? (
          <p className="subscription-note">{describePlan(product, site.useCLDRMoneyFormat)}</p>
        ) : null}
        {product.description ? (
          <div
            className="product-description"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on save
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        ) : null}
        {product.variants.length > 1 ? (
          <VariantTable product={product} useCLDRMoneyFormat={site.useCLDRMoneyFormat} />
        ) : null}
      </div>
    </article>
  );
}

/** Each variant's own image, for the form to show in the gallery when it is chosen. */
function variantImagesOf(product: Product): NonNullable<ProductFormProps['variantImages']> {
  const images = new Map(product.images.map((image) => [image.id, image]));
  const shown: NonNullable<ProductFormProps['variantImages']> = {};
  for (const variant of product.variants) {
    const image = variant.imageId ? images.get(variant.imageId) : undefined;
    if (image) {
      shown[variant.id] = {
        src: image.src,
        srcset: image.srcset,
        alt: image.altText,
        width: image.width,
        height: image.height,
      };
    }
  }
  return shown;
}

/** Every option combination with its price and availability: readable without script. */
function VariantTable({
  product,
  useCLDRMoneyFormat,
}: {
  product: Product;
  useCLDRMoneyFormat: boolean;
}) {
  return (
    <details className="variant-table">
      <summary>All options and availability</summary>
      <table>
        <thead>
          <tr>
            {product.variantOptionOrdering.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
            <th scope="col">Price</th>
            <th scope="col">Availability</th>
          </tr>
        </thead>
        <tbody>
          {product.variants.map((variant: Variant) => (
            <tr key={variant.id}>
              {product.variantOptionOrdering.map((name) => (
                <td key={name}>
                  {variant.optionValues.find((o) => o.optionName === name)?.value ?? ''}
                </td>
              ))}
              <td>
                <Price
                  priceCents={variant.priceCents}
                  salePriceCents={variant.salePriceCents}
                  isOnSale={variant.isOnSale}
                  currency={product.currency}
                  useCLDRMoneyFormat={useCLDRMoneyFormat}
                />
              </td>
              <td>{isVariantAvailable(variant) ? 'In stock' : 'Sold out'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Where a gift card product is bought; null for every other product. */
export function giftCardUrlOf(product: Pick<Product, 'productType' | 'urlId'>): string | null {
  return product.productType === ProductType.giftCard ? `/gift-card/${product.urlId}` : null;
}

/** The part of a product the product form island needs: nothing the page does not show. */
export function productFormProduct(product: Product): ProductFormProps['product'] {
  return {
    id: product.id,
    title: product.title,
    productType: product.productType,
    variants: product.variants,
    variantOptionOrdering: product.variantOptionOrdering,
    isSubscribable: product.isSubscribable,
    isOnSale: product.isOnSale,
    priceCents: product.priceCents,
    salePriceCents: product.salePriceCents,
    currency: product.currency,
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText,
    customSoldOutText: product.customSoldOutText,
    additionalFieldsFormId: product.additionalFieldsFormId,
    scarcity: product.scarcity,
    restock: product.restock,
  };
}

/** 'Subscription: $32.00 every month until you cancel.' ('Unavailable' for an unreadable plan). */
function describePlan(product: Product, useCLDRMoneyFormat: boolean): string {
  const first = product.variants[0];
  const cents =
    product.priceCents ?? (first ? (first.isOnSale ? first.salePriceCents : first.priceCents) : 0);
  const price = formatMoney(
    { minorUnits: cents, currency: product.currency as CurrencyCode },
    { useCLDRMoneyFormat },
  );
  const text = subscriptionPriceText(price, product.subscriptionPlan);
  if (text === timeMessages.unavailable) return text;
  return `Subscription: ${text}${
    product.subscriptionPlan?.numBillingCycles === 0
      ? ` ${subscriptionMessages.untilCancelled}`
      : ''
  }.`;
}

/** schema.org Product with one Offer per variant, for search engines and link previews. */
export function productStructuredData(product: Product, site: SiteView): object {
  const offers = product.variants.map((variant) => ({
    '@type': 'Offer',
    sku: variant.sku,
    price: toDecimal(
      variant.isOnSale ? variant.salePriceCents : variant.priceCents,
      product.currency,
    ),
    priceCurrency: product.currency,
    availability:
      isVariantAvailable(variant) || hasUnlimitedStockByType(product.productType)
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
    url: product.fullUrl,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: plainTextOf(product.description),
    image: product.images.map((image) => image.src),
    sku: product.variants[0]?.sku,
    brand: { '@type': 'Brand', name: site.title },
    offers,
  };
}

function toDecimal(minorUnits: number, currency: string): string {
  return toDecimalString({ minorUnits, currency: currency as CurrencyCode });
}
