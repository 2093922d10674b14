// `npm run bench`: how fast the production server answers on this machine, next to what
// the machine can do at all (a bare static server with the same bytes), in one run.
// Everything runs on loopback; each measurement is bounded (BENCH_SECONDS, default 10 s,
// after a 2 s warm-up) and the whole run is killed after BENCH_LIMIT_MINUTES (20).
// The figures and how to read them are in docs/PERFORMANCE.md.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runAnalyticsDashboardBench } from './analytics-dashboard.mjs';
import {
  ANALYTICS_ENV,
  EVENTS_PER_SECOND,
  startCollectorLoad,
  startCpuCount,
  storedEvents,
  trackTagOf,
} from './analytics-load.mjs';
import { runCsvBench } from './csv.mjs';
import { runEditorBench } from './editor.mjs';
import {
  createCaptchaForm,
  FORM_ENV,
  presolveCaptchas,
  SUBMISSIONS_PER_SECOND,
  startSubmissions,
  storedCounts,
} from './form-load.mjs';
import {
  killChildren,
  LOOPBACK,
  measure,
  memoryOf,
  nginxPath,
  root,
  startAtelier,
  startFlags,
  startStaticNginx,
  startStaticNode,
} from './lib.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { createOwner, SIGN_IN_ENV, SIGN_INS_PER_SECOND, startSignIns } from './sign-in-load.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const LIMIT_MINUTES = Number(process.env.BENCH_LIMIT_MINUTES ?? 20);
const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? `postgres://postgres@${LOOPBACK}:5432/postgres`;
const PAGES = { product: '/shop/p/linen-work-shirt', list: '/shop', home: '/' };
const CONNECTIONS = [10, 50];
/** High enough that the add-to-cart limit never answers 429 during a run; it stays on. */
const BENCH_ENV = { CART_RATE_LIMIT: '1000000' };
/**
 * `BENCH_ONLY=sign-in`, `=forms`, `=editor`, `=csv`, `=analytics` (ingestion and
 * dashboards), `=analytics-ingest` or `=analytics-dashboard` runs only that scenario
 * (after the build).
 */
const ONLY = process.env.BENCH_ONLY;
const SCENARIOS = [
  'sign-in',
  'forms',
  'editor',
  'csv',
  'analytics',
  'analytics-ingest',
  'analytics-dashboard',
];
if (ONLY !== undefined && !SCENARIOS.includes(ONLY)) {
  throw new Error(`BENCH_ONLY: unknown ${ONLY} (one of ${SCENARIOS.join(', ')})`);
}

const watchdog = setTimeout(() => {
  console.error(`bench: over ${LIMIT_MINUTES} minutes, stopping`);
  killChildren();
  process.exit(2);
}, LIMIT_MINUTES * 60_000);
watchdog.unref();

const rows = [];
const ratios = [];
const notes = [];
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

