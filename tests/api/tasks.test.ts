import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, notExists } from 'drizzle-orm';
import type { ApiOptions } from '../../src/lib/api/client';
import { resetDnsZone } from '../../src/lib/requests/dns-zone';
import type { Task, TaskEvent } from '../../src/lib/api/tasks';
import { listGroupTasks } from '../../src/lib/requests/tasks';
import { readTaskEvents, startAndFollowTask } from '../../src/lib/requests/task-events';
import { ApiError } from '../../src/lib/errors';
import type { Database } from '../../src/server/db/connection';
import { companies, dnsRecords, dnsZones, domainGroups, domains, memberships, tasks } from '../../src/server/db/schema/index';
import { DNS_ZONE_RESET, dnsZoneResetItems, nextSerial } from '../../src/server/jobs/steps/dns-zone';
import { STEPS, type Step } from '../../src/server/jobs/steps/index';
import { DEFAULT_NAMESERVERS } from '../../src/server/services/dns-defaults';
import { openSeededApp, type TestApp } from './helpers/app';
import { taskFinished } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
/** Zones of the demo company that can be reset (in more than one group), one per test that resets. */
let zones: { domain: string; guid: string; group: string; serial: number }[];
let bluebirdDomain: string;
let bluebirdGroup: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 30, eventHeartbeatMs: 150 }));
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  zones = await db
    .select({ domain: domains.domain, guid: domains.guid, group: domains.groupGuid, serial: dnsZones.soaSerial })
    .from(dnsZones)
    .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
    .where(and(eq(dnsZones.companyGuid, demo.company), eq(dnsZones.status, 'ACTIVE')))
    .orderBy(domains.domain);
  const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  const [foreign] = await db.select().from(domains).where(eq(domains.companyGuid, bluebird!.guid)).limit(1);
  bluebirdDomain = foreign!.guid;
  bluebirdGroup = foreign!.groupGuid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

const ownerWhere = () => and(eq(memberships.companyGuid, demo.company), eq(memberships.accountType, 'OWNER'));

/** Runs `work` with the owner's membership changed, then puts it back. */
async function asOwnerWith(change: { permissions?: (p: string[]) => string[]; allowedDomainGroups?: string[] }, work: () => Promise<void>) {
  const [m] = await database.db.select().from(memberships).where(ownerWhere());
  await database.db
    .update(memberships)
    .set({ permissions: change.permissions?.(m!.permissions) ?? m!.permissions, allowedDomainGroups: change.allowedDomainGroups ?? m!.allowedDomainGroups })
    .where(ownerWhere());
  try {
    await work();
  } finally {
    await database.db.update(memberships).set({ permissions: m!.permissions, allowedDomainGroups: m!.allowedDomainGroups }).where(ownerWhere());
  }
}

