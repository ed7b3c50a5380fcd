#!/usr/bin/env node
import { requireNode } from './node-check.mjs';

requireNode("Run it through npm in the project folder, which uses the project's own Node 24:\n  npm run cli -- <command>     or     npx hostdeck <command>");

const { fileURLToPath } = await import('node:url');
const { register } = await import('tsx/esm/api');
// The CLI runs from source; point tsx at the project's tsconfig (for JSX) wherever it is
// started from.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { runCli } = await import('./main.tsx');
process.exitCode = await runCli(process.argv.slice(2));
