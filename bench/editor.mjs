// The page editor's speed (issue 17): Debian's Chromium drives /config on a page of 60
// blocks of mixed types (3 galleries among them) and on a 2-block page, the smallest on
// which every measured interaction exists, as the baseline. Each interaction is timed in
// the canvas frame's own window, as INP is: Event Timing entries (durationThreshold 16)
// grouped by interaction, and beside them the time from the input event to the end of the
// next frame (requestAnimationFrame, then a MessageChannel task, which runs once that
// frame has been drawn). An interaction without an Event Timing entry took under 16 ms;
// it counts with its frame time. The editor's first-load script size is read from the
// build's manifest. The figures and how to read them are in docs/PERFORMANCE.md.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { assertLoopback, root, startAtelier } from './lib.mjs';

export const EDITOR_TARGETS = {
  typingP95Ms: 50,
  interactionMs: 100,
  openMs: 1500,
  firstLoadJsKb: 250,
};

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
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
const OWNER = { email: 'bench-editor@example.com', password: 'bench editor password 1' };
const TRIES = 10;
const OPENS = 5;
const TYPED = 'The quick brown fox jumps over a lazy dog';
/** Between keystrokes, about a fast typist's pace; between clicks, a settled page. */
const KEY_DELAY_MS = 100;
const SETTLE_MS = 250;
const EDITOR_ENTRY = 'src/editor/main.tsx';

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sorted = (values) => [...values].sort((a, b) => a - b);
const quantile = (values, q) => {
  const s = sorted(values);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? Number.NaN;
};
const median = (values) => quantile(values, 0.5);
const max = (values) => (values.length > 0 ? Math.max(...values) : Number.NaN);

/** The editor's script on first load: its entry and static imports, gzipped at level 9. */
export function editorScriptSizes(dist = join(root, 'apps/web/dist')) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/editor-manifest.json'), 'utf8'));
  const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const initial = new Set();
  const pending = [EDITOR_ENTRY];
  while (pending.length > 0) {
    const key = pending.pop();
    if (initial.has(key)) continue;
    if (!manifest[key]) throw new Error(`editor-manifest.json: no ${key}`);
    initial.add(key);
    pending.push(...(manifest[key].imports ?? []));
  }
  const chunk = (key) => ({ name: manifest[key].name ?? key, bytes: gzipped(manifest[key].file) });
  const firstLoad = [...initial].map(chunk);
  const lazy = Object.keys(manifest)
    .filter((key) => !initial.has(key) && manifest[key].file.endsWith('.js'))
    .map(chunk);
  return {
    firstLoadBytes: firstLoad.reduce((sum, c) => sum + c.bytes, 0),
    firstLoad,
    lazy,
  };
}

/** Small distinct PNGs, for galleries when the demo library has too few images. */
async function makePngs(count) {
  const pngs = [];
  for (let i = 0; i < count; i++) {
    const png = await sharp({
      create: {
        width: 640,
        height: 480,
        channels: 3,
        background: { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 151) % 256 },
      },
    })
      .png()
      .toBuffer();
    pngs.push(png.toString('base64'));
  }
  return pngs;
}

/**
 * The owner, then the two pages, through the editor's own API from inside /config (the
 * crumb cookie is echoed in x-csrf-token as api/client.ts does). Runs in the browser.
 */
async function setUpInPage({ owner, pages, pngs }) {
  const json = async (response) => {
    if (!response.ok)
      throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const session = await json(await fetch('/api/config/session'));
  const headers = { 'x-csrf-token': session.xsrfToken };
  const send = (method, path, body) =>
    fetch(path, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(json);
  await send('POST', '/api/config/owner', owner);
  let images = (await json(await fetch('/api/config/media?offset=0&kind=image'))).files;
  if (images.length < 6) {
    for (const [i, base64] of pngs.entries()) {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/png' }), `bench-${i}.png`);
      await json(await fetch('/api/config/media', { method: 'POST', headers, body: form }));
    }
    images = (await json(await fetch('/api/config/media?offset=0&kind=image'))).files;
  }
  const mediaIds = images.map((file) => file.id);
  for (const { title, blocks } of pages) {
    const page = await send('POST', '/api/config/pages', { title });
    const withMedia = blocks.map((block) =>
      block.type === 'image'
        ? { ...block, mediaId: mediaIds[block.mediaIndex % mediaIds.length], mediaIndex: undefined }
        : block.type === 'gallery'
          ? { ...block, mediaIds: mediaIds.slice(0, 6) }
          : block,
    );
    await send('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: withMedia.map(({ mediaIndex, ...block }) => block),
      baseRevision: page.draftRevision,
    });
  }
  return mediaIds.length;
}

const text = (words) => ({
  type: 'text',
  version: 2,
  doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] },
  html: `<p>${words}</p>`,
});

