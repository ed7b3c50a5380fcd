import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { TaskEvent } from '../../src/lib/api/tasks';
import type { Database } from '../../src/server/db/connection';
import { dnsZones, domains, taskItems, tasks } from '../../src/server/db/schema/index';
import { SLICE_ITEMS } from '../../src/server/jobs/runner';
import { ABANDONED, MAX_ATTEMPTS, insertTask } from '../../src/server/jobs/store';
import { DNS_ZONE_RESET, dnsZoneResetItems } from '../../src/server/jobs/steps/dns-zone';
import { ADD_DOMAINS, addDomainItems } from '../../src/server/jobs/steps/domain-add';
import { openSeededApp, type TestApp } from './helpers/app';

/**
 * Tasks run in turns of a few items (src/server/jobs/runner.ts): a task longer than a turn
 * still runs each item once, in order; and a task whose step was cut off (the process running
 * it stopped: an ACTIVE item whose lease ran out) is picked up by the sweep, resumed while the
 * item has attempts left, else failed with a sentence that says why. Never left ACTIVE with no
 * step running.
 */

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
/** Zones of the demo company that can be reset, one per test that needs one. */
let zones: { guid: string; domain: string; group: string }[];

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 1 }));
  // The seeded work in progress resolves names through the DNS server, as the running API does.
  await t.startDns();
  demo = await t.signIn('demo@hostdeck.test');
  zones = await database.db
    .select({ guid: domains.guid, domain: domains.domain, group: domains.groupGuid })
    .from(dnsZones)
    .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
    .where(and(eq(dnsZones.companyGuid, demo.company), eq(dnsZones.status, 'ACTIVE')))
    .orderBy(domains.domain);
  await t.deps.jobs.start();
  await t.deps.jobs.idle();
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await t.deps.dns?.close();
  await database.close();
});

/** The task's events from now on. */
function follow(): { events: TaskEvent[]; stop: () => void } {
  const events: TaskEvent[] = [];
  return { events, stop: t.deps.jobs.events.subscribe(demo.company, (e) => events.push(e)) };
}

const itemsOf = (task: string) => database.db.select().from(taskItems).where(eq(taskItems.taskGuid, task)).orderBy(asc(taskItems.position));

/**
 * A reset task as a process that stopped mid-step leaves it: recorded, never handed to the
 * engine, its first item ACTIVE after `attempts` claims, under a lease that has run out.
 */
async function cutOffReset(zone: { guid: string; domain: string; group: string }, attempts: number): Promise<string> {
  const now = t.deps.now();
  const { task, items } = await database.db.transaction((tx) =>
    insertTask(tx, { companyGuid: demo.company, domainGroupGuid: zone.group, kind: DNS_ZONE_RESET, createdBy: null, items: dnsZoneResetItems(zone) }, now),
  );
  await database.db.update(tasks).set({ status: 'ACTIVE' }).where(eq(tasks.guid, task.guid));
  await database.db
    .update(taskItems)
    .set({ status: 'ACTIVE', attempts, lockedUntil: new Date(now.getTime() - 1000) })
    .where(eq(taskItems.guid, items[0]!.guid));
  return task.guid;
}

describe('a task longer than a turn', () => {
  it('runs each item once, in order, across its turns', async () => {
    const [model] = await database.db
      .select()
      .from(domains)
      .where(and(eq(domains.companyGuid, demo.company), eq(domains.isSubdomain, false), isNotNull(domains.ipAddressGuid)))
      .limit(1);
    const size = 2 * SLICE_ITEMS + 5;
    const added = await database.db
      .insert(domains)
      .values(
        Array.from({ length: size }, (_, i) => ({
          companyGuid: demo.company,
          groupGuid: model!.groupGuid,
          domain: `turns-${i}.example`,
          status: 'ADDING',
          ipAddressGuid: model!.ipAddressGuid,
          hostingAccountGuid: model!.hostingAccountGuid,
        })),
      )
      .returning({ guid: domains.guid, domain: domains.domain });
    const seen = follow();
    const { task } = await t.deps.jobs.startTask({
      companyGuid: demo.company,
      domainGroupGuid: model!.groupGuid,
      kind: ADD_DOMAINS,
      createdBy: null,
      items: addDomainItems(added.map((d) => ({ ...d, installLetsEncrypt: false, software: null }))),
    });
    await t.deps.jobs.idle();
    seen.stop();

    const items = await itemsOf(task.guid);
    expect(items.map((i) => `${i.status} ${i.attempts}`)).toEqual(Array.from({ length: size }, () => 'COMPLETED 1'));
    const order = seen.events.filter((e) => e.task === task.guid && e.item?.status === 'COMPLETED').map((e) => e.item!.guid);
    expect(order).toEqual(items.map((i) => i.guid));
    expect(seen.events.filter((e) => e.task === task.guid).at(-1)).toMatchObject({ status: 'COMPLETED', progress_percentage: 100 });
  });
});

describe('a task whose step was cut off', () => {
  it('is resumed by the sweep while its item has attempts left', async () => {
    const zone = zones[0]!;
    const guid = await cutOffReset(zone, 1);
    const seen = follow();
    await t.deps.jobs.sweep();
    await t.deps.jobs.idle();
    seen.stop();

    const [task] = await database.db.select().from(tasks).where(eq(tasks.guid, guid));
    expect(task).toMatchObject({ status: 'COMPLETED', progressPercentage: 100 });
    // The cut-off step was taken again (a second attempt), the others once.
    expect((await itemsOf(guid)).map((i) => `${i.action} ${i.status} ${i.attempts}`)).toEqual([
      'RESET_DNS_SOA COMPLETED 2',
      'RESET_DNS_RECORDS COMPLETED 1',
      'PUBLISH_DNS_ZONE COMPLETED 1',
    ]);
    expect(seen.events.filter((e) => e.task === guid).map((e) => `${e.item?.action} ${e.item?.status}`)).toEqual([
      'RESET_DNS_SOA ACTIVE',
      'RESET_DNS_SOA COMPLETED',
      'RESET_DNS_RECORDS ACTIVE',
      'RESET_DNS_RECORDS COMPLETED',
      'PUBLISH_DNS_ZONE ACTIVE',
      'PUBLISH_DNS_ZONE COMPLETED',
    ]);
  });

  it('is failed with a sentence once its item was cut off on every attempt', async () => {
    const zone = zones[1]!;
    const guid = await cutOffReset(zone, MAX_ATTEMPTS);
    const seen = follow();
    await t.deps.jobs.sweep();
    await t.deps.jobs.idle();
    seen.stop();

    const [task] = await database.db.select().from(tasks).where(eq(tasks.guid, guid));
    expect(task).toMatchObject({ status: 'FAILURE', progressPercentage: 0 });
    expect(task!.dateCompleted).not.toBeNull();
    expect((await itemsOf(guid)).map((i) => [i.status, i.error, i.attempts])).toEqual([
      ['FAILURE', ABANDONED, MAX_ATTEMPTS],
      ['FAILURE', 'Not run: an earlier step failed.', 0],
      ['FAILURE', 'Not run: an earlier step failed.', 0],
    ]);
    expect(ABANDONED).toBe('The step was interrupted 3 times without finishing, so it was not tried again.');
    // Followers of the task hear how it ended.
    expect(seen.events.filter((e) => e.task === guid).map((e) => [e.status, e.item?.status, e.item?.error])).toEqual([['FAILURE', 'FAILURE', ABANDONED]]);
  });
});
