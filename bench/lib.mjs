// Helpers for bench/run.mjs: start the production server (or a bare static server) as a
// child process on loopback, read its memory, and measure one address with autocannon.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

export const root = resolve(import.meta.dirname, '..');
export const LOOPBACK = '127.0.0.1';

/** The bench only ever talks to this machine: anything else is a mistake, stop. */
export function assertLoopback(url) {
  const { hostname } = new URL(url);
  if (hostname !== LOOPBACK) throw new Error(`refusing to benchmark ${url}: loopback only`);
}

/**
 * Creates the website's owner through /api/config/owner, as the first-run screen does.
 * Answers the website id, the headers that act as the signed-in owner (its session cookies
 * and the new crumb, echoed in x-csrf-token as api/client.ts does) and the crumb of the
 * signed-out visit before it.
 */
export async function createOwnerSession(baseUrl, owner) {
  const session = await fetch(`${baseUrl}/api/config/session`);
  const crumb = (await session.json()).xsrfToken;
  const created = await fetch(`${baseUrl}/api/config/owner`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `crumb=${crumb}`,
      'x-csrf-token': crumb,
    },
    body: JSON.stringify(owner),
  });
  if (created.status !== 201) throw new Error(`owner: ${created.status} ${await created.text()}`);
  const answer = await created.json();
  const cookies = created.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.startsWith('crumb='));
  const token = answer.xsrfToken;
  return {
    websiteId: answer.websiteId,
    headers: { cookie: [`crumb=${token}`, ...cookies].join('; '), 'x-csrf-token': token },
    signedOutCrumb: crumb,
  };
}

export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      probe.close(() => resolvePort(address.port));
    });
  });
}

/** Resident memory now and at its peak (VmHWM), in MB, from /proc (Linux). */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: 0, peakMb: 0 };
  }
}

/**
 * The node flags `npm start` gives the server (package.json), read from there so the bench
 * measures the process a user runs: they bound V8's heap growth (docs/PERFORMANCE.md).
 */
export function startFlags() {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const flags = scripts.start.match(/node((?: --\S+)*) apps\/server\/dist\/main\.js/)?.[1];
  if (flags === undefined) throw new Error('package.json start script: no node … main.js');
  return flags.split(' ').filter(Boolean);
}

const children = new Set();
/** Kills whatever is still running (the runtime limit or an error). */
export function killChildren() {
  for (const child of children) child.kill('SIGKILL');
}

async function waitForHttp(child, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The production server as a user runs it: built bundle, `npm start`'s node flags,
 * NODE_ENV=production, a fresh data folder (the demo store is seeded on first start), on
 * a free loopback port.
 */
export async function startAtelier(env = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-bench-'));
  const port = await freePort();
  // BENCH_CPU_PROFILE_DIR=folder: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE_DIR;
  const flags = [...startFlags(), ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])];
  const child = spawn(process.execPath, [...flags, join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: LOOPBACK,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // glibc gives each thread that allocates its own malloc arena and rarely hands them
      // back; sharp's libvips threads (the demo seed renders images) leave ~130 MB of them.
      // Two arenas is sharp's own advice for servers and what docs/PERFORMANCE.md and the
      // README recommend for production.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const baseUrl = `http://${LOOPBACK}:${port}`;
  await waitForHttp(child, `${baseUrl}/healthz`, 90_000);
  return {
    baseUrl,
    pid: child.pid,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      children.delete(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare `node:http` server answering every request with one file's bytes. */
export async function startStaticNode(file, contentType) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'bench/static-server.mjs')], {
    env: { ...process.env, PORT: String(port), HOST: LOOPBACK, FILE: file, TYPE: contentType },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const baseUrl = `http://${LOOPBACK}:${port}`;
  await waitForHttp(child, `${baseUrl}/`, 10_000);
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      children.delete(child);
    },
  };
}

/** Whether Debian's nginx is on this machine (the bench then measures it as well). */
export function nginxPath() {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/**
 * nginx serving the same file, as the second baseline: one worker process, like the node
 * server, in the foreground with its pid, logs and temp folders (Debian builds them into
 * /var/lib/nginx otherwise) in a folder of its own, keep-alive unbounded as node's is. The
 * folder is readable by others because nginx's worker drops root for its unprivileged user.
 */
export async function startStaticNginx(nginx, file, contentType) {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'atelier-bench-nginx-'));
  await chmod(dir, 0o755);
  await copyFile(file, join(dir, 'page'));
  await chmod(join(dir, 'page'), 0o644);
  const conf = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000000;
  types { }
  default_type "${contentType}";
  server {
    listen ${LOOPBACK}:${port};
    root ${dir};
    location / { try_files /page =404; }
  }
}
`;
  await writeFile(join(dir, 'nginx.conf'), conf);
  const child = spawn(
    nginx,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  children.add(child);
  const baseUrl = `http://${LOOPBACK}:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    children.delete(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(child, `${baseUrl}/`, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/**
 * A warm-up, then the measured run; both bounded by their durations. Answers that are
 * not 2xx/3xx are counted and reported, never silently averaged in.
 */
export async function measure({ url, connections, seconds, warmupSeconds, ...request }) {
  assertLoopback(url);
  const run = (duration) =>
    autocannon({ url, connections, duration, timeout: 10, ...request, excludeErrorStats: false });
  if (warmupSeconds > 0) await run(warmupSeconds);
  const result = await run(seconds);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/**
 * A load generator in a worker thread of `moduleUrl` (its own event loop, so the load is
 * not paced by the bench's): `stop()` asks it to finish and resolves with what it posted
 * back.
 */
export function startWorkerLoad(moduleUrl, data) {
  const worker = new Worker(moduleUrl, { workerData: data });
  const done = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const result = await done;
      await worker.terminate();
      return result;
    },
  };
}

/** One POST over a kept-alive agent: the status, the cookies set and the body. */
export function postWith(agent, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          cookies: res.headers['set-cookie'] ?? [],
          text: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
