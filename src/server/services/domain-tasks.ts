import type { Context } from 'hono';
import { eq, inArray } from 'drizzle-orm';
import type { Task } from '../../lib/api/tasks';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { lockCompany } from '../db/locks';
import { domains } from '../db/schema/index';
import type { NewTaskItem } from '../jobs/store';
import { needsActive, type DomainRef } from './domain-access';
import { taskAnswers } from './task-answers';

/** How a domain reads while its task runs (a status such as UPDATING, or a flag of its own). */
export type DomainBusy = Partial<Pick<typeof domains.$inferInsert, 'status' | 'sslStatus' | 'sslCertificateType' | 'metaStatus'>>;

/**
 * The domains a task is about, held until its transaction ends (the company's row first, then
 * the domains in guid order), so what a request checked about them still holds when the task is
 * recorded: a second change that started meanwhile is refused, not run beside the first.
 */
export async function lockDomains(tx: Db, companyGuid: string, guids: readonly string[]) {
  await lockCompany(tx, companyGuid);
  return tx
    .select({ guid: domains.guid, domain: domains.domain, status: domains.status, groupGuid: domains.groupGuid })
    .from(domains)
    .where(inArray(domains.guid, [...guids]))
    .orderBy(domains.guid)
    .for('update');
}

/** The domain as it now stands, its row held (the company's first) until the transaction ends. */
export async function lockDomain(tx: Db, d: DomainRef): Promise<DomainRef> {
  const [current] = await lockDomains(tx, d.companyGuid, [d.guid]);
  return { ...d, status: current?.status ?? d.status };
}

/**
 * Starts a task about one domain (spec part 2, 4.1: one change at a time). An unfinished task of
 * the same kind for it is answered instead (a double click: `created` is false); otherwise, in the
 * task's own transaction, `refuse` checks the domain as it stands now, its row held, and `write`
 * makes the change the task is about with what `refuse` found. So what a request checked before
 * still holds when the task is recorded: a second change that started meanwhile is refused, not
 * run beside the first.
 */
export function startCheckedTask<T>(
  c: Context<AppEnv>,
  d: DomainRef,
  kind: string,
  items: NewTaskItem[],
  refuse: (tx: Db, d: DomainRef) => Promise<T>,
  write: (tx: Db, found: T) => Promise<void>,
) {
  return c.var.deps.jobs.startTask(
    { companyGuid: d.companyGuid, domainGroupGuid: d.groupGuid, kind, createdBy: c.var.viewer.userGuid, items },
    { onePerDomain: d.guid, alongside: async (tx) => write(tx, await refuse(tx, await lockDomain(tx, d))) },
  );
}

/** A task whose domain must pass `check` (ACTIVE unless told otherwise) and takes `busy` while it runs. */
export async function startDomainTask(
  c: Context<AppEnv>,
  d: DomainRef,
  kind: string,
  items: NewTaskItem[],
  busy: DomainBusy,
  check: (d: DomainRef) => void = needsActive,
): Promise<Task> {
  const { task } = await startCheckedTask(
    c,
    d,
    kind,
    items,
    async (_tx, current) => check(current),
    async (tx) => {
      if (Object.keys(busy).length) await tx.update(domains).set(busy).where(eq(domains.guid, d.guid));
    },
  );
  return (await taskAnswers(c.var.deps.db, [task]))[0]!;
}
