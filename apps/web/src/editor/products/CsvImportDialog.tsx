import type { CsvImportReport, CsvRowResult } from '@atelier/contract';
import { MAX_PRODUCT_CSV_BYTES } from '@atelier/contract';
import { productCsvMessages } from '@atelier/core';
import { useId, useState } from 'react';
import { currentXsrfToken, productCsvUrls } from '../api/client.ts';
import {
  Badge,
  type BadgeTone,
  Button,
  type DataColumn,
  DataTable,
  Dialog,
  Select,
  Switch,
  TextField,
} from '../ui/index.ts';
import { type RowFilter, rowsToShow, sendCsv, summaryOf } from './csv-import.ts';
import './csv-import.css';

// Import CSV (issue 18): choose a file, see what each row would do, then confirm. The
// preview changes nothing; the apply sends the same file again and the server plans it
// afresh, so what is saved is what the data says at that moment.

type Phase =
  | { kind: 'choose' }
  | { kind: 'checking'; upload: number }
  | { kind: 'preview'; report: CsvImportReport }
  | { kind: 'applying'; upload: number; done: number; total: number }
  | { kind: 'done'; report: CsvImportReport }
  | { kind: 'failed'; message: string };

const ACTIONS: Record<CsvRowResult['action'], { label: string; tone: BadgeTone }> = {
  create: { label: 'Create', tone: 'success' },
  update: { label: 'Update', tone: 'accent' },
  unchanged: { label: 'Unchanged', tone: 'neutral' },
  refused: { label: 'Refused', tone: 'warning' },
};

