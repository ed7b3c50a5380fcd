import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { hasScopes } from '../../lib/rules/scopes';
import { ipGroupVisible } from '../services/ip-list';
import { companyIps } from '../services/ip-selection';
import { isAllowed } from '../services/access';
import { getOrderOp, listOrderInvoicesOp, listOrdersOp, setOrderTagsOp, type Order } from '../../lib/api/billing';
import { ORDER_ADDRESS_SAMPLE } from '../../lib/schemas/billing';
import { ORDER_TAGS_UPDATED } from '../../lib/schemas/billing';
import type { Db } from '../db/connection';
import { countRows, pageOfRows } from '../db/lists';
import { hostingAccounts, hostingPlans, invoices, ipAddresses, ipGroups, marketplaceLocations, orders, websiteSetupOrders } from '../db/schema/index';
import { notFound } from '../http/errors';
import { implement } from '../http/operation';
import { invoiceSummaryOf } from '../billing/documents';
import { setOrderTags } from '../billing/order-tags';

type OrderRow = typeof orders.$inferSelect;

/**
 * The orders as the API answers them, with their group, plan, account, address count and website
 * details. `allowedIpGroups`: the member's groups (none = all); another group is not named.
 */
async function ordersOf(db: Db, rows: OrderRow[], allowedIpGroups: readonly string[]): Promise<Order[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const groupGuids = [...new Set(rows.flatMap((r) => (r.ipGroupGuid ? [r.ipGroupGuid] : [])))];
  const planGuids = [...new Set(rows.flatMap((r) => (r.sharedHostingPlanGuid ? [r.sharedHostingPlanGuid] : [])))];
  const accountGuids = [...new Set(rows.flatMap((r) => (r.hostingAccountGuid ? [r.hostingAccountGuid] : [])))];
  const locationCodes = [...new Set(rows.flatMap((r) => (r.preferences.locations ?? []).map((l) => l.location)))];
  const [counts, groups, plans, accounts, setups, places] = await Promise.all([
    db.select({ order: ipAddresses.orderId, n: count() }).from(ipAddresses).where(inArray(ipAddresses.orderId, ids)).groupBy(ipAddresses.orderId),
    groupGuids.length ? db.select({ guid: ipGroups.guid, name: ipGroups.name }).from(ipGroups).where(inArray(ipGroups.guid, groupGuids)) : [],
    planGuids.length ? db.select({ guid: hostingPlans.guid, name: hostingPlans.name }).from(hostingPlans).where(inArray(hostingPlans.guid, planGuids)) : [],
    accountGuids.length ? db.select({ guid: hostingAccounts.guid, name: hostingAccounts.name }).from(hostingAccounts).where(inArray(hostingAccounts.guid, accountGuids)) : [],
    db.select().from(websiteSetupOrders).where(inArray(websiteSetupOrders.orderId, ids)),
    // The locations' names, so an order reads 'São Paulo, Brazil' rather than its marketplace code.
    locationCodes.length
      ? db
          .select({ hash: marketplaceLocations.hash, city: marketplaceLocations.city, country: marketplaceLocations.countryName })
          .from(marketplaceLocations)
          .where(inArray(marketplaceLocations.hash, locationCodes))
      : [],
  ]);
  const placeOf = new Map(places.map((p) => [p.hash, p]));
  const countOf = new Map(counts.map((c) => [c.order, Number(c.n)]));
  const byGuid = (list: { guid: string; name: string }[]) => new Map(list.map((x) => [x.guid, x]));
  const groupOf = byGuid(groups);
  const planOf = byGuid(plans);
  const accountOf = byGuid(accounts);
  const setupOf = new Map(setups.map((s) => [s.orderId, s]));
  return rows.map((r) => {
    const setup = setupOf.get(r.id);
    return {
      id: r.id,
      order_type: r.orderType,
      status: r.status,
      tags: r.tags,
      date_created: r.dateCreated.toISOString(),
      date_next_invoice: r.dateNextInvoice?.toISOString() ?? null,
      billing_cycle: r.billingCycle,
      billing_cycle_months: r.billingCycleMonths,
      monthly_cost: r.monthlyCostCents,
      currency: r.currency,
      coupon: r.couponCode,
      group: (r.ipGroupGuid && isAllowed(allowedIpGroups, r.ipGroupGuid) && groupOf.get(r.ipGroupGuid)) || null,
      ip_addresses: countOf.get(r.id) ?? 0,
      preferences: {
        ip_address_type: r.preferences.ip_address_type,
        ip_address_class_filter: r.preferences.ip_address_class_filter,
        locations: r.preferences.locations?.map((l) => ({ ...l, city: placeOf.get(l.location)?.city ?? null, country: placeOf.get(l.location)?.country ?? null })),
      },
      shared_hosting_plan: (r.sharedHostingPlanGuid && planOf.get(r.sharedHostingPlanGuid)) || null,
      hosting_account: (r.hostingAccountGuid && accountOf.get(r.hostingAccountGuid)) || null,
      data: setup
        ? {
            website_count: setup.websiteCount,
            content_count: setup.contentCount,
            premium_theme: setup.premiumTheme,
            managed_hosting: setup.managedHosting,
            white_glove_domain_picking: setup.whiteGloveDomainPicking,
          }
        : null,
      shared_hosting_order: r.sharedHostingOrderId,
      ip_address_order: r.ipAddressOrderId,
      managed_hosting_service_order: r.managedHostingServiceOrderId,
    };
  });
}

