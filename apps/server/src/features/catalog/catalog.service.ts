import {
  type CategorySummary,
  type InventoryPreferences,
  type Product,
  type ProductList,
  preferenceDefaults,
  productSchema,
  type StockResponse,
} from '@atelier/contract';
import { type ProductType, restockSuccessText } from '@atelier/core';
import type {
  CategoryRow,
  MerchandisingRow,
  OptionValue,
  ProductRow,
  SubscriptionPlan,
  VariantRow,
} from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import { toImage } from '../media/media-urls.ts';
import type { CatalogRepo, ProductImageRow } from './catalog.repo.ts';
import { socialImageSrc } from './product-details.ts';

export type CatalogService = ReturnType<typeof createCatalogService>;

export type NewProductInput = {
  websiteId: string;
  collectionId: string;
  productType: ProductType;
  title: string;
  urlId: string;
  description?: string;
  excerpt?: string;
  variantOptionOrdering?: string[];
  isSubscribable?: boolean;
  subscriptionPlan?: SubscriptionPlan | null;
  priceCents?: number | null;
  salePriceCents?: number | null;
  isOnSale?: boolean;
  customSoldOutText?: string | null;
  additionalFieldsFormId?: string | null;
  tags?: string[];
  displayIndex?: number;
  variants: {
    sku: string;
    optionValues?: OptionValue[];
    priceCents: number;
    salePriceCents?: number;
    isOnSale?: boolean;
    qtyInStock?: number;
    isUnlimited?: boolean;
    /** One of `mediaIds`: the image shown when this variant is chosen. */
    imageId?: string | null;
  }[];
  mediaIds?: string[];
};

const SEARCH_LIMIT = 50;

