// Where each stage of a test run and each test file record how long they took, for the
// summary `.ci/run` prints at its end (scripts/timings/print.mjs). Plain files, so the shell
// script, the test command and both test runners can write them.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TIMINGS_DIR = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), '.builds/timings');

/** One line of JSON per record: `{ kind: 'stage' | 'file', name, seconds, ... }`. */
export function record(entry) {
  mkdirSync(TIMINGS_DIR, { recursive: true });
  appendFileSync(join(TIMINGS_DIR, 'timings.jsonl'), `${JSON.stringify(entry)}\n`);
}
