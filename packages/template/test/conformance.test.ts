// Runs the shared JSON-Template conformance suite against our adapter: every visible
// case must pass (cases the reference itself fails are skipped by the suite's list).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTemplate } from '../scripts/build.mjs';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageRoot, '../..');
const conformance = resolve(repoRoot, '../shared/conformance');

function runSuite(): { stdout: string; failures: string[] } {
  const out = join(mkdtempSync(join(tmpdir(), 'tpl-conf-')), 'failures.txt');
  const args = [
    join(conformance, 'run.mjs'),
    join(packageRoot, 'conformance-adapter.mjs'),
    '--skip',
    join(conformance, 'reference-divergent.txt'),
    '--show',
    '0',
    '--write-failures',
    out,
  ];
  let stdout: string;
  try {
    stdout = execFileSync(process.execPath, args, { encoding: 'utf-8', maxBuffer: 1 << 24 });
  } catch (e) {
    // run.mjs exits 1 when any case fails; its report is still on stdout.
    stdout = String((e as { stdout?: string }).stdout ?? '');
  }
  const failures = readFileSync(out, 'utf-8').split('\n').filter(Boolean);
  return { stdout, failures };
}

describe('conformance suite', () => {
  let result: { stdout: string; failures: string[] };
  beforeAll(async () => {
    await buildTemplate();
    result = runSuite();
  }, 120_000);

  it('passes every visible case', () => {
    const last = result.stdout.trim().split('\n').pop() ?? '';
    const m = /^(\d+) passed, (\d+) failed$/.exec(last);
    expect(m, last).not.toBeNull();
    expect(result.failures).toEqual([]);
    expect(Number(m![2])).toBe(0);
  });
});