const columns: DataColumn<CsvRowResult>[] = [
  { key: 'row', header: 'Row', className: 'csv-import__row', cell: (r) => r.row },
  {
    key: 'sku',
    header: 'SKU',
    className: 'csv-import__wide-only',
    cell: (r) => <code>{r.sku || '—'}</code>,
  },
  { key: 'title', header: 'Product', isRowHeader: true, cell: (r) => r.title || '—' },
  {
    key: 'action',
    header: 'Result',
    cell: (r) => <Badge tone={ACTIONS[r.action].tone}>{ACTIONS[r.action].label}</Badge>,
  },
  {
    key: 'details',
    header: 'Details',
    className: 'csv-import__details',
    cell: (r) =>
      r.error ? (
        <span className="csv-import__error">{r.error}</span>
      ) : r.changes.length > 0 ? (
        <ul className="csv-import__changes">
          {r.changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      ) : r.action === 'create' ? (
        'New'
      ) : (
        ''
      ),
  },
];

/** A real progress bar: role=progressbar with its value, and the label beside it. */
function ProgressBar({ label, percent }: { label: string; percent: number }) {
  const id = useId();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="csv-import__progress">
      <p id={id} className="csv-import__progress-label">
        {label} <span aria-hidden="true">{value}%</span>
      </p>
      <div
        className="csv-import__bar"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <span className="csv-import__bar-fill" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

export function CsvImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told after an apply saved something, so the product list reloads. */
  onImported: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<RowFilter>('changes');
  const [isSkippingRefused, setIsSkippingRefused] = useState(false);
  const isBusy = phase.kind === 'checking' || phase.kind === 'applying';

  const reset = () => {
    setFile(null);
    setPhase({ kind: 'choose' });
    setError(null);
    setFilter('changes');
    setIsSkippingRefused(false);
  };
  const close = (next: boolean) => {
    // An import in flight keeps going on the server; the dialog stays to show its end.
    if (!next && isBusy) return;
    onOpenChange(next);
    if (!next) reset();
  };

  async function check() {
    if (!file) return;
    if (file.size > MAX_PRODUCT_CSV_BYTES) {
      setError(productCsvMessages.fileTooLarge(MAX_PRODUCT_CSV_BYTES / 1024 / 1024));
      return;
    }
    setError(null);
    setPhase({ kind: 'checking', upload: 0 });
    const result = await sendCsv({
      url: productCsvUrls.import('preview'),
      file,
      csrfToken: currentXsrfToken(),
      onUpload: (fraction) => setPhase({ kind: 'checking', upload: fraction }),
    });
    if (result.ok && result.report) {
      setPhase({ kind: 'preview', report: result.report });
      setFilter(result.report.counts.refused > 0 ? 'refused' : 'changes');
    } else {
      // The file field comes back empty, so the file is chosen again.
      setFile(null);
      setPhase({ kind: 'choose' });
      setError(result.ok ? null : result.failure.message);
    }
  }

  async function apply() {
    if (!file) return;
    setPhase({ kind: 'applying', upload: 0, done: 0, total: 0 });
    const result = await sendCsv({
      url: productCsvUrls.import('apply', isSkippingRefused),
      file,
      csrfToken: currentXsrfToken(),
      onUpload: (fraction) =>
        setPhase((p) => (p.kind === 'applying' ? { ...p, upload: fraction } : p)),
      onLine: (line) => {
        if (line.type === 'progress') {
          setPhase({ kind: 'applying', upload: 1, done: line.done, total: line.total });
        }
      },
    });
    if (!result.ok) {
      setPhase({ kind: 'failed', message: result.failure.message });
      return;
    }
    const last = result.last;
    if (last?.type === 'done') {
      setPhase({ kind: 'done', report: last.report });
      onImported();
    } else {
      const saved = last?.type === 'failed' ? last.savedProducts : 0;
      setPhase({
        kind: 'failed',
        message: `${last?.type === 'failed' ? last.error : 'The import did not finish.'} ${saved} ${saved === 1 ? 'product was' : 'products were'} saved before it stopped; import the file again to continue.`,
      });
      if (saved > 0) onImported();
    }
  }

  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (phase.kind === 'choose') {
    body = (
      <TextField
        label="CSV file"
        type="file"
        accept=".csv,text/csv"
        hint="One row per variant, with the columns of Export CSV. Rows with a known SKU update that variant; other rows create products. At most 20 MB."
        error={error ?? undefined}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setError(null);
        }}
      />
    );
    footer = (
      <>
        <Button onClick={() => close(false)}>Cancel</Button>
        <Button variant="primary" disabled={!file} onClick={() => void check()}>
          Check file
        </Button>
      </>
    );
  } else if (phase.kind === 'checking') {
    body = (
      <ProgressBar
        label={phase.upload < 1 ? 'Uploading the file…' : 'Checking every row…'}
        percent={phase.upload * 100}
      />
    );
    footer = null;
  } else if (phase.kind === 'preview') {
    const { report } = phase;
    const changes = report.counts.create + report.counts.update;
    const refused = report.counts.refused;
    const canApply = changes > 0 && (refused === 0 || isSkippingRefused);
    const shown = rowsToShow(report.rows, filter);
    body = (
      <div className="csv-import__preview">
        <p className="csv-import__summary" role="status">
          {summaryOf(report)}
        </p>
        <p className="csv-import__note">
          {changes === 0 && refused === 0
            ? 'The file matches the store: importing it would change nothing.'
            : 'Nothing has changed yet. Check the rows, then import to save the changes.'}
        </p>
        {report.ignoredColumns.length > 0 ? (
          <p className="csv-import__note">Columns not read: {report.ignoredColumns.join(', ')}.</p>
        ) : null}
        {refused > 0 ? (
          <p className="notice notice--error" role="alert">
            {productCsvMessages.rowsRefused(refused)}
          </p>
        ) : null}
        <div className="csv-import__tools">
          <Select
            label="Show"
            value={filter}
            onChange={(event) => setFilter(event.target.value as RowFilter)}
          >
            <option value="changes">Changes and refused rows</option>
            <option value="refused">Refused rows</option>
            <option value="all">Every row</option>
          </Select>
          {refused > 0 && changes > 0 ? (
            <Switch
              label="Skip refused rows"
              hint="Import the other rows; refused rows change nothing."
              checked={isSkippingRefused}
              onCheckedChange={setIsSkippingRefused}
            />
          ) : null}
        </div>
        <DataTable
          caption="Rows of the file"
          isCaptionHidden
          rows={shown}
          columns={columns}
          rowKey={(r) => String(r.row)}
          rowLabel={(r) => `Row ${r.row}`}
          defaultPageSize={25}
          pageSizes={[25, 50, 100]}
          emptyText="No rows to show with this choice."
        />
      </div>
    );
    footer = (
      <>
        <Button onClick={reset}>Choose another file</Button>
        {changes === 0 && refused === 0 ? (
          <Button variant="primary" onClick={() => close(false)}>
            Close
          </Button>
        ) : (
          <Button variant="primary" disabled={!canApply} onClick={() => void apply()}>
            {`Import ${changes} ${changes === 1 ? 'change' : 'changes'}`}
          </Button>
        )}
      </>
    );
  } else if (phase.kind === 'applying') {
    body =
      phase.upload < 1 || phase.total === 0 ? (
        <ProgressBar label="Uploading the file…" percent={phase.upload * 100} />
      ) : (
        <ProgressBar
          label={`Saving products: ${phase.done} of ${phase.total}`}
          percent={(phase.done / phase.total) * 100}
        />
      );
    footer = null;
  } else if (phase.kind === 'done') {
    const { products } = phase.report;
    body = (
      <p className="csv-import__summary" role="status">
        {`Imported: ${products.create} ${products.create === 1 ? 'product' : 'products'} created, ${products.update} updated.`}
      </p>
    );
    footer = (
      <Button variant="primary" onClick={() => close(false)}>
        Done
      </Button>
    );
  } else {
    body = (
      <p className="notice notice--error" role="alert">
        {phase.message}
      </p>
    );
    footer = (
      <>
        <Button onClick={reset}>Choose another file</Button>
        <Button variant="primary" onClick={() => close(false)}>
          Close
        </Button>
      </>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Import products from CSV"
      description="Nothing changes until you confirm: first every row is checked and listed."
      size="wide"
      className="csv-import"
      footer={footer}
    >
      {body}
    </Dialog>
  );
}
