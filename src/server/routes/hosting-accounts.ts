import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { listHostingAccountsOp, type HostingAccount } from '../../lib/api/hosting';
import { countRows, pageOfRows } from '../db/lists';
import { domains, hostingAccounts, hostingLocations, hostingPlans, hostingServers, orders } from '../db/schema/index';
import { implement } from '../http/operation';
import { restrictTo } from '../services/access';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Hosting accounts (spec part 3, 2 and 7: the hosting area), as the domain area's pickers need them today. */
export const hostingAccountOperations = [
  implement(listHostingAccountsOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const company = c.var.company;
    const filter = and(eq(hostingAccounts.companyGuid, company.guid), restrictTo(hostingAccounts.guid, company.allowedHostingAccounts));
    return pageOfRows(
      query,
      async (limit, offset) => {
        const rows = await db
          .select({
            a: hostingAccounts,
            renewal: orders.dateNextInvoice,
            location: { city: hostingLocations.city, countryName: hostingLocations.countryName },
            server: { hostname: hostingServers.hostname, ipAddress: hostingServers.ipAddress },
            plan: { guid: hostingPlans.guid, name: hostingPlans.name },
          })
          .from(hostingAccounts)
          .leftJoin(orders, eq(orders.id, hostingAccounts.orderId))
          .leftJoin(hostingLocations, eq(hostingLocations.guid, hostingAccounts.locationGuid))
          .leftJoin(hostingServers, eq(hostingServers.guid, hostingAccounts.serverGuid))
          .leftJoin(hostingPlans, eq(hostingPlans.guid, hostingAccounts.planGuid))
          .where(filter)
          .orderBy(desc(hostingAccounts.dateCreated), desc(hostingAccounts.guid))
          .limit(limit)
          .offset(offset);
        const guids = rows.map((r) => r.a.guid);
        const counts = guids.length
          ? await db
              .select({ account: domains.hostingAccountGuid, n: count() })
              .from(domains)
              .where(and(inArray(domains.hostingAccountGuid, guids), isNull(domains.parentDomainGuid)))
              .groupBy(domains.hostingAccountGuid)
          : [];
        const countOf = new Map(counts.map((r) => [r.account, Number(r.n)]));
        return rows.map(({ a, renewal, location, server, plan }): HostingAccount => ({
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
          domain_count: countOf.get(a.guid) ?? 0,
          cost: { amount: a.monthlyCostCents, currency: a.currency },
          location: location?.city ? { city: location.city, country_name: location.countryName! } : null,
          hosting_server: server?.hostname ? { hostname: server.hostname, ip_address: server.ipAddress! } : null,
          custom_host_server:
            a.accountType === 'CUSTOM_HOST' ? { destination_type: a.destinationType === 'IP_ADDRESS' ? 'IP_ADDRESS' : 'HOSTNAME', hostname: a.customHostname, ip_address: a.customIpAddress } : null,
          plan: plan?.guid ? { guid: plan.guid, name: plan.name! } : null,
        }));
      },
      () => countRows(db, hostingAccounts, filter),
    );
  }),
];
