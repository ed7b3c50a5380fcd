import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The second records each file's loading and running time for the run's summary (scripts/timings).
    reporters: ['default', './scripts/timings/vitest-reporter.mjs'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
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
        },
      },
    ],
  },
});