function record(name, connections, result) {
  rows.push({ name, connections, ...result });
  if (result.bad > 0) notes.push(`${name} @${connections}: ${result.bad} answers were errors`);
  console.log(
    `  ${name} @${connections}: ${fmt(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
  );
  return result;
}

const timed = (url, connections, request = {}) =>
  measure({ url, connections, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, ...request });

// Always builds: figures from a stale build would not be this checkout's.
function build() {
  console.log('bench: building (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** Requests/s and p99 of page routes at each connection count on one server. */
async function measurePages(server, label) {
  const results = {};
  for (const [page, path] of Object.entries(PAGES)) {
    for (const connections of CONNECTIONS) {
      results[`${page}@${connections}`] = record(
        `${page} (${label})`,
        connections,
        await timed(`${server.baseUrl}${path}`, connections),
      );
    }
  }
  return results;
}

/** A visitor's first add to cart: a new cart each time, crumb echoed like a page script. */
async function measureCart(server, label) {
  const shop = await (
    await fetch(`${server.baseUrl}/api/catalog/collections/shop/products`)
  ).json();
  const product = shop.products.find((p) => p.variants.some((v) => v.sku === 'MUG-OAT'));
  const crumb = 'bench-crumb-0123456789abcdef';
  const request = {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `crumb=${crumb}`,
      'x-csrf-token': crumb,
    },
    body: JSON.stringify({ itemId: product.id, sku: 'MUG-OAT', quantity: 1 }),
  };
  const probe = await fetch(`${server.baseUrl}/api/commerce/shopping-cart/entries`, request);
  if (!probe.ok) throw new Error(`add to cart answered ${probe.status}: ${await probe.text()}`);
  const cart = record(
    `add to cart (${label})`,
    10,
    await timed(`${server.baseUrl}/api/commerce/shopping-cart/entries`, 10, request),
  );
  const health = record(`/healthz (${label})`, 10, await timed(`${server.baseUrl}/healthz`, 10));
  return { cart, health };
}

/**
 * Page p99 with no sign-ins, then with SIGN_INS_PER_SECOND sign-ins running beside the same
 * load (warm-up included): the cold list page (every request rendered, the busiest event
 * loop) and the warm product page. Target: the ratio stays within 1.5.
 */
async function measureSignInLoad() {
  const cases = [
    { label: 'cold', env: { PAGE_CACHE: 'off' }, page: 'list', connections: 50 },
    { label: 'warm', env: {}, page: 'product', connections: 50 },
  ];
  for (const { label, env, page, connections } of cases) {
    const server = await startAtelier({ ...BENCH_ENV, ...SIGN_IN_ENV, ...env });
    const crumb = await createOwner(server.baseUrl);
    const url = `${server.baseUrl}${PAGES[page]}`;
    const quiet = record(
      `${page} (${label}), no sign-ins`,
      connections,
      await timed(url, connections),
    );
    const signIns = startSignIns(server.baseUrl, crumb);
    const busy = record(
      `${page} (${label}), ${SIGN_INS_PER_SECOND} sign-ins/s beside`,
      connections,
      await timed(url, connections),
    );
    const done = await signIns.stop();
    await server.stop();
    if (done.failed > 0) notes.push(`sign-in load (${label}): ${done.failed} sign-ins failed`);
    ratios.push(
      `${page} ${label} @${connections} with ${SIGN_INS_PER_SECOND} sign-ins/s: p99 ${fmt(busy.p99 / Math.max(quiet.p99, 1), 2)} × p99 without (target ≤ 1.5); req/s ${fmt(busy.rps / quiet.rps, 2)} ×; sign-ins done ${fmt(done.perSecond, 1)}/s, p50 ${fmt(done.p50)} ms, p99 ${fmt(done.p99)} ms`,
    );
  }
}

/**
 * The warm product page's p99 at 50 connections with no form submissions, then with
 * SUBMISSIONS_PER_SECOND captcha-checked submissions beside it (warm-up included), on a
 * fresh PostgreSQL database (issue 20, bench/form-load.mjs). Target: the ratio stays within
 * 1.2 and the submissions keep up. False when it could not run.
 */
async function measureFormLoad() {
  const database = await createPostgresDatabase();
  if (!database) return false;
  const connections = 50;
  try {
    const server = await startAtelier({ ...BENCH_ENV, ...FORM_ENV, DATABASE_URL: database.url });
    try {
      const formId = await createCaptchaForm(server.baseUrl);
      // Enough for the warm-up and the measurement at the full rate, with a margin.
      const count = Math.ceil(SUBMISSIONS_PER_SECOND * (WARMUP_SECONDS + SECONDS) * 1.1) + 100;
      const solved = await presolveCaptchas(server.baseUrl, count);
      console.log(
        `  ${count} captcha challenges fetched in ${fmt(solved.fetchSeconds, 1)} s, solved in ${fmt(solved.solveSeconds, 1)} s (${solved.threads} threads, maxnumber ${FORM_ENV.CAPTCHA_MAX_NUMBER})`,
      );
      const url = `${server.baseUrl}${PAGES.product}`;
      const quiet = record(
        `product (warm, PostgreSQL), no submissions`,
        connections,
        await timed(url, connections),
      );
      const submissions = startSubmissions(server.baseUrl, formId, solved.payloads);
      const busy = record(
        `product (warm, PostgreSQL), ${SUBMISSIONS_PER_SECOND} submissions/s beside`,
        connections,
        await timed(url, connections),
      );
      const done = await submissions.stop();
      const stored = await storedCounts(database.url, formId);
      const failures = Object.entries(done.failures)
        .map(([what, n]) => `${what}: ${n}`)
        .join(', ');
      ratios.push(
        `product warm @${connections} on PostgreSQL with ${SUBMISSIONS_PER_SECOND} submissions/s: p99 ${fmt(busy.p99 / Math.max(quiet.p99, 1), 2)} × p99 without (target ≤ 1.2); req/s ${fmt(busy.rps / quiet.rps, 2)} ×`,
        `submissions: ${done.sent} sent in ${fmt(done.seconds, 1)} s (last answer ${fmt(done.drainSeconds, 1)} s after), ${done.accepted} accepted = ${fmt(done.perSecond, 1)}/s (target ${SUBMISSIONS_PER_SECOND}); key + save p50 ${fmt(done.p50)} ms, p99 ${fmt(done.p99)} ms; save alone p50 ${fmt(done.saveP50)} ms, p99 ${fmt(done.saveP99)} ms; failures ${failures || 'none'}${done.ranOut ? '; ran out of solved captchas' : ''}`,
        `stored: ${stored.submissions} submissions (${stored.submissions === done.accepted ? 'matches' : 'DOES NOT match'} the ${done.accepted} accepted), ${stored.mails} notification mails, ${stored.spentCaptchas} spent captchas`,
      );
      if (stored.submissions !== done.accepted) {
        notes.push(`forms: ${stored.submissions} stored against ${done.accepted} accepted`);
      }
      if (done.perSecond < SUBMISSIONS_PER_SECOND * 0.95) {
        notes.push(
          `forms: ${fmt(done.perSecond, 1)} submissions/s, under ${SUBMISSIONS_PER_SECOND}`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  return true;
}

/**
 * The warm product page's p99 at 50 connections alone, then with storefront visitors'
 * collectors posting EVENTS_PER_SECOND analytics events beside it (warm-up included), on
 * a fresh PostgreSQL database (issue 24, bench/analytics-load.mjs). Targets: the events
 * are written at that rate and the ratio stays within 1.2. False when it could not run.
 */
async function measureAnalyticsIngest() {
  const database = await createPostgresDatabase();
  if (!database) return false;
  const connections = 50;
  try {
    const server = await startAtelier({
      ...BENCH_ENV,
      ...ANALYTICS_ENV,
      DATABASE_URL: database.url,
    });
    try {
      const url = `${server.baseUrl}${PAGES.product}`;
      const tag = await trackTagOf(url);
      const quiet = record(
        'product (warm, PostgreSQL), no analytics',
        connections,
        await timed(url, connections),
      );
      const cpu = startCpuCount(server.pid, database.url);
      const load = startCollectorLoad(server.baseUrl, PAGES.product, tag);
      const busy = record(
        `product (warm, PostgreSQL), ${EVENTS_PER_SECOND} analytics events/s offered beside`,
        connections,
        await timed(url, connections),
      );
      const done = await load.stop();
      const stored = await storedEvents(database.url, tag.websiteId, done.accepted);
      const used = cpu.stop();
      const failures = Object.entries(done.failures)
        .map(([what, n]) => `${what}: ${n}`)
        .join(', ');
      const rejections = Object.entries(stored.rejections)
        .map(([why, n]) => `${why}: ${n}`)
        .join(', ');
      const written = stored.rows / (done.seconds + done.drainSeconds + stored.waitSeconds);
      ratios.push(
        `product warm @${connections} on PostgreSQL with ${EVENTS_PER_SECOND} analytics events/s offered: p99 ${fmt(busy.p99 / Math.max(quiet.p99, 1), 2)} × p99 without (target ≤ 1.2); req/s ${fmt(busy.rps / quiet.rps, 2)} ×`,
        `analytics: ${done.pages} page loads, ${done.requests} collector calls in ${fmt(done.seconds, 1)} s (last answer ${fmt(done.drainSeconds, 1)} s after), ${done.accepted} events accepted = ${fmt(done.accepted / (done.seconds + done.drainSeconds))}/s; call p50 ${fmt(done.p50)} ms, p99 ${fmt(done.p99)} ms; failures ${failures || 'none'}`,
        `analytics stored: ${stored.rows} rows (${stored.rows === done.accepted ? 'matches' : 'DOES NOT match'} the ${done.accepted} accepted; ${Object.entries(
          stored.byKind,
        )
          .map(([k, n]) => `${k} ${n}`)
          .join(
            ', ',
          )}) = ${fmt(written)} events/s written (target ≥ 5,000; last row ${fmt(stored.waitSeconds, 1)} s after the last answer); refusals ${rejections || 'none'} (queue-full = dropped)`,
        `analytics CPU over the ${fmt(used.wall, 1)} s with load (page load included): server ${fmt(used.server, 1)} s, PostgreSQL ${fmt(used.postgres, 1)} s, bench (autocannon + visitors) ${fmt(used.bench, 1)} s of ${fmt(used.wall * cpus().length, 1)} s on ${cpus().length} cores`,
      );
      if (stored.rows !== done.accepted) {
        notes.push(`analytics: ${stored.rows} stored against ${done.accepted} accepted`);
      }
      if (written < 5000) notes.push(`analytics: ${fmt(written)} events/s written, under 5,000`);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  return true;
}

/**
 * The four analytics dashboards over 90 days of ~10 million generated events on
 * PostgreSQL, read from rollups through the HTTP API (issue 24, bench/analytics-dashboard.mjs);
 * its table is printed at once. A scenario that cannot run is a note (and, alone, a failure).
 */
async function measureAnalyticsDashboard() {
  console.log('\nanalytics dashboards over 10 million events on PostgreSQL (issue 24)');
  try {
    const dashboard = await runAnalyticsDashboardBench(POSTGRES_URL);
    for (const line of [...dashboard.info, '', ...dashboard.table]) console.log(line);
    for (const row of dashboard.rows.filter((r) => !r.isMet)) {
      notes.push(`analytics dashboard: ${row.name} p95 ${fmt(row.p95)} ms, over 300 ms`);
    }
    return dashboard.isMet;
  } catch (error) {
    notes.push(`analytics dashboard bench could not run: ${error.stack ?? error.message}`);
    return false;
  }
}

/**
 * The page editor in Chromium on a 60-block page against a 2-block one (issue 17,
 * bench/editor.mjs); its table is printed at once. A scenario that cannot run is a note
 * (and, run alone, a failed run).
 */
async function measureEditor() {
  console.log('\npage editor in Chromium: 60 blocks against 2 (issue 17)');
  try {
    const editor = await runEditorBench();
    console.log('');
    for (const line of [...editor.table, '', ...editor.info]) console.log(line);
    for (const row of editor.rows.filter((r) => !r.isMet)) {
      notes.push(
        `editor: ${row.name} misses its target (${row.figure.toFixed(0)} > ${row.target})`,
      );
    }
    return true;
  } catch (error) {
    notes.push(`editor bench could not run: ${error.stack ?? error.message}`);
    return false;
  }
}

/**
 * The product CSV import of 10,000 variants on PostgreSQL (issue 18, bench/csv.mjs); its
 * table is printed at once. A scenario that cannot run is a note (and, alone, a failure).
 */
async function measureCsv() {
  console.log('\nproduct CSV import: 10,000 variants on PostgreSQL (issue 18)');
  try {
    const csv = await runCsvBench(POSTGRES_URL);
    for (const line of csv.table) console.log(line);
    if (!csv.isMet) notes.push('csv: an import of 10,000 variants took 30 s or more');
    return csv.isMet;
  } catch (error) {
    notes.push(`csv bench could not run: ${error.stack ?? error.message}`);
    return false;
  }
}

async function createPostgresDatabase() {
  const name = `atelier_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    notes.push(`PostgreSQL at ${POSTGRES_URL} not usable: ${error.message}`);
    return undefined;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(POSTGRES_URL);
  if (url.hostname !== LOOPBACK && url.hostname !== 'localhost') {
    throw new Error('BENCH_POSTGRES_URL must point at this machine');
  }
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function main() {
  build();
  console.log(
    `bench: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30, 1)} GB, ` +
      `Node ${process.version}; ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per measurement`,
  );
  if (ONLY === 'sign-in') {
    console.log(`\npages with ${SIGN_INS_PER_SECOND} sign-ins/s beside them (PGlite)`);
    await measureSignInLoad();
    for (const line of ratios) console.log(line);
    for (const note of notes) console.log(`note: ${note}`);
    return;
  }
  if (ONLY === 'forms') {
    console.log(
      `\nproduct page with ${SUBMISSIONS_PER_SECOND} form submissions/s beside it (PostgreSQL)`,
    );
    if (!(await measureFormLoad())) process.exitCode = 1;
    for (const line of ratios) console.log(line);
    for (const note of notes) console.log(`note: ${note}`);
    return;
  }
  if (ONLY?.startsWith('analytics')) {
    let isOk = true;
    if (ONLY !== 'analytics-dashboard') {
      console.log(
        `\nproduct page with ${EVENTS_PER_SECOND} analytics events/s offered beside it (PostgreSQL)`,
      );
      isOk = (await measureAnalyticsIngest()) && isOk;
      for (const line of ratios) console.log(line);
    }
    if (ONLY !== 'analytics-ingest') isOk = (await measureAnalyticsDashboard()) && isOk;
    if (!isOk) process.exitCode = 1;
    for (const note of notes) console.log(`note: ${note}`);
    return;
  }
  if (ONLY === 'editor') {
    if (!(await measureEditor())) process.exitCode = 1;
    for (const note of notes) console.log(`note: ${note}`);
    return;
  }
  if (ONLY === 'csv') {
    if (!(await measureCsv())) process.exitCode = 1;
    for (const note of notes) console.log(`note: ${note}`);
    return;
  }

  // 1. Cold: every page rendered (PAGE_CACHE=off), PGlite.
  console.log('\ncold pages (PAGE_CACHE=off, PGlite)');
  const cold = await startAtelier({ ...BENCH_ENV, PAGE_CACHE: 'off' });
  const coldPages = await measurePages(cold, 'cold');
  const coldMemory = memoryOf(cold.pid);
  await cold.stop();

  // 2. Warm: the page cache on, PGlite; the baseline serves the very bytes it sends.
  console.log('\nwarm pages (page cache on, PGlite)');
  const warm = await startAtelier(BENCH_ENV);
  const productPage = await fetch(`${warm.baseUrl}${PAGES.product}`);
  const bytes = Buffer.from(await productPage.arrayBuffer());
  const dir = await mkdtemp(join(tmpdir(), 'atelier-bench-static-'));
  const file = join(dir, 'product.html');
  await writeFile(file, bytes);

  console.log(`\nbaseline: bare node:http serving the product page (${bytes.length} bytes)`);
  const staticNode = await startStaticNode(file, 'text/html; charset=utf-8');
  const baseline = {};
  for (const connections of CONNECTIONS) {
    baseline[connections] = record(
      'static node:http',
      connections,
      await timed(`${staticNode.baseUrl}/`, connections),
    );
  }
  await staticNode.stop();
  const nginx = nginxPath();
  const nginxBaseline = {};
  if (nginx) {
    console.log(`\nbaseline: nginx (one worker) serving the same bytes`);
    // Optional: an nginx that will not start is a note, not the end of the run.
    const staticNginx = await startStaticNginx(nginx, file, 'text/html; charset=utf-8').catch(
      (error) => {
        notes.push(`nginx did not start (${error.message}): only node:http was measured`);
        return undefined;
      },
    );
    for (const connections of staticNginx ? CONNECTIONS : []) {
      nginxBaseline[connections] = record(
        'static nginx',
        connections,
        await timed(`${staticNginx.baseUrl}/`, connections),
      );
    }
    await staticNginx?.stop();
  } else {
    notes.push(
      'nginx: not installed (apt-get install nginx-light), so only the node:http baseline was measured',
    );
  }

  console.log('');
  const warmPages = await measurePages(warm, 'warm');
  console.log('\ncart on PGlite');
  const pgliteCart = await measureCart(warm, 'PGlite');
  const warmMemory = memoryOf(warm.pid);

  console.log('\nbrowser budget (Lighthouse, mobile, median of 3)');
  const lighthouse = await runLighthouse(warm.baseUrl, {
    home: PAGES.home,
    list: PAGES.list,
    product: PAGES.product,
    cart: '/cart',
  }).catch((error) => ({ error: error.message }));
  await warm.stop();
  await rm(dir, { recursive: true, force: true });

  console.log('\ncart on PostgreSQL');
  let postgresCart;
  const database = await createPostgresDatabase();
  if (database) {
    try {
      const server = await startAtelier({ ...BENCH_ENV, DATABASE_URL: database.url });
      postgresCart = await measureCart(server, 'PostgreSQL');
      await server.stop();
    } finally {
      await database.drop();
    }
  }

  console.log(`\npages with ${SIGN_INS_PER_SECOND} sign-ins/s beside them (PGlite)`);
  await measureSignInLoad();

  console.log(
    `\nproduct page with ${SUBMISSIONS_PER_SECOND} form submissions/s beside it (PostgreSQL)`,
  );
  // A scenario that cannot run is a note here; run alone (BENCH_ONLY=forms) it fails the run.
  await measureFormLoad().catch((error) => {
    notes.push(`forms bench could not run: ${error.stack ?? error.message}`);
  });

  console.log(
    `\nproduct page with ${EVENTS_PER_SECOND} analytics events/s offered beside it (PostgreSQL)`,
  );
  // The dashboard bench (10 million events, ~10 minutes) runs only with BENCH_ONLY.
  await measureAnalyticsIngest().catch((error) => {
    notes.push(`analytics ingestion bench could not run: ${error.stack ?? error.message}`);
  });

  // The table, then one ratio per line.
  console.log('\n| measurement | conns | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.connections} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.bad} |`,
    );
  }
  console.log('');
  for (const page of Object.keys(PAGES)) {
    for (const c of CONNECTIONS) {
      const base = baseline[c];
      const w = warmPages[`${page}@${c}`];
      const k = coldPages[`${page}@${c}`];
      ratios.push(
        `${page} warm @${c}: ${fmt(w.rps / base.rps, 2)} × baseline req/s, p99 ${fmt(w.p99 / Math.max(base.p99, 1), 2)} × baseline p99`,
      );
      ratios.push(`${page} cold @${c}: ${fmt(k.rps / base.rps, 2)} × baseline req/s`);
    }
  }
  // The targets are against node:http; nginx shows how far a C server is from that.
  for (const c of CONNECTIONS) {
    const n = nginxBaseline[c];
    if (!n) continue;
    ratios.push(
      `nginx @${c}: ${fmt(n.rps / baseline[c].rps, 2)} × baseline req/s; product warm ${fmt(warmPages[`product@${c}`].rps / n.rps, 2)} × nginx`,
    );
  }
  ratios.push(
    `add to cart PGlite: ${fmt(pgliteCart.cart.rps / pgliteCart.health.rps, 2)} × /healthz req/s`,
  );
  if (postgresCart) {
    ratios.push(
      `add to cart PostgreSQL: ${fmt(postgresCart.cart.rps / postgresCart.health.rps, 2)} × /healthz req/s`,
    );
  }
  ratios.push(
    `peak RSS PGlite: cold server ${fmt(coldMemory.peakMb)} MB, warm server ${fmt(warmMemory.peakMb)} MB (budget 350 MB; MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '2'}, node ${startFlags().join(' ')}); RSS after the runs ${fmt(coldMemory.rssMb)} / ${fmt(warmMemory.rssMb)} MB`,
  );
  for (const line of ratios) console.log(line);

  console.log('');
  if ('error' in lighthouse) {
    console.log(`Lighthouse could not run: ${lighthouse.error}`);
  } else {
    console.log('| page | score | LCP ms | CLS | TBT ms | JS gzipped KB | JS on the wire KB |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [page, m] of Object.entries(lighthouse)) {
      console.log(
        `| ${page} | ${fmt(m.score)} | ${fmt(m.lcp)} | ${fmt(m.cls, 3)} | ${fmt(m.tbt)} | ${fmt(m.jsGzipBytes / 1024, 1)} | ${fmt(m.jsWireBytes / 1024, 1)} |`,
      );
    }
  }
  await measureEditor();
  await measureCsv();
  for (const note of notes) console.log(`note: ${note}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  killChildren();
  process.exitCode = 1;
}
