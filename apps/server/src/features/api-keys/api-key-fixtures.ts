import { Role } from '@atelier/core';
import type { TestApp } from '../../test/test-app.ts';

// Test helper: a key for the website at `host`, as the CLI would print it.

export type KeyFixture = {
  websiteId: string;
  secret: string;
  headers: { host: string; authorization: string };
};

export async function createKey(
  t: TestApp,
  options: { host?: string; role?: Role; name?: string } = {},
): Promise<KeyFixture> {
  const host = options.host ?? 'localhost';
  const website = await t.app.services.websites.resolveByHost(host);
  if (!website) throw new Error(`no website at ${host}`);
  const { secret } = await t.app.services.apiKeys.create({
    websiteId: website.id,
    name: options.name ?? 'test key',
    role: options.role ?? Role.admin,
  });
  return { websiteId: website.id, secret, headers: { host, authorization: `Bearer ${secret}` } };
}
