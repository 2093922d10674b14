import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

// A first start creates the embedded database, migrates it and seeds the demo store:
// seconds every browser suite would spend again. The production server does it once
// here; each suite's server then starts on a copy of that data folder (server.ts).

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer({}, { keepDataDir: true });
  await server.stop();
  project.provide('seededDataDir', server.dataDir);
  return () => rm(server.dataDir, { recursive: true, force: true });
}
