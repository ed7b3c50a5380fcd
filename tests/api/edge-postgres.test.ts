import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedirect, deleteRedirect } from '../../src/lib/requests/domain-web';
import type { Database } from '../../src/server/db/connection';
import { twoApiProcesses, type ApiProcess, type TwoApiProcesses } from './helpers/api-process';
import { whileListenersCut } from './helpers/postgres';
import { ungovernedDomains } from './helpers/ungoverned-domains';
import { until } from '../helpers/waiting';

/**
 * Issue 30, "Edge from memory", past one machine: two API processes on one PostgreSQL, each with
 * its HTTP edge serving from memory (the second as two edge processes sharing its port,
 * EDGE_PROCESSES=2). A redirect added through one is applied by the other's edge once the
 * database's notice has crossed (LISTEN/NOTIFY). Runs only with TEST_DATABASE_URL, like the other
 * *-postgres tests.
 */
const url = process.env.TEST_DATABASE_URL;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** The edge's port a process printed on start (src/server/runtime.ts). */
function edgePortOf(server: ApiProcess): number {
  const m = /\[hostdeck\] HTTP edge on http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output.join(''));
  if (!m) throw new Error(`The API process printed no edge port:\n${server.output.join('')}`);
  return Number(m[1]);
}

/** Status and Location of `path` on `host` at the edge on `port`, over a connection of its own (so the kernel may pick either process sharing the port). */
function visit(port: number, host: string, path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false, headers: { Host: host, 'User-Agent': CHROME } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!url)('two API processes on one PostgreSQL, each serving its edge from memory', () => {
  let two: TwoApiProcesses<{ guid: string; domain: string }> | undefined;

  beforeAll(async () => {
    // A domain nothing else answers for at the edge: no software, redirect, switch or firewall policy.
    const plain = async (database: Database, company: string) => (await ungovernedDomains(database, company, 1))[0]!;
    two = await twoApiProcesses(url!, plain, { EDGE_PROCESSES: '2' });
  });

  afterAll(async () => {
    await two?.kill();
  });

  it("applies on the other process's edges a redirect added through one, and forgets it once deleted there", async () => {
    const { one, other, session, picked: target } = two!;
    expect(other.output.join('')).toContain('(2 processes)');
    const port = edgePortOf(other);
    expect(await visit(port, target.domain, '/crossed')).toMatchObject({ status: 200 });
    const started = performance.now();
    const made = await createRedirect(one.client(session), target.guid, { urls: ['/crossed'], destination: 'https://example.com/crossed', response_code: 302 });
    const moved = { status: 302, location: 'https://example.com/crossed' };
    expect(
      await until(
        `the other process's edge to redirect /crossed on ${target.domain}`,
        () => visit(port, target.domain, '/crossed'),
        (a) => a.status === 302,
      ),
    ).toEqual(moved);
    console.log(`[edge-postgres] applied by the other process's edge ${(performance.now() - started).toFixed(0)} ms after the write was sent`);
    // Every edge process sharing the port has it: each of these connections may reach either.
    const answers = await Promise.all(Array.from({ length: 20 }, () => visit(port, target.domain, '/crossed')));
    expect(answers).toEqual(answers.map(() => moved));
    expect(await visit(edgePortOf(one), target.domain, '/crossed')).toEqual(moved);

    await deleteRedirect(one.client(session), target.guid, made.redirect.guid);
    expect(
      await until(
        `the other process's edge to forget /crossed on ${target.domain}`,
        () => visit(port, target.domain, '/crossed'),
        (a) => a.status === 200,
      ),
    ).toMatchObject({ status: 200 });
  });

  it('loads every site again after its LISTEN connection is cut, so a change made meanwhile is not missed', async () => {
    const { one, other, databaseUrl, session, picked: target } = two!;
    // One listening connection per edge process: the first API process's, and the other's two.
    // Written while none listens: only each process's reload on listening again brings it.
    const moved = { urls: ['/meanwhile'], destination: 'https://example.com/meanwhile', response_code: 301 };
    await whileListenersCut(databaseUrl, 'hostdeck-edge-sites', 3, () => createRedirect(one.client(session), target.guid, moved));
    const port = edgePortOf(other);
    const everyProcess = () => Promise.all(Array.from({ length: 20 }, () => visit(port, target.domain, '/meanwhile')));
    const answers = await until(`both of the other process's edges to redirect /meanwhile on ${target.domain}`, everyProcess, (all) => all.every((a) => a.status === 301));
    expect(answers[0]).toEqual({ status: 301, location: 'https://example.com/meanwhile' });
  });
});
