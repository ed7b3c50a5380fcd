import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { addDomains, createDomainGroup, groupIpAddresses } from '../../src/lib/requests/domains';
import type { TaskEvent } from '../../src/lib/api/tasks';
import { isTaskFinished } from '../../src/lib/schemas/task-event';
import type { Database } from '../../src/server/db/connection';
import { companies, domains, hostingAccounts, taskItems } from '../../src/server/db/schema/index';
import { ADD_DOMAINS, addDomainItems } from '../../src/server/jobs/steps/domain-add';
import { openSeededApp, type TestApp } from './helpers/app';

/**
 * One company's imports cannot starve another's work (issue 31): while Bluebird's four
 * 500-domain Add Domains tasks run, the demo company adds 10 domains through the API, and that
 * task finishes long before any of the imports, which have run only a small part of their items
 * by then. Told by the order of the task events, not by timing.
 */

const IMPORTS = 4;
const IMPORT_SIZE = 500;
const SMALL = 10;

let database: Database;
let t: TestApp;

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 1 }));
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

/** Bluebird's imports: the domains as the wizard's submission leaves them (ADDING), each task in its own transaction. */
async function startImports(company: string): Promise<string[]> {
  const { db } = database;
  const [model] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.companyGuid, company), eq(domains.isSubdomain, false), isNotNull(domains.ipAddressGuid), isNotNull(domains.hostingAccountGuid)))
    .limit(1);
  const started: string[] = [];
  for (let n = 0; n < IMPORTS; n++) {
    const added = await db
      .insert(domains)
      .values(
        Array.from({ length: IMPORT_SIZE }, (_, i) => ({
          companyGuid: company,
          groupGuid: model!.groupGuid,
          domain: `import-${n}-${i}.example`,
          status: 'ADDING',
          ipAddressGuid: model!.ipAddressGuid,
          hostingAccountGuid: model!.hostingAccountGuid,
        })),
      )
      .returning({ guid: domains.guid, domain: domains.domain });
    const items = addDomainItems(added.map((d) => ({ ...d, installLetsEncrypt: false, software: null })));
    const { task } = await t.deps.jobs.startTask({ companyGuid: company, domainGroupGuid: model!.groupGuid, kind: ADD_DOMAINS, createdBy: null, items });
    started.push(task.guid);
  }
  return started;
}

describe('tasks of two companies', () => {
  it("another company's 10-domain Add Domains finishes while one company's four 500-domain imports run", { timeout: 60_000 }, async () => {
    const { db } = database;
    const demo = await t.signIn('demo@hostdeck.test');
    const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));

    // The small submission's rows: a new group of the demo company, an address with a free slot for each.
    const [account] = await db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
      .limit(1);
    const group = (await createDomainGroup(t.client(demo), { name: 'Small submission', default_hosting_account: account!.guid })).group.guid;
    const slots = (await groupIpAddresses(t.client(demo), group, { per_page: 99999 })).data.flatMap((ip) =>
      Array.from({ length: Math.max(0, ip.domains_allowed - ip.domain_count) }, () => ip.guid),
    );
    expect(slots.length).toBeGreaterThanOrEqual(SMALL);
    const rows = Array.from({ length: SMALL }, (_, i) => ({ domain: `small-${i}.example`, ip_address: slots[i]!, group, hosting_account: account!.guid }));

    // Items each import has completed, counted as their events come.
    const completed = new Map<string, number>();
    const finishedImports = new Set<string>();
    let imports: string[] = [];
    let allImportsRunning!: () => void;
    const importsRunning = new Promise<void>((resolve) => (allImportsRunning = resolve));
    const offBluebird = t.deps.jobs.events.subscribe(bluebird!.guid, (e: TaskEvent) => {
      if (e.item?.status === 'COMPLETED') completed.set(e.task, (completed.get(e.task) ?? 0) + 1);
      if (isTaskFinished(e.status)) finishedImports.add(e.task);
      if (imports.length === IMPORTS && imports.every((guid) => completed.has(guid))) allImportsRunning();
    });
    // What the imports had done when each of the demo company's tasks finished.
    type Seen = { status: string; completed: number[]; finished: number };
    const whenFinished = new Map<string, Seen>();
    const waiting = new Map<string, (seen: Seen) => void>();
    const finishedTask = (guid: string) => new Promise<Seen>((resolve) => (whenFinished.has(guid) ? resolve(whenFinished.get(guid)!) : waiting.set(guid, resolve)));
    const offDemo = t.deps.jobs.events.subscribe(demo.company, (e: TaskEvent) => {
      if (!isTaskFinished(e.status) || whenFinished.has(e.task)) return;
      const seen = { status: e.status, completed: imports.map((guid) => completed.get(guid) ?? 0), finished: finishedImports.size };
      whenFinished.set(e.task, seen);
      waiting.get(e.task)?.(seen);
    });
    try {
      await t.deps.jobs.start();
      imports = await startImports(bluebird!.guid);
      await importsRunning;

      const answer = await addDomains(t.client(demo), { domains: rows });
      expect(answer.task.items).toHaveLength(SMALL);
      const seen = await finishedTask(answer.task.guid);
      expect(seen.status).toBe('COMPLETED');
      expect(seen.finished).toBe(0);
      // Each import had run a few turns' worth of items, not its whole list.
      for (const done of seen.completed) expect(done).toBeLessThan(IMPORT_SIZE / 5);
      const small = await db.select({ status: taskItems.status, attempts: taskItems.attempts }).from(taskItems).where(eq(taskItems.taskGuid, answer.task.guid));
      expect(small.map((i) => `${i.status} ${i.attempts}`)).toEqual(Array.from({ length: SMALL }, () => 'COMPLETED 1'));
      const live = await db
        .select({ status: domains.status })
        .from(domains)
        .where(
          inArray(
            domains.guid,
            answer.domains.map((d) => d.guid),
          ),
        );
      expect(live.map((d) => d.status)).toEqual(Array.from({ length: SMALL }, () => 'ACTIVE'));
      console.log(`[task-fairness] items each import had completed when the small task finished: ${seen.completed.join(', ')} of ${IMPORT_SIZE}`);
    } finally {
      offBluebird();
      offDemo();
    }
  });
});
