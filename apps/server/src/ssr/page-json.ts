import type { Image, Product, ProductList } from '@atelier/contract';
import { type CurrencyCode, productLevelPrice, toDecimalString } from '@atelier/core';
import type { Website } from '../features/websites/website.service.ts';

// `?format=json` on a public page answers with the data a template sees for it (SPEC §3
// "Item or record read by templates"). Built field by field from what the page already
// shows, so nothing private (stock costs, other sites' ids, shoppers' data) can leak in
// by accident.

type Money = { value: string; currency: string };

const money = (cents: number, currency: string): Money => ({
  value: toDecimalString({ minorUnits: cents, currency: currency as CurrencyCode }),
  currency,
});

export function websiteRecord(website: Website) {
  return {
    id: website.id,
    siteTitle: website.title,
    siteDescription: website.description,
    timeZone: website.timeZone,
    language: website.language,
    useCLDRMoneyFormat: website.useCLDRMoneyFormat,
    storeSettings: {
      currency: website.storeCurrency,
      multipleQuantityAllowedForServices: website.multipleQuantityAllowedForServices,
    },
  };
}

export function collectionRecord(collection: ProductList['collection']) {
  return {
    id: collection.id,
    urlId: collection.urlId,
    fullUrl: `/${collection.urlId}`,
    title: collection.title,
    description: collection.description,
    type: 'products',
    typeName: 'products',
    folder: false,
  };
}

function imageRecord(image: Image) {
  return {
    id: image.id,
    assetUrl: image.src,
    srcset: image.srcset,
    originalSize: `${image.width}x${image.height}`,
    mediaFocalPoint: image.focalPoint,
    altText: image.altText,
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function itemRecord(
  product: Product,
  collection: ProductList['collection'] | { id: string; urlId: string },
) {
  const [main] = product.images;
  const ownPrice = productLevelPrice(product);
  return {
    id: product.id,
    collectionId: collection?.id ?? null,
    recordType: 'store-item',
    typeName: 'product',
    fullUrl: product.fullUrl,
    urlId: product.urlId,
    title: product.title,
    excerpt: product.excerpt ? `<p>${escapeHtml(product.excerpt)}</p>` : '',
    // Stored as sanitized rich text (catalog admin), so it is HTML already.
    body: product.description,
    tags: product.tags,
    mainImageId: main?.id ?? null,
    mainImage: main ? imageRecord(main) : null,
    items: product.images.map(imageRecord),
    structuredContent: {
      productType: product.productType,
      variantOptionOrdering: product.variantOptionOrdering,
      isSubscribable: product.isSubscribable,
      subscriptionPlan: product.subscriptionPlan,
      useCustomAddButtonText: product.useCustomAddButtonText,
      customAddButtonText: product.customAddButtonText,
      additionalFieldsFormId: product.additionalFieldsFormId,
      ...(ownPrice
        ? {
            priceMoney: money(ownPrice.priceCents, product.currency),
            salePriceMoney: money(ownPrice.salePriceCents ?? 0, product.currency),
            onSale: ownPrice.isOnSale,
          }
        : {}),
      variants: product.variants.map((variant) => ({
        id: variant.id,
        sku: variant.sku,
        attributes: Object.fromEntries(variant.optionValues.map((o) => [o.optionName, o.value])),
        optionValues: variant.optionValues,
        priceMoney: money(variant.priceCents, product.currency),
        salePriceMoney: money(variant.salePriceCents, product.currency),
        onSale: variant.isOnSale,
        qtyInStock: variant.qtyInStock,
        unlimited: variant.isUnlimited,
      })),
    },
  };
}
