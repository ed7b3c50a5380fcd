import { and, eq, inArray, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { NewDomain } from '../../src/lib/schemas/add-domains';
import { createDomainGroup, groupIpAddresses } from '../../src/lib/requests/domains';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { domains, hostingAccounts, idempotencyKeys, taskItems, tasks } from '../../src/server/db/schema/index';
import { KEY_IN_FLIGHT } from '../../src/server/http/idempotency';
import { startApiProcess, type ApiProcess, type Session } from './helpers/api-process';
import { copyToWorkerDatabase } from './helpers/postgres';

/**
 * POST /domains/ with an Idempotency-Key, the server killed (SIGKILL) while it works, started
 * again, the same request sent again: it ends with exactly the requested domains, added once,
 * and a 2xx answer. The kill lands at a known point: this test holds a lock the work waits on and
 * learns from a trigger's NOTIFY (made in this test's own database) that the server got there.
 * On PostgreSQL a new process cannot tell a dead holder from a live one before its lease runs
 * out (30 s): the test moves the lease's end instead of waiting for it. Runs only with
 * TEST_DATABASE_URL; tests/api/idempotency-recovery.test.ts covers PGlite in-process.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('an Idempotency-Key across a killed server process (PostgreSQL)', () => {
  let databaseUrl: string;
  let database: Database;
  let server: ApiProcess | undefined;
  let session: Session;
  let group: string;
  let account: string;

  beforeAll(async () => {
    databaseUrl = await copyToWorkerDatabase(url!, inject('postgresSeededTemplate'));
    database = await openDatabase({ databaseUrl, migrate: false });
    // Tells this test what the server committed to its key rows: an insert (the key claimed) or the steps its work recorded.
    await database.pool!.query(`
      create function test_key_seen() returns trigger language plpgsql as $$
      begin
        perform pg_notify('key_seen', tg_op || ':' || coalesce((select string_agg(k, ',' order by k) from jsonb_object_keys(new.progress) k), ''));
        return new;
      end $$;
      create trigger test_key_seen after insert or update on idempotency_keys for each row execute function test_key_seen();`);
    server = await startApiProcess(env());
    session = await server.signIn('demo@hostdeck.test');
    account = (
      await database.db
        .select()
        .from(hostingAccounts)
        .where(and(eq(hostingAccounts.companyGuid, session.company), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
        .limit(1)
    )[0]!.guid;
    group = (await createDomainGroup(server.client(session), { name: 'Killed mid-request', default_hosting_account: account })).group.guid;
  });

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await database?.close();
  });

  const env = () => ({ DATABASE_URL: databaseUrl, PROVISION_STEP_MS: '5' });

  /** Resolves once the database announces `payload` on the test's channel; LISTEN is in place when it returns. */
  async function announced(payload: string): Promise<{ seen: Promise<void>; end(): Promise<void> }> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const seen = new Promise<void>((resolve) => client.on('notification', (n) => n.payload === payload && resolve()));
    await client.query('listen key_seen');
    return { seen, end: () => client.end() };
  }

  /** Opens a transaction that holds `lock` (SQL) until `release()`. */
  async function holding(lock: string, values: unknown[] = []): Promise<{ release(): Promise<void> }> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('begin');
    await client.query(lock, values);
    return {
      async release() {
        await client.query('rollback');
        await client.end();
      },
    };
  }

  const send = (target: ApiProcess, body: unknown, key: string) =>
    fetch(`${target.baseURL}/domains/`, {
      method: 'POST',
      headers: { Authorization: `Token ${session.token}`, Company: session.company, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });

  /** The domains of these names and the tasks that add them. */
  async function state(names: string[]) {
    const rows = await database.db
      .select()
      .from(domains)
      .where(and(eq(domains.companyGuid, session.company), inArray(domains.domain, names)));
    const adding = rows.length
      ? await database.db
          .selectDistinct({ guid: tasks.guid })
          .from(tasks)
          .innerJoin(taskItems, eq(taskItems.taskGuid, tasks.guid))
          .where(
            inArray(
              taskItems.domainGuid,
              rows.map((r) => r.guid),
            ),
          )
      : [];
    return { domains: rows.map((r) => r.domain).sort(), tasks: adding.map((r) => r.guid) };
  }

  /**
   * Sends the request, kills the server once the database has announced `point` while `lock`
   * holds the rest of the work back, then starts a new server process on the same database.
   */
  async function killedAt(body: unknown, key: string, point: string, lock: string, values: unknown[] = []) {
    const blocker = await holding(lock, values);
    const listener = await announced(point);
    const request = send(server!, body, key).then(
      (res) => `answered ${res.status}`,
      () => 'cut off',
    );
    await listener.seen;
    await server!.kill('SIGKILL');
    expect(await request).toBe('cut off');
    await Promise.all([blocker.release(), listener.end()]);
    server = await startApiProcess(env());
  }

  /** After the restart: the key is still held by the dead process's lease; once that has run out the retry finishes the work. */
  async function retried(body: unknown, key: string, names: string[]) {
    const early = await send(server!, body, key);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ errors: [KEY_IN_FLIGHT] });
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    // The dead process renews nothing: its lease would run out within 30 s. Its end is moved instead of waited for.
    await database.db
      .update(idempotencyKeys)
      .set({ leaseExpires: new Date(Date.now() - 1000) })
      .where(like(idempotencyKeys.key, `%:${key}`));
    const retry = await send(server!, body, key);
    expect(retry.status).toBe(201);
    const answer = (await retry.json()) as { task: { guid: string }; domains: { domain: string }[] };
    expect(answer.domains.map((d) => d.domain).sort()).toEqual(names);
    expect(await state(names)).toEqual({ domains: names, tasks: [answer.task.guid] });
    const again = await send(server!, body, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(answer);
  }

  async function submission(names: string[]) {
    const ips = (await groupIpAddresses(server!.client(session), group, { per_page: 9999 })).data.filter((i) => i.domains_allowed > i.domain_count);
    expect(ips.length).toBeGreaterThanOrEqual(names.length);
    return { domains: names.map((domain, i): NewDomain => ({ domain, ip_address: ips[i]!.guid, group, hosting_account: account })) };
  }

  it('killed after claiming the key, before its work committed: the retry adds the domains once', async () => {
    const names = ['killed-early-1.example', 'killed-early-2.example'];
    const body = await submission(names);
    // The company's row is what the work locks first (src/server/db/locks.ts): held here, the work cannot start.
    await killedAt(body, 'killed-early', 'INSERT:', 'select guid from companies where guid = $1 for no key update', [session.company]);
    expect(await state(names)).toEqual({ domains: [], tasks: [] });
    await retried(body, 'killed-early', names);
  });

  it('killed after its domains committed, before their task: the retry starts their task and adds none again', async () => {
    const names = ['killed-midway.example'];
    const body = await submission(names);
    // New tasks wait for this lock: the domains commit, their task cannot.
    await killedAt(body, 'killed-midway', 'UPDATE:domains', 'lock table tasks in share mode');
    expect(await state(names)).toEqual({ domains: names, tasks: [] });
    await retried(body, 'killed-midway', names);
  });
});