/** 60 blocks (and two section breaks, which do not count), the mix of a long landing page. */
export function sixtyBlocks() {
  const prose =
    'Linen shirts, oat mugs and hand-thrown bowls, made in small batches in our workshop and sent in recycled paper.';
  const cycle = [
    (i) => ({ type: 'heading', version: 1, text: `Chapter ${i}`, level: 2 }),
    (i) => text(`${prose} Paragraph ${i}.`),
    (i) => ({ type: 'image', version: 1, mediaIndex: i, caption: `Picture ${i}` }),
    (i) => text(`${prose} ${prose} Paragraph ${i}.`),
    (i) => ({ type: 'button', version: 1, label: `Shop ${i}`, href: '/shop' }),
    (i) => ({ type: 'quote', version: 1, text: `${prose}`, attribution: `Customer ${i}` }),
    () => ({ type: 'spacer', version: 1, height: 32 }),
    () => ({ type: 'line', version: 1 }),
  ];
  const store = [
    { type: 'products', version: 1, collectionUrlId: 'shop', title: 'Bestsellers', limit: 4 },
    { type: 'summary', version: 1, collectionUrlId: 'shop', title: 'New in', limit: 3 },
    { type: 'product', version: 1, collectionUrlId: 'shop', productUrlId: 'linen-work-shirt' },
  ];
  const gallery = () => ({
    type: 'gallery',
    version: 1,
    mediaIds: [],
    options: { design: 'grid', lightbox: true },
  });
  const blocks = [];
  let content = 0;
  for (let i = 0; blocks.filter((b) => b.type !== 'section').length < 60; i++) {
    if (i === 20 || i === 41) {
      // A section marker at its current version (contract blocks/section.ts), one with a
      // colour so the canvas draws a section background too.
      blocks.push({
        type: 'section',
        version: 2,
        background: i === 20 ? { kind: 'colour', colour: 'sand' } : { kind: 'none' },
        padding: 'medium',
        width: i === 20 ? 'full' : 'contained',
      });
    }
    // Galleries at 10, 30, 50; store blocks at 15, 25, 35, 45, 55; the cycle elsewhere.
    if (i % 20 === 10) blocks.push(gallery());
    else if (i % 10 === 5) blocks.push(store[(i / 10 - 0.5) % store.length]);
    else blocks.push(cycle[content++ % cycle.length](i));
  }
  return blocks;
}

export const twoBlocks = () => [
  { type: 'heading', version: 1, text: 'Chapter 1', level: 2 },
  text('A short page: one heading and this paragraph.'),
];

/**
 * Installs the probe in the canvas frame's window: Event Timing entries with an
 * interaction id, and for each click (from its pointerdown) and each keydown the time to
 * the end of the next frame. Runs in the editor window.
 */
function installProbe() {
  const win = document.querySelector('iframe.canvas-frame')?.contentWindow;
  if (!win) throw new Error('no iframe.canvas-frame');
  if (win.benchProbe) return;
  const probe = { marks: [], entries: [], ready: [], pointerStart: null };
  win.benchProbe = probe;
  new win.PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) {
        probe.entries.push({
          name: e.name,
          id: e.interactionId,
          start: e.startTime,
          duration: e.duration,
          delay: e.processingStart - e.startTime,
          processing: e.processingEnd - e.processingStart,
        });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16 });
  const afterNextPaint = (kind, start) =>
    win.requestAnimationFrame(() => {
      const channel = new win.MessageChannel();
      channel.port1.onmessage = () =>
        probe.marks.push({
          kind,
          start,
          end: win.performance.now(),
          origin: win.performance.timeOrigin,
        });
      channel.port2.postMessage(null);
    });
  win.addEventListener(
    'pointerdown',
    (e) => {
      probe.pointerStart = e.timeStamp;
    },
    true,
  );
  win.addEventListener(
    'click',
    (e) => {
      const start = probe.pointerStart ?? e.timeStamp;
      afterNextPaint('click', start);
      probe.pointerStart = null;
      // A text selected shows as visitors see it until the lazy rich-text editor is in
      // place: the frame in which its caret can first be typed at is timed too.
      const block = e.target.closest?.('[data-block-key]');
      const editable = () => block.querySelector('[contenteditable="true"]');
      if (block?.dataset.blockType !== 'text' || editable()) return;
      const poll = () =>
        win.requestAnimationFrame(() => {
          if (editable()) probe.ready.push({ start, end: win.performance.now() });
          else if (win.performance.now() - start < 10_000) poll();
        });
      poll();
    },
    true,
  );
  win.addEventListener('keydown', (e) => afterNextPaint('key', e.timeStamp), true);
}

