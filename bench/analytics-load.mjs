// Analytics ingestion beside the page load (issue 24): a worker thread plays storefront
// visitors whose collector posts what apps/web/src/analytics/collector.ts posts for a
// product page — RecordHit 'view' (form-encoded; its answer sets the census cookies the
// later calls carry), the ViewProductPage pipeline event, the five web vitals in one
// performance batch, the page-speed record, RecordHit 'leave', and on every tenth page an
// AddToCart — with a current Chrome user agent, at a target rate of events per second,
// while autocannon measures the warm product page. Bodies are built from the page's own
// data-track tag (the product, its collection, the website) and pass the contract's
// strict schemas. Each visitor browses three pages from its own X-Forwarded-For address,
// which this server trusts from loopback (TRUST_PROXY=loopback, an ordinary setting), as
// shoppers behind a proxy: the per-address limit of 300 calls a minute stays on.
// At the end the rows in analytics_events are counted, with the queue's drops.
import { readdirSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { postWith, startWorkerLoad } from './lib.mjs';

export const EVENTS_PER_SECOND = Number(process.env.BENCH_ANALYTICS_RATE ?? 5000);
export const ANALYTICS_ENV = { TRUST_PROXY: 'loopback' };

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PAGES_PER_VISITOR = 3;
/** RecordHit view + ViewProductPage + 5 vitals + page speed + leave, and a tenth of an AddToCart. */
export const EVENTS_PER_PAGE = 9.1;
/** The visitors' keep-alive connections, as from a proxy in front of the server. */
const SOCKETS = 64;

/** The address visitor i sends from: one per visitor. */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** The product page's analytics tag (<body data-track>), as the collector reads it. */
export async function trackTagOf(pageUrl) {
  const html = await (await fetch(pageUrl)).text();
  const attribute = html.match(/<body data-track="([^"]*)"/)?.[1];
  if (!attribute) throw new Error(`${pageUrl}: no data-track on the body`);
  return JSON.parse(
    attribute
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );
}

/**
 * Starts the visitors in a worker thread (its own event loop, so they do not queue behind
 * autocannon nor it behind them): page loads start at eventsPerSecond / EVENTS_PER_PAGE a
 * second, without waiting for earlier ones, until stopped.
 */
export function startCollectorLoad(baseUrl, pagePath, tag, eventsPerSecond = EVENTS_PER_SECOND) {
  return startWorkerLoad(new URL(import.meta.url), {
    role: 'collect',
    baseUrl,
    pagePath,
    tag,
    eventsPerSecond,
  });
}

