import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/connection';
import { createRecorder, type AnsweredRequest } from '../../../src/server/edge/recorder';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

const answered = (path: string): AnsweredRequest => ({
  companyGuid: '00000000-0000-4000-8000-000000000001',
  domainGuid: '00000000-0000-4000-8000-000000000002',
  at: new Date('2026-11-28T00:00:00Z'),
  address: '198.51.100.7',
  userAgent: CHROME,
  path,
  referer: null,
  status: 200,
  bytes: 10,
  firewall: {
    method: 'GET',
    host: 'example.com',
    query: '',
    headers: { 'user-agent': CHROME, authorization: 'Bearer secret' },
    country: 'GB',
    asn: null,
    action: 'ALLOW',
    ruleGuid: null,
  },
});

/** A database that keeps the rows of each statement it is sent: the one JSON parameter of the recorder's insert. */
function keepingDb() {
  const dialect = new PgDialect();
  const statements: Record<string, unknown>[][] = [];
  const db = {
    async execute(query: SQL) {
      const { params } = dialect.sqlToQuery(query);
      statements.push(JSON.parse(String(params[0])) as Record<string, unknown>[]);
      return { rows: [] };
    },
  } as unknown as Db;
  return { db, statements };
}

describe("the edge's request log", () => {
  it('writes what was recorded in batches of one statement each when flushed, the visitor read from the agent', async () => {
    const { db, statements } = keepingDb();
    const recorder = createRecorder(db, { batch: 2, intervalMs: 60_000 });
    for (const path of ['/a', '/b', '/c']) recorder.record(answered(path));
    await recorder.flush();
    expect(statements.map((rows) => rows.map((r) => r.path))).toEqual([['/a', '/b'], ['/c']]);
    expect(statements[0]![0]).toMatchObject({
      browser: 'Chrome',
      os: 'Windows',
      device: 'DESKTOP',
      bot: null,
      country: 'GB',
      at: '2026-11-28T00:00:00.000Z',
      firewall_action: 'ALLOW',
    });
    expect(statements[0]![0]!.visitor).toMatch(/^[0-9a-f]{64}$/);
    // Credentials are never kept.
    expect(statements[0]![0]!.headers).toEqual({ 'user-agent': CHROME });
    await recorder.close();
  });

  it('answers but does not record past its backlog, and says how many once it caught up', async () => {
    const { db, statements } = keepingDb();
    const lines: string[] = [];
    const recorder = createRecorder(db, { batch: 10, backlog: 2, intervalMs: 60_000, log: (line) => lines.push(line) });
    for (const path of ['/a', '/b', '/c', '/d']) recorder.record(answered(path));
    await recorder.flush();
    expect(statements.flat().map((r) => r.path)).toEqual(['/a', '/b']);
    expect(lines).toEqual([expect.stringContaining('2 requests behind'), expect.stringContaining('caught up; 2 requests were answered but not recorded')]);
    await recorder.close();
  });

  it('logs a batch the database refuses and goes on with the next', async () => {
    const lines: string[] = [];
    let calls = 0;
    const db = {
      async execute() {
        if (calls++ === 0) throw new Error('database away');
        return { rows: [] };
      },
    } as unknown as Db;
    const recorder = createRecorder(db, { batch: 1, intervalMs: 60_000, log: (line) => lines.push(line) });
    recorder.record(answered('/a'));
    recorder.record(answered('/b'));
    await recorder.close();
    expect(calls).toBe(2);
    expect(lines).toEqual([expect.stringContaining('1 request records were not written: Error: database away')]);
  });
});
