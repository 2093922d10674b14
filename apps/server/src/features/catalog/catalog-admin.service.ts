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
import type { CategoryRow, CollectionRow, ProductRow, VariantRow } from '../../db/db-types.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { AppError, fail } from '../../http/errors.ts';
import { sanitizeRichText } from '../editor/rich-text-sanitize.ts';
import { renditionUrl } from '../media/media-urls.ts';
import type { UrlSpace } from '../url-space/url-space.ts';
import type { CatalogRepo, CatalogTransaction } from './catalog.repo.ts';
import { toProduct } from './catalog.service.ts';
import type { ProductCategories } from './product-categories.ts';
import {
  checkDetailMedia,
  type DetailColumns,
  detailMediaIds,
  draftProductDetails,
  toCatalogDetails,
} from './product-details.ts';
import {
  type CurrentProduct,
  draftNewProduct,
  draftProductChanges,
  INVALID_PRODUCT,
  type PlannedVariant,
  type ProductDraft,
  type VariantPlan,
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
  productCategories,
  productListRepo,
  urlSpace,
  currencyOf,
  onPublicChange = () => {},
}: {
  catalogRepo: CatalogRepo;
  /** The bulk "Add to category" is a category change (it tells the page cache itself). */
  productCategories: ProductCategories;
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
    const [variants, images, links, merchandising, currency, media, formerUrlIds] =
      await Promise.all([
        catalogRepo.listVariants(websiteId, [productId]),
        catalogRepo.listImages(websiteId, [productId]),
        catalogRepo.listProductCategories(websiteId, [productId]),
        catalogRepo.findMerchandising(websiteId, productId),
        currencyOf(websiteId),
        catalogRepo.findMedia(
          websiteId,
          [row.social_image_media_id, row.digital_media_id].filter((id) => id !== null),
        ),
        catalogRepo.listFormerUrlIds(websiteId, productId),
      ]);
    const weights = await catalogRepo.listVariantWeights(
      websiteId,
      variants.map((v) => v.variant_id),
    );
    const product = toProduct({
      row,
      variants,
      images,
      currency,
      collectionUrlId: collection.url_id,
    });
    return {
      ...product,
      ...toCatalogDetails({ row, media, formerUrlIds }),
      version: row.version,
      variants: product.variants.map((v) => ({ ...v, weightGrams: weights.get(v.id) ?? 0 })),
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

    listForms: (websiteId: string) => catalogRepo.listForms(websiteId),

    /** The scheduled-publication job's handler: idempotent, as jobs may run twice. */
    async publishScheduled(job: { website_id: string; payload: unknown }): Promise<void> {
      const productId = (job.payload as { productId?: unknown } | null)?.productId;
      if (typeof productId !== 'string') return;
      if (await catalogRepo.publishDue(job.website_id, productId)) onPublicChange(job.website_id);
    },

    /** A page of the merchant's product list, with the count of every match. */
    async listProducts(websiteId: string, query: ProductAdminListQuery): Promise<ProductAdminList> {
      const filter = {
        websiteId,
        q: query.q,
        productType: query.type,
        stock: query.stock,
        categoryId: query.category,
        tag: query.tag,
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
      const details = draftProductDetails(input, input.productType, new Date());
      const productId = await withUrlRetry(() =>
        catalogRepo.withTransaction((tx) =>
          insertDraft({ tx, websiteId, collectionId: input.collectionId, draft, details }),
        ),
      ).finally(changed(websiteId));
      return getCatalogProduct(websiteId, productId);
    },

    /**
     * Changes a product and, when asked, its variant set. With `expectedVersion` an edit
     * saved meanwhile refuses the change (PRODUCT_CHANGED, carrying the product as it is).
     */
    async updateProduct(
      websiteId: string,
      productId: string,
      patch: ProductUpdate,
    ): Promise<CatalogProduct> {
      const storeCurrency = await currencyOf(websiteId);
      // A new url id can be taken by a concurrent writer after the check; the retry then
      // finds it taken and answers 409 instead of a 500.
      const writing = withUrlRetry(() =>
        catalogRepo.withTransaction(async (tx) => {
          const row = await tx.lockProduct(websiteId, productId);
          if (!row) throw fail('PRODUCT_NOT_FOUND', 'Product not found');
          // Checked under the lock, so two saves from the same version cannot both pass.
          if (patch.expectedVersion !== undefined && patch.expectedVersion !== row.version) {
            throw new StaleVersion();
          }
          if (!isProductType(row.product_type)) throw new Error('unknown product type');
          const details = draftProductDetails(patch, row.product_type, new Date());
          await checkDetails(tx, websiteId, details);
          const currentVariants = await tx.lockVariants(websiteId, productId);
          const [weights, images] = await Promise.all([
            tx.listVariantWeights(
              websiteId,
              currentVariants.map((v) => v.variant_id),
            ),
            tx.listImages(websiteId, [productId]),
          ]);
          const changes = draftProductChanges({
            patch,
            current: currentProduct(
              row,
              images.map((image) => image.media_id),
            ),
            currentVariants: currentVariants.map((v) => ({
              id: v.variant_id,
              sku: v.sku,
              optionValues: v.option_values,
              priceCents: v.price_cents,
              salePriceCents: v.sale_price_cents,
              isOnSale: v.is_on_sale,
              qtyInStock: v.qty_in_stock,
              isUnlimited: v.is_unlimited,
              weightGrams: weights.get(v.variant_id) ?? 0,
              imageId: v.image_media_id,
            })),
            storeCurrency,
          });
          if (patch.urlId !== undefined && patch.urlId !== row.url_id) {
            const taken = await tx.listTakenUrlIds(websiteId, patch.urlId);
            if (taken.includes(patch.urlId)) throw urlTaken(patch.urlId);
            // Links already shared, indexed or bookmarked keep reaching the product.
            await tx.rememberFormerUrlId({
              websiteId,
              productId,
              oldUrlId: row.url_id,
              newUrlId: patch.urlId,
            });
          }
          if (details.publish_at)
            await tx.schedulePublish(websiteId, productId, details.publish_at);
          if (patch.mediaIds) await checkMedia(tx, websiteId, patch.mediaIds);
          await checkForm(tx, websiteId, patch.additionalFieldsFormId);
          if (patch.categories)
            await checkCategories(tx, websiteId, row.collection_id, patch.categories);
          const plan = changes.variants;
          if (plan) checkStockSeen(plan.variants, currentVariants, patch.variants ?? []);

          const { fields } = changes;
          await tx.updateProduct(websiteId, productId, {
            ...details,
            title: patch.title?.trim(),
            description:
              patch.description === undefined ? undefined : sanitizeRichText(patch.description),
            excerpt: patch.excerpt,
            url_id: patch.urlId,
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
            variant_option_ordering: plan && !isDigitalRow(row) ? plan.ordering : undefined,
          });
          if (plan) await writeVariants({ tx, websiteId, productId, plan, currentVariants });
          if (patch.categories) {
            await tx.replaceProductCategories(websiteId, productId, unique(patch.categories));
          }
          if (patch.mediaIds) {
            await tx.replaceProductImages(websiteId, productId, unique(patch.mediaIds));
            await tx.clearVariantImagesOutside(websiteId, productId, patch.mediaIds);
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
      try {
        await writing;
      } catch (error) {
        if (!(error instanceof StaleVersion)) throw error;
        // Read after the rollback: on the embedded database the transaction held the only
        // session, so the product could not be read from inside it.
        const current = await getCatalogProduct(websiteId, productId);
        throw new AppError('PRODUCT_CHANGED', productMessages.productChanged, undefined, current);
      }
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
     * Publish, hide, delete or add to a category several products at once (the product
     * list's bulk actions): one statement each, of the website's own products only; how
     * many changed.
     */
    async bulk(websiteId: string, input: ProductBulk): Promise<number> {
      const ids = [...new Set(input.productIds)];
      if (input.action === 'addToCategory') {
        // The schema requires the category with this action.
        return productCategories.addProducts(websiteId, ids, input.categoryId ?? '');
      }
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
  details: DetailColumns;
}): Promise<string> {
  const { tx, websiteId, collectionId, draft, details } = args;
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
  const variants = await assignSkus(tx, websiteId, null, draft.variants);
  await checkMedia(tx, websiteId, draft.mediaIds);
  await checkForm(tx, websiteId, draft.additionalFieldsFormId);
  await checkCategories(tx, websiteId, collectionId, draft.categoryIds);
  await checkDetails(tx, websiteId, details);
  // A renamed product's old address now belongs to this one.
  await tx.forgetFormerUrlId(websiteId, urlId);
  const product = await tx.insertProduct({
    product: {
      website_id: websiteId,
      collection_id: collectionId,
      product_type: draft.productType,
      url_id: urlId,
      title: draft.title,
      description: sanitizeRichText(draft.description),
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
      ...details,
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
      image_media_id: v.imageId,
      weight_grams: v.weightGrams,
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
  if (details.publish_at) {
    await tx.schedulePublish(websiteId, product.product_id, details.publish_at);
  }
  return product.product_id;
}

async function checkDetails(tx: CatalogTransaction, websiteId: string, details: DetailColumns) {
  const ids = detailMediaIds(details);
  if (ids.length > 0) checkDetailMedia(details, await tx.findMedia(websiteId, ids));
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

/**
 * Checks given SKUs are free in the website (but for `productId`'s own variants, which an
 * update may swap) and generates the missing ones. A clash names the product that has it.
 */
async function assignSkus<V extends { sku: string | undefined; at?: number }>(
  tx: CatalogTransaction,
  websiteId: string,
  productId: string | null,
  variants: readonly V[],
  keptSkus: readonly string[] = [],
): Promise<(V & { sku: string })[]> {
  const given = variants.flatMap((v) => (v.sku === undefined ? [] : [v.sku]));
  const owners = new Map(
    (await tx.listSkuOwners(websiteId, given, productId)).map((o) => [o.sku, o.title]),
  );
  if (owners.size > 0) {
    const fields: Record<string, string> = {};
    for (const [index, v] of variants.entries()) {
      const owner = v.sku === undefined ? undefined : owners.get(v.sku);
      if (v.sku !== undefined && owner !== undefined) {
        fields[`variants.${v.at ?? index}.sku`] = catalogMessages.skuTaken(v.sku, owner);
      }
    }
    throw fail('SKU_TAKEN', Object.values(fields)[0] ?? INVALID_PRODUCT, fields);
  }
  const used = new Set([...given, ...keptSkus]);
  const result: (V & { sku: string })[] = [];
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

/** A stock set from what the editor saw is refused when a sale or colleague changed it. */
function checkStockSeen(
  planned: readonly PlannedVariant[],
  current: readonly VariantRow[],
  sent: readonly { id?: string | undefined }[],
) {
  const byId = new Map(current.map((v) => [v.variant_id, v]));
  for (const variant of planned) {
    const seen = variant.stock?.expectedQtyInStock;
    const now = variant.id === null ? undefined : byId.get(variant.id);
    if (seen === undefined || !now) continue;
    // The message goes beside the row as the request listed it.
    const index = sent.findIndex((v) => v.id === variant.id);
    if (now.is_unlimited || now.qty_in_stock !== seen) {
      const message = productMessages.stockChanged(now.is_unlimited ? null : now.qty_in_stock);
      throw fail('STOCK_CHANGED', message, { [`variants.${index}.qtyInStock`]: message });
    }
  }
}

/**
 * Writes a planned variant set under the product's lock: deletions first (freeing their
 * SKUs), then SKU changes through a placeholder so two variants can swap SKUs without
 * tripping the unique index, then every kept variant, then the new ones.
 */
async function writeVariants(args: {
  tx: CatalogTransaction;
  websiteId: string;
  productId: string;
  plan: VariantPlan;
  currentVariants: readonly VariantRow[];
}): Promise<void> {
  const { tx, websiteId, productId, plan, currentVariants } = args;
  const currentSkus = new Map(currentVariants.map((v) => [v.variant_id, v.sku]));
  await tx.deleteVariants(websiteId, plan.removedIds);
  const isRenamed = (v: PlannedVariant) =>
    v.id !== null && v.sku !== undefined && v.sku !== currentSkus.get(v.id);
  // New variants and changed SKUs are checked against other products; the rest stay.
  const needing = plan.variants.flatMap((v, at) =>
    v.id === null || isRenamed(v) ? [{ sku: v.sku, at }] : [],
  );
  const finalSkus = plan.variants.flatMap((v) => {
    const sku = v.sku ?? (v.id === null ? undefined : currentSkus.get(v.id));
    return sku === undefined ? [] : [sku];
  });
  const assigned = new Map(
    (await assignSkus(tx, websiteId, productId, needing, finalSkus)).map((v) => [v.at, v.sku]),
  );
  const renamed = plan.variants.filter(isRenamed);
  for (const variant of renamed) {
    if (variant.id) await tx.updateVariant(websiteId, variant.id, { sku: `~${variant.id}` });
  }
  const weights: { variantId: string; grams: number }[] = [];
  for (const [index, variant] of plan.variants.entries()) {
    const sku = assigned.get(index) ?? variant.sku;
    const values = {
      option_values: JSON.stringify(variant.optionValues),
      display_index: index,
      image_media_id: variant.imageId,
      price_cents: variant.priceCents,
      sale_price_cents: variant.salePriceCents,
      is_on_sale: variant.isOnSale,
      is_unlimited: variant.isUnlimited,
      ...(variant.stock && { qty_in_stock: variant.stock.qtyInStock }),
    };
    let variantId = variant.id;
    if (variantId === null) {
      variantId = await tx.insertVariant({
        ...values,
        website_id: websiteId,
        product_id: productId,
        sku: sku ?? '',
      });
    } else {
      await tx.updateVariant(websiteId, variantId, { ...values, ...(sku && { sku }) });
    }
    weights.push({ variantId, grams: variant.weightGrams });
  }
  await tx.saveVariantWeights(websiteId, weights);
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

/** Thrown inside the transaction to roll it back; answered as PRODUCT_CHANGED after it. */
class StaleVersion extends Error {}

const isDigitalRow = (row: ProductRow): boolean =>
  isProductType(row.product_type) && isPricedOnProduct(row.product_type);

function currentProduct(row: ProductRow, mediaIds: string[]): CurrentProduct {
  if (!isProductType(row.product_type)) throw new Error(`unknown product type ${row.product_type}`);
  return {
    productType: row.product_type,
    variantOptionOrdering: row.variant_option_ordering,
    mediaIds,
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
