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