const readProbe = (page) =>
  page.evaluate(() => {
    const probe = document.querySelector('iframe.canvas-frame').contentWindow.benchProbe;
    const out = { marks: probe.marks, entries: probe.entries, ready: probe.ready };
    probe.marks = [];
    probe.entries = [];
    probe.ready = [];
    return out;
  });

/**
 * Per interaction (one mark each): its Event Timing duration (the longest entry of its
 * interaction, found by the start of its first event) when it had one, else its frame time.
 * `parts` splits the longest entry as DevTools does: input delay (the main thread busy
 * with something else), processing (the event's handlers) and the rest, until the frame
 * was presented (React's passive effects, style, layout, paint).
 */
function interactionsOf({ marks, entries }) {
  const byId = new Map();
  for (const e of entries) {
    const seen = byId.get(e.id) ?? { start: e.start, longest: e };
    seen.start = Math.min(seen.start, e.start);
    if (e.duration > seen.longest.duration) seen.longest = e;
    byId.set(e.id, seen);
  }
  const timed = [...byId.values()];
  return marks.map((mark) => {
    const frame = mark.end - mark.start;
    const entry = timed.find((t) => Math.abs(t.start - mark.start) < 1)?.longest;
    const parts = entry && {
      delay: entry.delay,
      processing: entry.processing,
      presentation: entry.duration - entry.delay - entry.processing,
    };
    return { frame, eventTiming: entry?.duration, inp: entry ? entry.duration : frame, parts };
  });
}

/** "120 ms (input delay 3, handlers 0, then to paint 117)": the slowest of some interactions. */
function slowest(runs) {
  const worst = runs.reduce((a, b) => (b.inp > a.inp ? b : a));
  const { parts } = worst;
  const split = parts
    ? ` (${worst.type ? `${worst.type}; ` : ''}input delay ${fmt(parts.delay)}, handlers ${fmt(parts.processing)}, then to paint ${fmt(parts.presentation)})`
    : '';
  return `${fmt(worst.inp)} ms${split}`;
}

/** Waits until the frame's probe has `count` marks, then for late Event Timing entries. */
async function settle(page, count = 1) {
  await page.waitForFunction(
    (n) => document.querySelector('iframe.canvas-frame').contentWindow.benchProbe.marks.length >= n,
    count,
    { timeout: 10_000 },
  );
  await sleep(SETTLE_MS);
}

/** Waits until the draft is saved (autosave runs 1.5 s after the last edit). */
async function savedState(page) {
  await page.locator('.save-state--saved').waitFor({ timeout: 15_000 });
}

/**
 * /config loaded, then the page opened from the Pages list, to its blocks drawn and to a
 * block selected: both from the pointerdown on the page's button, in the editor window's
 * clock (performance.timeOrigin + now, which the frame shares).
 */
async function measureOpen(page, baseUrl, { title, blockCount }) {
  await page.goto(`${baseUrl}/config`);
  const button = page.getByRole('button', { name: new RegExp(`^${title}`) });
  await button.waitFor();
  await page.evaluate((want) => {
    const probe = { start: null, drawn: null };
    window.benchOpen = probe;
    document.addEventListener(
      'pointerdown',
      (e) => {
        if (probe.start === null && e.target.closest('.pages-panel__open')) {
          probe.start = performance.timeOrigin + e.timeStamp;
        }
      },
      true,
    );
    const poll = () =>
      requestAnimationFrame(() => {
        const doc = document.querySelector('iframe.canvas-frame')?.contentDocument;
        if ((doc?.querySelectorAll('[data-block-key]').length ?? 0) < want) return poll();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          probe.drawn = performance.timeOrigin + performance.now();
        };
        channel.port2.postMessage(null);
      });
    poll();
  }, blockCount);
  await button.click();
  await page.waitForFunction(
    (want) =>
      (document
        .querySelector('iframe.canvas-frame')
        ?.contentDocument?.querySelectorAll('[data-block-key]').length ?? 0) >= want,
    blockCount,
    { polling: 'raf', timeout: 20_000 },
  );
  await page.evaluate(installProbe);
  const canvas = page.frameLocator('iframe.canvas-frame');
  // The first block that is not a text (a heading on both pages): selecting a text would
  // also wait for the rich-text editor's lazy chunk, timed with the selections below.
  const target = canvas.locator('[data-block-key]:not([data-block-type="text"])').first();
  await target.click();
  await canvas.locator('.canvas-block--selected').waitFor();
  await settle(page);
  const { marks } = await readProbe(page);
  const open = await page.evaluate(() => window.benchOpen);
  const selected = marks[0].origin + marks[0].end;
  return { drawn: open.drawn - open.start, interactive: selected - open.start };
}