/** The shared client's options over the in-process app, as the panel or the CLI would give them. */
const optionsOf = (session: { token: string; company: string }): ApiOptions => ({
  baseURL: 'http://hostdeck.test',
  credentials: () => ({ token: session.token, company: session.company }),
  fetch: async (input, init) => t.app.request(input instanceof Request ? input : String(input), init),
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

const settled = (guid: string, group: string): Promise<Task> => taskFinished(t, demo, group, guid);

describe('POST /domains/{guid}/dns_zone/reset/', () => {
  it('starts a task whose three steps restore the default zone, once', async () => {
    const zone = zones[0]!;
    const answer = await resetDnsZone(t.client(demo), zone.guid);
    expect(answer.message).toBe('DNS zone successfully reset!');
    expect(answer.task.kind).toBe('DNS_ZONE_RESET');
    expect(answer.task.items.map((i) => i.action)).toEqual(['RESET_DNS_SOA', 'RESET_DNS_RECORDS', 'PUBLISH_DNS_ZONE']);
    expect(answer.task.items.every((i) => i.details === zone.domain)).toBe(true);

    const done = await settled(answer.task.guid, zone.group);
    expect(done).toMatchObject({ status: 'COMPLETED', progress_percentage: 100 });
    expect(done.date_completed).not.toBeNull();
    expect(done.items.map((i) => i.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);

    const [after] = await database.db.select().from(dnsZones).where(eq(dnsZones.domainGuid, zone.guid));
    expect(after).toMatchObject({ soaNameserver: DEFAULT_NAMESERVERS[0], soaEmail: `hostmaster.${zone.domain}`, soaRefresh: 86400, soaTtl: 3600, status: 'ACTIVE' });
    expect(after!.soaSerial).toBe(nextSerial(zone.serial, after!.dateUpdated!));
    const records = await database.db.select().from(dnsRecords).where(eq(dnsRecords.zoneGuid, after!.guid));
    expect(records.map((r) => `${r.type} ${r.name}`).sort()).toEqual(['A ', 'A mail', 'A www', 'MX ', 'NS ', 'NS ', 'TXT ']);
  });

  it('answers the running reset again instead of starting a second one', async () => {
    const zone = zones[1]!;
    const first = await resetDnsZone(t.client(demo), zone.guid);
    const second = await resetDnsZone(t.client(demo), zone.guid);
    expect(second.task.guid).toBe(first.task.guid);
    await settled(first.task.guid, zone.group);
    const third = await resetDnsZone(t.client(demo), zone.guid);
    expect(third.task.guid).not.toBe(first.task.guid);
    await settled(third.task.guid, zone.group);
  });

  it("answers 409 with the panel's sentence for a zone that is not provisioned, and for none", async () => {
    const [pending] = await database.db
      .select()
      .from(dnsZones)
      .where(and(eq(dnsZones.companyGuid, demo.company), ne(dnsZones.status, 'ACTIVE')))
      .limit(1);
    const error = await refusal(resetDnsZone(t.client(demo), pending!.domainGuid));
    expect(error.status).toBe(409);
    expect(error.body).toMatchObject({ errors: ['DNS zone is not available, yet!'], code: 'dns_zone_unavailable' });
    const zoned = new Set((await database.db.select({ d: dnsZones.domainGuid }).from(dnsZones)).map((r) => r.d));
    const bare = (
      await database.db
        .select()
        .from(domains)
        .where(and(eq(domains.companyGuid, demo.company), eq(domains.isSubdomain, false)))
    ).find((d) => !zoned.has(d.guid));
    expect((await refusal(resetDnsZone(t.client(demo), bare!.guid))).status).toBe(409);
  });

  it("answers 404 for another company's domain, a subdomain, an unknown or malformed guid", async () => {
    const [sub] = await database.db
      .select()
      .from(domains)
      .where(and(eq(domains.companyGuid, demo.company), eq(domains.isSubdomain, true)))
      .limit(1);
    for (const guid of [bluebirdDomain, sub!.guid, '00000000-0000-4000-8000-000000000000']) {
      const error = await refusal(resetDnsZone(t.client(demo), guid));
      expect(error.status).toBe(404);
      expect(error.body.errors).toEqual(['Domain not found.']);
    }
    expect((await t.call('POST', '/domains/not-a-guid/dns_zone/reset/', demo)).status).toBe(404);
  });

  it('takes no body fields and no query', async () => {
    const res = await t.call('POST', `/domains/${zones[2]!.guid}/dns_zone/reset/`, { ...demo, body: { force: true } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'unknown_field', errors: ['This call does not take the field "force".'] });
    expect((await t.call('POST', `/domains/${zones[2]!.guid}/dns_zone/reset/?force=1`, demo)).status).toBe(400);
  });

  it('needs can_reset_domain_dns_zone', async () => {
    await asOwnerWith({ permissions: (p) => p.filter((s) => s !== 'can_reset_domain_dns_zone') }, async () => {
      const error = await refusal(resetDnsZone(t.client(demo), zones[2]!.guid));
      expect(error.status).toBe(403);
      expect(error.body.errors[0]).toContain('can_reset_domain_dns_zone');
    });
  });

  it('hides domains of groups the member may not see', async () => {
    const zone = zones[2]!;
    const [other] = await database.db
      .select()
      .from(domainGroups)
      .where(and(eq(domainGroups.companyGuid, demo.company), ne(domainGroups.guid, zone.group)))
      .limit(1);
    await asOwnerWith({ allowedDomainGroups: [other!.guid] }, async () => {
      expect((await refusal(resetDnsZone(t.client(demo), zone.guid))).status).toBe(404);
    });
  });
});

describe('a step that fails for a passing reason', () => {
  it('is tried again after a delay (RETRYING), then completes', async () => {
    let calls = 0;
    // A step of the registry's shape, added for this test only: its first run fails.
    (STEPS as Record<string, Step>).TEST_FLAKY_STEP = {
      async run() {
        if (++calls === 1) throw new Error('the provider did not answer');
      },
    };
    try {
      const zone = zones[6]!;
      const seen: TaskEvent[] = [];
      const final = await startAndFollowTask(
        optionsOf(demo),
        async () => {
          const { task } = await t.deps.jobs.startTask({
            companyGuid: demo.company,
            domainGroupGuid: zone.group,
            kind: DNS_ZONE_RESET,
            createdBy: null,
            items: [{ action: 'TEST_FLAKY_STEP', domainGuid: zone.guid }],
          });
          return (await listGroupTasks(t.client(demo), zone.group)).data.find((x) => x.guid === task.guid)!;
        },
        { onProgress: (e) => seen.push(e) },
      );
      expect(final).toMatchObject({ status: 'COMPLETED', progress_percentage: 100 });
      expect(seen.filter((e) => e.item).map((e) => `${e.item!.status} ${e.item!.error ?? ''}`.trim())).toEqual([
        'ACTIVE',
        'RETRYING The step failed. It will be tried again.',
        'ACTIVE',
        'COMPLETED',
      ]);
      expect(calls).toBe(2);
    } finally {
      delete (STEPS as Record<string, Step>).TEST_FLAKY_STEP;
    }
  });
});

describe('GET /domains/groups/{guid}/tasks/', () => {
  it("lists the group's tasks newest first, with their items, in the list envelope", async () => {
    const group = zones[0]!.group;
    const all = await listGroupTasks(t.client(demo), group, { per_page: 100 });
    const stored = await database.db.select().from(tasks).where(eq(tasks.domainGroupGuid, group));
    expect(all.total).toBe(stored.length);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const dates = all.data.map((x) => x.date_created);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.data.every((x) => x.items.length > 0)).toBe(true);
    const page = await listGroupTasks(t.client(demo), group, { page: 2, per_page: 1 });
    expect(page).toMatchObject({ page: 2, per_page: 1, total: all.total });
    expect(page.data.map((x) => x.guid)).toEqual([all.data[1]!.guid]);
  });

  it('refuses bad paging with its sentences', async () => {
    const group = zones[0]!.group;
    const cases: [string, string][] = [
      ['per_page=500', 'Page size can be at most 100.'],
      ['per_page=0', 'Page size must be 1 or more.'],
      ['per_page=2.5', 'Page size must be a whole number.'],
      ['page=0', 'Page must be 1 or more.'],
      ['page=1.5', 'Page must be a whole number.'],
    ];
    for (const [query, sentence] of cases) {
      const res = await t.call('GET', `/domains/groups/${group}/tasks/?${query}`, demo);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { errors: string[] }).errors, query).toEqual([sentence]);
    }
  });

  it("answers 404 for another company's group, an unknown one, or one the member may not see", async () => {
    for (const guid of [bluebirdGroup, '00000000-0000-4000-8000-000000000000']) {
      const error = await refusal(listGroupTasks(t.client(demo), guid));
      expect(error.status).toBe(404);
      expect(error.body.errors).toEqual(['Domain group not found.']);
    }
    const group = zones[0]!.group;
    const [other] = await database.db
      .select()
      .from(domainGroups)
      .where(and(eq(domainGroups.companyGuid, demo.company), ne(domainGroups.guid, group)))
      .limit(1);
    await asOwnerWith({ allowedDomainGroups: [other!.guid] }, async () => {
      expect((await refusal(listGroupTasks(t.client(demo), group))).status).toBe(404);
    });
  });

  it('needs can_view_domains', async () => {
    await asOwnerWith({ permissions: (p) => p.filter((s) => s !== 'can_view_domains') }, async () => {
      const error = await refusal(listGroupTasks(t.client(demo), zones[0]!.group));
      expect(error.status).toBe(403);
      expect(error.body.errors[0]).toContain('can_view_domains');
    });
  });
});

