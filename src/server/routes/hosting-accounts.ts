import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  deleteHostingAccountOp,
  getHostingAccountOp,
  listHostingAccountDomainsOp,
  listHostingAccountsOp,
  updateHostingAccountOp,
  type HostingDomain,
} from '../../lib/api/hosting';
import { countRows, pageOfRows } from '../db/lists';
import { domainGroups, domains, hostingAccounts, ipAddresses } from '../db/schema/index';
import { problem } from '../http/errors';
import { implement } from '../http/operation';
import { restrictTo } from '../services/access';
import { recordActivity } from '../services/activity';
import { hostingAccountDetail, hostingAccountPage, visibleHostingAccount } from '../services/hosting-accounts';

/** Spec part 3, 8: the success sentences of the hosting account page. */
export const RENAMED = "Hosting account's name successfully updated!";
export const DELETION_ENABLED = 'Domain deletion successfully enabled!';
export const DELETION_DISABLED = 'Domain deletion successfully disabled!';
export const ACCOUNT_DELETED = 'Hosting account successfully deleted!';

/** Spec part 3, 2.8: legacy and internal accounts hide the domain deletion toggle; the API refuses it too. */
export const TOGGLE_REFUSED = 'Domain deletion cannot be changed on legacy or internal hosting accounts.';
/** Spec part 3, 2.8: only a CUSTOM_HOST that is not internal can be deleted. */
export const ONLY_CUSTOM_HOSTS = 'Only custom hosts can be deleted. Shared hosting ends by cancelling its order.';
export const INTERNAL_NOT_DELETABLE = 'Internal hosting accounts cannot be deleted.';
/** docs/decisions.md "Hosting accounts": a custom host in use is not deleted from under its domains. */
export const stillHosting = (n: number) =>
  `This custom host still hosts ${n} ${n === 1 ? 'domain' : 'domains'}. Move ${n === 1 ? 'it' : 'them'} to another hosting account before deleting it.`;
export const stillDefaultOf = (group: string) => `This custom host is the default hosting account of the domain group ${group}. Choose another default for that group before deleting it.`;

/** The activity log's object type of an account. */
export const activityTypeOf = (accountType: string) => (accountType === 'CUSTOM_HOST' ? 'custom_host' : 'shared_hosting_account');

/** Hosting accounts (spec part 3, 2.8 and 7 "Hosting and plans"): the list, the account page and its changes. */
export const hostingAccountOperations = [
  implement(listHostingAccountsOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const company = c.var.company;
    const filter = and(eq(hostingAccounts.companyGuid, company.guid), restrictTo(hostingAccounts.guid, company.allowedHostingAccounts));
    return pageOfRows(
      query,
      (limit, offset) => hostingAccountPage(db, filter, [desc(hostingAccounts.dateCreated), desc(hostingAccounts.guid)], limit, offset),
      () => countRows(db, hostingAccounts, filter),
    );
  }),

  implement(getHostingAccountOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const account = await visibleHostingAccount(db, c.var.company, params.guid, getHostingAccountOp.notFound);
    return { data: await hostingAccountDetail(db, account.guid) };
  }),

  implement(updateHostingAccountOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const account = await visibleHostingAccount(db, c.var.company, params.guid, updateHostingAccountOp.notFound);
    const objectType = activityTypeOf(account.accountType);
    let message: string;
    if (body.name !== undefined) {
      const name = body.name;
      await db.transaction(async (tx) => {
        await tx.update(hostingAccounts).set({ name }).where(eq(hostingAccounts.guid, account.guid));
        await recordActivity(c, { verb: 'renamed', object: name, objectType, objectGuid: account.guid, target: account.name, targetType: objectType }, tx);
      });
      message = RENAMED;
    } else {
      if (account.isLegacy || account.isInternal) throw problem(409, TOGGLE_REFUSED, { code: 'toggle_not_allowed' });
      const allow = body.allow_domain_deletion === true;
      await db.transaction(async (tx) => {
        await tx.update(hostingAccounts).set({ allowDomainDeletion: allow }).where(eq(hostingAccounts.guid, account.guid));
        await recordActivity(c, { verb: allow ? 'enabled domain deletion on' : 'disabled domain deletion on', object: account.name, objectType, objectGuid: account.guid }, tx);
      });
      message = allow ? DELETION_ENABLED : DELETION_DISABLED;
    }
    return { message, data: await hostingAccountDetail(db, account.guid) };
  }),

  implement(deleteHostingAccountOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const account = await visibleHostingAccount(db, c.var.company, params.guid, deleteHostingAccountOp.notFound);
    if (account.accountType !== 'CUSTOM_HOST') throw problem(409, ONLY_CUSTOM_HOSTS, { code: 'not_deletable' });
    if (account.isInternal) throw problem(409, INTERNAL_NOT_DELETABLE, { code: 'not_deletable' });
    await db.transaction(async (tx) => {
      // Locked first, so a domain placed on it meanwhile is seen by the checks below or waits.
      await tx.select({ guid: hostingAccounts.guid }).from(hostingAccounts).where(eq(hostingAccounts.guid, account.guid)).for('update');
      const [used] = await tx.select({ n: count() }).from(domains).where(eq(domains.hostingAccountGuid, account.guid));
      if (Number(used?.n ?? 0) > 0) throw problem(409, stillHosting(Number(used!.n)), { code: 'custom_host_in_use' });
      const [group] = await tx.select({ name: domainGroups.name }).from(domainGroups).where(eq(domainGroups.defaultHostingAccountGuid, account.guid)).limit(1);
      if (group) throw problem(409, stillDefaultOf(group.name), { code: 'custom_host_in_use' });
      await tx.delete(hostingAccounts).where(eq(hostingAccounts.guid, account.guid));
      await recordActivity(c, { verb: 'deleted', object: account.name, objectType: 'custom_host', objectGuid: account.guid }, tx);
    });
    return { message: ACCOUNT_DELETED };
  }),

  implement(listHostingAccountDomainsOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const company = c.var.company;
    const account = await visibleHostingAccount(db, company, params.guid, listHostingAccountDomainsOp.notFound);
    // Top-level domains only, and of the domain groups the member may see.
    const filter = and(eq(domains.hostingAccountGuid, account.guid), isNull(domains.parentDomainGuid), restrictTo(domains.groupGuid, company.allowedDomainGroups));
    return pageOfRows(
      query,
      async (limit, offset) => {
        const rows = await db
          .select({ d: domains, ip: ipAddresses.ipAddress, group: { guid: domainGroups.guid, name: domainGroups.name } })
          .from(domains)
          .innerJoin(domainGroups, eq(domainGroups.guid, domains.groupGuid))
          .leftJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid))
          .where(filter)
          .orderBy(desc(domains.dateCreated), desc(domains.guid))
          .limit(limit)
          .offset(offset);
        return rows.map(
          ({ d, ip, group }): HostingDomain => ({ guid: d.guid, domain: d.domain, ip_address: ip, status: d.status, group, date_created: d.dateCreated.toISOString() }),
        );
      },
      () => countRows(db, domains, filter),
    );
  }),
];
