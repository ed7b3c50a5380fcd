#!/usr/bin/env node
// `npm test`: type checks, then unit, API and CLI tests (Vitest), then browser tests
// (Playwright on Chromium). Stops at the first failing stage.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => join(root, 'node_modules/.bin', name);

function stage(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (run.status !== 0) process.exit(run.status ?? 1);
}

stage('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
stage('unit, API and CLI tests', bin('vitest'), ['run']);
const chromium = findChromium({ install: true });
stage('browser tests', process.execPath, [join(root, 'scripts/e2e.mjs')], { CHROMIUM_PATH: chromium });
