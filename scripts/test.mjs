#!/usr/bin/env node
// `npm test`: type checks, then the linter and the format (Biome: biome.jsonc, import boundaries included), then
// unit, API and CLI tests (Vitest), then browser tests (Playwright on Chromium). Stops at the first
// failing stage. Prints where the time went.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';
import { TIMINGS_DIR, record } from './timings/store.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => join(root, 'node_modules/.bin', name);
// .ci/run keeps the stages it timed itself and prints the summary at its own end.
const partOfCi = Boolean(process.env.HOSTDECK_CI_TIMINGS);
if (!partOfCi) rmSync(TIMINGS_DIR, { recursive: true, force: true });

function stage(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (Date.now() - started) / 1000;
  record({ kind: 'stage', name: title, seconds });
  console.log(`=== ${title}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  if (run.status !== 0) process.exit(run.status ?? 1);
}

stage('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
// A warning fails it as an error does: the suite keeps the lint at zero findings, and every file
// as the formatter writes it (`npm run format` rewrites them so).
stage('lint and format', bin('biome'), ['ci', '--error-on-warnings']);
stage('unit, API and CLI tests', bin('vitest'), ['run']);
const chromium = findChromium({ install: true });
stage('browser tests', process.execPath, [join(root, 'scripts/e2e.mjs')], { CHROMIUM_PATH: chromium });
if (!partOfCi) spawnSync(process.execPath, [join(root, 'scripts/timings/print.mjs')], { stdio: 'inherit' });
