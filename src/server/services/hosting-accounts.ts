import { and, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HostingAccount, HostingAccountDetail, HostingPlanLimits } from '../../lib/api/hosting';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { domains, hostingAccounts, hostingLocations, hostingPlans, hostingServers, orders } from '../db/schema/index';
import { notFound } from '../http/errors';
import { isAllowed } from './access';
import { unpaidPlanChangeInvoice } from '../billing/hosting-plan-change';
import { HOSTING_ACCOUNT_NOT_FOUND } from '../../lib/schemas/hosting-accounts';

type AccountRow = typeof hostingAccounts.$inferSelect;
type PlanRow = typeof hostingPlans.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const pendingPlans = alias(hostingPlans, 'pending_plan');

/**
 * The account a path names, if the request may see it: of the request's company and, for a
 * member restricted to some hosting accounts, one of those (spec part 3, 6 "Access restriction").
 * Anything else is 404, so another company's accounts cannot be probed.
 */
export async function visibleHostingAccount(db: Db, company: CompanyContext, guid: string, message: string, lock?: 'update'): Promise<AccountRow> {
  const where = and(eq(hostingAccounts.guid, guid), eq(hostingAccounts.companyGuid, company.guid));
  // `lock`: held until the transaction ends, for a change that reads the account first.
  const [row] = lock ? await db.select().from(hostingAccounts).where(where).for(lock) : await db.select().from(hostingAccounts).where(where);
  if (!row || !isAllowed(company.allowedHostingAccounts, row.guid)) throw notFound(message);
  return row;
}

/** Top-level domains per account (subdomains ride on their parent's account and are not counted). */
async function domainCounts(db: Db, guids: string[]): Promise<Map<string, number>> {
  if (!guids.length) return new Map();
  const rows = await db
    .select({ account: domains.hostingAccountGuid, n: count() })
    .from(domains)
    .where(and(inArray(domains.hostingAccountGuid, guids), isNull(domains.parentDomainGuid)))
    .groupBy(domains.hostingAccountGuid);
  return new Map(rows.map((r) => [r.account!, Number(r.n)]));
}

const limitsOf = (p: PlanRow): HostingPlanLimits => ({
  storage: p.storageGb,
  bandwidth: p.bandwidthGb,
  inodes: p.inodes,
  memory: p.memoryMb,
  cpu: p.cpuCores,
  entry_processes: p.entryProcesses,
  active_processes: p.activeProcesses,
  email_accounts: p.emailAccounts,
  databases: p.databases,
  subdomains: p.subdomains,
  parked_domains: p.parkedDomains,
  addon_domains: p.addonDomains,
});

function selectAccounts(db: Db) {
  return db
    .select({
      a: hostingAccounts,
      renewal: orders.dateNextInvoice,
      location: hostingLocations,
      server: hostingServers,
      plan: hostingPlans,
      pending: { guid: pendingPlans.guid, name: pendingPlans.name },
    })
    .from(hostingAccounts)
    .leftJoin(orders, eq(orders.id, hostingAccounts.orderId))
    .leftJoin(hostingLocations, eq(hostingLocations.guid, hostingAccounts.locationGuid))
    .leftJoin(hostingServers, eq(hostingServers.guid, hostingAccounts.serverGuid))
    .leftJoin(hostingPlans, eq(hostingPlans.guid, hostingAccounts.planGuid))
    .leftJoin(pendingPlans, eq(pendingPlans.guid, hostingAccounts.pendingPlanGuid));
}
type Joined = Awaited<ReturnType<ReturnType<typeof selectAccounts>['where']>>[number];

function toAccount({ a, renewal, location, server, plan }: Joined, domainCount: number): HostingAccount {
  return {
    guid: a.guid,
    name: a.name,
    account_type: a.accountType === 'CUSTOM_HOST' ? 'CUSTOM_HOST' : 'SHARED_HOSTING',
    status: a.status,
    is_created: a.isCreated,
    is_legacy: a.isLegacy,
    is_internal: a.isInternal,
    is_managed: a.isManaged,
    allow_domain_deletion: a.allowDomainDeletion,
    upgrade_pending: a.pendingPlanGuid !== null,
    order: a.orderId !== null ? { id: a.orderId } : null,
    order_renewal: iso(renewal),
    date_to_be_terminated: iso(a.dateToBeTerminated),
    date_created: a.dateCreated.toISOString(),
    username: a.username,
    domain_count: domainCount,
    cost: { amount: a.monthlyCostCents, currency: a.currency },
    location: location ? { city: location.city, country_name: location.countryName } : null,
    hosting_server: server ? { hostname: server.hostname, ip_address: server.ipAddress } : null,
    custom_host_server:
      a.accountType === 'CUSTOM_HOST'
        ? { destination_type: a.destinationType === 'IP_ADDRESS' ? 'IP_ADDRESS' : 'HOSTNAME', hostname: a.customHostname, ip_address: a.customIpAddress }
        : null,
    plan: plan ? { guid: plan.guid, name: plan.name } : null,
  };
}

/** A page of accounts as the list answers them, in the order `orderBy` gives. */
export async function hostingAccountPage(db: Db, filter: SQL | undefined, orderBy: SQL[], limit: number, offset: number): Promise<HostingAccount[]> {
  const rows = await selectAccounts(db)
    .where(filter)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  const counts = await domainCounts(
    db,
    rows.map((r) => r.a.guid),
  );
  return rows.map((r) => toAccount(r, counts.get(r.a.guid) ?? 0));
}

/** One account as its page shows it (spec part 3, 2.8 cards). */
export async function hostingAccountDetail(db: Db, guid: string): Promise<HostingAccountDetail> {
  const [row] = await selectAccounts(db).where(eq(hostingAccounts.guid, guid));
  if (!row) throw notFound(HOSTING_ACCOUNT_NOT_FOUND);
  const counts = await domainCounts(db, [guid]);
  return {
    ...toAccount(row, counts.get(guid) ?? 0),
    // Legacy accounts and custom hosts are not on the provider's current nameservers (spec part 3, 2.8).
    nameservers: row.a.accountType === 'SHARED_HOSTING' && !row.a.isLegacy ? (row.server?.nameservers ?? []) : [],
    plan_limits: row.plan ? limitsOf(row.plan) : null,
    pending_plan: row.pending?.guid ? { guid: row.pending.guid, name: row.pending.name! } : null,
    plan_change_invoice_id: row.a.accountType === 'SHARED_HOSTING' ? await unpaidPlanChangeInvoice(db, row.a) : null,
    has_cpanel_password: row.a.cpanelPasswordSecret !== null,
  };
}
