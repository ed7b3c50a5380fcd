import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No test's outcome is decided by the clock (issue 28). On a busy machine a fixed delay or a
 * fixed number of tries gives up while the work is still coming, so tests wait for what they
 * await: an event (the task stream, a frame, a store's change) or, for a state nothing
 * announces, the one polling helper, which has no limit of its own (tests/helpers/waiting.ts).
 * The test's time limit is the only one, a safety net (vitest.config.ts).
 */
const ROOT = join(import.meta.dirname, '../..');
const TESTS = join(ROOT, 'tests');

interface Rule {
  pattern: RegExp;
  why: string;
  /** Folders of tests/ the rule holds in (all of them when absent). */
  only?: string[];
}

const RULES: Rule[] = [
  // Playwright's test.setTimeout sets a test's time limit, not a delay.
  { pattern: /(?<!test\.)\bsetTimeout\(/, why: 'a delay' },
  { pattern: /\bwaitForTimeout\(/, why: 'a delay' },
  { pattern: /timers\/promises/, why: 'a delay' },
  { pattern: /\bsleep\(/, why: 'a delay' },
  // Vitest's own waits give up after a second unless told otherwise. Playwright's expect.poll is
  // the browser tests' way of waiting, with the test's limit, and stays there.
  { pattern: /\bvi\.waitFor\(/, why: 'a wait with a deadline of its own', only: ['api', 'cli', 'unit', 'helpers'] },
  { pattern: /\bexpect\.poll\(/, why: 'a wait with a deadline of its own', only: ['api', 'cli', 'unit', 'helpers'] },
];

/** The files that may, each with why. */
const ALLOWED: Record<string, string> = {
  // The named waiting helpers: the pause between two looks of `until` decides nothing.
  'tests/helpers/waiting.ts': 'the polling helper',
  // Rejects with the process's output when it never prints its port (a hook's time-out would say
  // only that it timed out); the process ending is awaited apart, and 90 s is far above a start.
  'tests/api/helpers/api-process.ts': 'the message of a process that does not start',
  // Names the patterns it looks for.
  'tests/unit/suite-rules.test.ts': 'this rule',
};

async function sources(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sources(path)));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) found.push(path);
  }
  return found;
}

describe('the test suite', () => {
  it('decides no outcome by a delay or a deadline of its own', async () => {
    const offences: string[] = [];
    for (const file of await sources(TESTS)) {
      const name = relative(ROOT, file);
      if (name in ALLOWED) continue;
      const folder = relative(TESTS, file).split('/')[0]!;
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        for (const rule of RULES) {
          if (rule.only && !rule.only.includes(folder)) continue;
          if (rule.pattern.test(line)) offences.push(`${name}:${i + 1}: ${rule.why} (${rule.pattern.source}): ${line.trim()}`);
        }
      });
    }
    expect(offences, 'Wait for an event, or use the helpers of tests/helpers/waiting.ts').toEqual([]);
  });

  it('lists only files that exist among its exceptions', async () => {
    const files = new Set((await sources(TESTS)).map((f) => relative(ROOT, f)));
    expect(Object.keys(ALLOWED).filter((name) => !files.has(name))).toEqual([]);
  });
});
