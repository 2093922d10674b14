import { createHash, randomBytes } from 'node:crypto';
import {
  type ApiKey,
  type ApiKeyScopes,
  apiKeyScopesSchema,
  type CreatedApiKey,
} from '@atelier/contract';
import { isRole, type Role } from '@atelier/core';
import type { ApiKeyRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import type { ApiKeyRepo } from './api-keys.repo.ts';

/**
 * API keys stand in for the editor's sign-in: a secret `atl_…` token bound to one website
 * and one role. Only the SHA-256 of the token is stored; a 192-bit random secret needs no
 * slow hash, and a fast one keeps every authenticated request to one indexed lookup.
 */
export const API_KEY_PREFIX = 'atl_';
/** `atl_` and the first 8 characters of the secret: enough to tell keys apart. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export type ApiKeyCaller = {
  keyId: string;
  websiteId: string;
  name: string;
  role: Role;
  /** null: everything the role allows (keys made before scopes, and the CLI's first key). */
  scopes: ApiKeyScopes | null;
};

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

export function createApiKeyService({ apiKeyRepo }: { apiKeyRepo: ApiKeyRepo }) {
  return {
    /** A new key; the returned secret is the only copy there will ever be. */
    async create(input: {
      websiteId: string;
      name: string;
      role: number;
      scopes?: ApiKeyScopes | undefined;
    }): Promise<CreatedApiKey> {
      if (!isRole(input.role)) {
        throw fail('REQUEST_INVALID', 'The request is not valid.', {
          role: 'Choose one of the roles',
        });
      }
      const secret = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const row = await apiKeyRepo.insert({
        website_id: input.websiteId,
        name: input.name.trim(),
        role: input.role,
        prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
        secret_sha256: hashSecret(secret),
        scopes: input.scopes ? JSON.stringify(input.scopes) : null,
      });
      return { key: toApiKey(row), secret };
    },

    /** The caller behind a token, or undefined when the token is not a live key of this website. */
    async authenticate(websiteId: string, secret: string): Promise<ApiKeyCaller | undefined> {
      if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) return undefined;
      const row = await apiKeyRepo.findActive(websiteId, hashSecret(secret));
      if (!row || !isRole(row.role)) return undefined;
      await apiKeyRepo.touch(websiteId, row.key_id);
      return {
        keyId: row.key_id,
        websiteId,
        name: row.name,
        role: row.role,
        scopes: scopesOf(row),
      };
    },

    async list(websiteId: string): Promise<ApiKey[]> {
      return (await apiKeyRepo.list(websiteId)).map(toApiKey);
    },

    async revoke(websiteId: string, keyId: string): Promise<void> {
      if (!(await apiKeyRepo.revoke(websiteId, keyId)))
        throw fail('API_KEY_NOT_FOUND', 'API key not found');
    },
  };
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.key_id,
    name: row.name,
    role: row.role,
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
    scopes: scopesOf(row),
  };
}

/** A stored scopes value that no longer parses closes every area rather than opening all. */
function scopesOf(row: ApiKeyRow): ApiKeyScopes | null {
  if (row.scopes === null) return null;
  const parsed = apiKeyScopesSchema.safeParse(row.scopes);
  return parsed.success ? parsed.data : {};
}
