import type { Context } from 'hono';
import { and, eq, inArray } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { bulkActionOp } from '../../lib/api/domains';
import type { Task } from '../../lib/api/tasks';
import { hasScopes } from '../../lib/rules/scopes';
import { BULK_ACTION_INFO, type BulkAction } from '../../lib/schemas/bulk-actions';
import { withExclusions, type MetaFlag, type MetaFlags } from '../../lib/schemas/redirects';
import type { AppEnv } from '../context';
import { domains, hostingAccounts, softwareInstallations } from '../db/schema/index';
import { badRequest, forbidden, problem } from '../http/errors';
import { APPLY_DOMAIN_META } from '../jobs/steps/domain-meta';
import { BULK_ACTION, DELETE_DOMAIN } from '../jobs/steps/domain-lifecycle';
import type { NewTaskItem } from '../jobs/store';
import { visibleDomainGroup, type DomainRef } from './domain-access';
import { lockDomains, startDomainTask, type DomainBusy } from './domain-tasks';
import { taskAnswers } from './task-answers';

/** The bulk-action modal's call and the single delete (spec part 2, 4.1, 4.5, 7.2 and 7.3). */

type BulkRequest = ParsedInput<typeof bulkActionOp>['body'];

/** Spec part 2, 4.1: what may be deleted. */
const DELETABLE = { domain: ['ACTIVE', 'SUSPENDED'], subdomain: ['ACTIVE', 'PENDING'] };

type Selected = { guid: string; domain: string; sslStatus: string | null; software: string | null; customHost: boolean; flags: MetaFlags };

/** The flag each toggle turns: on for all when any selected domain has it off, else off for all. */
const TOGGLES: Partial<Record<BulkAction, MetaFlag>> = {
  TOGGLE_CACHING: 'cache_enabled',
  TOGGLE_REDIRECT_TO_WWW: 'redirect_to_www',
  TOGGLE_REDIRECT_TO_NONWWW: 'redirect_to_nonwww',
  TOGGLE_REDIRECT_TO_HTTP: 'redirect_to_http',
  TOGGLE_REDIRECT_TO_HTTPS: 'redirect_to_https',
};

/**
 * The items a provisioning action makes, per domain that needs it, and the status the domain
 * takes meanwhile; domains the action does not apply to are left out (already done).
 */
function plan(action: Exclude<BulkAction, 'CHANGE_GROUP'>, rows: readonly Selected[]): { items: NewTaskItem[]; busy: DomainBusy } | null {
  const each = (list: readonly Selected[], step: string, payload?: Record<string, unknown>) =>
    list.map((d) => ({ action: step, domainGuid: d.guid, details: d.domain, ...(payload ? { payload } : {}) }));
  switch (action) {
    case 'DELETE_DOMAINS':
      return { items: each(rows, 'DELETE_DOMAIN'), busy: { status: 'DELETING' } };
    case 'INSTALL_LETS_ENCRYPT':
      return {
        items: each(
          rows.filter((d) => !d.sslStatus),
          'INSTALL_LETS_ENCRYPT',
        ),
        busy: { sslStatus: 'PENDING', sslCertificateType: 'LETS_ENCRYPT' },
      };
    case 'UNINSTALL_SSL_CERTIFICATE':
      return {
        items: each(
          rows.filter((d) => d.sslStatus === 'ACTIVE'),
          'UNINSTALL_SSL_CERTIFICATE',
        ),
        busy: { sslStatus: 'UNINSTALLING' },
      };
    case 'INSTALL_SOFTWARE':
      return {
        items: rows
          .filter((d) => !d.software && !d.customHost)
          .map((d) => ({
            action: 'INSTALL_SOFTWARE',
            domainGuid: d.guid,
            details: d.domain,
            payload: { key: 'WORDPRESS', protocol: d.sslStatus === 'ACTIVE' ? 'https://' : 'http://' },
          })),
        busy: {},
      };
    case 'UNINSTALL_SOFTWARE':
      return {
        items: each(
          rows.filter((d) => d.software === 'ACTIVE'),
          'UNINSTALL_SOFTWARE',
        ),
        busy: {},
      };
    default: {
      const flag = TOGGLES[action];
      if (!flag) return null;
      const value = rows.some((d) => !d.flags[flag]);
      // The step applies the change as given, so the pair's other flag goes off in it too.
      return { items: each(rows, APPLY_DOMAIN_META, { change: withExclusions({ [flag]: value }) }), busy: { metaStatus: 'UPDATING' } };
    }
  }
}

