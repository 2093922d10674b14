import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCsvReader, guardFormula, parseCsv, toCsvLine, unguardFormula } from './csv';

const cellsOf = (text: string) => parseCsv(text).records.map((r) => r.cells);

describe('CSV reading', () => {
  it('reads quoted commas, doubled quotes and line breaks inside a cell', () => {
    expect(cellsOf('a,"b,c","say ""hi""","two\r\nlines"\r\nx,y,z,w\r\n')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\r\nlines'],
      ['x', 'y', 'z', 'w'],
    ]);
  });

  it('accepts LF and CR line ends, drops a BOM and keeps empty cells', () => {
    expect(cellsOf('\uFEFFSKU,Title\n,\rA,"B"')).toEqual([
      ['SKU', 'Title'],
      ['', ''],
      ['A', 'B'],
    ]);
  });

  it('numbers each record by the line it starts on', () => {
    const { records } = parseCsv('h\n"a\nb"\nc\n');
    expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('reports a quoted cell that never ends instead of swallowing the file', () => {
    const { problem } = parseCsv('a,b\n"open,c\nd,e\n');
    expect(problem).toEqual({ line: 2, message: 'A quoted cell starting on line 2 never ends' });
  });

  it('keeps a quote inside an unquoted cell as text', () => {
    expect(cellsOf('5" screen,x\n')).toEqual([['5" screen', 'x']]);
  });

  it('reads the same records whatever the pieces the text arrives in', () => {
    const text = '\uFEFFa,"b ""q""\r\nc",d\r\n"e",,f\r\ng';
    const whole = cellsOf(text);
    for (let size = 1; size <= 4; size++) {
      const reader = createCsvReader();
      const got: string[][] = [];
      for (let at = 0; at < text.length; at += size) {
        got.push(...reader.push(text.slice(at, at + size)).map((r) => r.cells));
      }
      got.push(...reader.end().records.map((r) => r.cells));
      expect(got).toEqual(whole);
    }
  });
});

describe('CSV writing', () => {
  it('quotes what needs it and guards formulas', () => {
    expect(toCsvLine(['plain', 'a,b', 'say "x"', 'two\nlines', '=SUM(A1)', '-3', ' pad'])).toBe(
      'plain,"a,b","say ""x""","two\nlines",\'=SUM(A1),\'-3," pad"\r\n',
    );
  });

  it('undoes exactly the guard it adds', () => {
    expect(unguardFormula(guardFormula("'=x"))).toBe("'=x");
    expect(unguardFormula("'Tis")).toBe("'Tis");
    expect(guardFormula('@home')).toBe("'@home");
  });

  it('reads back every written record unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 5 })), (rows) => {
        const text = rows.map(toCsvLine).join('');
        const read = parseCsv(text).records.map((r) => r.cells.map(unguardFormula));
        expect(read).toEqual(rows);
      }),
    );
  });
});
