import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resetDnsZone } from '../../src/lib/requests/dns-zone';
import { readTaskEvents } from '../../src/lib/requests/task-events';
import type { TaskEvent } from '../../src/lib/api/tasks';
import { openDatabase } from '../../src/server/db/connection';
import { dnsZones, domains, memberships, users } from '../../src/server/db/schema/index';
import { startApiProcess, type ApiProcess, type Session } from './helpers/api-process';
import { copyToWorkerDatabase } from './helpers/postgres';
import { until } from '../helpers/waiting';

/**
 * Past one machine (DESIGN "Running"): two API processes on one PostgreSQL share the job
 * queue and the task events (LISTEN/NOTIFY), so a task started through one is streamed by the
 * other; a viewer one process remembers is dropped when another changes it. Runs only with TEST_DATABASE_URL (`.ci/run` gives it to `npm run test:api`).
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('two API processes on one PostgreSQL', () => {
  let one: ApiProcess | undefined;
  let other: ApiProcess | undefined;
  let domainGuid: string;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await copyToWorkerDatabase(url!, inject('postgresSeededTemplate'));
    const database = await openDatabase({ databaseUrl, migrate: false });
    try {
      const [row] = await database.db
        .select({ guid: domains.guid })
        .from(dnsZones)
        .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
        .where(eq(dnsZones.status, 'ACTIVE'))
        .limit(1);
      domainGuid = row!.guid;
    } finally {
      await database.close();
    }
    const env = { DATABASE_URL: databaseUrl, PROVISION_STEP_MS: '200' };
    [one, other] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  });

  afterAll(async () => {
    await Promise.all([one?.kill(), other?.kill()]);
  });

  /** Follows one process's stream until `guid` completes; resolves once the stream is open, with what it will have seen. */
  async function follow(server: ApiProcess, session: Session, guid: () => string): Promise<{ seen: Promise<TaskEvent[]> }> {
    const seen: TaskEvent[] = [];
    const stop = new AbortController();
    let opened!: () => void;
    const ready = new Promise<void>((resolve) => (opened = resolve));
    const seen$ = readTaskEvents(server.options(session), {
      signal: stop.signal,
      onReady: () => opened(),
      onTask: (e) => {
        // The task's first event may come before its guid does (the answer of the reset).
        seen.push(e);
        if (e.task === guid() && e.status === 'COMPLETED') stop.abort();
      },
    }).then(() => seen.filter((e) => e.task === guid()));
    await ready;
    return { seen: seen$ };
  }

  /** One reset through `one`, followed on both; answers what each stream saw of it. */
  async function resetFollowedOnBoth() {
    const session = await one!.signIn('demo@hostdeck.test');
    let guid = '';
    const onOther = await follow(other!, session, () => guid);
    const onOne = await follow(one!, session, () => guid);
    guid = (await resetDnsZone(one!.client(session), domainGuid)).task.guid;
    const steps = (seen: TaskEvent[]) => seen.map((e) => `${e.status} ${e.progress_percentage} ${e.item?.action ?? '-'} ${e.item?.status ?? '-'}`);
    return (await Promise.all([onOther.seen, onOne.seen])).map(steps);
  }

  it('streams a task started through the other process, step by step', async () => {
    const [seenByOther, seenByOne] = await resetFollowedOnBoth();
    expect(seenByOther).toEqual([
      'PENDING 0 - -',
      'ACTIVE 0 RESET_DNS_SOA ACTIVE',
      'ACTIVE 33 RESET_DNS_SOA COMPLETED',
      'ACTIVE 33 RESET_DNS_RECORDS ACTIVE',
      'ACTIVE 67 RESET_DNS_RECORDS COMPLETED',
      'ACTIVE 67 PUBLISH_DNS_ZONE ACTIVE',
      'COMPLETED 100 PUBLISH_DNS_ZONE COMPLETED',
    ]);
    expect(seenByOne).toEqual(seenByOther);
  });

  it('listens again after its LISTEN connection is cut', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const listeners = async () => (await admin.query(`select pid from pg_stat_activity where application_name = 'hostdeck-task-events'`)).rows.map((r: { pid: number }) => r.pid);
    try {
      const before = await listeners();
      expect(before).toHaveLength(2);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
      await until('both processes to LISTEN again on new connections', listeners, (pids) => pids.filter((pid) => !before.includes(pid)).length === 2);
      const [seenByOther, seenByOne] = await resetFollowedOnBoth();
      expect(seenByOther.at(0)).toBe('PENDING 0 - -');
      expect(seenByOther.at(-1)).toBe('COMPLETED 100 PUBLISH_DNS_ZONE COMPLETED');
      expect(seenByOne).toEqual(seenByOther);
    } finally {
      await admin.end();
    }
  });

  it('drops a viewer it remembers when the permission is removed elsewhere', async () => {
    const session = await one!.signIn('demo@hostdeck.test');
    const list = async () =>
      (await fetch(`${other!.baseURL}/ip_addresses/?page=1&per_page=25`, { headers: { Authorization: `Token ${session.token}`, Company: session.company } })).status;
    // Answered once, the viewer is remembered by the other process.
    expect(await list()).toBe(200);
    expect(await list()).toBe(200);
    const database = await openDatabase({ databaseUrl, migrate: false });
    try {
      const [user] = await database.db.select({ guid: users.guid }).from(users).where(eq(users.email, 'demo@hostdeck.test'));
      const owner = and(eq(memberships.userGuid, user!.guid), eq(memberships.companyGuid, session.company));
      const [m] = await database.db.select({ permissions: memberships.permissions }).from(memberships).where(owner);
      await database.db
        .update(memberships)
        .set({ permissions: m!.permissions.filter((p) => p !== 'can_view_ip_addresses') })
        .where(owner);
      // The notice crosses processes as soon as PostgreSQL sends it; without it the viewer would
      // be kept for minutes (VIEWER_CACHE_MAX_AGE_MS), past the test's time limit.
      expect(await until('the other process to drop the remembered viewer', list, (status) => status !== 200)).toBe(403);
      await database.db.update(memberships).set({ permissions: m!.permissions }).where(owner);
    } finally {
      await database.close();
    }
  });
});
