import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';

// Start: environment → config → database (migrated) → app → listen. Stop on SIGINT or
// SIGTERM by draining requests and closing the database, with a deadline.
const SHUTDOWN_DEADLINE_MS = 10_000;

function loadConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = loadConfigOrExit();
const database = await openDatabase(
  config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        onIdleError: (error) => console.error(`database connection lost: ${error.message}`),
      }
    : { kind: 'pglite', dataDir: config.dataDir },
);
const app = await buildApp({ config, database });

let isStopping = false;
async function stop(signal: string) {
  if (isStopping) return;
  isStopping = true;
  app.log.info({ signal }, 'shutting down');
  const deadline = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Atelier is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/ ` +
    `(database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
