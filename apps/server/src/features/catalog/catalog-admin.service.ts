import { randomInt } from 'node:crypto';
import type {
  CatalogProduct,
  Category,
  CategoryCreate,
  Collection,
  CollectionCreate,
  ProductAdminList,
  ProductAdminListQuery,
  ProductBulk,
  ProductCreate,
  ProductSummary,
  ProductUpdate,
  StockUpdate,
} from '@atelier/contract';
import {
  catalogMessages,
  DEFAULT_SCARCITY_THRESHOLD,
  editorMessages,
  generateUrlId,
  hasUnlimitedStockByType,
  isPricedOnProduct,
  isProductType,
  MAX_CATEGORY_LENGTH,
  MAX_NESTED_CATEGORIES,
  MAX_PRODUCTS_PER_COLLECTION,
  ProductType,
  productMessages,
} from '@atelier/core';
import type { CategoryRow, CollectionRow, ProductRow } from '../../db/db-types.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { type AppError, fail } from '../../http/errors.ts';
import { renditionUrl } from '../media/media-urls.ts';
import type { UrlSpace } from '../url-space/url-space.ts';
import type { CatalogRepo, CatalogTransaction } from './catalog.repo.ts';
import { toProduct } from './catalog.service.ts';
import {
  type CurrentProduct,
  type DraftVariant,
  draftNewProduct,
  draftProductChanges,
  INVALID_PRODUCT,
  type ProductDraft,
} from './product-input.ts';
import type { ProductListRepo, ProductSummaryRow } from './product-list.repo.ts';

// The merchant's side of the catalog: creating and changing products, collections and
// categories. Each call is one transaction, so a failure never leaves half a product.
// The store currency is read before a transaction opens: on the embedded database a
// transaction holds the only session, and a read through another repo would wait forever.

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;

/** Used when a title slugifies to under 3 characters (SPEC §5). */
const FALLBACK_TITLES = { product: 'product', collection: 'products', category: 'category' };
/** A concurrent writer may take a generated url id between our check and our insert. */
const MAX_ATTEMPTS = 3;

