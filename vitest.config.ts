import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Every test's and hook's time limit: a safety net far above the normal time, never what decides
 * a test. Tests wait for events, not for time (tests/helpers/waiting.ts), so a busy machine only
 * makes them slower; a test that hangs still ends, and says what it was waiting for.
 */
const SAFETY_NET_MS = 120_000;

/**
 * Files that drive the panel's stores. A store is module state (an atom), so these files keep
 * Vitest's isolation: one file's lists and sessions must not be what the next file sees first.
 * Every other file shares its worker's loaded modules with the files before it (isolate: false),
 * as loading the server anew for each file was most of the run; no such file mocks modules or
 * leaves globals changed for the next (each API file opens its own database and closes it).
 */
const DRIVES_STORES = /src\/stores\/|helpers\/(panel|page)['.]/;
const storeFiles = (pattern: string) => globSync(pattern).filter((file) => DRIVES_STORES.test(readFileSync(file, 'utf8')));
const API_STORES = storeFiles('tests/api/**/*.test.ts');
const UNIT_STORES = storeFiles('tests/unit/**/*.test.ts');

const api = {
  environment: 'node' as const,
  // Builds two database templates, migrated and migrated + seeded; each test file loads a copy of one.
  globalSetup: ['tests/api/global-setup.ts'],
  // PGlite's WebAssembly heap is per process: forks keep each file's database apart.
  pool: 'forks' as const,
  testTimeout: SAFETY_NET_MS,
  hookTimeout: SAFETY_NET_MS,
};
const unit = { environment: 'node' as const, testTimeout: SAFETY_NET_MS, hookTimeout: SAFETY_NET_MS };

export default defineConfig({
  test: {
    // The second records each file's loading and running time for the run's summary (scripts/timings).
    reporters: ['default', './scripts/timings/vitest-reporter.mjs'],
    projects: [
      { test: { ...unit, name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: UNIT_STORES, isolate: false } },
      { test: { ...unit, name: 'unit-stores', include: UNIT_STORES, isolate: true } },
      { test: { ...api, name: 'api', include: ['tests/api/**/*.test.ts'], exclude: API_STORES, isolate: false } },
      { test: { ...api, name: 'api-stores', include: API_STORES, isolate: true } },
      { test: { ...unit, name: 'cli', include: ['tests/cli/**/*.test.{ts,tsx}'], isolate: false } },
    ],
  },
});
