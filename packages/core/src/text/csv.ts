// RFC 4180 CSV, read incrementally and written a line at a time, so a file of any size
// passes through in pieces: quoted fields hold commas, quotes ("") and line breaks; lines
// end in CRLF, LF or CR; a UTF-8 byte order mark at the start is dropped. Spreadsheet
// formula injection is guarded on the way out and undone on the way in, so what is
// exported reads back as the very same text.

/** A record and the line of the file it starts on (1-based; a spreadsheet's row number is its index + 1). */
export type CsvRecord = { line: number; cells: string[] };

export type CsvProblem = { line: number; message: string };

/**
 * Feeds text in pieces (`push`), hands back each complete record as soon as it is read,
 * and `end` flushes the last one. A quote inside an unquoted field is kept as text, as
 * spreadsheets write it; an unterminated quoted field at the end is a problem, since
 * everything after its opening quote would silently become one cell.
 */
export function createCsvReader() {
  let cells: string[] = [];
  let cell = '';
  let inQuotes = false;
  /** Just read a quote inside a quoted field: the next char decides (escape or end). */
  let quotePending = false;
  /** A CR ended a record: an LF right after it belongs to the same line break. */
  let afterCr = false;
  let isFirstChunk = true;
  let line = 1;
  let recordLine = 1;
  let isRecordStarted = false;

  const finishRecord = (out: CsvRecord[]) => {
    cells.push(cell);
    out.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    isRecordStarted = false;
  };

  function push(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    let start = 0;
    if (isFirstChunk && text.length > 0) {
      isFirstChunk = false;
      if (text.charCodeAt(0) === 0xfeff) start = 1;
    }
    for (let i = start; i < text.length; i++) {
      const ch = text[i] as string;
      if (afterCr) {
        afterCr = false;
        if (ch === '\n') continue;
      }
      if (!isRecordStarted) {
        isRecordStarted = true;
        recordLine = line;
      }
      if (inQuotes) {
        if (quotePending) {
          quotePending = false;
          if (ch === '"') {
            cell += '"';
            continue;
          }
          inQuotes = false;
          // falls through: the char after the closing quote is read as unquoted
        } else if (ch === '"') {
          quotePending = true;
          continue;
        } else {
          if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
          cell += ch;
          continue;
        }
      }
      if (ch === ',') {
        cells.push(cell);
        cell = '';
      } else if (ch === '\n' || ch === '\r') {
        line++;
        if (ch === '\r') afterCr = true;
        finishRecord(out);
      } else if (ch === '"' && cell === '') {
        inQuotes = true;
      } else {
        cell += ch;
      }
    }
    return out;
  }

  /** The last record (when the file does not end in a line break), or the problem. */
  function end(): { records: CsvRecord[]; problem?: CsvProblem } {
    if (inQuotes && !quotePending) {
      return {
        records: [],
        problem: {
          line: recordLine,
          message: `A quoted cell starting on line ${recordLine} never ends`,
        },
      };
    }
    inQuotes = false;
    quotePending = false;
    const out: CsvRecord[] = [];
    if (isRecordStarted) finishRecord(out);
    return { records: out };
  }

  return { push, end };
}

/** Every record of a whole text: for tests and small files. */
export function parseCsv(text: string): { records: CsvRecord[]; problem?: CsvProblem } {
  const reader = createCsvReader();
  const records = reader.push(text);
  const last = reader.end();
  return { records: [...records, ...last.records], ...(last.problem && { problem: last.problem }) };
}

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab or CR it might trim
 * first) is written with a leading apostrophe, which spreadsheets show as text. A value
 * that already starts with apostrophes before such a character gets one more, so
 * `unguardFormula` can always take exactly one off.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

export const guardFormula = (value: string): string =>
  FORMULA_START.test(value) ? `'${value}` : value;

export const unguardFormula = (cell: string): string => (GUARDED.test(cell) ? cell.slice(1) : cell);

const NEEDS_QUOTES = /[",\r\n]/;

/** One record as a CSV line with its CRLF; cells are formula-guarded and quoted as needed. */
export function toCsvLine(values: readonly string[]): string {
  return `${values
    .map((value) => {
      const cell = guardFormula(value);
      return NEEDS_QUOTES.test(cell) || cell !== cell.trim()
        ? `"${cell.replaceAll('"', '""')}"`
        : cell;
    })
    .join(',')}\r\n`;
}