/** What one product page's collector sends, in order (the view first: it sets the cookies). */
function pageCalls(tag, pagePath, host, page, visitor) {
  const now = Date.now();
  const pageLoadId = `${visitor.toString(36)}x${page}`;
  const fields = {
    pagePath,
    pageType: tag.pageType,
    referrer: page === 0 ? 'https://www.google.com/' : `http://${host}/shop`,
    search: page === 0 && visitor % 5 === 0 ? '?utm_source=newsletter&utm_campaign=autumn' : '',
    screenWidth: visitor % 3 === 0 ? 390 : 1440,
    timeZone: ['Europe/Paris', 'America/New_York', 'Europe/London', 'Asia/Tokyo'][visitor % 4],
    language: ['fr-FR', 'en-US', 'en-GB', 'ja-JP'][visitor % 4],
  };
  const form = (event, data) =>
    new URLSearchParams({ event, data: JSON.stringify(data) }).toString();
  const pipeline = (name, content) =>
    JSON.stringify({
      eventSchemaName: name,
      eventContent: {
        page_path: pagePath,
        page_host: host,
        browser_language: fields.language,
        browser_window_width: fields.screenWidth,
        browser_window_height: 900,
        client_name: 'atelier-storefront',
        event_occurrence_timestamp: now,
        ...content,
      },
    });
  const vital = (metric, value, extra = {}) => ({
    app: 'storefront',
    event: 'user',
    pageLoadId,
    ts: now,
    data: { metric, value, pagePath, pageType: tag.pageType, navigationType: 'navigate', ...extra },
  });
  const jitter = (visitor * 7919 + page * 104729) % 1000;
  const formType = 'application/x-www-form-urlencoded';
  const calls = [
    { path: '/api/census/RecordHit', type: formType, body: form('view', fields) },
    {
      path: '/api/v1/clanker/events',
      type: 'text/plain;charset=UTF-8',
      body: pipeline('ViewProductPage', { page_type: tag.pageType, product: tag.product }),
    },
    {
      path: '/api/1/performance/records',
      type: 'text/plain;charset=UTF-8',
      body: JSON.stringify([
        vital('TTFB', 80 + (jitter % 300)),
        vital('FCP', 600 + jitter),
        vital('LCP', 900 + jitter * 2, { element: 'main>div.product>figure>img' }),
        vital('CLS', (jitter % 20) / 1000, { element: 'main>div.product' }),
        vital('INP', 40 + (jitter % 250), {
          element: 'button.button',
          interactions: [
            { element: 'button.button', duration: 40 + (jitter % 250) },
            { element: 'select#variant', duration: 24 },
          ],
        }),
      ]),
    },
    {
      path: '/api/1/performance/records',
      type: 'text/plain;charset=UTF-8',
      body: JSON.stringify([
        {
          app: 'storefront',
          event: 'page_speed',
          pageLoadId,
          ts: now,
          data: {
            pagePath,
            pageType: tag.pageType,
            timings: {
              ttfb: 80 + (jitter % 300),
              domContentLoaded: 500 + jitter,
              load: 800 + jitter,
              transferSize: 7400,
              decodedBodySize: 28400,
              resources: 9,
            },
          },
        },
      ]),
    },
  ];
  if ((visitor * PAGES_PER_VISITOR + page) % 10 === 0) {
    calls.push({
      path: '/api/v1/clanker/events',
      type: 'text/plain;charset=UTF-8',
      body: pipeline('AddToCart', {
        website_id: tag.websiteId,
        page_id: tag.pageId ?? '',
        cart_id: `00000000-0000-4000-8000-${String(visitor).padStart(12, '0')}`,
        product_page: 'pdp',
        product: tag.product,
        quantity: 1,
      }),
    });
  }
  calls.push({
    path: '/api/census/RecordHit',
    type: formType,
    body: form('leave', { pagePath, pageType: tag.pageType, engagedMs: 4000 + jitter * 20 }),
  });
  return calls;
}

async function runCollectors({ baseUrl, pagePath, tag, eventsPerSecond }) {
  const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS });
  const host = new URL(baseUrl).host;
  const pagesPerSecond = eventsPerSecond / EVENTS_PER_PAGE;
  const latencies = [];
  const failures = {};
  const fail = (what) => {
    failures[what] = (failures[what] ?? 0) + 1;
  };
  let requests = 0;
  let accepted = 0;
  let pages = 0;
  /** Each visitor's cookies, from its first page's RecordHit answer. */
  const jars = new Map();
  const send = async (visitor, call) => {
    const headers = {
      'content-type': call.type,
      'user-agent': CHROME,
      'accept-language': 'en-US,en;q=0.9',
      'x-forwarded-for': addressOf(visitor),
      origin: baseUrl,
    };
    const jar = jars.get(visitor);
    if (jar) headers.cookie = jar;
    const t0 = performance.now();
    requests += 1;
    try {
      const answer = await postWith(agent, `${baseUrl}${call.path}`, headers, call.body);
      latencies.push(performance.now() - t0);
      if (answer.status !== 202) return fail(`${call.path} ${answer.status}`);
      accepted += JSON.parse(answer.text).accepted;
      if (answer.cookies.length > 0) {
        jars.set(visitor, answer.cookies.map((c) => c.split(';')[0]).join('; '));
      }
    } catch (error) {
      fail(`network ${error.code ?? error.name}`);
    }
  };
  const loadPage = async (n) => {
    const visitor = Math.floor(n / PAGES_PER_VISITOR);
    const page = n % PAGES_PER_VISITOR;
    const [view, ...rest] = pageCalls(tag, pagePath, host, page, visitor);
    await send(visitor, view);
    await Promise.all(rest.map((call) => send(visitor, call)));
    if (page === PAGES_PER_VISITOR - 1) jars.delete(visitor);
  };
  let isStopping = false;
  const inFlight = new Set();
  const startedAt = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - startedAt) / 1000) * pagesPerSecond);
    while (!isStopping && pages < due) {
      const loading = loadPage(pages).finally(() => inFlight.delete(loading));
      inFlight.add(loading);
      pages += 1;
    }
  }, 5);
  await new Promise((resolve) => parentPort.once('message', resolve));
  isStopping = true;
  clearInterval(timer);
  const firingSeconds = (performance.now() - startedAt) / 1000;
  await Promise.all(inFlight);
  const drainSeconds = (performance.now() - startedAt) / 1000 - firingSeconds;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  parentPort.postMessage({
    pages,
    requests,
    accepted,
    seconds: firingSeconds,
    drainSeconds,
    failures,
    p50: at(0.5) ?? Number.NaN,
    p99: at(0.99) ?? Number.NaN,
  });
}

