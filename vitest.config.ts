import { defineConfig } from 'vitest/config';

/** Browser suites that drag with the pointer: alone on the machine, one after another. */
const DRAG_SUITES = [
  'editor-canvas.e2e.ts',
  'editor-flow.e2e.ts',
  'forms-builder.e2e.ts',
  'categories-admin.e2e.ts',
];

// One runner for every kind of test. Projects split them so `npm test` can run the
// pure ones fast and the server ones once per database dialect.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'template',
          root: 'packages/template',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.{ts,tsx}'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share their worker's module cache: each file still builds its own app
          // and database, and importing the server's modules once per worker instead of
          // once per file saves minutes of every run (no test mocks a module).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          exclude: DRAG_SUITES,
          globalSetup: ['support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time (npm run test:e2e says --maxWorkers=2): each has its own
          // server and browser, and the suite no longer fits CI's half hour one by one.
          fileParallelism: true,
        },
      },
      {
        test: {
          name: 'e2e-drag',
          root: 'e2e',
          include: DRAG_SUITES,
          globalSetup: ['support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time: pointer drags misplace drops when two suites share the two
          // cores (CI twice).
          fileParallelism: false,
        },
      },
    ],
  },
});
