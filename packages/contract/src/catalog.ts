import { MAX_TAG_LENGTH, ProductType, productMessages } from '@atelier/core';
import { z } from 'zod';
import { currencyCodeSchema, pageQuerySchema } from './common.ts';
import { MAX_INT4 } from './text.ts';

export const productTypeSchema = z.union([
  z.literal(ProductType.physical),
  z.literal(ProductType.digital),
  z.literal(ProductType.service),
  z.literal(ProductType.giftCard),
  z.literal(ProductType.paywall),
]);

export const optionValueSchema = z.object({ optionName: z.string(), value: z.string() });

export const variantSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    optionValues: z.array(optionValueSchema),
    priceCents: z.number().int().nonnegative(),
    salePriceCents: z.number().int().nonnegative(),
    isOnSale: z.boolean(),
    qtyInStock: z.number().int().nonnegative(),
    isUnlimited: z.boolean(),
    /** The product image (an `images[].id`) to show when this variant is picked. */
    imageId: z.string().nullable(),
  })
  .meta({ id: 'Variant' });
export type Variant = z.infer<typeof variantSchema>;

export const imageSchema = z
  .object({
    id: z.string(),
    /** The largest rendition; `srcset` lists every width that exists. */
    src: z.string(),
    srcset: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    altText: z.string(),
    focalPoint: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }),
  })
  .meta({ id: 'Image' });
export type Image = z.infer<typeof imageSchema>;

export const subscriptionPlanSchema = z.object({
  billingPeriod: z.object({
    value: z.number().int().positive(),
    unit: z.enum(['WEEK', 'MONTH', 'YEAR']),
  }),
  /** 0 means the subscription renews until cancelled. */
  numBillingCycles: z.number().int().nonnegative(),
});

export const productSchema = z
  .object({
    id: z.string(),
    urlId: z.string(),
    fullUrl: z.string(),
    productType: productTypeSchema,
    title: z.string(),
    description: z.string(),
    excerpt: z.string(),
    currency: currencyCodeSchema,
    variantOptionOrdering: z.array(z.string()),
    variants: z.array(variantSchema),
    images: z.array(imageSchema),
    isSubscribable: z.boolean(),
    subscriptionPlan: subscriptionPlanSchema.nullable(),
    /** Digital products carry their price on the product rather than a variant. */
    priceCents: z.number().int().nonnegative().nullable(),
    salePriceCents: z.number().int().nonnegative().nullable(),
    isOnSale: z.boolean(),
    useCustomAddButtonText: z.boolean(),
    customAddButtonText: z.string().nullable(),
    customSoldOutText: z.string().nullable(),
    /** The form a shopper fills in before this product goes into the cart. */
    additionalFieldsFormId: z.string().nullable(),
    /** Set when the merchant shows a low-stock message; null threshold = the store's. */
    scarcity: z
      .object({ text: z.string().nullable(), threshold: z.number().int().nullable() })
      .nullable(),
    /**
     * Set when the product takes restock sign-ups for its sold-out variants (SPEC §3
     * merchandising context): the form's success text and its mailing-list checkbox.
     */
    restock: z
      .object({
        successText: z.string(),
        mailingListSignUpEnabled: z.boolean(),
        mailingListOptInByDefault: z.boolean(),
      })
      .nullable(),
    tags: z.array(z.string()),
    /** What search engines and link previews show; null fields fall back to title and excerpt. */
    seo: z.object({
      title: z.string().nullable(),
      description: z.string().nullable(),
      socialImageId: z.string().nullable(),
    }),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

/** A category as a product list shows it: enough to build a filter menu and its links. */
export const categorySummarySchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    displayName: z.string(),
    /** null for a top-level category. */
    parentId: z.string().nullable(),
  })
  .meta({ id: 'CategorySummary' });
export type CategorySummary = z.infer<typeof categorySummarySchema>;

export const listedProductSchema = productSchema
  .extend({ categoryIds: z.array(z.string()) })
  .meta({ id: 'ListedProduct' });
export type ListedProduct = z.infer<typeof listedProductSchema>;

export const productListSchema = z.object({
  collection: z.object({
    id: z.string(),
    urlId: z.string(),
    title: z.string(),
    description: z.string(),
  }),
  /** Every category of the collection, in display order, whatever the filter. */
  categories: z.array(categorySummarySchema),
  products: z.array(listedProductSchema),
});
export type ProductList = z.infer<typeof productListSchema>;

