import { Hono } from 'hono';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ipListQuery, type IpAddress } from '../../lib/api/ip-addresses';
import type { Page } from '../../lib/schemas/lists';
import type { AppEnv } from '../context';
import { domains, ipAddresses, ipGroups, orders, signatures } from '../db/schema/index';
import { scope } from '../auth/middleware';
import { readQuery } from '../http/validate';
import { notFound } from '../http/errors';
import { restrictTo } from '../services/access';

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** IP addresses of the company (spec part 3, 2.2 and 7); lists of up to 99,999 rows. */
export const ipAddressRoutes = new Hono<AppEnv>().get('/', scope('can_view_ip_addresses'), async (c) => {
  const q = readQuery(c, ipListQuery);
  const { db } = c.var.deps;
  const company = c.var.company;
  const tags = q.search ?? [];
  const where: (SQL | undefined)[] = [eq(ipAddresses.companyGuid, company.guid), restrictTo(ipAddresses.groupGuid, company.allowedIpGroups)];
  if (q.group) {
    const [group] = await db
      .select({ guid: ipGroups.guid })
      .from(ipGroups)
      .where(and(eq(ipGroups.guid, q.group), eq(ipGroups.companyGuid, company.guid), restrictTo(ipGroups.guid, company.allowedIpGroups)));
    if (!group) throw notFound('IP address group not found.');
    where.push(eq(ipAddresses.groupGuid, q.group));
  }
  if (tags.length) {
    where.push(or(...tags.map((t) => or(ilike(ipAddresses.ipAddress, likeText(t)), ilike(ipAddresses.city, likeText(t)), ilike(ipAddresses.country, likeText(t))))));
  }
  const filter = and(...where);

  // Domain counts for the company's addresses in one grouped pass, not one count per row.
  const domainCounts = db
    .select({ ipGuid: domains.ipAddressGuid, n: count().as('n') })
    .from(domains)
    .where(eq(domains.companyGuid, company.guid))
    .groupBy(domains.ipAddressGuid)
    .as('dc');

  const [rows, [total]] = await Promise.all([
    db
      .select({
        ip: ipAddresses,
        groupName: ipGroups.name,
        signature: signatures.signature,
        renewal: orders.dateNextInvoice,
        domainCount: sql<number>`coalesce(${domainCounts.n}, 0)`.mapWith(Number),
      })
      .from(ipAddresses)
      .innerJoin(ipGroups, eq(ipGroups.guid, ipAddresses.groupGuid))
      .leftJoin(signatures, eq(signatures.guid, ipAddresses.signatureGuid))
      .leftJoin(orders, eq(orders.id, ipAddresses.orderId))
      .leftJoin(domainCounts, eq(domainCounts.ipGuid, ipAddresses.guid))
      .where(filter)
      .orderBy(asc(ipAddresses.ipNumeric), asc(ipAddresses.guid))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(ipAddresses).where(filter),
  ]);

  const data: IpAddress[] = rows.map(({ ip, groupName, signature, renewal, domainCount }) => {
    const extraSlots = Math.max(ip.domainsAllowed - 1, 0);
    return {
      guid: ip.guid,
      ip_address: ip.ipAddress,
      ip_address_type: ip.ipAddressType as IpAddress['ip_address_type'],
      status: ip.status as IpAddress['status'],
      http_version: ip.httpVersion === 2 ? 2 : 1,
      country: ip.country,
      country_code: ip.countryCode,
      city: ip.city,
      domain_count: domainCount,
      domains_allowed: ip.domainsAllowed,
      cost: {
        ip_address_cost: ip.ipCostCents,
        additional_website_slot_cost: ip.slotCostCents,
        additional_website_slots_total_cost: extraSlots * ip.slotCostCents,
        currency: ip.currency,
      },
      monthly_cost: { amount: ip.monthlyCostCents, currency: ip.currency },
      order: ip.orderId ? { order_id: ip.orderId, renewal_date: renewal ? renewal.toISOString() : null } : null,
      signature: ip.signatureGuid && signature ? { guid: ip.signatureGuid, signature } : null,
      group: { guid: ip.groupGuid, name: groupName },
      date_cancelled: ip.dateCancelled ? ip.dateCancelled.toISOString() : null,
    };
  });
  const page: Page<IpAddress> = { data, page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) };
  return c.json(page);
});
