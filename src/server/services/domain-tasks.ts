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

/**
 * Starts a task about one domain (spec part 2, 4.1: one change at a time). An unfinished task of
 * the same kind for it is answered instead (a double click); otherwise the domain must still pass
 * `check` (ACTIVE unless told otherwise) as it stands now, and takes `busy` in the task's own transaction.
 */
export async function startDomainTask(c: Context<AppEnv>, d: DomainRef, kind: string, items: NewTaskItem[], busy: DomainBusy, check: (d: DomainRef) => void = needsActive): Promise<Task> {
  const { db, jobs } = c.var.deps;
  const { task } = await jobs.startTask(
    { companyGuid: d.companyGuid, domainGroupGuid: d.groupGuid, kind, createdBy: c.var.viewer.userGuid, items },
    {
      onePerDomain: d.guid,
      alongside: async (tx) => {
        const [current] = await lockDomains(tx, d.companyGuid, [d.guid]);
        check({ ...d, status: current?.status ?? d.status });
        if (Object.keys(busy).length) await tx.update(domains).set(busy).where(eq(domains.guid, d.guid));
      },
    },
  );
  return (await taskAnswers(db, [task]))[0]!;
}
