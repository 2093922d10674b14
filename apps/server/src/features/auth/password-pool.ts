import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

// argon2id is memory-hard CPU work (19 MiB, tens of ms). It runs in worker threads of its
// own, never on the event loop, and at the lowest CPU priority: on Linux each worker
// renices its own thread to 19, so when the cores are busy, page rendering (and PGlite,
// which runs on the main thread) goes first and sign-ins wait. The libuv thread pool that
// @node-rs/argon2's async calls use would have run four hashes at normal priority and
// taken both cores of a small machine from the pages (the bench measured page p99 ×100).
// One worker on a 2-core machine; a queue with a bound, so a flood of sign-ins is refused
// instead of growing memory.

// Plain JavaScript evaluated in the worker, so the esbuild server bundle needs no second
// entry file. The library's path is resolved by the main thread and handed over.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
const { setPriority } = require('node:os');
try {
  // "/proc/thread-self" names this thread ("<pid>/task/<tid>"); nice is per thread on Linux.
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) setPriority(tid, 19);
} catch {
  // Not Linux, or not allowed: the hash still runs off the event loop.
}
const argon2 = require(workerData.argon2Path);
parentPort.on('message', ({ id, op, password, stored, options }) => {
  try {
    const result = op === 'hash' ? argon2.hashSync(password, options) : argon2.verifySync(stored, password);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

type Job =
  | { op: 'hash'; password: string; options: Record<string, number> }
  | { op: 'verify'; password: string; stored: string };

type Pending = { resolve: (value: string | boolean) => void; reject: (error: Error) => void };

export class PasswordPoolBusyError extends Error {}

export type PasswordPool = {
  hash: (password: string, options: Record<string, number>) => Promise<string>;
  verify: (stored: string, password: string) => Promise<boolean>;
};

export function createPasswordPool(
  options: { size?: number; maxQueued?: number } = {},
): PasswordPool {
  const size = options.size ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const maxQueued = options.maxQueued ?? 200;
  const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const workers: { worker: Worker; pending: Map<number, Pending> }[] = [];
  let nextId = 0;
  let queued = 0;

  function start() {
    const pending = new Map<number, Pending>();
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2Path } });
    // An idle worker must not keep a finished process (or a test run) alive; a busy one
    // must, or a script awaiting a hash could exit with it unanswered.
    worker.unref();
    worker.on('message', (message: { id: number; result?: string | boolean; error?: string }) => {
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      if (pending.size === 0) worker.unref();
      queued -= 1;
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.result as string | boolean);
    });
    const entry = { worker, pending };
    worker.on('error', (error) => {
      // A crashed worker fails its own jobs; the next job starts a fresh one.
      for (const job of pending.values()) job.reject(error);
      queued -= pending.size;
      pending.clear();
      workers.splice(workers.indexOf(entry), 1);
    });
    workers.push(entry);
    return entry;
  }

  function run(job: Job): Promise<string | boolean> {
    if (queued >= maxQueued) return Promise.reject(new PasswordPoolBusyError());
    while (workers.length < size) start();
    // The least busy worker; ties go to the first.
    const target = workers.reduce((best, w) => (w.pending.size < best.pending.size ? w : best));
    const id = nextId++;
    queued += 1;
    return new Promise((resolve, reject) => {
      if (target.pending.size === 0) target.worker.ref();
      target.pending.set(id, { resolve, reject });
      target.worker.postMessage({ id, ...job });
    });
  }

  return {
    hash: async (password, hashOptions) =>
      String(await run({ op: 'hash', password, options: hashOptions })),
    verify: async (stored, password) => (await run({ op: 'verify', password, stored })) === true,
  };
}
