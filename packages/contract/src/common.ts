import { z } from 'zod';

/** Every error response: a message for people and, for forms, one message per field. */
export const errorBodySchema = z
  .object({
    error: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
    /** Machine-readable kind for errors a client handles specially (e.g. CSRF_FAILED). */
    code: z.string().optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

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
