import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { Task } from '../../lib/api/tasks';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { domains } from '../db/schema/index';
import { problem } from '../http/errors';
import { INSTALL_SSL, UNINSTALL_SSL } from '../jobs/steps/domain-lifecycle';
import { needsActive, type DomainRef } from './domain-access';
import { startCheckedTask } from './domain-tasks';
import { taskAnswers } from './task-answers';

/**
 * The drawer's SSL certificate requests (spec part 2, 2.5 and 4.1), each a task. What a request
 * depends on (the domain ACTIVE, the certificate's status) is checked once at once, so a refusal
 * starts nothing, and again in the task's transaction under the domain's lock, where it counts:
 * an install and a removal at the same moment cannot both pass.
 */

export const SSL_REQUEST_PENDING = 'A certificate request for this domain is still pending with other choices. Ask again once it has finished.';

const sslOf = async (q: Db, d: DomainRef) => (await q.select({ ssl: domains.sslStatus, www: domains.sslIncludeWww }).from(domains).where(eq(domains.guid, d.guid)))[0];

/** An install waits for an ACTIVE domain without an ACTIVE certificate. */
async function refuseInstall(q: Db, d: DomainRef): Promise<void> {
  needsActive(d);
  if ((await sslOf(q, d))?.ssl === 'ACTIVE') throw problem(409, 'An SSL certificate is installed already.', { code: 'ssl_installed' });
}

/** A removal waits for an ACTIVE certificate. */
async function refuseRemoval(q: Db, d: DomainRef): Promise<void> {
  const row = await sslOf(q, d);
  if (row?.ssl !== 'ACTIVE')
    throw problem(409, row?.ssl ? 'The SSL certificate can be removed once it is installed.' : 'SSL certificate not installed!', { code: 'ssl_not_active' });
}

/** Requests a Let's Encrypt certificate, the www subdomain included when asked. */
export async function requestCertificate(c: Context<AppEnv>, d: DomainRef, includeWww: boolean): Promise<Task> {
  const { db } = c.var.deps;
  await refuseInstall(db, d);
  const items = [{ action: 'INSTALL_LETS_ENCRYPT', domainGuid: d.guid, details: d.domain }];
  const { task, created } = await startCheckedTask(c, d, INSTALL_SSL, items, refuseInstall, async (tx) => {
    await tx.update(domains).set({ sslStatus: 'PENDING', sslCertificateType: 'LETS_ENCRYPT', sslIncludeWww: includeWww }).where(eq(domains.guid, d.guid));
  });
  // A request still pending answers a repeat of it (a double click), but not a different one:
  // its task would issue what was asked first while this answer said the new ask was scheduled.
  if (!created && (await sslOf(db, d))?.www !== includeWww) throw problem(409, SSL_REQUEST_PENDING, { code: 'ssl_pending' });
  return (await taskAnswers(db, [task]))[0]!;
}

/** Schedules the removal of the domain's ACTIVE certificate. */
export async function removeCertificate(c: Context<AppEnv>, d: DomainRef): Promise<Task> {
  const { db } = c.var.deps;
  await refuseRemoval(db, d);
  const items = [{ action: 'UNINSTALL_SSL_CERTIFICATE', domainGuid: d.guid, details: d.domain }];
  const { task } = await startCheckedTask(c, d, UNINSTALL_SSL, items, refuseRemoval, async (tx) => {
    await tx.update(domains).set({ sslStatus: 'UNINSTALLING' }).where(eq(domains.guid, d.guid));
  });
  return (await taskAnswers(db, [task]))[0]!;
}