export function createCatalogService({
  catalogRepo,
  currencyOf,
  onPublicChange = () => {},
  onBrokenRecord = () => {},
  storeScarcityOf = async () => preferenceDefaults.inventory,
}: {
  catalogRepo: CatalogRepo;
  /** Where the store shows scarcity messages and its threshold (inventory settings). */
  storeScarcityOf?: (websiteId: string) => Promise<InventoryPreferences>;
  /** The store currency of a website: prices are always in it. */
  currencyOf: (websiteId: string) => Promise<string>;
  /** Told after a write that can change a public page (the page cache drops them). */
  onPublicChange?: (websiteId: string) => void;
  /** Told about a stored product that no longer reads as one; it is left out, not shown. */
  onBrokenRecord?: (record: { websiteId: string; productId: string; problem: string }) => void;
}) {
  /**
   * A row written by an old version or by hand can break the product contract (a variant's
   * options not a list, a plan of the wrong shape). That product is left out — logged —
   * so the collection, the search and every other page still render.
   */
  function keepShowable(websiteId: string, products: Product[]): Product[] {
    return products.filter((product) => {
      const checked = productSchema.safeParse(product);
      if (checked.success) return true;
      onBrokenRecord({
        websiteId,
        productId: product.id,
        problem: checked.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
          .join('; '),
      });
      return false;
    });
  }

  /**
   * Products as visitors see them. `place` says where: the product page or a block, list
   * or quick view, which the store's scarcity settings treat apart.
   */
  async function assemble(
    websiteId: string,
    rows: ProductRow[],
    collectionUrlId: string,
    place: 'product-page' | 'blocks' = 'blocks',
  ) {
    const ids = rows.map((row) => row.product_id);
    const [variants, images, merchandising, currency, store] = await Promise.all([
      catalogRepo.listVariants(websiteId, ids),
      catalogRepo.listImages(websiteId, ids),
      catalogRepo.listMerchandising(websiteId, ids),
      currencyOf(websiteId),
      storeScarcityOf(websiteId),
    ]);
    const isScarcityShown =
      place === 'product-page' ? store.scarcityOnProductPage : store.scarcityInBlocks;
    const merchandisingByProduct = new Map(merchandising.map((m) => [m.product_id, m]));
    const variantsByProduct = groupBy(variants, (v) => v.product_id);
    const imagesByProduct = groupBy(images, (i) => i.product_id);
    return keepShowable(
      websiteId,
      rows.map((row) => {
        const product = toProduct({
          row,
          variants: variantsByProduct.get(row.product_id) ?? [],
          images: imagesByProduct.get(row.product_id) ?? [],
          merchandising: merchandisingByProduct.get(row.product_id),
          currency,
          collectionUrlId,
        });
        const { scarcity } = product;
        return {
          ...product,
          restock: product.restock
            ? {
                successText: restockSuccessText(store.restockSuccessText),
                // Offered only with a list to join.
                mailingListSignUpEnabled:
                  store.restockMailingListSignUp && store.restockMailingListId !== '',
                mailingListOptInByDefault: store.restockMailingListOptInByDefault,
              }
            : null,
          scarcity:
            scarcity && isScarcityShown
              ? { text: scarcity.text, threshold: scarcity.threshold ?? store.scarcityThreshold }
              : null,
        };
      }),
    );
  }

  /**
   * The products of a store collection with its categories, or undefined when the url is
   * not one. With a category slug, only the products in that category or any category
   * nested below it; an unknown slug is no list at all.
   */
  async function findCollectionList(
    websiteId: string,
    collectionUrlId: string,
    options: { categorySlug?: string } = {},
  ): Promise<ProductList | undefined> {
    const collection = await catalogRepo.findCollectionByUrlId(websiteId, collectionUrlId);
    if (collection?.collection_type !== 'products' || !collection.is_enabled) {
      return undefined;
    }
    const [rows, categoryRows] = await Promise.all([
      catalogRepo.listProductsInCollection(websiteId, collection.collection_id),
      catalogRepo.listCategories(websiteId, collection.collection_id),
    ]);
    const categories = categoryRows.map(toCategorySummary);
    let shownIds: ReadonlySet<string> | undefined;
    if (options.categorySlug !== undefined) {
      const chosen = categories.find((c) => c.slug === options.categorySlug);
      if (!chosen) return undefined;
      shownIds = withDescendants(categories, chosen.id);
    }
    const links = await catalogRepo.listProductCategories(
      websiteId,
      rows.map((row) => row.product_id),
    );
    const categoryIdsOf = groupBy(links, (link) => link.product_id);
    const shownRows = shownIds
      ? rows.filter((row) =>
          (categoryIdsOf.get(row.product_id) ?? []).some((link) => shownIds.has(link.category_id)),
        )
      : rows;
    const products = await assemble(websiteId, shownRows, collection.url_id);
    return {
      collection: {
        id: collection.collection_id,
        urlId: collection.url_id,
        title: collection.title,
        description: collection.description,
      },
      categories,
      products: products.map((product) => ({
        ...product,
        categoryIds: (categoryIdsOf.get(product.id) ?? []).map((link) => link.category_id),
      })),
    };
  }

  return {
    findCollectionList,

    async getCollectionList(
      websiteId: string,
      collectionUrlId: string,
      options: { categorySlug?: string } = {},
    ): Promise<ProductList> {
      const list = await findCollectionList(websiteId, collectionUrlId, options);
      if (!list) throw fail('COLLECTION_NOT_FOUND', 'Collection not found');
      return list;
    },

    async getProduct(websiteId: string, collectionUrlId: string, urlId: string): Promise<Product> {
      // The product page's first read: product and collection in one round trip.
      const found = await catalogRepo.findProductWithCollectionUrl(websiteId, urlId);
      if (!found || found.collectionUrlId !== collectionUrlId) {
        throw fail('PRODUCT_NOT_FOUND', 'Product not found');
      }
      const [product] = await assemble(
        websiteId,
        [found.row],
        found.collectionUrlId,
        'product-page',
      );
      if (!product) throw fail('PRODUCT_NOT_FOUND', 'Product not found');
      return product;
    },

    /** The address a product renamed from `urlId` now has, for a permanent redirect. */
    async findRenamedProductUrl(websiteId: string, urlId: string): Promise<string | undefined> {
      const found = await catalogRepo.findProductRedirect(websiteId, urlId);
      return found && `/${found.collectionUrlId}/p/${found.urlId}`;
    },

    /** A product's social image (SEO), as link previews fetch it. */
    async socialImageOf(websiteId: string, product: Product): Promise<string | undefined> {
      const id = product.seo.socialImageId;
      const image = id ? (await catalogRepo.findMedia(websiteId, [id])).get(id) : undefined;
      // Link previews show about 1200 px wide; the rendition at or above that, or the largest.
      return image && image.width > 0 ? socialImageSrc(image, 1200) : undefined;
    },

    /** A product by its url id in whichever collection holds it, or undefined. */
    async findProductByUrlId(websiteId: string, urlId: string): Promise<Product | undefined> {
      const row = await catalogRepo.findProductByUrlId(websiteId, urlId);
      const collection =
        row && (await catalogRepo.findCollectionById(websiteId, row.collection_id));
      if (!row || !collection) return undefined;
      return (await assemble(websiteId, [row], collection.url_id))[0];
    },

    async search(websiteId: string, query: string): Promise<Product[]> {
      const trimmed = query.trim();
      if (trimmed === '') return [];
      const rows = await catalogRepo.searchProducts(websiteId, trimmed, SEARCH_LIMIT);
      // Search spans collections, so each product links through its own collection.
      const byCollection = groupBy(rows, (row) => row.collection_id);
      const results = new Map<string, Product>();
      for (const [collectionId, group] of byCollection) {
        const collection = await catalogRepo.findCollectionById(websiteId, collectionId);
        if (!collection) continue;
        for (const product of await assemble(websiteId, group, collection.url_id)) {
          results.set(product.id, product);
        }
      }
      return rows.flatMap((row) => results.get(row.product_id) ?? []);
    },

    async getStock(websiteId: string, productId: string): Promise<StockResponse> {
      const product = await catalogRepo.findProductById(websiteId, productId);
      if (!product) throw fail('PRODUCT_NOT_FOUND', 'Product not found');
      const variants = await catalogRepo.listVariants(websiteId, [productId]);
      return {
        results: variants.map((v) => ({
          variantId: v.variant_id,
          sku: v.sku,
          unlimited: v.is_unlimited,
          qtyInStock: v.qty_in_stock,
        })),
      };
    },

    async createProduct(input: NewProductInput): Promise<ProductRow> {
      const collection = await catalogRepo.findCollectionById(input.websiteId, input.collectionId);
      if (!collection) throw fail('COLLECTION_NOT_FOUND', 'Collection not found');
      const taken = await catalogRepo.listTakenUrlIds(input.websiteId, input.urlId);
      if (taken.includes(input.urlId)) {
        throw fail('URL_TAKEN', `The URL ${input.urlId} is already in use`);
      }
      const inserting = catalogRepo.insertProduct({
        product: {
          website_id: input.websiteId,
          collection_id: input.collectionId,
          product_type: input.productType,
          url_id: input.urlId,
          title: input.title,
          description: input.description ?? '',
          excerpt: input.excerpt ?? '',
          variant_option_ordering: input.variantOptionOrdering ?? [],
          is_subscribable: input.isSubscribable ?? false,
          subscription_plan: input.subscriptionPlan ? JSON.stringify(input.subscriptionPlan) : null,
          price_cents: input.priceCents ?? null,
          sale_price_cents: input.salePriceCents ?? null,
          is_on_sale: input.isOnSale ?? false,
          custom_sold_out_text: input.customSoldOutText ?? null,
          additional_fields_form_id: input.additionalFieldsFormId ?? null,
          tags: input.tags ?? [],
          display_index: input.displayIndex ?? 0,
        },
        variants: input.variants.map((v) => ({
          sku: v.sku,
          option_values: JSON.stringify(v.optionValues ?? []),
          price_cents: v.priceCents,
          sale_price_cents: v.salePriceCents ?? 0,
          is_on_sale: v.isOnSale ?? false,
          qty_in_stock: v.qtyInStock ?? 0,
          is_unlimited: v.isUnlimited ?? false,
          image_media_id: v.imageId ?? null,
        })),
        mediaIds: input.mediaIds ?? [],
      });
      // A new product shows on list pages: told after the insert (even a failed one).
      return inserting.finally(() => onPublicChange(input.websiteId));
    },
  };
}

