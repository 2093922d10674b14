import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const serverEntry = join(root, 'apps/server/dist/main.js');

export type RunningServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(),
      );
    });
  });
}

/**
 * The production server as a user starts it (built bundle, embedded database in a fresh
 * data folder, demo store seeded on first start), on a free loopback port. The data
 * folder is a copy of the one global-setup.ts's first start made, when there is one.
 */
export async function startServer(
  env: Record<string, string> = {},
  {
    keepDataDir = false,
    prepare,
  }: {
    keepDataDir?: boolean;
    /** Changes the data folder before the server first opens it (test data to start with). */
    prepare?: (dataDir: string) => Promise<void>;
  } = {},
): Promise<RunningServer> {
  if (!existsSync(serverEntry))
    throw new Error('The server is not built: run `npm run build` first.');
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-e2e-'));
  const seeded = keepDataDir ? undefined : inject('seededDataDir');
  if (seeded) await cp(seeded, dataDir, { recursive: true });
  if (prepare) await prepare(dataDir);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A loaded machine (CI running several suites) can take a minute to start the server.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not start within 180 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (!keepDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
