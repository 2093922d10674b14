/**
 * Prints a new API key for a website, once: the secret is stored only as a hash.
 *
 *   node --import tsx scripts/create-api-key.ts [--host localhost] [--name "…"] [--role admin]
 *
 * Opens the same database as the server (DATA_DIR, or DATABASE_URL for PostgreSQL) and
 * migrates it first, so it works before the server has ever started — though a website
 * exists only once the server has started (and seeded) or one was created.
 */
import { parseArgs } from 'node:util';
import { Role } from '@atelier/core';
import { ConfigError, loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { createApiKeyRepo } from '../apps/server/src/features/api-keys/api-keys.repo.ts';
import { createApiKeyService } from '../apps/server/src/features/api-keys/api-keys.service.ts';
import { createWebsiteRepo } from '../apps/server/src/features/websites/website.repo.ts';
import { createWebsiteService } from '../apps/server/src/features/websites/website.service.ts';

/** Role names as typed on the command line: 'store-manager', 'storeManager' and '8' all work. */
function parseRole(text: string): Role | undefined {
  const key = text.replace(/[-_\s](\w)/g, (_, c: string) => c.toUpperCase());
  if (key in Role) return Role[key as keyof typeof Role];
  const number = Number(text);
  return Object.values(Role).find((role) => role === number);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: 'localhost' },
    name: { type: 'string', default: 'Command line key' },
    role: { type: 'string', default: 'admin' },
  },
});
const role = parseRole(values.role);
if (role === undefined) {
  fail(`Unknown role "${values.role}". Roles: ${Object.keys(Role).join(', ')}`);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  const websites = createWebsiteService({ websiteRepo: createWebsiteRepo(database.db) });
  const website = await websites.resolveByHost(values.host);
  if (!website) {
    fail(
      `No website answers at ${values.host}. Start the server once (npm start) to create the ` +
        'demo store, or pass the --host of an existing website.',
    );
  }
  const apiKeys = createApiKeyService({ apiKeyRepo: createApiKeyRepo(database.db) });
  const { key, secret } = await apiKeys.create({ websiteId: website.id, name: values.name, role });
  console.log(
    `API key "${key.name}" for ${website.title} (website ${website.id}), role ${values.role}:`,
  );
  console.log('');
  console.log(`  ${secret}`);
  console.log('');
  console.log('It is shown only now. Send it as:  Authorization: Bearer <key>');
} finally {
  await database.close();
}