export function createCatalogAdminService({
  catalogRepo,
  productListRepo,
  urlSpace,
  currencyOf,
  onPublicChange = () => {},
}: {
  catalogRepo: CatalogRepo;
  productListRepo: ProductListRepo;
  /** A collection's url id is checked and generated there, with pages and the server's routes. */
  urlSpace: UrlSpace;
  /** The store currency of a website: prices are always in it. */
  currencyOf: (websiteId: string) => Promise<string>;
  /**
   * Told after every write that can change a public page, so the page cache drops them.
   * Called in `finally`: after the commit (a page rendered later reads the new rows), and
   * even on failure, since a commit may precede the error; a wasted render is harmless.
   */
  onPublicChange?: (websiteId: string) => void;
}) {
  const changed = (websiteId: string) => () => onPublicChange(websiteId);

  async function getCatalogProduct(websiteId: string, productId: string): Promise<CatalogProduct> {
    const row = await catalogRepo.findProductById(websiteId, productId);
    const collection = row && (await catalogRepo.findCollectionById(websiteId, row.collection_id));
    if (!row || !collection) throw fail('PRODUCT_NOT_FOUND', 'Product not found');
    const [variants, images, links, merchandising, currency] = await Promise.all([
      catalogRepo.listVariants(websiteId, [productId]),
      catalogRepo.listImages(websiteId, [productId]),
      catalogRepo.listProductCategories(websiteId, [productId]),
      catalogRepo.findMerchandising(websiteId, productId),
      currencyOf(websiteId),
    ]);
    return {
      ...toProduct({ row, variants, images, currency, collectionUrlId: collection.url_id }),
      collectionId: row.collection_id,
      isVisible: row.is_visible,
      categoryIds: links.map((link) => link.category_id),
      additionalFieldsFormId: row.additional_fields_form_id,
      merchandising: {
        scarcityEnabled: merchandising?.is_scarcity_enabled ?? false,
        scarcityText: merchandising?.scarcity_text ?? null,
        scarcityThreshold: merchandising?.scarcity_threshold ?? null,
        customSoldOutText: row.custom_sold_out_text,
        restockNotificationsEnabled: merchandising?.is_restock_notification_enabled ?? true,
      },
    };
  }

  return {
    getProduct: getCatalogProduct,

    /** A page of the merchant's product list, with the count of every match. */
    async listProducts(websiteId: string, query: ProductAdminListQuery): Promise<ProductAdminList> {
      const filter = {
        websiteId,
        q: query.q,
        productType: query.type,
        stock: query.stock,
        isVisible: query.visibility === undefined ? undefined : query.visibility === 'visible',
        unlimitedTypes: ALL_PRODUCT_TYPES.filter(hasUnlimitedStockByType),
        productPricedTypes: ALL_PRODUCT_TYPES.filter(isPricedOnProduct),
        defaultThreshold: DEFAULT_SCARCITY_THRESHOLD,
      };
      const [rows, total, currency] = await Promise.all([
        productListRepo.listSummaries({
          filter,
          sort: query.sort,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        productListRepo.countSummaries(filter),
        currencyOf(websiteId),
      ]);
      return {
        products: rows.map((row) => toProductSummary(row, currency)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async createProduct(websiteId: string, input: ProductCreate): Promise<CatalogProduct> {
      const draft = draftNewProduct(input, await currencyOf(websiteId));
      const productId = await withUrlRetry(() =>
        catalogRepo.withTransaction((tx) =>
          insertDraft({ tx, websiteId, collectionId: input.collectionId, draft }),
        ),
      ).finally(changed(websiteId));
      return getCatalogProduct(websiteId, productId);
    },

    async updateProduct(
      websiteId: string,
      productId: string,
      patch: ProductUpdate,
    ): Promise<CatalogProduct> {
      const storeCurrency = await currencyOf(websiteId);
      // A new url id can be taken by a concurrent writer after the check; the retry then
      // finds it taken and answers 409 instead of a 500.
      await withUrlRetry(() =>
        catalogRepo.withTransaction(async (tx) => {
          const row = await tx.lockProduct(websiteId, productId);
          if (!row) throw fail('PRODUCT_NOT_FOUND', 'Product not found');
          const currentVariants = await tx.listVariants(websiteId, [productId]);
          const changes = draftProductChanges({
            patch,
            current: currentProduct(row),
            currentVariants: currentVariants.map((v) => ({
              id: v.variant_id,
              priceCents: v.price_cents,
              salePriceCents: v.sale_price_cents,
              isOnSale: v.is_on_sale,
              qtyInStock: v.qty_in_stock,
              isUnlimited: v.is_unlimited,
            })),
            storeCurrency,
          });
          if (patch.urlId !== undefined && patch.urlId !== row.url_id) {
            const taken = await tx.listTakenUrlIds(websiteId, patch.urlId);
            if (taken.includes(patch.urlId)) throw urlTaken(patch.urlId);
          }
          if (patch.mediaIds) await checkMedia(tx, websiteId, patch.mediaIds);
          await checkForm(tx, websiteId, patch.additionalFieldsFormId);
          if (patch.categories)
            await checkCategories(tx, websiteId, row.collection_id, patch.categories);

          const { fields } = changes;
          await tx.updateProduct(websiteId, productId, {
            title: patch.title?.trim(),
            description: patch.description,
            excerpt: patch.excerpt,
            url_id: patch.urlId,
            is_visible: patch.isVisible,
            tags: changes.tags,
            additional_fields_form_id: patch.additionalFieldsFormId,
            custom_sold_out_text:
              patch.merchandising?.customSoldOutText === undefined
                ? undefined
                : patch.merchandising.customSoldOutText?.trim() || null,
            is_subscribable: fields.isSubscribable,
            subscription_plan: fields.subscriptionPlan
              ? JSON.stringify(fields.subscriptionPlan)
              : null,
            price_cents: fields.priceCents,
            sale_price_cents: fields.salePriceCents,
            is_on_sale: fields.isOnSale,
            use_custom_add_button_text: fields.useCustomAddButtonText,
            custom_add_button_text: fields.customAddButtonText,
          });
          for (const variant of changes.variants) {
            await tx.updateVariant(websiteId, variant.id, {
              price_cents: variant.priceCents,
              sale_price_cents: variant.salePriceCents,
              is_on_sale: variant.isOnSale,
              qty_in_stock: variant.qtyInStock,
              is_unlimited: variant.isUnlimited,
            });
          }
          if (patch.categories) {
            await tx.replaceProductCategories(websiteId, productId, unique(patch.categories));
          }
          if (patch.mediaIds) {
            await tx.replaceProductImages(websiteId, productId, unique(patch.mediaIds));
          }
          if (patch.merchandising) {
            const current = await tx.findMerchandising(websiteId, productId);
            const m = patch.merchandising;
            await tx.saveMerchandising({
              website_id: websiteId,
              product_id: productId,
              is_scarcity_enabled: m.scarcityEnabled ?? current?.is_scarcity_enabled ?? false,
              scarcity_text:
                m.scarcityText === undefined
                  ? (current?.scarcity_text ?? null)
                  : m.scarcityText?.trim() || null,
              scarcity_threshold:
                m.scarcityThreshold === undefined
                  ? (current?.scarcity_threshold ?? null)
                  : m.scarcityThreshold,
              is_restock_notification_enabled:
                m.restockNotificationsEnabled ?? current?.is_restock_notification_enabled ?? true,
            });
          }
        }),
      ).finally(changed(websiteId));
      return getCatalogProduct(websiteId, productId);
    },

    /** Sets one variant's stock outright: what an inventory screen's edit means. */
    async updateStock(
      websiteId: string,
      ids: { productId: string; variantId: string },
      stock: StockUpdate,
    ): Promise<CatalogProduct> {
      const writing = catalogRepo.withTransaction(async (tx) => {
        const row = await tx.lockProduct(websiteId, ids.productId);
        const variants = row ? await tx.listVariants(websiteId, [ids.productId]) : [];
        const variant = variants.find((v) => v.variant_id === ids.variantId);
        if (!row || !variant) throw fail('VARIANT_NOT_FOUND', 'Variant not found');
        // Read under the product's lock, so a sale or a colleague's change cannot slip in.
        const seen = stock.expectedQtyInStock;
        if (seen !== undefined && (variant.is_unlimited || variant.qty_in_stock !== seen)) {
          const current = variant.is_unlimited ? null : variant.qty_in_stock;
          throw fail('STOCK_CHANGED', productMessages.stockChanged(current), {
            qtyInStock: productMessages.stockChanged(current),
          });
        }
        const isUnlimited =
          (isProductType(row.product_type) && hasUnlimitedStockByType(row.product_type)) ||
          (stock.unlimited ?? variant.is_unlimited);
        const qty =
          stock.adjustBy === undefined
            ? (stock.qtyInStock ?? variant.qty_in_stock)
            : variant.qty_in_stock + stock.adjustBy;
        if (!isUnlimited && qty < 0) {
          throw fail('PRODUCT_INVALID', productMessages.stockBelowZero, {
            adjustBy: productMessages.stockBelowZero,
          });
        }
        await tx.updateVariant(websiteId, variant.variant_id, {
          is_unlimited: isUnlimited,
          qty_in_stock: isUnlimited ? 0 : qty,
        });
      });
      await writing.finally(changed(websiteId));
      return getCatalogProduct(websiteId, ids.productId);
    },

    /**
     * Publish, hide or delete several products at once (the product list's bulk actions):
     * one statement each, of the website's own products only; how many changed.
     */
    async bulk(websiteId: string, input: ProductBulk): Promise<number> {
      const ids = [...new Set(input.productIds)];
      const writing =
        input.action === 'delete'
          ? catalogRepo.deleteProducts(websiteId, ids)
          : catalogRepo.setVisibility(websiteId, ids, input.action === 'publish');
      return writing.finally(changed(websiteId));
    },

    async deleteProduct(websiteId: string, productId: string): Promise<void> {
      // Variants, images, categories, merchandising and cart entries go with it (cascade).
      const deleting = catalogRepo.deleteProduct(websiteId, productId);
      if (!(await deleting.finally(changed(websiteId)))) {
        throw fail('PRODUCT_NOT_FOUND', 'Product not found');
      }
    },

    async createCollection(websiteId: string, input: CollectionCreate): Promise<Collection> {
      const row = await withUrlRetry(async () => {
        const urlId = await chooseCollectionUrlId(websiteId, input);
        return catalogRepo.insertCollection({
          website_id: websiteId,
          collection_type: 'products',
          url_id: urlId,
          title: input.title.trim(),
          navigation_title: input.navigationTitle?.trim() || input.title.trim(),
          description: input.description ?? '',
          is_enabled: input.enabled ?? true,
        });
      }).finally(changed(websiteId));
      return toCollection(row);
    },

    async createCategory(
      websiteId: string,
      collectionId: string,
      input: CategoryCreate,
    ): Promise<Category> {
      const displayName = input.displayName.trim();
      if (displayName === '') {
        throw fail('CATEGORY_INVALID', 'The category is not valid.', {
          displayName: catalogMessages.categoryNameNeeded,
        });
      }
      if (displayName.length > MAX_CATEGORY_LENGTH) {
        throw fail('CATEGORY_INVALID', 'The category is not valid.', {
          displayName: catalogMessages.categoryNameTooLong,
        });
      }
      const writing = catalogRepo.withTransaction(async (tx) => {
        // The lock makes slug choice and the count check safe against a concurrent create.
        const collection = await tx.lockCollection(websiteId, collectionId);
        if (collection?.collection_type !== 'products')
          throw fail('COLLECTION_NOT_FOUND', 'Collection not found');
        const existing = await tx.listCategories(websiteId, collectionId);
        if (existing.length >= MAX_NESTED_CATEGORIES) {
          throw fail('CATEGORY_LIMIT', catalogMessages.tooManyCategories);
        }
        const parentId = input.parentCategoryId ?? null;
        if (parentId && !existing.some((c) => c.category_id === parentId)) {
          throw fail('CATEGORY_INVALID', 'The category is not valid.', {
            parentCategoryId: catalogMessages.unknownParent,
          });
        }
        const isDuplicate = existing.some(
          (c) =>
            c.parent_category_id === parentId &&
            c.display_name.toLowerCase() === displayName.toLowerCase(),
        );
        if (isDuplicate) {
          const message = editorMessages.tagExists('category');
          throw fail('CATEGORY_TAKEN', message, { displayName: message });
        }
        return tx.insertCategory({
          website_id: websiteId,
          collection_id: collectionId,
          parent_category_id: parentId,
          display_name: displayName,
          slug: generateUrlId({
            title: displayName,
            fallbackTitle: FALLBACK_TITLES.category,
            takenIds: new Set(existing.map((c) => c.slug)),
          }),
          display_index: input.displayIndex ?? 1,
        });
      });
      const row = await writing.finally(changed(websiteId));
      return toCategory(row);
    },
  };

  async function chooseCollectionUrlId(websiteId: string, input: CollectionCreate) {
    const chosen = input.urlId?.trim();
    if (chosen) {
      await urlSpace.check({ websiteId, segment: chosen, field: 'urlId' });
      return chosen;
    }
    return urlSpace.generate({
      websiteId,
      title: input.title,
      fallbackTitle: FALLBACK_TITLES.collection,
    });
  }
}

/** Inserts a checked draft in the caller's transaction (also the CSV import's way in). */
export async function insertDraft(args: {
  tx: CatalogTransaction;
  websiteId: string;
  collectionId: string;
  draft: ProductDraft;
}): Promise<string> {
  const { tx, websiteId, collectionId, draft } = args;
  // Locking the collection serialises creations in it, so two cannot both take the 200th place.
  const collection = await tx.lockCollection(websiteId, collectionId);
  if (collection?.collection_type !== 'products') {
    throw fail('PRODUCT_INVALID', INVALID_PRODUCT, {
      collectionId: catalogMessages.notProductCollection,
    });
  }
  const count = await tx.countProductsInCollection(websiteId, collectionId);
  if (count >= MAX_PRODUCTS_PER_COLLECTION) {
    throw fail('COLLECTION_FULL', catalogMessages.collectionFull, {
      collectionId: catalogMessages.collectionFull,
    });
  }
  const urlId = await chooseProductUrlId(tx, websiteId, draft);
  const variants = await assignSkus(tx, websiteId, draft.variants);
  await checkMedia(tx, websiteId, draft.mediaIds);
  await checkForm(tx, websiteId, draft.additionalFieldsFormId);
  await checkCategories(tx, websiteId, collectionId, draft.categoryIds);
  const product = await tx.insertProduct({
    product: {
      website_id: websiteId,
      collection_id: collectionId,
      product_type: draft.productType,
      url_id: urlId,
      title: draft.title,
      description: draft.description,
      excerpt: draft.excerpt,
      variant_option_ordering: draft.variantOptionOrdering,
      is_subscribable: draft.isSubscribable,
      subscription_plan: draft.subscriptionPlan ? JSON.stringify(draft.subscriptionPlan) : null,
      price_cents: draft.priceCents,
      sale_price_cents: draft.salePriceCents,
      is_on_sale: draft.isOnSale,
      additional_fields_form_id: draft.additionalFieldsFormId,
      use_custom_add_button_text: draft.useCustomAddButtonText,
      custom_add_button_text: draft.customAddButtonText,
      custom_sold_out_text: draft.customSoldOutText,
      tags: draft.tags,
      is_visible: draft.isVisible,
      // New products go to the end of the collection.
      display_index: count,
    },
    variants: variants.map((v) => ({
      sku: v.sku,
      option_values: JSON.stringify(v.optionValues),
      price_cents: v.priceCents,
      sale_price_cents: v.salePriceCents,
      is_on_sale: v.isOnSale,
      qty_in_stock: v.qtyInStock,
      is_unlimited: v.isUnlimited,
    })),
    mediaIds: draft.mediaIds,
    categoryIds: draft.categoryIds,
    merchandising: {
      is_scarcity_enabled: draft.merchandising.isScarcityEnabled,
      scarcity_text: draft.merchandising.scarcityText,
      scarcity_threshold: draft.merchandising.scarcityThreshold,
      is_restock_notification_enabled: draft.merchandising.isRestockNotificationEnabled,
    },
  });
  return product.product_id;
}

async function chooseProductUrlId(
  tx: CatalogTransaction,
  websiteId: string,
  draft: ProductDraft,
): Promise<string> {
  if (draft.urlId !== undefined) {
    const taken = await tx.listTakenUrlIds(websiteId, draft.urlId);
    if (taken.includes(draft.urlId)) throw urlTaken(draft.urlId);
    return draft.urlId;
  }
  const generate = (takenIds: ReadonlySet<string>) =>
    generateUrlId({ title: draft.title, fallbackTitle: FALLBACK_TITLES.product, takenIds });
  const base = generate(new Set());
  return generate(new Set(await tx.listTakenUrlIds(websiteId, base)));
}

/** Checks given SKUs are free in the website and generates the missing ones. */
async function assignSkus(
  tx: CatalogTransaction,
  websiteId: string,
  variants: readonly DraftVariant[],
): Promise<(DraftVariant & { sku: string })[]> {
  const given = variants.flatMap((v) => (v.sku === undefined ? [] : [v.sku]));
  const taken = new Set(await tx.listTakenSkus(websiteId, given));
  if (taken.size > 0) {
    const fields: Record<string, string> = {};
    for (const [index, v] of variants.entries()) {
      if (v.sku !== undefined && taken.has(v.sku)) {
        fields[`variants.${index}.sku`] = catalogMessages.skuTaken(v.sku);
      }
    }
    throw fail('SKU_TAKEN', Object.values(fields)[0] ?? INVALID_PRODUCT, fields);
  }
  const used = new Set(given);
  const result: (DraftVariant & { sku: string })[] = [];
  for (const v of variants) {
    let sku = v.sku;
    while (sku === undefined || (v.sku === undefined && used.has(sku))) {
      // The SQ + 7 digits form editors already know; collisions are rare and re-drawn.
      const candidate = `SQ${randomInt(1_000_000, 10_000_000)}`;
      if ((await tx.listTakenSkus(websiteId, [candidate])).length === 0) sku = candidate;
    }
    used.add(sku);
    result.push({ ...v, sku });
  }
  return result;
}

async function checkForm(
  tx: CatalogTransaction,
  websiteId: string,
  formId: string | null | undefined,
) {
  if (formId && !(await tx.hasForm(websiteId, formId))) {
    throw fail('PRODUCT_INVALID', INVALID_PRODUCT, {
      additionalFieldsFormId: catalogMessages.unknownForm,
    });
  }
}

async function checkMedia(tx: CatalogTransaction, websiteId: string, mediaIds: readonly string[]) {
  const existing = new Set(await tx.listExistingMediaIds(websiteId, unique(mediaIds)));
  if (mediaIds.some((id) => !existing.has(id))) {
    throw fail('PRODUCT_INVALID', INVALID_PRODUCT, { mediaIds: catalogMessages.unknownMedia });
  }
}

async function checkCategories(
  tx: CatalogTransaction,
  websiteId: string,
  collectionId: string,
  categoryIds: readonly string[],
) {
  if (categoryIds.length === 0) return;
  const known = new Set(
    (await tx.listCategories(websiteId, collectionId)).map((c) => c.category_id),
  );
  if (categoryIds.some((id) => !known.has(id))) {
    throw fail('PRODUCT_INVALID', INVALID_PRODUCT, { categories: catalogMessages.unknownCategory });
  }
}

/**
 * Retries `work` when a concurrent writer took its generated url id first; an explicit
 * url id or SKU that is taken is the caller's to change, so it becomes a 409.
 */
async function withUrlRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (!constraint) throw error;
      if (constraint.endsWith('url_id_key') && attempt < MAX_ATTEMPTS) continue;
      const field = constraint.includes('sku') ? 'variants' : 'urlId';
      const message =
        field === 'urlId'
          ? 'That URL was just taken; try again'
          : 'A SKU was just taken; try again';
      throw fail(field === 'urlId' ? 'URL_TAKEN' : 'SKU_TAKEN', message, { [field]: message });
    }
  }
}

function urlTaken(urlId: string): AppError {
  const message = catalogMessages.urlTaken(urlId);
  return fail('URL_TAKEN', message, { urlId: message });
}

function currentProduct(row: ProductRow): CurrentProduct {
  if (!isProductType(row.product_type)) throw new Error(`unknown product type ${row.product_type}`);
  return {
    productType: row.product_type,
    isSubscribable: row.is_subscribable,
    subscriptionPlan: row.subscription_plan,
    priceCents: row.price_cents,
    salePriceCents: row.sale_price_cents,
    isOnSale: row.is_on_sale,
    useCustomAddButtonText: row.use_custom_add_button_text,
    customAddButtonText: row.custom_add_button_text,
  };
}

const ALL_PRODUCT_TYPES = Object.values(ProductType);

/** A 40 px thumbnail wants the smallest rendition that is still sharp at 2x. */
const THUMBNAIL_WIDTH = 80;

function toProductSummary(row: ProductSummaryRow, currency: string): ProductSummary {
  const image = row.thumbnail;
  let thumbnail: ProductSummary['thumbnail'] = null;
  if (image) {
    const widths = image.variant_widths.length > 0 ? image.variant_widths : [image.width];
    const width = widths.find((w) => w >= THUMBNAIL_WIDTH) ?? widths.at(-1) ?? image.width;
    thumbnail = {
      src: renditionUrl(row.website_id, image.media_id, width),
      altText: image.alt_text,
    };
  }
  return {
    id: row.product_id,
    title: row.title,
    urlId: row.url_id,
    collectionUrlId: row.collection_url_id,
    productType: row.product_type as ProductSummary['productType'],
    isVisible: row.is_visible,
    thumbnail,
    priceCents: row.price_cents,
    currency,
    variantCount: row.variant_count,
    skus: row.skus,
    totalStock: row.is_unlimited ? null : row.total_stock,
    stockState: row.stock_state,
    updatedAt: row.updated_at.toISOString(),
  };
}

function toCollection(row: CollectionRow): Collection {
  return {
    id: row.collection_id,
    type: 'products',
    urlId: row.url_id,
    fullUrl: `/${row.url_id}`,
    title: row.title,
    navigationTitle: row.navigation_title,
    description: row.description,
    enabled: row.is_enabled,
  };
}

function toCategory(row: CategoryRow): Category {
  return {
    id: row.category_id,
    collectionId: row.collection_id,
    slug: row.slug,
    displayName: row.display_name,
    parentCategoryId: row.parent_category_id,
    type: 'ROOT',
    pageRendering: 'LIST_VIEW',
    displayIndex: row.display_index,
  };
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
