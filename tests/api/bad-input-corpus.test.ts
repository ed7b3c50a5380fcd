import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Operation } from '../../src/lib/api/define';
import type { Database } from '../../src/server/db/connection';
import { fieldsOf } from '../../src/server/http/operation';
import { operations } from '../../src/server/routes/index';
import { MAX_BODY_BYTES } from '../../src/lib/rules/api-input';
import { openSeededApp, type TestApp } from './helpers/app';

/**
 * The bad-input corpus, driven by the operations' definitions: every operation gets bad
 * path ids, bad query values, wrong types, empty, huge and non-JSON bodies, unknown and
 * prototype-named fields, control characters and overlong texts. None may answer 5xx, every
 * refusal is the JSON envelope with a sentence, and nothing is written.
 */
let database: Database;
let t: TestApp;
let owner: { token: string; company: string };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  owner = await t.signIn('demo@hostdeck.test');
});
afterAll(() => database.close());

interface Case {
  label: string;
  path: string;
  query?: string;
  body?: string;
  type?: string;
}

const NOTHING = '00000000-0000-4000-8000-000000000000';
const LONG = 'x'.repeat(10_000);
const BAD_IDS = ['%00', 'a%00b', 'x'.repeat(300), '%E2%80%AE', "'%20or%201=1%20--", '..%2F..%2Fetc', '-'.repeat(36), NOTHING, '%ff', '%'];
const BAD_QUERY_VALUES = ['a%00b', encodeURIComponent(LONG), '%ff', '-1', 'abc', '1e400', '%7B%22%24ne%22%3A1%7D', '%1b%5B31m'];
const BAD_FIELD_VALUES: unknown[] = ['a\u0000b', LONG, '\u001b[31m', 1e308, -1, {}, [], null, true, { $ne: 1 }, ['a', 'b']];

const fill = (op: Operation, id: string) => op.path.replace(/\{\w+\}/g, id);

function casesOf(op: Operation): Case[] {
  const cases: Case[] = [];
  const clean = fill(op, NOTHING);
  if (op.params) for (const id of BAD_IDS) cases.push({ label: `id ${id.slice(0, 20)}`, path: fill(op, id) });
  const queryKeys = op.query instanceof z.ZodObject ? Object.keys(op.query.shape) : [];
  for (const k of [...queryKeys, 'constructor', '__proto__', 'zz_unknown']) {
    for (const v of BAD_QUERY_VALUES) cases.push({ label: `query ${k}=${v.slice(0, 20)}`, path: clean, query: `${k}=${v}` });
    cases.push({ label: `query ${k} repeated`, path: clean, query: Array.from({ length: 600 }, () => `${k}=1`).join('&') });
  }
  if (op.method === 'get') return cases;
  const bodies: [string, string, string][] = [
    ['form body', 'a=b', 'application/x-www-form-urlencoded'],
    ['text body', 'hello', 'text/plain'],
    ['broken JSON', '{"a":', 'application/json'],
    ['array', '[]', 'application/json'],
    ['string', '"x"', 'application/json'],
    ['null', 'null', 'application/json'],
    ['number', '123', 'application/json'],
    ['huge', JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES + 10) }), 'application/json'],
    ['unknown fields', '{"constructor":1,"__proto__":{"admin":true},"toString":"x","zz_unknown":1}', 'application/json'],
  ];
  for (const [label, body, type] of bodies) cases.push({ label, path: clean, body, type });
  const shape = op.body ? (fieldsOf(op.body) ?? {}) : {};
  const fields = Object.keys(shape);
  for (const field of fields) {
    // Only values the field's own schema refuses: `true` is a fine value for a switch.
    const bad = BAD_FIELD_VALUES.filter((value) => !z.safeParse(shape[field]!, value).success);
    for (const value of bad)
      cases.push({ label: `${field}=${JSON.stringify(value)?.slice(0, 20)}`, path: clean, body: JSON.stringify({ [field]: value }), type: 'application/json' });
  }
  if (fields.length) cases.push({ label: 'every field NUL', path: clean, body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, 'a\u0000b']))), type: 'application/json' });
  if (fields.length) cases.push({ label: 'every field too long', path: clean, body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, LONG]))), type: 'application/json' });
  return cases;
}

async function rowCounts(): Promise<Record<string, number>> {
  const q = `select relname as name, n from (select c.relname, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', c.relname), false, true, '')))[1]::text::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public' and c.relkind = 'r') t`;
  const rows = database.pglite ? (await database.pglite.query<{ name: string; n: number }>(q)).rows : (await database.pool!.query<{ name: string; n: number }>(q)).rows;
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

describe('the bad-input corpus', () => {
  it('covers every operation', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  describe.each(operations.map(({ op }) => [op.id, op] as const))('%s', (_id, op) => {
    it('answers every bad input with a sentence, never 5xx, and writes nothing', async () => {
      const token = op.audience === 'public' ? undefined : owner.token;
      const before = await rowCounts();
      const cases = casesOf(op);
      for (const c of cases) {
        const url = c.path + (c.query ? `?${c.query}` : '');
        const res = await t.app.request(url, {
          method: op.method.toUpperCase(),
          headers: { ...(token ? { Authorization: `Token ${token}` } : {}), ...(c.type ? { 'Content-Type': c.type } : {}) },
          ...(c.body !== undefined ? { body: c.body } : {}),
        });
        if (res.headers.get('content-type')?.includes('text/event-stream')) await res.body?.cancel();
        const where = `${op.id} ${c.label}`;
        expect.soft(res.status, where).toBeLessThan(500);
        if (op.method !== 'get') expect.soft(res.status, where).toBeGreaterThanOrEqual(400);
        if (res.status >= 400) {
          expect.soft(res.headers.get('content-type'), where).toContain('application/json');
          const body = (await res.json()) as { errors?: unknown };
          expect.soft(Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every((e) => typeof e === 'string' && e.length > 5), where).toBe(true);
        }
      }
      expect(await rowCounts(), op.id).toEqual(before);
    });
  });
});