/** Spec part 2, 4.1: bulk actions take ACTIVE domains only; the refusal names the first ten that are not. */
function refuseBusy(rows: readonly { domain: string; status: string }[]): void {
  const busy = rows.filter((r) => r.status !== 'ACTIVE');
  if (busy.length)
    throw problem(
      409,
      `Only ACTIVE domains can be selected for bulk actions: ${busy
        .slice(0, 10)
        .map((r) => r.domain)
        .join(', ')}${busy.length > 10 ? ', ...' : ''}`,
      { code: 'domains_busy' },
    );
}

/**
 * A bulk action on domains of one group: moving them to another group at once, or one task
 * for the domains the action applies to. The domains are checked ACTIVE again under their locks
 * in the transaction that marks them, so a change that started meanwhile is not run beside it.
 * Answers the task, or null for a change of group.
 */
export async function bulkAction(c: Context<AppEnv>, body: BulkRequest): Promise<Task | null> {
  const { db, jobs } = c.var.deps;
  const company = c.var.company;
  const info = BULK_ACTION_INFO[body.action];
  if (info.scope && !hasScopes(company.permissions, [info.scope])) throw forbidden();
  const group = await visibleDomainGroup(db, company, body.group, 'Domain group not found.');
  const wanted = [...new Set(body.domain_list)];
  const rows = await db
    .select({
      guid: domains.guid,
      domain: domains.domain,
      status: domains.status,
      sslStatus: domains.sslStatus,
      software: softwareInstallations.status,
      accountType: hostingAccounts.accountType,
      flags: {
        redirect_to_https: domains.redirectToHttps,
        redirect_to_http: domains.redirectToHttp,
        redirect_to_www: domains.redirectToWww,
        redirect_to_nonwww: domains.redirectToNonwww,
        cache_enabled: domains.cacheEnabled,
      },
    })
    .from(domains)
    .leftJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
    .leftJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    .where(and(eq(domains.companyGuid, company.guid), eq(domains.groupGuid, group.guid), inArray(domains.guid, wanted)));
  const gone = () => badRequest({ domain_list: 'Some of the selected domains are not in this group any more. Reload the list and select again.' });
  if (rows.length !== wanted.length) throw gone();
  refuseBusy(rows);

  if (body.action === 'CHANGE_GROUP') {
    const destination = await visibleDomainGroup(db, company, body.destination_group!, 'Domain group not found.');
    await db.transaction(async (tx) => {
      const locked = await lockDomains(tx, company.guid, wanted);
      if (locked.length !== wanted.length || locked.some((r) => r.groupGuid !== group.guid)) throw gone();
      refuseBusy(locked);
      await tx.update(domains).set({ groupGuid: destination.guid }).where(inArray(domains.guid, wanted));
    });
    return null;
  }
  const selected = rows.map((r) => ({ guid: r.guid, domain: r.domain, sslStatus: r.sslStatus, software: r.software, customHost: r.accountType === 'CUSTOM_HOST', flags: r.flags }));
  const work = plan(body.action, selected)!;
  if (!work.items.length) throw problem(409, 'None of the selected domains needs this action.', { code: 'nothing_to_do' });
  const touched = [...new Set(work.items.map((i) => i.domainGuid!))];
  const { task } = await jobs.startTask(
    { companyGuid: company.guid, domainGroupGuid: group.guid, kind: BULK_ACTION, createdBy: c.var.viewer.userGuid, items: work.items },
    {
      alongside: async (tx) => {
        refuseBusy(await lockDomains(tx, company.guid, touched));
        if (Object.keys(work.busy).length) await tx.update(domains).set(work.busy).where(inArray(domains.guid, touched));
        if (body.action === 'UNINSTALL_SOFTWARE') await tx.update(softwareInstallations).set({ status: 'UNINSTALLING' }).where(inArray(softwareInstallations.domainGuid, touched));
      },
    },
  );
  return (await taskAnswers(db, [task]))[0]!;
}

/** Spec part 2, 4.1: a domain may be deleted when ACTIVE or SUSPENDED, a subdomain when ACTIVE or PENDING. */
function requireDeletable(d: DomainRef): void {
  const allowed = d.isSubdomain ? DELETABLE.subdomain : DELETABLE.domain;
  if (!allowed.includes(d.status)) throw problem(409, `The domain is busy (${d.status}): it can be deleted when it is ${allowed.join(' or ')}.`, { code: 'domain_busy' });
}

/** Schedules the deletion of one domain or subdomain; it is DELETING until its task ends. */
export async function deleteDomain(c: Context<AppEnv>, d: DomainRef): Promise<Task> {
  requireDeletable(d);
  return startDomainTask(c, d, DELETE_DOMAIN, [{ action: 'DELETE_DOMAIN', domainGuid: d.guid, details: d.domain }], { status: 'DELETING' }, requireDeletable);
}
