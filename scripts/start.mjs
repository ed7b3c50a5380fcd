#!/usr/bin/env node
// Runs Hostdeck: builds the panel when the sources are newer than the build, starts the
// server, and asks it for a page and an API answer, which opens the database (migrating and
// seeding it). The server then prints the ready line and the demo sign-ins itself, last, after
// the emails of its first background runs (src/server/runtime.ts), so nothing pushes them away.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 24 || (major === 24 && minor < 15)) {
  console.error(`Hostdeck needs Node 24.15 or newer; this is ${process.version}. Run it through npm (npm start), which uses the project's own Node 24.`);
  process.exit(1);
}

ensureBuilt(root, { force: process.env.HOSTDECK_REBUILD === '1' });

const port = process.env.PORT ?? '4321';
const host = process.env.HOST ?? 'localhost';
const server = spawn(process.execPath, [join(root, 'scripts/server.mjs')], { stdio: 'inherit', env: { ...process.env, PORT: port, HOST: host } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

// The first API request opens and migrates the database and seeds the demo data.
const base = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
for (let i = 0; i < 600; i++) {
  try {
    // A page first: Astro checks its pipeline features on the first request it sees.
    await fetch(`${base}/auth/login`);
    const res = await fetch(`${base}/api/system/whitelabel/`);
    if (res.ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 250));
}
