import type { Context } from 'hono';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { createCustomHostOp, HostingDomain } from '../../lib/api/hosting';
import type { AppEnv, CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { lockCompany } from '../db/locks';
import { companies, domainGroups, domains, hostingAccounts, ipAddresses } from '../db/schema/index';
import { problem } from '../http/errors';
import { requireUnlimited, restrictTo } from './access';
import { recordActivity } from './activity';
import { recordSetupEvent } from './getting-started';
import { hostingAccountPage, visibleHostingAccount } from './hosting-accounts';

/** Hosting accounts (spec part 3, 2.8 and 7 "Hosting and plans"): the lists, custom hosts and an account's changes. */

type NewCustomHost = ParsedInput<typeof createCustomHostOp>['body'];

/** Spec part 3, 2.8: legacy and internal accounts hide the domain deletion toggle; the API refuses it too. */
export const TOGGLE_REFUSED = 'Domain deletion cannot be changed on legacy or internal hosting accounts.';
/** Spec part 3, 2.8: only a CUSTOM_HOST that is not internal can be deleted. */
export const ONLY_CUSTOM_HOSTS = 'Only custom hosts can be deleted. Shared hosting ends by cancelling its order.';
export const INTERNAL_NOT_DELETABLE = 'Internal hosting accounts cannot be deleted.';
/** docs/decisions.md "Hosting accounts": a custom host in use is not deleted from under its domains. */
export const stillHosting = (n: number) =>
  `This custom host still hosts ${n} ${n === 1 ? 'domain' : 'domains'}. Move ${n === 1 ? 'it' : 'them'} to another hosting account before deleting it.`;
export const stillDefaultOf = (group: string) =>
  `This custom host is the default hosting account of the domain group ${group}. Choose another default for that group before deleting it.`;

/** The activity log's object type of an account. */
const activityTypeOf = (accountType: string) => (accountType === 'CUSTOM_HOST' ? 'custom_host' : 'shared_hosting_account');

export function hostingAccountsPage(db: Db, company: CompanyContext, paging: Paging) {
  const filter = and(eq(hostingAccounts.companyGuid, company.guid), restrictTo(hostingAccounts.guid, company.allowedHostingAccounts));
  return pageOfRows(
    paging,
    (limit, offset) => hostingAccountPage(db, filter, [desc(hostingAccounts.dateCreated), desc(hostingAccounts.guid)], limit, offset),
    () => countRows(db, hostingAccounts, filter),
  );
}

/** The account's top-level domains, of the domain groups the member may see, newest first. */
export function hostingAccountDomainsPage(db: Db, company: CompanyContext, accountGuid: string, paging: Paging) {
  const filter = and(eq(domains.hostingAccountGuid, accountGuid), isNull(domains.parentDomainGuid), restrictTo(domains.groupGuid, company.allowedDomainGroups));
  return pageOfRows(
    paging,
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
}

/** Answers the account's guid. */
export async function renameHostingAccount(c: Context<AppEnv>, guid: string, name: string, missing: string): Promise<string> {
  return c.var.deps.db.transaction(async (tx) => {
    const account = await visibleHostingAccount(tx, c.var.company, guid, missing, 'update');
    const objectType = activityTypeOf(account.accountType);
    await tx.update(hostingAccounts).set({ name }).where(eq(hostingAccounts.guid, account.guid));
    await recordActivity(c, { verb: 'renamed', object: name, objectType, objectGuid: account.guid, target: account.name, targetType: objectType }, tx);
    return account.guid;
  });
}

/** Whether the account's domains may be deleted; not for legacy or internal accounts. Answers the account's guid. */
export async function setDomainDeletion(c: Context<AppEnv>, guid: string, allow: boolean, missing: string): Promise<string> {
  return c.var.deps.db.transaction(async (tx) => {
    const account = await visibleHostingAccount(tx, c.var.company, guid, missing, 'update');
    if (account.isLegacy || account.isInternal) throw problem(409, TOGGLE_REFUSED, { code: 'toggle_not_allowed' });
    await tx.update(hostingAccounts).set({ allowDomainDeletion: allow }).where(eq(hostingAccounts.guid, account.guid));
    await recordActivity(
      c,
      {
        verb: allow ? 'enabled domain deletion on' : 'disabled domain deletion on',
        object: account.name,
        objectType: activityTypeOf(account.accountType),
        objectGuid: account.guid,
      },
      tx,
    );
    return account.guid;
  });
}

/**
 * Deletes a custom host no domain is on and no group has as its default. Locked first, so a
 * domain placed on it meanwhile is seen by the checks or waits.
 */
export async function deleteCustomHost(c: Context<AppEnv>, guid: string, missing: string): Promise<void> {
  await c.var.deps.db.transaction(async (tx) => {
    const account = await visibleHostingAccount(tx, c.var.company, guid, missing, 'update');
    if (account.accountType !== 'CUSTOM_HOST') throw problem(409, ONLY_CUSTOM_HOSTS, { code: 'not_deletable' });
    if (account.isInternal) throw problem(409, INTERNAL_NOT_DELETABLE, { code: 'not_deletable' });
    const [used] = await tx.select({ n: count() }).from(domains).where(eq(domains.hostingAccountGuid, account.guid));
    if (Number(used?.n ?? 0) > 0) throw problem(409, stillHosting(Number(used!.n)), { code: 'custom_host_in_use' });
    const [group] = await tx.select({ name: domainGroups.name }).from(domainGroups).where(eq(domainGroups.defaultHostingAccountGuid, account.guid)).limit(1);
    if (group) throw problem(409, stillDefaultOf(group.name), { code: 'custom_host_in_use' });
    await tx.delete(hostingAccounts).where(eq(hostingAccounts.guid, account.guid));
    await recordActivity(c, { verb: 'deleted', object: account.name, objectType: 'custom_host', objectGuid: account.guid }, tx);
  });
}

/** A server of the customer's own as a hosting account: nothing to provision, usable at once; it moves the set-up wizard. Answers its guid. */
export async function createCustomHost(c: Context<AppEnv>, body: NewCustomHost): Promise<string> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  requireUnlimited(company, 'allowed_hosting_accounts');
  const byName = body.destination_type === 'HOSTNAME';
  return db.transaction(async (tx) => {
    // The company's row first (src/server/db/locks.ts): the set-up event below locks it again.
    await lockCompany(tx, company.guid);
    const [owner] = await tx.select({ currency: companies.currency }).from(companies).where(eq(companies.guid, company.guid));
    const [row] = await tx
      .insert(hostingAccounts)
      .values({
        companyGuid: company.guid,
        name: body.name,
        accountType: 'CUSTOM_HOST',
        status: 'ACTIVE',
        isCreated: true,
        destinationType: body.destination_type,
        customHostname: byName ? body.hostname : null,
        customIpAddress: byName ? null : body.ip_address,
        monthlyCostCents: 0,
        currency: owner?.currency ?? 'USD',
        dateCreated: now(),
      })
      .returning({ guid: hostingAccounts.guid });
    await recordActivity(c, { verb: 'created', object: body.name, objectType: 'custom_host', objectGuid: row!.guid }, tx);
    await recordSetupEvent(tx, company.guid, { kind: 'custom_host_added' });
    return row!.guid;
  });
}
