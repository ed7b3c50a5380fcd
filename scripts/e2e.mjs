#!/usr/bin/env node
// Browser tests: Playwright's test runner on a Chromium found (or installed) by chromium.mjs.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const chromium = findChromium({ install: true });
const run = spawnSync(join(root, 'node_modules/.bin/playwright'), ['test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(run.status ?? 1);
