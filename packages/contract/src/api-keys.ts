import { z } from 'zod';

/**
 * The areas a key's scopes name (issue 19). A staff route declares one area; a GET reads
 * it, anything else writes it.
 */
export const API_KEY_AREAS = [
  'products',
  'inventory',
  'orders',
  'forms',
  'webhooks',
  'analytics',
] as const;
export const apiKeyAreaSchema = z.enum(API_KEY_AREAS);
export type ApiKeyArea = z.infer<typeof apiKeyAreaSchema>;
export const apiKeyAccessSchema = z.enum(['read', 'write']);
export type ApiKeyAccess = z.infer<typeof apiKeyAccessSchema>;

/**
 * What a key may do per area; an area left out is closed to it. A key made before scopes
 * existed has `null`: everything its role allows.
 */
export const apiKeyScopesSchema = z
  .partialRecord(apiKeyAreaSchema, apiKeyAccessSchema)
  .meta({ id: 'ApiKeyScopes' });
export type ApiKeyScopes = z.infer<typeof apiKeyScopesSchema>;

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
    scopes: apiKeyScopesSchema.nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the key').max(100),
    role: z.number().int(),
    /** Omitted: everything the role allows, as `npm run api-key` makes for a first install. */
    scopes: apiKeyScopesSchema
      .refine(
        (scopes) => Object.keys(scopes).length > 0,
        'Give the key access to at least one area',
      )
      .optional(),
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