export function toCategorySummary(row: CategoryRow): CategorySummary {
  return {
    id: row.category_id,
    slug: row.slug,
    displayName: row.display_name,
    parentId: row.parent_category_id,
  };
}

/** A category and every category nested below it, at any depth. */
export function withDescendants(
  categories: readonly CategorySummary[],
  rootId: string,
): Set<string> {
  const childrenOf = groupBy(
    categories.filter((c) => c.parentId !== null),
    (c) => c.parentId ?? '',
  );
  const found = new Set<string>([rootId]);
  const queue = [rootId];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const child of childrenOf.get(id) ?? []) {
      // A cycle cannot be created through the API, but a visited set keeps this finite anyway.
      if (!found.has(child.id)) {
        found.add(child.id);
        queue.push(child.id);
      }
    }
  }
  return found;
}

export function toProduct(input: {
  row: ProductRow;
  variants: VariantRow[];
  images: ProductImageRow[];
  merchandising?: MerchandisingRow | undefined;
  currency: string;
  collectionUrlId: string;
}): Product {
  const { row } = input;
  return {
    id: row.product_id,
    urlId: row.url_id,
    fullUrl: `/${input.collectionUrlId}/p/${row.url_id}`,
    productType: row.product_type as Product['productType'],
    title: row.title,
    description: row.description,
    excerpt: row.excerpt,
    currency: input.currency,
    variantOptionOrdering: row.variant_option_ordering,
    variants: input.variants.map((v) => ({
      id: v.variant_id,
      sku: v.sku,
      optionValues: v.option_values,
      priceCents: v.price_cents,
      salePriceCents: v.sale_price_cents,
      isOnSale: v.is_on_sale,
      qtyInStock: v.qty_in_stock,
      isUnlimited: v.is_unlimited,
      imageId: v.image_media_id,
    })),
    images: input.images.map(toImage),
    isSubscribable: row.is_subscribable,
    subscriptionPlan: row.subscription_plan,
    priceCents: row.price_cents,
    salePriceCents: row.sale_price_cents,
    isOnSale: row.is_on_sale,
    useCustomAddButtonText: row.use_custom_add_button_text,
    customAddButtonText: row.custom_add_button_text,
    customSoldOutText: row.custom_sold_out_text,
    additionalFieldsFormId: row.additional_fields_form_id,
    scarcity: input.merchandising?.is_scarcity_enabled
      ? {
          text: input.merchandising.scarcity_text,
          threshold: input.merchandising.scarcity_threshold,
        }
      : null,
    // No merchandising row: the defaults, which offer sign-ups (0002-catalog-admin). The
    // store's texts are filled in by assemble().
    restock:
      (input.merchandising?.is_restock_notification_enabled ?? true)
        ? { successText: '', mailingListSignUpEnabled: false, mailingListOptInByDefault: false }
        : null,
    tags: row.tags,
    seo: {
      title: row.seo_title,
      description: row.seo_description,
      socialImageId: row.social_image_media_id,
    },
  };
}

export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