describe('GET /tasks/events/', () => {
  it('streams a task from start to end, and heartbeats while idle', async () => {
    const zone = zones[3]!;
    const seen: TaskEvent[] = [];
    const final = await startAndFollowTask(optionsOf(demo), async () => (await resetDnsZone(t.client(demo), zone.guid)).task, { onProgress: (e) => seen.push(e) });
    expect(final).toMatchObject({ status: 'COMPLETED', progress_percentage: 100, domain_group: zone.group });
    expect(seen.map((e) => e.progress_percentage)).toEqual([...seen.map((e) => e.progress_percentage)].sort((a, b) => a - b));
    expect(seen.filter((e) => e.item?.status === 'COMPLETED').map((e) => e.item!.action)).toEqual(['RESET_DNS_SOA', 'RESET_DNS_RECORDS', 'PUBLISH_DNS_ZONE']);

    const stop = new AbortController();
    let beats = 0;
    await readTaskEvents(optionsOf(demo), {
      signal: stop.signal,
      onTask: () => undefined,
      onHeartbeat: () => {
        if (++beats === 2) stop.abort();
      },
    });
    expect(beats).toBe(2);
  });

  it('resumes after Last-Event-ID with the state of tasks that changed since', async () => {
    const zone = zones[4]!;
    const stop = new AbortController();
    const { lastEventId: ready } = await readTaskEvents(optionsOf(demo), { signal: stop.signal, onReady: () => stop.abort(), onTask: () => undefined });
    expect(ready).toMatch(/^\d+$/);
    const { task } = await resetDnsZone(t.client(demo), zone.guid);
    await settled(task.guid, zone.group);

    const again = new AbortController();
    const replayed: TaskEvent[] = [];
    await readTaskEvents(optionsOf(demo), {
      lastEventId: ready,
      signal: again.signal,
      onTask: (e) => {
        replayed.push(e);
        if (e.task === task.guid) again.abort();
      },
    });
    expect(replayed.find((e) => e.task === task.guid)).toMatchObject({ status: 'COMPLETED', progress_percentage: 100, item: null });
  });

  it('shows a member limited to some groups only those groups’ tasks, failures included', async () => {
    const hidden = zones[5]!;
    const [shown] = await database.db
      .select()
      .from(domains)
      .where(
        and(
          eq(domains.companyGuid, demo.company),
          ne(domains.groupGuid, hidden.group),
          eq(domains.isSubdomain, false),
          notExists(database.db.select().from(dnsZones).where(eq(dnsZones.domainGuid, domains.guid))),
        ),
      )
      .limit(1);
    await asOwnerWith({ allowedDomainGroups: [shown!.groupGuid] }, async () => {
      const stop = new AbortController();
      const seen: TaskEvent[] = [];
      let shownTask = '';
      let opened!: () => void;
      const ready = new Promise<void>((resolve) => (opened = resolve));
      const reading = readTaskEvents(optionsOf(demo), {
        signal: stop.signal,
        onReady: () => opened(),
        onTask: (e) => {
          seen.push(e);
          if (e.task === shownTask && e.status === 'FAILURE') stop.abort();
        },
      });
      await ready;
      // Started as a member who sees every group would; the second domain has no zone, so its task fails.
      const hiddenTask = await startThroughEngine(hidden.guid);
      shownTask = await startThroughEngine(shown!.guid);
      await reading;
      expect(seen.some((e) => e.task === hiddenTask)).toBe(false);
      expect(seen.filter((e) => e.task === shownTask && e.item?.status === 'FAILURE').map((e) => e.item!.error)).toEqual(['DNS zone is not available, yet!']);
      const [failed] = (await listGroupTasks(t.client(demo), shown!.groupGuid)).data;
      expect(failed).toMatchObject({ guid: shownTask, status: 'FAILURE', progress_percentage: 0 });
      expect(failed!.items.map((i) => [i.status, i.error])).toEqual([
        ['FAILURE', 'DNS zone is not available, yet!'],
        ['FAILURE', 'Not run: an earlier step failed.'],
        ['FAILURE', 'Not run: an earlier step failed.'],
      ]);
    });
  });

  it('needs can_view_domains', async () => {
    await asOwnerWith({ permissions: (p) => p.filter((s) => s !== 'can_view_domains') }, async () => {
      const error = await refusal(readTaskEvents(optionsOf(demo), { onTask: () => undefined }));
      expect(error.status).toBe(403);
    });
  });
});

/** Starts a reset through the engine, without the handler's checks. */
async function startThroughEngine(domainGuid: string): Promise<string> {
  const [d] = await database.db.select().from(domains).where(eq(domains.guid, domainGuid));
  const { task } = await t.deps.jobs.startTask({ companyGuid: demo.company, domainGroupGuid: d!.groupGuid, kind: DNS_ZONE_RESET, createdBy: null, items: dnsZoneResetItems(d!) });
  return task.guid;
}