export const productListQuerySchema = z.object({
  /** A category slug: only products in it or in one of its descendants. */
  category: z.string().min(1).max(200).optional(),
});

export const productUrlParamsSchema = z.object({ urlId: z.string().min(1).max(200) });

/** GET {api root}commerce/inventory/stock/?itemId= (SPEC §7). */
export const stockQuerySchema = z.object({
  itemId: z.string().uuid('itemId must be a product id'),
});
export const stockResponseSchema = z
  .object({
    results: z.array(
      z.object({
        variantId: z.string(),
        sku: z.string(),
        unlimited: z.boolean(),
        qtyInStock: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'StockResponse' });
export type StockResponse = z.infer<typeof stockResponseSchema>;

// ---------------------------------------------------------------------------------------
// Catalog administration (SPEC §7 content-service calls). Limits that are business rules
// (tag length 50, category name 25, products per collection 200) are checked by the
// server against core's constants so there is one source for each number; the schemas
// here only keep payloads to a sane size.

/** The id of a website, product, collection or category in a path. */
export const websiteParamsSchema = z.object({ websiteId: z.string().min(1).max(100) });
export const productParamsSchema = websiteParamsSchema.extend({
  productId: z.string().uuid('productId must be a product id'),
});
export const variantParamsSchema = productParamsSchema.extend({
  variantId: z.string().uuid('variantId must be a variant id'),
});
export const collectionParamsSchema = websiteParamsSchema.extend({
  collectionId: z.string().uuid('collectionId must be a collection id'),
});

const URL_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const urlIdSchema = z
  .string()
  .max(200)
  .regex(URL_ID_PATTERN, 'Use lower-case letters, digits and single hyphens');

/**
 * Money as an editor sends it (SPEC §3): `{value, currency}` or `{decimalValue,
 * currencyCode}` in major units. The currency defaults to the store's; the server parses
 * the digits into minor units (core's parseMoney), never through a float.
 */
export const moneyInputSchema = z
  .object({
    value: z.union([z.string().max(32), z.number()]).optional(),
    currency: z.string().max(3).optional(),
    decimalValue: z.union([z.string().max(32), z.number()]).optional(),
    currencyCode: z.string().max(3).optional(),
  })
  .meta({ id: 'MoneyEntry' });
export type MoneyInput = z.infer<typeof moneyInputSchema>;

const stockSchema = z.number().int('Stock must be a whole number').min(0).max(MAX_INT4);
const weightSchema = z
  .number()
  .int('Enter the weight in whole grams')
  .min(0, 'A weight cannot be negative')
  .max(MAX_INT4);

export const variantInputSchema = z
  .object({
    /** Generated (SQ followed by digits) when left out; unique within the website. */
    sku: z.string().trim().min(1).max(100).optional(),
    optionValues: z.array(optionValueSchema).max(10).optional(),
    /** Option name → value, the cart's shape; an alternative to optionValues. */
    attributes: z.record(z.string(), z.string()).optional(),
    priceMoney: moneyInputSchema.optional(),
    salePriceMoney: moneyInputSchema.optional(),
    onSale: z.boolean().optional(),
    qtyInStock: stockSchema.optional(),
    unlimited: z.boolean().optional(),
    /** Shipping weight in grams, for by-weight shipping rates; 0 when left out. */
    weightGrams: weightSchema.optional(),
    /** One of the product's mediaIds, shown when a shopper picks this variant. */
    imageId: z.string().uuid('imageId must be one of the product images').nullable().optional(),
  })
  .meta({ id: 'VariantEntry' });
export type VariantInput = z.infer<typeof variantInputSchema>;

export const merchandisingSchema = z
  .object({
    scarcityEnabled: z.boolean(),
    /** Shown when stock is at or below the threshold; null uses the store's text. */
    scarcityText: z.string().nullable(),
    /** null uses the store-wide threshold. */
    scarcityThreshold: z.number().int().nonnegative().nullable(),
    customSoldOutText: z.string().nullable(),
    restockNotificationsEnabled: z.boolean(),
  })
  .meta({ id: 'Merchandising' });
export type Merchandising = z.infer<typeof merchandisingSchema>;

export const merchandisingInputSchema = z.object({
  scarcityEnabled: z.boolean().optional(),
  scarcityText: z.string().max(200).nullable().optional(),
  scarcityThreshold: z.number().int().min(0).max(MAX_INT4).nullable().optional(),
  customSoldOutText: z.string().max(200).nullable().optional(),
  restockNotificationsEnabled: z.boolean().optional(),
});

// Product details of issue 18's editor: search engine texts, scheduled publication,
// shipping size and the file a digital product delivers.

/** Limits a merchant will not meet in practice but that keep a payload sane. */
export const SEO_TITLE_MAX = 200;
export const SEO_DESCRIPTION_MAX = 500;
/** 1,000 kg and 10 m: beyond anything a parcel carrier takes. */
export const MAX_WEIGHT_GRAMS = 1_000_000;
export const MAX_DIMENSION_MM = 10_000;

const gramsSchema = z
  .number()
  .int('Enter the weight in whole grams')
  .min(0, 'The weight cannot be negative')
  .max(MAX_WEIGHT_GRAMS, 'The weight can be at most 1,000 kg');
const millimetresSchema = z
  .number()
  .int('Enter the size in whole millimetres')
  .min(0, 'A size cannot be negative')
  .max(MAX_DIMENSION_MM, 'A size can be at most 10 m');

/** A physical product's parcel: grams and millimetres; null when not given. */
export const productShippingSchema = z
  .object({
    weightGrams: gramsSchema.nullable(),
    lengthMm: millimetresSchema.nullable(),
    widthMm: millimetresSchema.nullable(),
    heightMm: millimetresSchema.nullable(),
  })
  .meta({ id: 'ProductShipping' });
export type ProductShipping = z.infer<typeof productShippingSchema>;

/**
 * A digital product's delivery terms (issue 22): each download link works `linkHours`
 * (1 hour to a year; the order page always signs a fresh one), and one purchase allows
 * `downloadLimit` downloads (null: no limit). An order keeps the terms it was bought under.
 */
export const digitalDeliverySchema = z.object({
  linkHours: z
    .number('Enter how many hours each link works')
    .int('Enter a whole number of hours')
    .min(1, 'A link works for at least 1 hour')
    .max(8760, 'A link can work for at most 8760 hours (a year)'),
  downloadLimit: z
    .number('Enter how many downloads a purchase allows')
    .int('Enter a whole number of downloads')
    .min(1, 'Allow at least 1 download, or leave it empty for no limit')
    .max(1000, 'Allow at most 1000 downloads, or leave it empty for no limit')
    .nullable(),
});
export type DigitalDelivery = z.infer<typeof digitalDeliverySchema>;

const productDetailsFields = {
  seoTitle: z
    .string()
    .max(SEO_TITLE_MAX, `The search engine title can be at most ${SEO_TITLE_MAX} characters`)
    .nullable()
    .optional(),
  seoDescription: z
    .string()
    .max(
      SEO_DESCRIPTION_MAX,
      `The search engine description can be at most ${SEO_DESCRIPTION_MAX} characters`,
    )
    .nullable()
    .optional(),
  /** An uploaded image shown when the product's link is shared; null: its first image. */
  socialImageId: z
    .string()
    .uuid('socialImageId must be an uploaded image id')
    .nullable()
    .optional(),
  /**
   * When a hidden product becomes visible by itself (ISO 8601 with an offset). Needs
   * isVisible false; a time already past publishes now; null cancels a schedule.
   */
  publishAt: z.iso
    .datetime({ offset: true, message: 'Enter a date and time' })
    .nullable()
    .optional(),
  /** Physical products only. */
  shipping: productShippingSchema.partial().optional(),
  /** Digital products only: an uploaded file (the file manager's), delivered after purchase. */
  digitalFileId: z.string().uuid('digitalFileId must be an uploaded file id').nullable().optional(),
  /** Digital products only: how long each download link works and downloads per purchase. */
  digitalDelivery: digitalDeliverySchema.optional(),
};

const productFieldsSchema = z.object({
  ...productDetailsFields,
  title: z.string().trim().min(1, 'Enter a title').max(200),
  description: z.string().max(50_000).optional(),
  excerpt: z.string().max(5_000).optional(),
  /** Generated from the title when left out (core's slug rule, -1, -2… on a clash). */
  urlId: urlIdSchema.optional(),
  isSubscribable: z.boolean().optional(),
  subscriptionPlan: subscriptionPlanSchema.nullable().optional(),
  /** Digital products carry their price on the product (SPEC §3). */
  priceMoney: moneyInputSchema.optional(),
  salePriceMoney: moneyInputSchema.optional(),
  onSale: z.boolean().optional(),
  additionalFieldsFormId: z.string().uuid().nullable().optional(),
  useCustomAddButtonText: z.boolean().optional(),
  customAddButtonText: z.string().max(100).nullable().optional(),
  merchandising: merchandisingInputSchema.optional(),
  /** At most 50 characters each (SPEC §9). */
  tags: z.array(z.string()).max(100).optional(),
  /** Category ids of the product's collection. */
  categories: z.array(z.string().uuid('Each category must be a category id')).max(100).optional(),
  /** Uploaded images (POST /api/media/images), in display order. */
  mediaIds: z
    .array(z.string().uuid('Each media id must be an uploaded image id'))
    .max(50)
    .optional(),
  isVisible: z.boolean().optional(),
});

export const productCreateSchema = productFieldsSchema
  .extend({
    collectionId: z.string().uuid('Choose the product collection to add the product to'),
    productType: productTypeSchema,
    /** Physical and service products need at least one; gift card denominations are variants. */
    variants: z.array(variantInputSchema).max(250).optional(),
    variantOptionOrdering: z.array(z.string().trim().min(1).max(50)).max(6).optional(),
  })
  .meta({ id: 'ProductCreate' });
export type ProductCreate = z.infer<typeof productCreateSchema>;

/**
 * One variant in a product update: an existing one found by `id` (only the fields sent
 * change), or a new one without `id` (it needs a price and a value for each option).
 */
export const variantUpdateSchema = variantInputSchema
  .extend({
    id: z.string().uuid('Each variant id must be a variant id').optional(),
    /**
     * The stock the editor saw when changing `qtyInStock`: when a sale or a colleague
     * changed it meanwhile, the update is refused (STOCK_CHANGED) rather than undoing that.
     */
    expectedQtyInStock: stockSchema.optional(),
  })
  .meta({ id: 'VariantChange' });
export type VariantUpdate = z.infer<typeof variantUpdateSchema>;

/**
 * Only the fields sent change; lists (tags, categories, mediaIds) are replaced whole.
 * `variants` changes the listed variants by id and adds those without one; with
 * `replaceVariants` it is the whole set, in display order, and variants left out are
 * deleted (orders keep their lines; carts drop them).
 */
export const productUpdateSchema = productFieldsSchema
  .partial()
  .extend({
    variants: z.array(variantUpdateSchema).max(250).optional(),
    replaceVariants: z.boolean().optional(),
    variantOptionOrdering: z.array(z.string().trim().min(1).max(50)).max(6).optional(),
    /**
     * The `version` the editor loaded. When another edit was saved since, nothing changes
     * and the answer is 409 PRODUCT_CHANGED with the product as it is now in `current`.
     * Left out, the last write wins (integrations that never read first).
     */
    expectedVersion: z.number().int().min(1).max(MAX_INT4).optional(),
  })
  .meta({ id: 'ProductUpdate' });
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const stockUpdateSchema = z
  .object({
    qtyInStock: stockSchema.optional(),
    unlimited: z.boolean().optional(),
    /**
     * A received (or lost) quantity added to the stock as it is when the change lands, so
     * two people counting deliveries at once both count.
     */
    adjustBy: z.number().int('Enter a whole number').min(-MAX_INT4).max(MAX_INT4).optional(),
    /**
     * The stock the person saw when setting a new one: when it changed meanwhile (a sale, a
     * colleague), the set is refused rather than silently undoing that change.
     */
    expectedQtyInStock: stockSchema.optional(),
  })
  .refine((stock) => stock.qtyInStock === undefined || stock.adjustBy === undefined, {
    message: 'Set the stock or add to it, not both',
    path: ['adjustBy'],
  })
  .meta({ id: 'StockUpdate' });
export type StockUpdate = z.infer<typeof stockUpdateSchema>;

/** A variant as the catalog admin sees it: what shoppers see plus its shipping weight. */
export const catalogVariantSchema = variantSchema
  .extend({ weightGrams: z.number().int().nonnegative() })
  .meta({ id: 'CatalogVariant' });
export type CatalogVariant = z.infer<typeof catalogVariantSchema>;

/** A product as the catalog admin sees it: the storefront shape plus what only staff see. */
export const catalogProductSchema = productSchema
  .extend({
    /** Counts the merchant's edits (never sales): send it back as `expectedVersion`. */
    version: z.number().int().positive(),
    variants: z.array(catalogVariantSchema),
    collectionId: z.string(),
    isVisible: z.boolean(),
    categoryIds: z.array(z.string()),
    additionalFieldsFormId: z.string().nullable(),
    merchandising: merchandisingSchema,
    /** Set while the product waits, hidden, to be published at this time (ISO 8601). */
    publishAt: z.string().nullable(),
    /** The social image as the editor previews it. */
    socialImage: z.object({ id: z.string(), src: z.string() }).nullable(),
    shipping: productShippingSchema,
    digitalFile: z
      .object({
        id: z.string(),
        filename: z.string(),
        contentType: z.string(),
        byteSize: z.number().int(),
      })
      .nullable(),
    digitalDelivery: digitalDeliverySchema,
    /** Earlier url ids that now redirect to this product. */
    formerUrlIds: z.array(z.string()),
  })
  .meta({ id: 'CatalogProduct' });
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

/** The forms a product can require before it goes into the cart (additional fields). */
export const productFormChoicesSchema = z
  .object({ forms: z.array(z.object({ id: z.string(), name: z.string() })) })
  .meta({ id: 'ProductFormChoices' });

/** Product collection creation (SPEC §3). */
export const collectionCreateSchema = z
  .object({
    title: z.string().trim().min(1, 'Enter a title').max(200),
    /** Defaults to the title. */
    navigationTitle: z.string().trim().min(1).max(200).optional(),
    /**
     * Generated from the title when left out or empty. Its shape is checked by the
     * server's URL space with pages' slugs (reserved addresses first, then core's slug
     * rule), so /cart and /sitemap.xml are both refused as reserved, not as malformed.
     */
    urlId: z.string().trim().max(200).optional(),
    description: z.string().max(5_000).optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: 'CollectionCreate' });
export type CollectionCreate = z.infer<typeof collectionCreateSchema>;

export const collectionSchema = z
  .object({
    id: z.string(),
    type: z.literal('products'),
    urlId: z.string(),
    fullUrl: z.string(),
    title: z.string(),
    navigationTitle: z.string(),
    description: z.string(),
    enabled: z.boolean(),
  })
  .meta({ id: 'Collection' });
export type Collection = z.infer<typeof collectionSchema>;

/** Product category creation (SPEC §3); nesting through parentCategoryId. */
export const categoryCreateSchema = z
  .object({
    /** At most 25 characters (SPEC §9). */
    displayName: z.string(),
    parentCategoryId: z
      .string()
      .uuid('parentCategoryId must be a category id')
      .nullable()
      .optional(),
    type: z.literal('ROOT').optional(),
    pageRendering: z.literal('LIST_VIEW').optional(),
    displayIndex: z.number().int().min(0).max(MAX_INT4).optional(),
  })
  .meta({ id: 'CategoryCreate' });
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

export const categorySchema = z
  .object({
    id: z.string(),
    collectionId: z.string(),
    slug: z.string(),
    displayName: z.string(),
    parentCategoryId: z.string().nullable(),
    type: z.literal('ROOT'),
    pageRendering: z.literal('LIST_VIEW'),
    displayIndex: z.number().int(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

// The category manager and store pages admin (SPEC §2 Edit, Merge, New, Filter; issue 18).
export const categoryParamsSchema = websiteParamsSchema.extend({
  categoryId: z.string().uuid('categoryId must be a category id'),
});

/** A store page as the admin picks it: with how many products it holds. */
export const collectionSummarySchema = collectionSchema
  .extend({ productCount: z.number().int().nonnegative() })
  .meta({ id: 'CollectionSummary' });
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;
export const collectionListSchema = z
  .object({ collections: z.array(collectionSummarySchema) })
  .meta({ id: 'CollectionList' });
export type CollectionList = z.infer<typeof collectionListSchema>;

/** Only the fields sent change; a new urlId goes through the same rules as a new page's. */
export const collectionUpdateSchema = z
  .object({
    title: z.string().trim().min(1, 'Enter a title').max(200),
    navigationTitle: z.string().trim().min(1, 'Enter a navigation title').max(200),
    urlId: z.string().trim().min(1, 'Enter a URL').max(200),
    description: z.string().max(5_000),
    enabled: z.boolean(),
  })
  .partial()
  .meta({ id: 'CollectionUpdate' });
export type CollectionUpdate = z.infer<typeof collectionUpdateSchema>;

/** One row of a collection's category tree: the flat list's parent links build the tree. */
export const categoryTreeItemSchema = categorySchema
  .extend({
    /** Products in this category itself (not its subcategories). */
    productCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'CategoryTreeItem' });
export type CategoryTreeItem = z.infer<typeof categoryTreeItemSchema>;
export const categoryListSchema = z
  .object({
    /** Parents before their children, siblings in display order. */
    categories: z.array(categoryTreeItemSchema),
  })
  .meta({ id: 'CategoryList' });
export type CategoryList = z.infer<typeof categoryListSchema>;

/**
 * Edit: rename, move under another parent (null: top level) and/or to a place among the
 * siblings (0 is first; past the end is last). The name's 25-character limit is the
 * server's, from core, like creation.
 */
export const categoryUpdateSchema = z
  .object({
    displayName: z.string().max(200),
    parentCategoryId: z.string().uuid('parentCategoryId must be a category id').nullable(),
    displayIndex: z.number().int().min(0).max(MAX_INT4),
  })
  .partial()
  .refine(
    (change) => Object.keys(change).length > 0,
    'Send displayName, parentCategoryId or displayIndex',
  )
  .meta({ id: 'CategoryUpdate' });
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

/** Merge: every product of `categoryIds` gets `into`; those categories are deleted. */
export const categoryMergeSchema = z
  .object({
    categoryIds: z
      .array(z.string().uuid('Each category must be a category id'))
      .min(1, 'Choose the categories to merge')
      .max(100),
    into: z.string().uuid('into must be a category id'),
  })
  .meta({ id: 'CategoryMerge' });
export type CategoryMerge = z.infer<typeof categoryMergeSchema>;
export const categoryChangeSchema = z
  .object({ productsChanged: z.number().int() })
  .meta({ id: 'CategoryChange' });

// ---------------------------------------------------------------------------------------
// The merchant's product list (issue 18): GET …/websites/:websiteId/products. Page-based
// rather than cursor-based: the admin table jumps to page n and shows "n products", which
// needs the total anyway, and 5,000 products count in a few milliseconds.

/** Rows a page of the product list may hold; the admin table offers the same choices. */
export const PRODUCT_PAGE_SIZES = [10, 25, 50, 100] as const;
export type ProductPageSize = (typeof PRODUCT_PAGE_SIZES)[number];

/** A column name sorts ascending; a leading '-' sorts descending. */
export const PRODUCT_SORTS = [
  'title',
  '-title',
  'updated',
  '-updated',
  'price',
  '-price',
  'stock',
  '-stock',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * In stock, low (every variant counted and their total at or under the product's
 * scarcity threshold, 5 without one) or sold out (nothing unlimited and a total of 0).
 */
export const STOCK_STATES = ['in-stock', 'low', 'sold-out'] as const;
export const stockStateSchema = z.enum(STOCK_STATES);
export type StockState = z.infer<typeof stockStateSchema>;

export const productAdminListQuerySchema = z.object({
  /** A word of the title, or the start of a variant's SKU; case does not matter. */
  q: z.string().trim().max(200, 'q can be at most 200 characters').optional(),
  type: z.coerce
    .number('type must be a product type from 1 to 5')
    .int('type must be a product type from 1 to 5')
    .min(1, 'type must be a product type from 1 to 5')
    .max(5, 'type must be a product type from 1 to 5')
    .optional(),
  stock: z.enum(STOCK_STATES, 'stock must be in-stock, low or sold-out').optional(),
  /** A category id: products in it or in any of its subcategories. */
  category: z.string().uuid('category must be a category id').optional(),
  /** A tag, exactly as products carry it. */
  tag: z.string().trim().min(1).max(200, 'tag can be at most 200 characters').optional(),
  visibility: z.enum(['visible', 'hidden'], 'visibility must be visible or hidden').optional(),
  sort: z
    .enum(PRODUCT_SORTS, `sort must be one of ${PRODUCT_SORTS.join(', ')}`)
    .default('-updated'),
  page: pageQuerySchema,
  // Not pagingQueryShape's: this one narrows the size to ProductPageSize.
  pageSize: z.coerce
    .number(`pageSize must be one of ${PRODUCT_PAGE_SIZES.join(', ')}`)
    .refine(
      (size): size is ProductPageSize => (PRODUCT_PAGE_SIZES as readonly number[]).includes(size),
      `pageSize must be one of ${PRODUCT_PAGE_SIZES.join(', ')}`,
    )
    .default(25),
});
export type ProductAdminListQuery = z.infer<typeof productAdminListQuerySchema>;

/** One row of the merchant's product list: what the table shows, nothing more. */
export const productSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    urlId: z.string(),
    collectionUrlId: z.string(),
    productType: productTypeSchema,
    isVisible: z.boolean(),
    /** The first image, as a small rendition; null when the product has none. */
    thumbnail: z.object({ src: z.string(), altText: z.string() }).nullable(),
    /** The lowest price a shopper pays now (a sale price when on sale); null without one. */
    priceCents: z.number().int().nonnegative().nullable(),
    currency: currencyCodeSchema,
    variantCount: z.number().int().nonnegative(),
    /** The first three SKUs in display order. */
    skus: z.array(z.string()),
    /** Units over every variant; null when any variant (or the product's type) is unlimited. */
    totalStock: z.number().int().nonnegative().nullable(),
    stockState: stockStateSchema,
    updatedAt: z.string(),
  })
  .meta({ id: 'ProductSummary' });
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productAdminListSchema = z
  .object({
    products: z.array(productSummarySchema),
    /** Products matching the query over every page. */
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  })
  .meta({ id: 'ProductAdminList' });
export type ProductAdminList = z.infer<typeof productAdminListSchema>;

// The tag manager (SPEC §2: Edit, Merge, New, Filter; issue 18). Tags live on products;
// a tag exists while a product has it.
const tagNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a tag')
  .max(MAX_TAG_LENGTH, productMessages.tagTooLong);

export const tagListSchema = z
  .object({ tags: z.array(z.object({ name: z.string(), productCount: z.number().int() })) })
  .meta({ id: 'ProductTagList' });
export type TagList = z.infer<typeof tagListSchema>;

/** Edit: one tag renamed on every product that has it. */
export const tagRenameSchema = z
  .object({ from: tagNameSchema, to: tagNameSchema })
  .meta({ id: 'ProductTagRename' });

/** Merge: every product with any of `tags` has `into` instead, once. */
export const tagMergeSchema = z
  .object({ tags: z.array(tagNameSchema).min(1).max(100), into: tagNameSchema })
  .meta({ id: 'ProductTagMerge' });

/** Removes tags from every product that has them. */
export const tagDeleteSchema = z
  .object({ tags: z.array(tagNameSchema).min(1).max(100) })
  .meta({ id: 'ProductTagDelete' });

export const tagChangeSchema = z
  .object({ productsChanged: z.number().int() })
  .meta({ id: 'ProductTagChange' });

/** The product list's bulk actions (issue 18): at most one page of the list at a time. */
export const PRODUCT_BULK_ACTIONS = ['publish', 'hide', 'delete', 'addToCategory'] as const;
export const productBulkSchema = z
  .object({
    action: z.enum(PRODUCT_BULK_ACTIONS),
    productIds: z.array(z.string().uuid()).min(1, 'Select at least one product').max(100),
    /** addToCategory only: the category the products join (of their collection). */
    categoryId: z.string().uuid('categoryId must be a category id').optional(),
  })
  .refine((bulk) => bulk.action !== 'addToCategory' || bulk.categoryId !== undefined, {
    message: 'Choose the category to add the products to',
    path: ['categoryId'],
  })
  .meta({ id: 'ProductBulk' });
export type ProductBulk = z.infer<typeof productBulkSchema>;
export const productBulkResultSchema = z
  .object({ changed: z.number().int() })
  .meta({ id: 'ProductBulkResult' });
