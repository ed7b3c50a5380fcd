import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // isolate: false in every project: files that run one after another in a worker share its
    // loaded modules, as loading the server anew for each file was most of the run. No file mocks
    // modules or leaves globals changed for the next (each API file opens its own database and
    // closes it), so sharing is safe.
    // The second records each file's loading and running time for the run's summary (scripts/timings).
    reporters: ['default', './scripts/timings/vitest-reporter.mjs'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // Builds two database templates, migrated and migrated + seeded; each test file loads a copy of one.
          globalSetup: ['tests/api/global-setup.ts'],
          // PGlite's WebAssembly heap is per process: forks keep each file's database apart.
          pool: 'forks',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'cli',
          include: ['tests/cli/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate: false,
        },
      },
    ],
  },
});
