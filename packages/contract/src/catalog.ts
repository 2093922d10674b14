import { z } from 'zod';
import { currencyCodeSchema } from './common.ts';

export const productTypeSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
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
    tags: z.array(z.string()),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.object({
  collection: z.object({
    id: z.string(),
    urlId: z.string(),
    title: z.string(),
    description: z.string(),
  }),
  products: z.array(productSchema),
});
export type ProductList = z.infer<typeof productListSchema>;

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