/** The company's order by its number, or 404 (another company's is not found either). */
async function orderRow(db: Db, companyGuid: string, id: number, message: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyGuid, companyGuid)));
  if (!row) throw notFound(message);
  return row;
}

/** Billing > Orders and the order page (spec part 3, 2.4, 2.6 and 7 "Billing"). */
export const billingOrderOperations = [
  implement(listOrdersOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const filter = eq(orders.companyGuid, c.var.company.guid);
    return pageOfRows(
      query,
      async (limit, offset) => ordersOf(db, await db.select().from(orders).where(filter).orderBy(desc(orders.id)).limit(limit).offset(offset), c.var.company.allowedIpGroups),
      () => countRows(db, orders, filter),
    );
  }),

  implement(getOrderOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const company = c.var.company;
    const row = await orderRow(db, company.guid, params.id, getOrderOp.notFound);
    const [answer] = await ordersOf(db, [row], company.allowedIpGroups);
    if (row.orderType !== 'IP_ADDRESS_HOSTING') return answer!;
    // Spec part 3, 2.2: without can_view_ip_addresses (or outside the member's groups) the addresses are not sent at all.
    const visible = hasScopes(company.permissions, ['can_view_ip_addresses']) && (!row.ipGroupGuid || (await ipGroupVisible(db, company, row.ipGroupGuid)));
    const list = visible
      ? await db
          .select({ ip_address: ipAddresses.ipAddress, status: ipAddresses.status })
          .from(ipAddresses)
          .where(and(eq(ipAddresses.orderId, row.id), companyIps(company)))
          .orderBy(asc(ipAddresses.ipNumeric))
          .limit(ORDER_ADDRESS_SAMPLE)
      : null;
    return { ...answer!, ip_address_list: list };
  }),

  implement(listOrderInvoicesOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const row = await orderRow(db, c.var.company.guid, params.id, listOrderInvoicesOp.notFound);
    const filter = and(eq(invoices.companyGuid, c.var.company.guid), eq(invoices.orderId, row.id));
    return pageOfRows(
      query,
      async (limit, offset) => (await db.select().from(invoices).where(filter).orderBy(desc(invoices.id)).limit(limit).offset(offset)).map(invoiceSummaryOf),
      () => countRows(db, invoices, filter),
    );
  }),

  implement(setOrderTagsOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const updated = await setOrderTags(db, c.var.company.guid, params.id, body.tags);
    const [answer] = await ordersOf(db, [updated], c.var.company.allowedIpGroups);
    return { message: ORDER_TAGS_UPDATED, order: answer! };
  }),
];
