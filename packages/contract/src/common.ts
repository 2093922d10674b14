import { z } from 'zod';

export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code');

/** Money as integer minor units (cents; yen for JPY) plus its currency. Never a float. */
export const moneySchema = z
  .object({ cents: z.number().int(), currency: currencyCodeSchema })
  .meta({ id: 'Money' });
export type Money = z.infer<typeof moneySchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** The `page` query field of a paged list: a whole number from 1. */
export const pageQuerySchema = z.coerce
  .number('page must be a whole number from 1')
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(100_000, 'page can be at most 100000')
  .default(1);

/**
 * The `page` and `pageSize` query fields of an admin list (orders, customers, gift cards):
 * a page from 1 and a size out of `sizes`, with the same messages on every list.
 */
export function pagingQueryShape(sizes: readonly number[], defaultSize = 25) {
  const sizeMessage = `pageSize must be one of ${sizes.join(', ')}`;
  return {
    page: pageQuerySchema,
    pageSize: z.coerce
      .number(sizeMessage)
      .refine((size) => sizes.includes(size), sizeMessage)
      .default(defaultSize),
  };
}

/** The `{ total, page, pageSize }` beside one page of an admin list's rows. */
export const pagedResultShape = {
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
};
