import { z } from 'zod';

// Products as CSV (issue 18): GET …/products/export.csv writes one row per variant;
// POST …/products/import?mode=preview|apply reads the same columns back. A preview changes
// nothing; an apply streams NDJSON progress lines and ends with the report.

/** The columns, in export order; the import matches names case-insensitively. */
export const PRODUCT_CSV_COLUMNS = [
  'Product ID',
  'Product Type',
  'Product URL',
  'Title',
  'Description',
  'Tags',
  'Categories',
  'Visible',
  'Collection',
  'SKU',
  'Price',
  'Sale Price',
  'On Sale',
  'Stock',
  'Unlimited',
] as const;
/** Option Name N / Option Value N pairs follow SKU, as many as the store's products use (at least 3). */
export const MIN_CSV_OPTION_COLUMNS = 3;
export const MAX_CSV_OPTION_COLUMNS = 6;
/** The largest file the import reads. */
export const MAX_PRODUCT_CSV_BYTES = 20 * 1024 * 1024;

export const productCsvImportQuerySchema = z.object({
  mode: z.enum(['preview', 'apply'], 'mode must be preview or apply'),
  /** Apply the valid rows even though some are refused (the merchant chose to skip them). */
  skipRefused: z
    .enum(['true', 'false'], 'skipRefused must be true or false')
    .optional()
    .transform((value) => value === 'true'),
});

export const CSV_ROW_ACTIONS = ['create', 'update', 'unchanged', 'refused'] as const;
export type CsvRowAction = (typeof CSV_ROW_ACTIONS)[number];

export const csvRowResultSchema = z
  .object({
    /** The spreadsheet's row number: the header is row 1. */
    row: z.number().int().positive(),
    sku: z.string(),
    title: z.string(),
    action: z.enum(CSV_ROW_ACTIONS),
    /** What would change (or changed), each as "Field: old → new" or the field's name. */
    changes: z.array(z.string()),
    /** Why the row is refused; null otherwise. */
    error: z.string().nullable(),
  })
  .meta({ id: 'ProductCsvRow' });
export type CsvRowResult = z.infer<typeof csvRowResultSchema>;

export const csvImportReportSchema = z
  .object({
    /** Every data row of the file, in file order. */
    rows: z.array(csvRowResultSchema),
    counts: z.object({
      create: z.number().int(),
      update: z.number().int(),
      unchanged: z.number().int(),
      refused: z.number().int(),
    }),
    /** Products that would be (or were) created and changed. */
    products: z.object({ create: z.number().int(), update: z.number().int() }),
    /** Header names the import does not know; their cells are not read. */
    ignoredColumns: z.array(z.string()),
    /** True once the changes are saved (an apply); a preview saves nothing. */
    applied: z.boolean(),
  })
  .meta({ id: 'ProductCsvReport' });
export type CsvImportReport = z.infer<typeof csvImportReportSchema>;

/**
 * One line of an apply's NDJSON answer: progress while products are written, then either
 * `done` with the report or `failed` (a batch could not be saved; earlier batches were).
 */
export const csvApplyLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int(), total: z.number().int() }),
  z.object({ type: z.literal('done'), report: csvImportReportSchema }),
  z.object({
    type: z.literal('failed'),
    error: z.string(),
    /** Products saved before the failure. */
    savedProducts: z.number().int(),
  }),
]);
export type CsvApplyLine = z.infer<typeof csvApplyLineSchema>;