/** Clicks one block after another, each unselected before, and times the selection. */
async function measureSelect(page, indexes) {
  const canvas = page.frameLocator('iframe.canvas-frame');
  const results = [];
  for (const index of indexes) {
    const block = canvas.locator('[data-block-key]').nth(index);
    const type = await block.getAttribute('data-block-type');
    // Escape first: a selected text's floating toolbar may cover the next block.
    if ((await canvas.locator('.canvas-block--selected').count()) > 0) {
      await page.keyboard.press('Escape');
      await canvas.locator('.canvas-block--selected').waitFor({ state: 'detached' });
      await sleep(SETTLE_MS);
    }
    await readProbe(page);
    await block.click();
    // The rich-text editor is a lazy chunk: a text is ready once its contenteditable is.
    if (type === 'text') await block.locator('[contenteditable="true"]').waitFor();
    await settle(page);
    const probed = await readProbe(page);
    const [one] = interactionsOf(probed);
    const ready = probed.ready[0];
    results.push({ ...one, type, readyToType: ready ? ready.end - ready.start : undefined });
  }
  return results;
}

async function measureTyping(page, index) {
  const canvas = page.frameLocator('iframe.canvas-frame');
  const block = canvas.locator('[data-block-key]').nth(index);
  if ((await block.getAttribute('data-block-type')) !== 'text') throw new Error('not a text');
  await block.click();
  await block.locator('[contenteditable="true"]').waitFor();
  await sleep(SETTLE_MS);
  await readProbe(page);
  await page.keyboard.type(TYPED, { delay: KEY_DELAY_MS });
  await settle(page, TYPED.length);
  const typed = interactionsOf(await readProbe(page));
  const shown = await block.locator('[contenteditable="true"]').textContent();
  if (!shown.includes(TYPED)) throw new Error(`typed text not on the canvas: ${shown}`);
  return typed;
}

/**
 * Selects block `index` (untimed), clicks the toolbar button `name` (timed), then puts the
 * page back as it was (untimed) so every try works on the same page.
 */
async function measureToolbar(page, { index, name, restore }) {
  const canvas = page.frameLocator('iframe.canvas-frame');
  const results = [];
  await savedState(page);
  for (let i = 0; i < TRIES; i++) {
    const block = canvas.locator('[data-block-key]').nth(index);
    const key = await block.getAttribute('data-block-key');
    if (!(await block.getAttribute('class')).includes('canvas-block--selected')) {
      await block.click();
      await canvas.locator(`[data-block-key="${key}"].canvas-block--selected`).waitFor();
    }
    await sleep(SETTLE_MS);
    await readProbe(page);
    await canvas.getByRole('button', { name, exact: true }).click();
    await settle(page);
    const [one] = interactionsOf(await readProbe(page));
    results.push(one);
    await restore(key);
  }
  return results;
}

/**
 * BENCH_CPU_PROFILE_DIR=folder: each timed phase also writes the browser's CPU profile
 * there (editor-60-typing.cpuprofile…), for DevTools. Profiling slows the page: figures of
 * such a run are for diagnosis, not for the table.
 */