/**
 * The website's stored events (waiting, up to `waitMs`, until `expected` are there or the
 * count stops growing: the queue writes a batch at 500 events or every second), the
 * seconds that took, and the refusals counted per reason (queue-full = dropped).
 */
export async function storedEvents(databaseUrl, websiteId, expected, waitMs = 30_000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async () =>
      Number(
        (
          await client.query(
            'select count(*)::int as n from analytics_events where website_id = $1',
            [websiteId],
          )
        ).rows[0].n,
      );
    const startedAt = performance.now();
    let rows = await count();
    let stableFor = 0;
    while (rows < expected && performance.now() - startedAt < waitMs && stableFor < 3) {
      await new Promise((r) => setTimeout(r, 500));
      const next = await count();
      stableFor = next === rows ? stableFor + 1 : 0;
      rows = next;
    }
    const rejections = await client.query(
      'select reason, sum(count)::int as n from analytics_rejections where website_id = $1 group by reason order by reason',
      [websiteId],
    );
    const byKind = await client.query(
      'select kind, count(*)::int as n from analytics_events where website_id = $1 group by kind order by kind',
      [websiteId],
    );
    return {
      rows,
      waitSeconds: (performance.now() - startedAt) / 1000,
      rejections: Object.fromEntries(rejections.rows.map((r) => [r.reason, r.n])),
      byKind: Object.fromEntries(byKind.rows.map((r) => [r.kind, r.n])),
    };
  } finally {
    await client.end();
  }
}

/** CPU seconds (user + system) a process has used, from /proc (Linux; 0 elsewhere). */
function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of each PostgreSQL process working for `database`: its backends (their ps
 * title names it) and the WAL writer, checkpointer and background writer, which write
 * what those backends commit.
 */
function postgresCpuByPid(database) {
  const found = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ')) continue;
      if (
        title.includes(` ${database} `) ||
        /: (walwriter|checkpointer|background writer)/.test(title)
      ) {
        found.set(pid, cpuSecondsOf(pid));
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * Starts counting the CPU time of the server, of PostgreSQL for its database and of this
 * process (autocannon and the visitors); `stop()` answers the seconds each used since.
 * Backends are read every 250 ms, so one the pool closes meanwhile still counts.
 */
export function startCpuCount(serverPid, databaseUrl) {
  const database = new URL(databaseUrl).pathname.slice(1);
  const first = postgresCpuByPid(database);
  const last = new Map(first);
  const sample = () => {
    for (const [pid, seconds] of postgresCpuByPid(database)) last.set(pid, seconds);
  };
  const timer = setInterval(sample, 250);
  const benchSeconds = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  };
  const before = {
    server: cpuSecondsOf(serverPid),
    bench: benchSeconds(),
    wall: performance.now() / 1000,
  };
  return {
    stop() {
      sample();
      clearInterval(timer);
      let postgres = 0;
      for (const [pid, seconds] of last) postgres += seconds - (first.get(pid) ?? 0);
      return {
        server: cpuSecondsOf(serverPid) - before.server,
        postgres,
        bench: benchSeconds() - before.bench,
        wall: performance.now() / 1000 - before.wall,
      };
    },
  };
}

if (!isMainThread && workerData?.role === 'collect') {
  await runCollectors(workerData);
}
