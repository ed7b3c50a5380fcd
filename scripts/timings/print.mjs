#!/usr/bin/env node
// Prints where a test run's time went: each stage, then the ten slowest test files.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TIMINGS_DIR } from './store.mjs';

const file = join(TIMINGS_DIR, 'timings.jsonl');
if (!existsSync(file)) {
  console.log('No timings were recorded.');
  process.exit(0);
}
const entries = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const seconds = (s) => `${s.toFixed(1).padStart(7)} s`;

console.log('\n=== Timings');
for (const stage of entries.filter((e) => e.kind === 'stage')) console.log(`${seconds(stage.seconds)}  ${stage.name}`);
console.log('\nThe ten slowest test files (loading, then running, for Vitest files):');
const files = entries
  .filter((e) => e.kind === 'file')
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 10);
for (const f of files) {
  const split = f.loading === undefined ? '' : ` (${f.loading.toFixed(1)} s loading)`;
  console.log(`${seconds(f.seconds)}  ${f.suite}: ${f.name}${split}`);
}
for (const suite of [...new Set(entries.filter((e) => e.kind === 'file' && e.loading !== undefined).map((e) => e.suite))]) {
  const own = entries.filter((e) => e.kind === 'file' && e.suite === suite);
  const loading = own.reduce((sum, e) => sum + e.loading, 0);
  const total = own.reduce((sum, e) => sum + e.seconds, 0);
  console.log(`${suite}: ${own.length} files, ${Math.round((100 * loading) / total)}% of their time loading`);
}
