import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { resetDnsZone } from '../../src/lib/requests/dns-zone';
import { readTaskEvents } from '../../src/lib/requests/task-events';
import type { TaskEvent } from '../../src/lib/api/tasks';
import { listGroupTasks } from '../../src/lib/requests/tasks';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { dnsRecords, dnsZones, domains, taskItems, tasks } from '../../src/server/db/schema/index';
import { DNS_ZONE_RESET, nextSerial } from '../../src/server/jobs/steps/dns-zone';
import { seedDemo } from '../../src/server/seed/index';
import { startApiProcess, type ApiProcess } from './helpers/api-process';

/**
 * A reset task survives its process being killed: the real API in a process of its own, on a
 * PGlite data folder, is killed (SIGKILL) between two steps and started again on the same
 * folder; the task then finishes once, with its items neither doubled nor run twice, and a
 * client of the event stream follows it across the restart (Last-Event-ID).
 */
const STEP_MS = 800;

let dir: string;
let running: ApiProcess | undefined;
let zone: { domainGuid: string; domain: string; group: string; serial: number };

/** Opens the folder in this process (only while no server has it), runs `work`, closes it. */
async function withFolder<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: dir, migrate: false });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hostdeck-restart-'));
  const template = inject('pgliteSeededTemplate');
  if (template) {
    const pglite = await PGlite.create(dir, { loadDataDir: new Blob([await readFile(template)]) });
    await pglite.close();
  } else {
    // The PostgreSQL run has no PGlite template: this folder is seeded here.
    const database = await openDatabase({ dataDir: dir });
    await seedDemo(database.db);
    await database.close();
  }
  zone = await withFolder(async ({ db }) => {
    const [row] = await db
      .select({ domainGuid: domains.guid, domain: domains.domain, group: domains.groupGuid, serial: dnsZones.soaSerial })
      .from(dnsZones)
      .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
      .where(eq(dnsZones.status, 'ACTIVE'))
      .limit(1);
    return row!;
  });
});

afterAll(async () => {
  await running?.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({ DATA_DIR: dir, DATABASE_URL: '', PROVISION_STEP_MS: String(STEP_MS), EVENT_HEARTBEAT_MS: '1000' });

describe('a task across a killed process', () => {
  it('finishes once after a restart, items not doubled, and the stream follows it', async () => {
    const started = performance.now();
    running = await startApiProcess(env());
    const first = running;
    const bootMs = performance.now() - started;
    const session = await first.signIn('demo@hostdeck.test');

    // Follow the stream, start the reset, and kill the process once the second step has begun.
    const seenBefore: TaskEvent[] = [];
    let taskGuid = '';
    let secondStepBegun!: () => void;
    const killPoint = new Promise<void>((resolve) => (secondStepBegun = resolve));
    let opened!: () => void;
    const ready = new Promise<void>((resolve) => (opened = resolve));
    const before = readTaskEvents(first.options(session), {
      onReady: () => opened(),
      onTask: (e) => {
        seenBefore.push(e);
        if (e.task === taskGuid && e.item?.action === 'RESET_DNS_RECORDS' && e.item.status === 'ACTIVE') secondStepBegun();
      },
    });
    await ready;
    taskGuid = (await resetDnsZone(first.client(session), zone.domainGuid)).task.guid;
    await killPoint;
    const killedAt = performance.now();
    await first.kill('SIGKILL');
    const { lastEventId, dropped } = await before;
    expect(dropped).toBe(true);
    expect(lastEventId).toMatch(/^\d+$/);
    expect(seenBefore.filter((e) => e.task === taskGuid).map((e) => `${e.item?.action} ${e.item?.status}`)).toEqual([
      'undefined undefined',
      'RESET_DNS_SOA ACTIVE',
      'RESET_DNS_SOA COMPLETED',
      'RESET_DNS_RECORDS ACTIVE',
    ]);

    // The same folder, once the first process is gone; the stream resumes where it stopped.
    running = await startApiProcess(env());
    const second = running;
    const restartedMs = performance.now() - killedAt;
    const seenAfter: TaskEvent[] = [];
    const stop = new AbortController();
    await readTaskEvents(second.options(session), {
      lastEventId: lastEventId!,
      signal: stop.signal,
      onTask: (e) => {
        if (e.task !== taskGuid) return;
        seenAfter.push(e);
        if (e.status === 'COMPLETED') stop.abort();
      },
    });
    const finishedMs = performance.now() - killedAt;
    expect(seenAfter.at(-1)).toMatchObject({ status: 'COMPLETED', progress_percentage: 100 });
    expect(seenAfter.filter((e) => e.status === 'COMPLETED' && e.item === null).length).toBeLessThanOrEqual(1);

    const listed = (await listGroupTasks(second.client(session), zone.group, { per_page: 100 })).data.filter((x) => x.kind === DNS_ZONE_RESET);
    expect(listed.map((x) => x.guid)).toEqual([taskGuid]);
    expect(listed[0]).toMatchObject({ status: 'COMPLETED', progress_percentage: 100 });
    expect(listed[0]!.items.map((i) => `${i.action} ${i.status}`)).toEqual(['RESET_DNS_SOA COMPLETED', 'RESET_DNS_RECORDS COMPLETED', 'PUBLISH_DNS_ZONE COMPLETED']);
    await second.kill('SIGTERM');
    running = undefined;

    await withFolder(async ({ db }) => {
      const items = await db.select().from(taskItems).where(eq(taskItems.taskGuid, taskGuid)).orderBy(taskItems.position);
      // The interrupted step was claimed twice; its effect and every other step ran once.
      expect(items.map((i) => i.attempts)).toEqual([1, 2, 1]);
      const [after] = await db.select().from(dnsZones).where(eq(dnsZones.domainGuid, zone.domainGuid));
      expect(after!.soaSerial).toBe(nextSerial(zone.serial, after!.dateUpdated!));
      const records = await db.select().from(dnsRecords).where(eq(dnsRecords.zoneGuid, after!.guid));
      expect(records).toHaveLength(7);
      expect(
        await db
          .select()
          .from(tasks)
          .where(and(eq(tasks.kind, DNS_ZONE_RESET), eq(tasks.domainGroupGuid, zone.group))),
      ).toHaveLength(1);
    });
    console.log(
      `[task-restart] first start ${Math.round(bootMs)} ms; kill to second process listening ${Math.round(restartedMs)} ms; ` +
        `kill to task completed ${Math.round(finishedMs)} ms; whole test ${Math.round(performance.now() - started)} ms (steps of ${STEP_MS} ms)`,
    );
  });
});
