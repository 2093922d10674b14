import type { CsvImportReport } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { createLineReader, rowsToShow, summaryOf } from './csv-import.ts';

const report = (counts: CsvImportReport['counts']): CsvImportReport => ({
  rows: [
    { row: 2, sku: 'A', title: 'Apron', action: 'unchanged', changes: [], error: null },
    { row: 3, sku: 'B', title: 'Apron', action: 'update', changes: ['Stock: 1 → 2'], error: null },
    { row: 4, sku: 'C', title: 'Cap', action: 'refused', changes: [], error: 'Price: bad' },
  ],
  counts,
  products: { create: 0, update: 1 },
  ignoredColumns: [],
  applied: false,
});

describe('the CSV import dialog state', () => {
  it('says "0 changes" for a file that matches the store', () => {
    expect(summaryOf(report({ create: 0, update: 0, unchanged: 12, refused: 0 }))).toBe(
      '0 changes · 12 unchanged',
    );
    expect(summaryOf(report({ create: 2, update: 1, unchanged: 0, refused: 1 }))).toBe(
      '3 changes · 2 rows to create · 1 to update · 1 refused · 0 unchanged',
    );
  });

  it('lists changes and refusals by default, refusals alone, or every row', () => {
    const rows = report({ create: 0, update: 1, unchanged: 1, refused: 1 }).rows;
    expect(rowsToShow(rows, 'changes').map((r) => r.row)).toEqual([3, 4]);
    expect(rowsToShow(rows, 'refused').map((r) => r.row)).toEqual([4]);
    expect(rowsToShow(rows, 'all')).toHaveLength(3);
  });

  it('reads each NDJSON line once, when its newline has arrived', () => {
    const lines = createLineReader();
    const first = '{"type":"progress","done":0,"total":2}\n{"type":"progress","do';
    expect(lines.push(first)).toEqual([{ type: 'progress', done: 0, total: 2 }]);
    const more = `${first}ne":2,"total":2}\n`;
    expect(lines.push(more)).toEqual([{ type: 'progress', done: 2, total: 2 }]);
    expect(lines.push(more)).toEqual([]);
  });
});
