import {
  type CsvApplyLine,
  type CsvImportReport,
  type CsvRowResult,
  csvApplyLineSchema,
  csvImportReportSchema,
  errorBodySchema,
} from '@atelier/contract';
import { CSRF_FAILED_CODE, CSRF_HEADER } from '@atelier/contract/cart-http';
import { cartMessages, editorMessages } from '@atelier/core';

// The product CSV import's transport and wording (issue 18). The file goes up with XHR,
// the one browser API that reports upload progress; an apply's answer is NDJSON, read line
// by line as it arrives so the progress bar follows the server. Nothing here is React.

export type ImportFailure = { message: string; code: string | undefined };

export type SendCsv = {
  url: string;
  file: Blob;
  csrfToken: string;
  /** 0–1 of the file sent. */
  onUpload: (fraction: number) => void;
  /** Each NDJSON line of an apply, as it arrives. */
  onLine?: (line: CsvApplyLine) => void;
};

/** Sends the file; resolves with the preview report, the apply's last line, or a failure. */
export function sendCsv(
  request: SendCsv,
): Promise<
  | { ok: true; report: CsvImportReport | undefined; last: CsvApplyLine | undefined }
  | { ok: false; failure: ImportFailure }
> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const lines = createLineReader();
    let last: CsvApplyLine | undefined;
    const readLines = () => {
      for (const line of lines.push(xhr.responseText)) {
        last = line;
        request.onLine?.(line);
      }
    };
    xhr.open('POST', request.url);
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.setRequestHeader(CSRF_HEADER, request.csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onUpload(event.loaded / event.total);
    };
    xhr.upload.onload = () => request.onUpload(1);
    xhr.onprogress = () => {
      if (xhr.status === 200 && isNdjson(xhr)) readLines();
    };
    xhr.onerror = () =>
      resolve({ ok: false, failure: { message: editorMessages.unableToConnect, code: undefined } });
    xhr.onload = () => {
      if (xhr.status !== 200) {
        resolve({ ok: false, failure: failureOf(xhr.responseText) });
        return;
      }
      if (isNdjson(xhr)) {
        readLines();
        resolve({ ok: true, report: last?.type === 'done' ? last.report : undefined, last });
        return;
      }
      const parsed = csvImportReportSchema.safeParse(safeJson(xhr.responseText));
      resolve(
        parsed.success
          ? { ok: true, report: parsed.data, last: undefined }
          : {
              ok: false,
              failure: { message: editorMessages.somethingWentWrong, code: undefined },
            },
      );
    };
    xhr.send(request.file);
  });
}

const isNdjson = (xhr: XMLHttpRequest) =>
  (xhr.getResponseHeader('content-type') ?? '').includes('ndjson');

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function failureOf(text: string): ImportFailure {
  const body = errorBodySchema.safeParse(safeJson(text));
  if (!body.success) return { message: editorMessages.somethingWentWrong, code: undefined };
  const message =
    body.data.code === CSRF_FAILED_CODE ? cartMessages.sessionExpired : body.data.error;
  return { message, code: body.data.code };
}

/**
 * The complete lines of a growing response text that were not read yet. XHR hands the
 * whole text so far on each progress event; a line is read once its newline has come.
 */
export function createLineReader() {
  let readUpTo = 0;
  return {
    push(text: string): CsvApplyLine[] {
      const out: CsvApplyLine[] = [];
      let end = text.indexOf('\n', readUpTo);
      while (end !== -1) {
        const parsed = csvApplyLineSchema.safeParse(safeJson(text.slice(readUpTo, end)));
        if (parsed.success) out.push(parsed.data);
        readUpTo = end + 1;
        end = text.indexOf('\n', readUpTo);
      }
      return out;
    },
  };
}

/** What the report's headline says: "0 changes" when the file matches the store. */
export function summaryOf(report: CsvImportReport): string {
  const { create, update, refused } = report.counts;
  const changes = create + update;
  const parts = [`${changes} ${changes === 1 ? 'change' : 'changes'}`];
  if (create > 0) parts.push(`${create} ${create === 1 ? 'row' : 'rows'} to create`);
  if (update > 0) parts.push(`${update} to update`);
  if (refused > 0) parts.push(`${refused} refused`);
  parts.push(`${report.counts.unchanged} unchanged`);
  return parts.join(' · ');
}

export type RowFilter = 'changes' | 'refused' | 'all';

/** The rows the preview lists: by default what changes or is refused, not the rest. */
export function rowsToShow(rows: readonly CsvRowResult[], filter: RowFilter): CsvRowResult[] {
  if (filter === 'all') return [...rows];
  if (filter === 'refused') return rows.filter((r) => r.action === 'refused');
  return rows.filter((r) => r.action !== 'unchanged');
}
