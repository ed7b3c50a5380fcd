import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { domains, softwareInstallations, taskItems, tasks } from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';

/**
 * The demo's tasks end: each seeded task is history (COMPLETED or FAILURE) or work the job engine
 * carries out once it starts, as on a fresh `npm start`, so none stays ACTIVE or PENDING, and the
 * domains whose certificate or software it stood for are no longer waiting on it.
 */

let database: Database;
let t: TestApp;

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 10 }));
  // As the running API: the Let's Encrypt step resolves the domain through the DNS server.
  await t.startDns();
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await t.deps.dns?.close();
  await database.close();
});

const UNFINISHED = ['ACTIVE', 'PENDING'];

describe('the seeded tasks', () => {
  it('are all finished once the job engine has worked through them after a fresh seed', async () => {
    const { db } = database;
    // The demo shows work in progress on a fresh start: there is something for the engine to finish.
    const inProgress = (await db.select({ guid: tasks.guid }).from(tasks).where(inArray(tasks.status, UNFINISHED))).map((r) => r.guid);
    expect(inProgress.length).toBeGreaterThan(0);
    await t.deps.jobs.start();
    await t.deps.jobs.idle();
    // The seed starts only work that can succeed: what cannot is seeded as the failure it would end in.
    const ended = await db.select({ kind: tasks.kind, status: tasks.status }).from(tasks).where(inArray(tasks.guid, inProgress));
    expect(ended.filter((e) => e.status !== 'COMPLETED')).toEqual([]);

    const left = await db
      .select({ kind: tasks.kind, status: tasks.status, progress: tasks.progressPercentage, action: taskItems.action, item: taskItems.status, error: taskItems.error })
      .from(tasks)
      .innerJoin(taskItems, eq(taskItems.taskGuid, tasks.guid))
      .where(inArray(tasks.status, UNFINISHED));
    expect(left).toEqual([]);
    // Their items too: a finished task has no item left to run.
    const items = await db
      .select({ action: taskItems.action, status: taskItems.status })
      .from(taskItems)
      .where(inArray(taskItems.status, [...UNFINISHED, 'RETRYING']));
    expect(items).toEqual([]);

    // The work they stood for is done or failed: no certificate or software stays in progress.
    const waiting = await db
      .select({ domain: domains.domain, ssl: domains.sslStatus })
      .from(domains)
      .where(inArray(domains.sslStatus, ['PENDING', 'INSTALLING']));
    expect(waiting).toEqual([]);
    const installing = await db
      .select({ domain: softwareInstallations.domainGuid })
      .from(softwareInstallations)
      .where(inArray(softwareInstallations.status, ['INSTALLING', 'PENDING']));
    expect(installing).toEqual([]);
  });
});
