#!/usr/bin/env node
// `node scripts/timings/stage.mjs <name> <seconds>`: records a stage timed by a shell script.
import { record } from './store.mjs';

const [name, seconds] = process.argv.slice(2);
record({ kind: 'stage', name, seconds: Number(seconds) });
