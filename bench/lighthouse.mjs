// The browser budget: Lighthouse 12 with its mobile defaults (emulated phone, simulated
// slow 4G and CPU) on Debian's Chromium, three runs per page, the median by score.
// Two script sizes per page: "JS gzipped" is the budget's own measure (every script the
// page loaded, fetched again and gzipped at level 9, whatever the server sends), and "JS
// on the wire" what the browser was sent (Lighthouse's transfer sizes: the build's
// precompressed brotli).
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { assertLoopback } from './lib.mjs';

const RUNS = 3;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The page's script requests as Lighthouse recorded them. */
const scriptRequests = (lhr) =>
  (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );

async function gzippedScriptBytes(lhr) {
  let total = 0;
  for (const { url } of scriptRequests(lhr)) {
    assertLoopback(url);
    total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  }
  return total;
}

function scriptBytesOnTheWire(lhr) {
  return scriptRequests(lhr).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/**
 * Script bytes (as sent) that finished loading before the largest paint the browser
 * observed. Lighthouse's simulated LCP charges every request that ended before that paint
 * at slow-4G speed, so this should be only the island runtime (~14 KB): when React's
 * ~210 KB got in too, product and cart fell from 99 to 93, LCP ~1.2 s -> ~3 s, in some
 * runs and not others (docs/PERFORMANCE.md).
 */
function scriptBytesBeforeLcp(lhr) {
  const observedLcp = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  if (!Number.isFinite(observedLcp)) return 0;
  return scriptRequests(lhr)
    .filter((item) => item.networkEndTime <= observedLcp)
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/**
 * One Lighthouse run. Headless Chromium sometimes loses the trace of a load (NO_NAVSTART);
 * that run is repeated, up to twice, rather than counted or hidden.
 */
async function auditOnce(port, url) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const error = result ? result.lhr.runtimeError : { message: 'no result' };
    if (!error && result) return result.lhr;
    if (attempt >= 3) throw new Error(`${url}: ${error?.message}`);
  }
}

/** Median Lighthouse figures per page; throws (with the reason) when Chromium cannot run. */
export async function runLighthouse(baseUrl, pages) {
  assertLoopback(baseUrl);
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const results = {};
    for (const [name, path] of Object.entries(pages)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await auditOnce(chrome.port, `${baseUrl}${path}`);
        runs.push({
          score: (lhr.categories.performance.score ?? 0) * 100,
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          scriptBytesBeforeLcp: scriptBytesBeforeLcp(lhr),
          lhr,
        });
      }
      const middle = runs.find((r) => r.score === median(runs.map((x) => x.score))) ?? runs[0];
      results[name] = {
        score: middle.score,
        lcp: median(runs.map((r) => r.lcp)),
        cls: median(runs.map((r) => r.cls)),
        tbt: median(runs.map((r) => r.tbt)),
        // The worst run: one run in three with React before the paint is what moved the median.
        scriptBytesBeforeLcp: Math.max(...runs.map((r) => r.scriptBytesBeforeLcp)),
        jsGzipBytes: await gzippedScriptBytes(middle.lhr),
        jsWireBytes: scriptBytesOnTheWire(middle.lhr),
      };
      const r = results[name];
      console.log(
        `  ${name}: score ${r.score.toFixed(0)}, LCP ${r.lcp.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, TBT ${r.tbt.toFixed(0)} ms, JS ${(r.jsGzipBytes / 1024).toFixed(1)} KB gz (${(r.jsWireBytes / 1024).toFixed(1)} KB on the wire), JS before LCP ${(r.scriptBytesBeforeLcp / 1024).toFixed(1)} KB`,
      );
    }
    return results;
  } finally {
    chrome.kill();
  }
}
