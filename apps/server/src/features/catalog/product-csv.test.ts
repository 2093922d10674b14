import { type CsvApplyLine, type CsvImportReport, MAX_PRODUCT_CSV_BYTES } from '@atelier/contract';
import {
  catalogMessages,
  ProductType,
  parseCsv,
  productCsvMessages,
  Role,
  toCsvLine,
  unguardFormula,
} from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';

describe(`products as CSV (${testDialect})`, () => {
  let t: TestApp;
  let key: KeyFixture;
  let base: string;
  let shopId: string;

  const exportCsv = async (who = key) => {
    const answer = await t.app.inject({ url: `${base}/products/export.csv`, headers: who.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer;
  };
  const importCsv = (
    csv: string,
    mode: 'preview' | 'apply',
    options: { skipRefused?: boolean; who?: KeyFixture } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${base}/products/import?mode=${mode}${options.skipRefused ? '&skipRefused=true' : ''}`,
      headers: { ...(options.who ?? key).headers, 'content-type': 'text/csv' },
      payload: csv,
    });
  const preview = async (csv: string) => {
    const answer = await importCsv(csv, 'preview');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as CsvImportReport;
  };
  const apply = async (csv: string, skipRefused = false) => {
    const answer = await importCsv(csv, 'apply', { skipRefused });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('application/x-ndjson');
    const lines = answer.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as CsvApplyLine);
    const last = lines.at(-1);
    if (last?.type !== 'done') throw new Error(`apply did not finish: ${answer.body}`);
    return { lines, report: last.report };
  };
  const product = async (id: string) =>
    (await t.app.inject({ url: `${base}/products/${id}`, headers: key.headers })).json();
  const csvOf = (rows: string[][]) => rows.map(toCsvLine).join('');
  /** A file's records as the values they stand for (formula guards taken off). */
  const recordsOf = (file: string) =>
    parseCsv(file).records.map((r) => ({ ...r, cells: r.cells.map(unguardFormula) }));
  const HEADER = [
    'Product ID',
    'Title',
    'Product URL',
    'Tags',
    'SKU',
    'Option Name 1',
    'Option Value 1',
    'Price',
    'Sale Price',
    'On Sale',
    'Stock',
  ];

  beforeAll(async () => {
    t = await createTestApp();
    key = await createKey(t);
    base = `/api/content-service/product/1.1/websites/${key.websiteId}`;
    shopId = (await t.app.services.catalog.getCollectionList(key.websiteId, 'shop')).collection.id;
    const created = await t.app.inject({
      method: 'POST',
      url: `${base}/products`,
      headers: key.headers,
      payload: {
        collectionId: shopId,
        productType: ProductType.physical,
        title: '=Tricky, "quoted"\nname',
        description: 'Line one\nline two, with a comma',
        tags: ['+plus', 'linen'],
        variants: [
          {
            sku: 'TRICK-S',
            optionValues: [{ optionName: 'Size', value: 'S' }],
            qtyInStock: 3,
            priceMoney: { value: '10.50' },
          },
          {
            sku: 'TRICK-M',
            optionValues: [{ optionName: 'Size', value: 'M' }],
            unlimited: true,
            priceMoney: { value: '11' },
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
  });
  afterAll(() => t.close());

  it('exports every variant as a row, with a BOM, quoting and formula guards', async () => {
    const answer = await exportCsv();
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="products-/);
    expect(answer.body.startsWith('\uFEFFProduct ID,Product Type,Product URL,Title,')).toBe(true);
    const { records } = parseCsv(answer.body);
    const header = records[0]?.cells ?? [];
    expect(header).toContain('Option Value 3');
    const row = records.find((r) => r.cells.includes('TRICK-S'))?.cells ?? [];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Title')).toBe('\'=Tricky, "quoted"\nname');
    expect(cell('Tags')).toBe("'+plus, linen");
    expect(cell('Description')).toBe('Line one\nline two, with a comma');
    expect(cell('Price')).toBe('10.50');
    expect(cell('Stock')).toBe('3');
    expect(cell('Collection')).toBe('shop');
    const unlimited = records.find((r) => r.cells.includes('TRICK-M'))?.cells ?? [];
    expect([unlimited[header.indexOf('Stock')], unlimited[header.indexOf('Unlimited')]]).toEqual([
      '',
      'yes',
    ]);
    const skus = await t.app.inject({ url: `${base}/products?pageSize=100`, headers: key.headers });
    const variantCount = (skus.json().products as { variantCount: number }[]).reduce(
      (sum, p) => sum + p.variantCount,
      0,
    );
    expect(records.length - 1).toBe(variantCount);
  });

  it('re-imports its own export as 0 changes, and applying it writes nothing', async () => {
    const file = (await exportCsv()).body;
    const before = (
      await t.app.inject({ url: `${base}/products?pageSize=100`, headers: key.headers })
    ).json();
    const report = await preview(file);
    expect(report.counts).toEqual({
      create: 0,
      update: 0,
      unchanged: report.rows.length,
      refused: 0,
    });
    const { report: applied, lines } = await apply(file);
    expect(applied.applied).toBe(true);
    expect(applied.products).toEqual({ create: 0, update: 0 });
    expect(lines[0]).toEqual({ type: 'progress', done: 0, total: 0 });
    const after = (
      await t.app.inject({ url: `${base}/products?pageSize=100`, headers: key.headers })
    ).json();
    expect(after.products.map((p: { updatedAt: string }) => p.updatedAt)).toEqual(
      before.products.map((p: { updatedAt: string }) => p.updatedAt),
    );
  });

  it('previews creates and updates row by row, then applies them', async () => {
    const file = (await exportCsv()).body;
    const records = recordsOf(file);
    const header = records[0]?.cells ?? [];
    const row = records.find((r) => r.cells.includes('TRICK-S'))?.cells ?? [];
    const changed = [...row];
    changed[header.indexOf('Price')] = '12.00';
    changed[header.indexOf('Stock')] = '7';
    const newRows = [
      ['', 'Oat Apron', 'oat-apron', 'kitchen', 'APRON-1', 'Colour', 'Oat', '24.00', '', 'no', '5'],
      ['', 'Oat Apron', 'oat-apron', '', 'APRON-2', 'Colour', 'Sand', '24.00', '20', 'yes', '2'],
    ].map((cells) => header.map((name) => cells[HEADER.indexOf(name)] ?? ''));
    const csv = csvOf([header, changed, ...newRows]);

    const report = await preview(csv);
    expect(report.counts).toEqual({ create: 2, update: 1, unchanged: 0, refused: 0 });
    expect(report.rows[0]).toMatchObject({
      row: 2,
      sku: 'TRICK-S',
      action: 'update',
      changes: ['Price: 10.50 → 12.00', 'Stock: 3 → 7'],
    });
    expect(report.rows[1]).toMatchObject({
      row: 3,
      sku: 'APRON-1',
      title: 'Oat Apron',
      action: 'create',
    });
    // Preview wrote nothing.
    expect((await preview(csv)).counts.create).toBe(2);

    const { report: applied, lines } = await apply(csv);
    expect(applied.products).toEqual({ create: 1, update: 1 });
    expect(lines.at(-2)).toEqual({ type: 'progress', done: 2, total: 2 });
    expect((await preview(csv)).counts).toEqual({ create: 0, update: 0, unchanged: 3, refused: 0 });
    const list = await t.app.inject({ url: `${base}/products?q=APRON-2`, headers: key.headers });
    const apron = await product(list.json().products[0].id);
    expect(
      apron.variants.map((v: { sku: string; salePriceCents: number; isOnSale: boolean }) => [
        v.sku,
        v.salePriceCents,
        v.isOnSale,
      ]),
    ).toEqual([
      ['APRON-1', 0, false],
      ['APRON-2', 2000, true],
    ]);
    expect(apron.tags).toEqual(['kitchen']);
  });

  it('shows each bad row with its reason and changes nothing until confirmed', async () => {
    const file = (await exportCsv()).body;
    const records = recordsOf(file);
    const header = records[0]?.cells ?? [];
    const at = (sku: string) => [...(records.find((r) => r.cells.includes(sku))?.cells ?? [])];
    const col = (name: string) => header.indexOf(name);
    const badPrice = at('TRICK-M');
    badPrice[col('Price')] = 'twelve';
    const otherSku = at('APRON-1');
    otherSku[col('Stock')] = '9';
    otherSku[col('SKU')] = 'MUG-OAT';
    const good = at('APRON-2');
    good[col('Stock')] = '4';
    const newBad = header.map(() => '');
    newBad[col('Title')] = 'No price';
    newBad[col('SKU')] = 'NOPRICE-1';
    newBad[col('Stock')] = '-2';
    const csv = csvOf([header, badPrice, otherSku, good, newBad]);

    const report = await preview(csv);
    const byRow = new Map(report.rows.map((r) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({
      action: 'refused',
      error: `Price: ${'Enter an amount such as 12.50'}`,
    });
    // The clash names the product that has the SKU.
    expect(byRow.get(3)?.error).toBe(
      `SKU: ${productCsvMessages.skuOfOther('MUG-OAT', 'Stoneware Mug')}`,
    );
    expect(byRow.get(4)).toMatchObject({
      action: 'refused',
      error: productCsvMessages.sameProductRefused(3),
    });
    expect(byRow.get(5)).toMatchObject({
      action: 'refused',
      error: `Stock: ${productCsvMessages.wholeNumber}`,
    });

    const refused = await importCsv(csv, 'apply');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CSV_ROWS_REFUSED',
      error: productCsvMessages.rowsRefused(4),
    });
    expect((await preview(csv)).counts.refused).toBe(4);
  });

  it('applies the valid rows only when asked to skip the refused ones', async () => {
    const file = (await exportCsv()).body;
    const records = recordsOf(file);
    const header = records[0]?.cells ?? [];
    const col = (name: string) => header.indexOf(name);
    const good = [...(records.find((r) => r.cells.includes('APRON-2'))?.cells ?? [])];
    good[col('Stock')] = '11';
    // Another product's row, refused: a variant the product does not have.
    const bad = [...(records.find((r) => r.cells.includes('TRICK-S'))?.cells ?? [])];
    bad[col('SKU')] = 'TRICK-XL';
    const csv = csvOf([header, good, bad]);
    const { report } = await apply(csv, true);
    expect(report.counts).toMatchObject({ update: 1, refused: 1 });
    expect(report.rows[1]?.error).toBe(`SKU: ${productCsvMessages.newVariant('TRICK-XL')}`);
    const list = await t.app.inject({ url: `${base}/products?q=APRON-2`, headers: key.headers });
    expect(list.json().products[0].totalStock).toBe(5 + 11);
  });

  it('changes product columns, nested categories and a digital product’s price', async () => {
    const parent = await t.app.inject({
      method: 'POST',
      url: `${base}/products/${shopId}/categories`,
      headers: key.headers,
      payload: { displayName: 'Linens' },
    });
    expect(parent.statusCode, parent.body).toBe(201);
    const child = await t.app.inject({
      method: 'POST',
      url: `${base}/products/${shopId}/categories`,
      headers: key.headers,
      payload: { displayName: 'Tea towels', parentCategoryId: parent.json().id },
    });
    expect(child.statusCode, child.body).toBe(201);
    const records = recordsOf((await exportCsv()).body);
    const header = records[0]?.cells ?? [];
    const col = (name: string) => header.indexOf(name);
    const trick = [...(records.find((r) => r.cells.includes('TRICK-S'))?.cells ?? [])];
    trick[col('Title')] = 'Tricky Apron';
    trick[col('Visible')] = 'no';
    trick[col('Tags')] = 'linen, gift';
    trick[col('Categories')] = 'linens > tea towels; Linens';
    const pattern = records.find((r) => r.cells.includes('Everyday Tote Sewing Pattern'))?.cells;
    const digital = [...(pattern ?? [])];
    digital[col('Price')] = '9.99';
    digital[col('On Sale')] = 'yes';
    digital[col('Sale Price')] = '7.50';
    const csv = csvOf([header, trick, digital]);

    const report = await preview(csv);
    expect(report.rows.map((r) => [r.action, r.changes])).toEqual([
      [
        'update',
        [
          `Title: =Tricky, "quoted"\nname → Tricky Apron`,
          'Visible: yes → no',
          'Tags: +plus, linen → linen, gift',
          'Categories',
        ],
      ],
      ['update', expect.arrayContaining(['Price: 12.00 → 9.99', 'On Sale: no → yes'])],
    ]);
    await apply(csv);
    const trickId = records.find((r) => r.cells.includes('TRICK-S'))?.cells[col('Product ID')];
    const changed = await product(trickId ?? '');
    expect(changed).toMatchObject({
      title: 'Tricky Apron',
      isVisible: false,
      tags: ['linen', 'gift'],
    });
    expect([...changed.categoryIds].sort()).toEqual([parent.json().id, child.json().id].sort());
    const digitalId = pattern?.[col('Product ID')] ?? '';
    const tote = await product(digitalId);
    expect([tote.priceCents, tote.salePriceCents, tote.isOnSale]).toEqual([999, 750, true]);
    expect(tote.variants[0]).toMatchObject({
      priceCents: 999,
      salePriceCents: 750,
      isOnSale: true,
    });
    expect((await preview(csv)).counts.update).toBe(0);

    const unknown = [...trick];
    unknown[col('Categories')] = 'Garden';
    expect((await preview(csvOf([header, unknown]))).rows[0]?.error).toBe(
      `Categories: ${productCsvMessages.unknownCategory('Garden', 'Shop')}`,
    );
  });

  it('refuses a URL in use, a repeated SKU and an unknown collection, naming each', async () => {
    const csv = csvOf([
      ['Title', 'Product URL', 'SKU', 'Price', 'Collection'],
      ['Copy', 'linen-work-shirt', 'COPY-1', '5', ''],
      ['Twin A', '', 'TWIN', '5', 'shop'],
      ['Twin B', '', 'TWIN', '5', 'shop'],
      ['Lost', '', 'LOST-1', '5', 'Nowhere'],
    ]);
    const report = await preview(csv);
    expect(report.rows.map((r) => r.error)).toEqual([
      `Product URL: ${catalogMessages.urlTaken('linen-work-shirt')}`,
      null,
      `SKU: ${productCsvMessages.skuRepeated('TWIN', 3)}`,
      `Collection: ${productCsvMessages.unknownCollection('Nowhere')}`,
    ]);
  });

  it('reads a file it cannot use as a clear 400, 413 or 415', async () => {
    const noSku = await importCsv('Title,Price\r\nA,1\r\n', 'preview');
    expect(noSku.statusCode).toBe(400);
    expect(noSku.json()).toMatchObject({
      code: 'CSV_INVALID',
      error: productCsvMessages.missingColumns(['SKU']),
    });
    const open = await importCsv('SKU,Title\r\n"A,B\r\n', 'preview');
    expect(open.json()).toMatchObject({
      code: 'CSV_INVALID',
      error: 'A quoted cell starting on line 2 never ends',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: `${base}/products/import?mode=preview`,
      headers: key.headers,
      payload: { sku: 'A' },
    });
    expect(json.statusCode).toBe(415);
    const huge = await importCsv(`SKU\r\n${'x'.repeat(MAX_PRODUCT_CSV_BYTES)}\r\n`, 'preview');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe(productCsvMessages.fileTooLarge(20));
  });

  it('lets store managers export and import, and refuses editors', async () => {
    const editor = await createKey(t, { role: Role.editor });
    const manager = await createKey(t, { role: Role.storeManager });
    const refusedExport = await t.app.inject({
      url: `${base}/products/export.csv`,
      headers: editor.headers,
    });
    expect(refusedExport.statusCode).toBe(403);
    expect((await importCsv('SKU\r\nA\r\n', 'preview', { who: editor })).statusCode).toBe(403);
    const file = (await exportCsv(manager)).body;
    const answer = await importCsv(file, 'preview', { who: manager });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().counts.update).toBe(0);
  });
});