async function profiled(page, name, work) {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  if (!dir) return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    await writeFile(join(dir, `editor-${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  }
}

async function measurePage(page, baseUrl, layout, log) {
  const opens = [];
  for (let i = 0; i < OPENS; i++) opens.push(await measureOpen(page, baseUrl, layout));
  log(
    `  ${layout.title}: open → blocks drawn ${opens.map((o) => fmt(o.drawn)).join(', ')} ms; → a block selected ${opens.map((o) => fmt(o.interactive)).join(', ')} ms`,
  );
  const canvas = page.frameLocator('iframe.canvas-frame');
  const types = await canvas
    .locator('[data-block-key]')
    .evaluateAll((blocks) => blocks.map((b) => b.getAttribute('data-block-type')));
  // Ten selections spread over the page and its types (first text: the lazy editor).
  const spread =
    types.length > TRIES
      ? Array.from({ length: TRIES }, (_, i) => Math.floor(((i + 0.5) * types.length) / TRIES))
      : Array.from({ length: TRIES }, (_, i) => i % types.length);
  const selects = await profiled(page, `${layout.blockCount}-select`, () =>
    measureSelect(page, spread),
  );
  log(`  select: ${selects.map((s) => `${s.type} ${fmt(s.inp)}`).join(', ')} ms`);

  const textIndex = types.indexOf('text', Math.floor(types.length / 3));
  const typing = await profiled(page, `${layout.blockCount}-typing`, () =>
    measureTyping(page, textIndex),
  );
  log(`  typing: ${typing.map((t) => fmt(t.inp)).join(' ')} ms`);
  await savedState(page);

  // Move: a non-text block near the middle, down (timed) and back up (untimed).
  const moveIndex = types.findIndex(
    (type, i) => i >= Math.floor(types.length / 2) - 1 && type !== 'text' && type !== 'heading',
  );
  const moves = await profiled(page, `${layout.blockCount}-move`, () =>
    measureToolbar(page, {
      index: moveIndex === -1 ? 0 : moveIndex,
      name: 'Move down',
      restore: async () => {
        await sleep(SETTLE_MS);
        await canvas.getByRole('button', { name: 'Move up', exact: true }).click();
        await sleep(SETTLE_MS);
      },
    }),
  );
  log(`  move down: ${moves.map((m) => fmt(m.inp)).join(', ')} ms`);

  // Delete: the same block (its neighbour is then selected), then the top bar's Undo.
  const deletes = await profiled(page, `${layout.blockCount}-delete`, () =>
    measureToolbar(page, {
      index: moveIndex === -1 ? 0 : moveIndex,
      name: 'Delete',
      restore: async (key) => {
        await sleep(SETTLE_MS);
        await page.getByRole('button', { name: 'Undo', exact: true }).first().click();
        await canvas.locator(`[data-block-key="${key}"]`).waitFor();
        await sleep(SETTLE_MS);
      },
    }),
  );
  log(`  delete: ${deletes.map((m) => fmt(m.inp)).join(', ')} ms`);
  const count = await canvas.locator('[data-block-key]').count();
  if (count !== layout.blockCount) throw new Error(`${count} blocks after the runs`);
  return { opens, selects, typing, moves, deletes };
}

/** Runs the scenario; returns its table rows and ratio lines, and logs as it goes. */
export async function runEditorBench({ log = console.log } = {}) {
  const started = performance.now();
  const loadAtStart = loadavg()[0];
  const sizes = editorScriptSizes();
  const server = await startAtelier();
  assertLoopback(server.baseUrl);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROME_FLAGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    // What the browser fetched for /config's first load, as a check on the manifest's sum.
    const scripts = [];
    const onResponse = (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    };
    page.on('response', onResponse);
    await page.goto(`${server.baseUrl}/config`, { waitUntil: 'networkidle' });
    page.off('response', onResponse);
    const firstLoadScripts = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);
    const layouts = [
      { title: 'Bench sixty blocks', blocks: sixtyBlocks(), blockCount: 60 },
      { title: 'Bench two blocks', blocks: twoBlocks(), blockCount: 2 },
    ];
    const images = await page.evaluate(setUpInPage, {
      owner: OWNER,
      pages: layouts.map(({ title, blocks }) => ({ title, blocks })),
      pngs: await makePngs(6),
    });
    log(`  set up: owner, ${layouts.length} pages, ${images} images in the library`);
    const results = {};
    for (const layout of layouts) {
      results[layout.blockCount] = await measurePage(page, server.baseUrl, layout, log);
    }
    await context.close();
    return report({
      big: results[60],
      small: results[2],
      sizes,
      firstLoadScripts,
      seconds: (performance.now() - started) / 1000,
      loads: [loadAtStart, loadavg()[0]],
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

function report({ big, small, sizes, firstLoadScripts, seconds, loads }) {
  const t = EDITOR_TARGETS;
  const stat = (runs, pick = (r) => r.inp) => {
    const values = runs.map(pick);
    return { p50: median(values), p95: quantile(values, 0.95), max: max(values) };
  };
  const lines = [];
  const rows = [];
  const row = (name, figure, target, ratioTo, detail) => {
    const isMet = figure <= target;
    rows.push({ name, figure, target, isMet });
    lines.push(
      `| ${name} | ${detail} | ≤ ${target} | ${isMet ? 'yes' : `**no** (${fmt(figure)})`} | ${ratioTo} |`,
    );
  };
  const ratio = (a, b, of) => `${fmt(a / Math.max(b, 1), 2)} × (${of})`;

  const typeBig = stat(big.typing);
  const typeSmall = stat(small.typing);
  row(
    'typing in a text block, p95 INP (ms)',
    typeBig.p95,
    t.typingP95Ms,
    ratio(typeBig.p95, typeSmall.p95, 'p95'),
    `p95 ${fmt(typeBig.p95)}, p50 ${fmt(typeBig.p50)}, max ${fmt(typeBig.max)} (2 blocks: p95 ${fmt(typeSmall.p95)})`,
  );
  for (const [name, key] of [
    ['select a block (ms)', 'selects'],
    ['move down (ms)', 'moves'],
    ['delete (ms)', 'deletes'],
  ]) {
    const b = stat(big[key]);
    const s = stat(small[key]);
    row(
      name,
      b.max,
      t.interactionMs,
      ratio(b.p50, s.p50, 'median'),
      `median ${fmt(b.p50)}, max ${fmt(b.max)} (2 blocks: ${fmt(s.p50)}, ${fmt(s.max)})`,
    );
  }
  const openBig = stat(big.opens, (o) => o.interactive);
  const drawnBig = stat(big.opens, (o) => o.drawn);
  const openSmall = stat(small.opens, (o) => o.interactive);
  row(
    'open the page to interactive (ms)',
    openBig.max,
    t.openMs,
    ratio(openBig.p50, openSmall.p50, 'median'),
    `median ${fmt(openBig.p50)}, max ${fmt(openBig.max)}; blocks drawn ${fmt(drawnBig.p50)} (2 blocks: ${fmt(openSmall.p50)})`,
  );
  const kb = sizes.firstLoadBytes / 1024;
  rows.push({
    name: 'editor JS first load',
    figure: kb,
    target: t.firstLoadJsKb,
    isMet: kb <= t.firstLoadJsKb,
  });
  lines.push(
    `| editor JS on first load, gzipped (KB) | ${fmt(kb, 1)} (${sizes.firstLoad.map((c) => c.name).join(' + ')}); /config fetched ${fmt(firstLoadScripts / 1024, 1)} | ≤ ${t.firstLoadJsKb} | ${kb <= t.firstLoadJsKb ? 'yes' : `**no** (${fmt(kb, 1)})`} | – |`,
  );
  const header = [
    '| measurement | figure | target | met | 60 ÷ 2 blocks |',
    '|---|---|---:|---|---:|',
  ];
  const info = [
    `lazy chunks (gzipped): ${sizes.lazy.map((c) => `${c.name} ${fmt(c.bytes / 1024, 1)} KB`).join(', ')}`,
    `first load: ${sizes.firstLoad.map((c) => `${c.name} ${fmt(c.bytes / 1024, 1)} KB`).join(', ')}`,
    `typing, frame time only (keydown → next frame drawn): p95 ${fmt(stat(big.typing, (r) => r.frame).p95)} ms; Event Timing entries ≥ 16 ms: ${big.typing.filter((r) => r.eventTiming !== undefined).length} of ${big.typing.length} keystrokes`,
    `select by type (60 blocks): ${big.selects.map((s) => `${s.type} ${fmt(s.inp)}`).join(', ')} ms`,
    `slowest on 60 blocks: keystroke ${slowest(big.typing)}; select ${slowest(big.selects)}; move ${slowest(big.moves)}; delete ${slowest(big.deletes)}`,
    `a text selected → its caret ready to type (lazy rich-text editor; not in the select figure): ${big.selects
      .filter((s) => s.readyToType !== undefined)
      .map((s) => fmt(s.readyToType))
      .join(', ')} ms on 60 blocks, ${small.selects
      .filter((s) => s.readyToType !== undefined)
      .map((s) => fmt(s.readyToType))
      .join(', ')} ms on 2`,
    `scenario took ${fmt(seconds)} s; load average ${loads.map((l) => fmt(l, 1)).join(' → ')} (${cpus().length} CPUs)`,
  ];
  return { rows, table: [...header, ...lines], info };
}
