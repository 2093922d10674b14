// The product CSV import at size (issue 18): 10,000 variants (200 products of 50 variants,
// the most one collection holds) imported through the real route on PostgreSQL, as the
// /config dialog does it: a preview, then an apply read to its last NDJSON line. Then the
// round trip: the export of those products re-imported must report 0 changes, and an
// import changing every variant's stock is timed as well. Target: each import of 10,000
// variants in under 30 s. Figures and how to read them: docs/PERFORMANCE.md.
import pg from 'pg';
import { createOwnerSession, LOOPBACK, startAtelier } from './lib.mjs';

export const CSV_TARGET_SECONDS = 30;
const PRODUCTS = 200;
const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL', '6XL'];
const COLOURS = ['Oat', 'Sand', 'Indigo', 'Moss', 'Rust'];
const OWNER = { email: 'bench-csv@example.com', password: 'bench csv password 1' };
const HEADER = [
  'Title',
  'Product URL',
  'Collection',
  'SKU',
  'Option Name 1',
  'Option Value 1',
  'Option Name 2',
  'Option Value 2',
  'Price',
  'Stock',
];

const seconds = (ms) => (ms / 1000).toFixed(2);

/** The file a merchant would write by hand: new products, simple cells, no quoting needed. */
function newProductsCsv(collection) {
  const lines = [HEADER.join(',')];
  for (let p = 0; p < PRODUCTS; p++) {
    for (const size of SIZES) {
      for (const colour of COLOURS) {
        lines.push(
          [
            `Bench Shirt ${p}`,
            `bench-shirt-${p}`,
            collection,
            `BENCH-${p}-${size}-${colour}`,
            'Size',
            size,
            'Colour',
            colour,
            `${20 + (p % 50)}.50`,
            String(p % 17),
          ].join(','),
        );
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function signIn(baseUrl) {
  const owner = await createOwnerSession(baseUrl, OWNER);
  return {
    base: `${baseUrl}/api/content-service/product/1.1/websites/${owner.websiteId}`,
    headers: owner.headers,
  };
}

async function timedImport(who, csv, mode) {
  const started = performance.now();
  const answer = await fetch(`${who.base}/products/import?mode=${mode}`, {
    method: 'POST',
    headers: { ...who.headers, 'content-type': 'text/csv' },
    body: csv,
  });
  const text = await answer.text();
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`import ${mode}: ${answer.status} ${text}`);
  if (mode === 'preview') return { ms, report: JSON.parse(text) };
  const last = JSON.parse(text.trim().split('\n').at(-1));
  if (last.type !== 'done') throw new Error(`import apply ended with ${JSON.stringify(last)}`);
  return { ms, report: last.report };
}

/** Runs the scenario on a fresh PostgreSQL database; returns the table and whether all met the target. */
export async function runCsvBench(postgresUrl) {
  const name = `atelier_bench_csv_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  if (url.hostname !== LOOPBACK && url.hostname !== 'localhost') {
    throw new Error('BENCH_POSTGRES_URL must point at this machine');
  }
  url.pathname = `/${name}`;
  const server = await startAtelier({ DATABASE_URL: url.toString() });
  try {
    const who = await signIn(server.baseUrl);
    const collection = await fetch(`${who.base}/collections`, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Bench shirts', urlId: 'bench-shirts' }),
    });
    if (collection.status !== 201) throw new Error(`collection: ${await collection.text()}`);

    const csv = newProductsCsv('bench-shirts');
    const variants = PRODUCTS * SIZES.length * COLOURS.length;
    const rows = [];
    const preview = await timedImport(who, csv, 'preview');
    if (preview.report.counts.create !== variants) {
      throw new Error(`preview: ${JSON.stringify(preview.report.counts)}`);
    }
    rows.push({ name: `preview ${variants} new variants`, ms: preview.ms });
    const created = await timedImport(who, csv, 'apply');
    rows.push({
      name: `apply ${variants} new variants (${PRODUCTS} products)`,
      ms: created.ms,
      isImport: true,
    });

    let started = performance.now();
    const exported = await fetch(`${who.base}/products/export.csv`, { headers: who.headers });
    const file = await exported.text();
    rows.push({
      name: `export (${(file.length / 1024 / 1024).toFixed(1)} MB)`,
      ms: performance.now() - started,
    });
    const roundTrip = await timedImport(who, file, 'preview');
    const { create, update, refused } = roundTrip.report.counts;
    if (create + update + refused !== 0) {
      throw new Error(`round trip is not 0 changes: ${JSON.stringify(roundTrip.report.counts)}`);
    }
    rows.push({ name: `re-import the export: preview, 0 changes`, ms: roundTrip.ms });

    // Every bench variant's stock + 1: 10,000 variant updates over 200 products.
    started = performance.now();
    const lines = file.split('\r\n');
    const header = lines[0].replace(/^\uFEFF/, '').split(',');
    const skuAt = header.indexOf('SKU');
    const stockAt = header.indexOf('Stock');
    const changed = lines
      .map((line, i) => {
        const cells = line.split(',');
        if (i === 0 || !cells[skuAt]?.startsWith('BENCH-')) return i === 0 ? line : null;
        cells[stockAt] = String(Number(cells[stockAt]) + 1);
        return cells.join(',');
      })
      .filter((line) => line !== null)
      .join('\r\n');
    const updated = await timedImport(who, changed, 'apply');
    if (updated.report.counts.update !== variants) {
      throw new Error(`update: ${JSON.stringify(updated.report.counts)}`);
    }
    rows.push({ name: `apply ${variants} stock changes`, ms: updated.ms, isImport: true });

    const table = [
      `| step (PostgreSQL) | seconds | target |`,
      '|---|---:|---:|',
      ...rows.map(
        (r) => `| ${r.name} | ${seconds(r.ms)} | ${r.isImport ? `< ${CSV_TARGET_SECONDS}` : ''} |`,
      ),
    ];
    const isMet = rows.every((r) => !r.isImport || r.ms < CSV_TARGET_SECONDS * 1000);
    return { table, isMet };
  } finally {
    await server.stop();
    const drop = new pg.Client({ connectionString: postgresUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  }
}
