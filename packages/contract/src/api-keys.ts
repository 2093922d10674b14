import { z } from 'zod';

/** Role numbers are SPEC §3's (admin 1, editor 4, store manager 8, …). */
export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.number().int(),
    /** The first characters of the key, to tell keys apart; the rest is never shown again. */
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the key').max(100),
    role: z.number().int(),
  })
  .meta({ id: 'ApiKeyCreate' });
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** Returned once, at creation: `secret` is the whole key to send as a Bearer token. */
export const createdApiKeySchema = z
  .object({ key: apiKeySchema, secret: z.string() })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

export const apiKeyParamsSchema = z.object({
  keyId: z.string().uuid('keyId must be a key id'),
});
