import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Services own the writes (issue 29). A route file parses the request, calls one service and
 * answers: every write, every check that allows a write and the transaction and locks holding
 * them together live in src/server/services (or src/server/billing), where the check runs in the
 * same transaction, under the same lock, as the write it allows (company row first:
 * src/server/db/locks.ts). Reads may stay in a route. No route file imports another but
 * index.ts, the one list of every operation, so a route's helpers live where both can reach them.
 */
const ROUTES = join(import.meta.dirname, '../../src/server/routes');

interface Rule {
  why: string;
  /** Finds the rule's offences in one line, given the schema tables the file imports. */
  test: (line: string, tables: ReadonlySet<string>) => boolean;
}

const RULES: Rule[] = [
  { why: 'holds a transaction', test: (line) => /\.transaction\(/.test(line) },
  {
    why: 'writes a table',
    test: (line, tables) => [...line.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)/g)].some((m) => tables.has(m[1]!)),
  },
  { why: 'runs a raw statement', test: (line) => /\.execute\(/.test(line) },
  { why: 'takes a lock', test: (line) => /\b(?:lockCompany|lockKey|lockNamePool)\(|\.for\(\s*'/.test(line) },
  { why: 'writes the activity log', test: (line) => /\brecordActivity\(/.test(line) },
  { why: 'imports another route file', test: (line) => /from '\.\/[^']+'/.test(line) },
];

/** The one file that imports the others: it lists every operation. */
const COMPOSITION = 'index.ts';

/**
 * Route files that still break a rule, each with whose area it is. The list only shrinks: a
 * file leaves it in the change that makes it follow the rules (the second test says when).
 */
const PENDING: Record<string, string> = {};

/** The names a file imports from the database schema: the tables it could write. */
function schemaTables(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'\.\.\/db\/schema[^']*'/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name) names.add(name);
    }
  }
  return names;
}

async function offencesOf(file: string): Promise<string[]> {
  const source = await readFile(join(ROUTES, file), 'utf8');
  const tables = schemaTables(source);
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    for (const rule of RULES) {
      if (file === COMPOSITION && rule.why === 'imports another route file') continue;
      if (rule.test(line, tables)) found.push(`src/server/routes/${file}:${i + 1}: ${rule.why}: ${line.trim()}`);
    }
  });
  return found;
}

const routeFiles = async () => (await readdir(ROUTES)).filter((f) => f.endsWith('.ts')).sort();

describe('the route files', () => {
  it('leave writes, transactions, locks and the activity log to services, and import no other route file', async () => {
    const offences: string[] = [];
    for (const file of await routeFiles()) if (!(file in PENDING)) offences.push(...(await offencesOf(file)));
    expect(offences, 'Move the write, with the check it depends on, into a service of its area (src/server/services)').toEqual([]);
  });

  it('list as pending only files that exist and still break a rule', async () => {
    const files = new Set(await routeFiles());
    const stale: string[] = [];
    for (const file of Object.keys(PENDING)) {
      if (!files.has(file)) stale.push(`${file}: no such route file`);
      else if (!(await offencesOf(file)).length) stale.push(`${file}: follows the rules now; take it off the list`);
    }
    expect(stale).toEqual([]);
  });
});
