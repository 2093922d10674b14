// `npm test`: every check the project has, in order, stopping at the first failure.
// Server tests run on the embedded PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set, so both dialects stay correct.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['build', 'npm', ['run', 'build']],
  ['core (with coverage ≥ 95%)', 'npm', ['run', 'test:coverage']],
  [
    'unit',
    'npx',
    ['vitest', 'run', '--project', 'contract', '--project', 'template', '--project', 'web'],
  ],
  ['server (PGlite)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DIALECT: 'pglite' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    'server (PostgreSQL)',
    'npx',
    ['vitest', 'run', '--project', 'server'],
    { TEST_DIALECT: 'postgres' },
  ]);
} else {
  console.log('TEST_DATABASE_URL is not set: server tests run on PGlite only.');
}
steps.push(['browser (Chromium)', 'npm', ['run', 'test:e2e']]);

const started = Date.now();
for (const [name, command, args, env] of steps) {
  console.log(`\n▶ ${name}`);
  const t = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  console.log(`✓ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
