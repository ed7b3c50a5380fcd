import { and, asc, count, countDistinct, eq, inArray, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { addUtcMonths } from '../../lib/billing/calendar';
import { FILTER_PREFIX, type IpAddressType, type IpFilter } from '../../lib/schemas/ip-orders';
import type { Db } from '../db/connection';
import { ipAddresses, ipInventory, orders, signatures } from '../db/schema/index';

/**
 * The marketplace's stock (`ip_inventory`) as one company sees it (spec part 3, 2.3 and 4 "Order
 * wizard"). A subnet filter C, B or A keeps every address of an order in a /24, /16 or /8 of its
 * own: apart from each other and from the subnets the company already holds, counting its live
 * addresses and those its unpaid orders have reserved, in every group but the excluded ones.
 * NONE compares nothing ('random addresses from any subnet, including ones already in the user's
 * groups'). A company never gets an address it already holds (a shared one included).
 */

export interface StockFilter {
  companyGuid: string;
  ipType: IpAddressType;
  filter: IpFilter;
  /** Groups whose addresses the subnet filter does not compare with. */
  excludedGroups: readonly string[];
}

/** The order data key that lists the inventory rows an unpaid order has reserved. */
export interface ReservedLocation {
  /** marketplace_locations.hash */
  location: string;
  locationGuid: string;
  city: string;
  country: string;
  countryCode: string;
  /** Website slots per address. */
  slots: number;
  /** Monthly prices per address and per extra slot, cents of the order's currency. */
  priceCents: number;
  sitePriceCents: number;
  /** ip_inventory guids taken for this order, one per address. */
  inventory: string[];
}

/** What an IP order keeps in `orders.data` until its invoice is paid. */
export interface IpOrderData {
  reserved: ReservedLocation[];
}

const LIVE = sql`${ipAddresses.status} not in ('CANCELLED', 'REPLACED')`;

/** The subnet of an address column as a number: its first `prefix` bits. */
const subnetOf = (column: SQL | typeof ipInventory.ipNumeric | typeof ipAddresses.ipNumeric, prefix: number) => sql<number>`(${column} >> ${sql.raw(String(32 - prefix))})`;

/** The company's subnets the filter keeps new addresses out of. */
function heldSubnets(db: Db, f: StockFilter, prefix: number): SQL {
  const live = db
    .selectDistinct({ net: subnetOf(ipAddresses.ipNumeric, prefix) })
    .from(ipAddresses)
    .where(and(eq(ipAddresses.companyGuid, f.companyGuid), LIVE, f.excludedGroups.length ? notInArray(ipAddresses.groupGuid, [...f.excludedGroups]) : undefined));
  const excluded = f.excludedGroups.length
    ? sql`and (${orders.ipGroupGuid} is null or ${orders.ipGroupGuid} not in (${sql.join(
        f.excludedGroups.map((g) => sql`${g}::uuid`),
        sql`, `,
      )}))`
    : sql``;
  // Unpaid orders' reservations live in orders.data (IpOrderData), one array of guids per location.
  return sql`(${live}) union (
    select ${subnetOf(ipInventory.ipNumeric, prefix)} from ${ipInventory}
    where ${ipInventory.guid} in (
      select (jsonb_array_elements(jsonb_array_elements(${orders.data} -> 'reserved') -> 'inventory') #>> '{}')::uuid
      from ${orders}
      where ${orders.companyGuid} = ${f.companyGuid} and ${orders.status} = 'PENDING' and ${orders.orderType} = 'IP_ADDRESS_HOSTING' ${excluded}
    ))`;
}

/** Free rows of the type the company does not hold, outside its subnets when a filter applies. */
function freeStock(db: Db, f: StockFilter): SQL | undefined {
  const prefix = FILTER_PREFIX[f.filter];
  const held = db
    .select({ ip: ipAddresses.ipAddress })
    .from(ipAddresses)
    .where(and(eq(ipAddresses.companyGuid, f.companyGuid), LIVE));
  return and(
    eq(ipInventory.ipType, f.ipType),
    lt(ipInventory.allocatedCount, ipInventory.capacity),
    notInArray(ipInventory.ipAddress, held),
    prefix === null ? undefined : sql`${subnetOf(ipInventory.ipNumeric, prefix)} not in (${heldSubnets(db, f, prefix)})`,
  );
}

/** Per location guid, how many addresses one order can take there (one per free subnet with a filter). */
export async function availableByLocation(db: Db, f: StockFilter): Promise<Map<string, number>> {
  const prefix = FILTER_PREFIX[f.filter];
  const counted = prefix === null ? count() : countDistinct(subnetOf(ipInventory.ipNumeric, prefix));
  const rows = await db.select({ location: ipInventory.locationGuid, n: counted }).from(ipInventory).where(freeStock(db, f)).groupBy(ipInventory.locationGuid);
  return new Map(rows.map((r) => [r.location, Number(r.n)]));
}

/**
 * Reserves `wanted` addresses per location for one order, lowest addresses first, one per subnet
 * with a filter (and no subnet twice across the order's locations). Call it in the order's
 * transaction: it takes the stock lock first, so two orders never take the same addresses. Answers
 * the guids taken per location, or the first location that has too few with what it has.
 */
export async function reserveStock(
  tx: Db,
  f: StockFilter,
  wanted: readonly { locationGuid: string; count: number }[],
): Promise<{ ok: true; taken: Map<string, string[]> } | { ok: false; locationGuid: string; available: number }> {
  // One lock for the whole stock: orders are rare, and every order of every company reads it.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ip-stock'))`);
  const prefix = FILTER_PREFIX[f.filter];
  const taken = new Map<string, string[]>();
  const takenNets = new Set<number>();
  for (const { locationGuid, count: n } of wanted) {
    const where = and(eq(ipInventory.locationGuid, locationGuid), freeStock(tx, f));
    let picked: string[];
    if (prefix === null) {
      const rows = await tx.select({ guid: ipInventory.guid }).from(ipInventory).where(where).orderBy(asc(ipInventory.ipNumeric)).limit(n);
      picked = rows.map((r) => r.guid);
    } else {
      const net = subnetOf(ipInventory.ipNumeric, prefix);
      const rows = await tx.selectDistinctOn([net], { guid: ipInventory.guid, net }).from(ipInventory).where(where).orderBy(net, asc(ipInventory.ipNumeric));
      picked = [];
      for (const row of rows) {
        if (picked.length === n) break;
        if (takenNets.has(Number(row.net))) continue;
        takenNets.add(Number(row.net));
        picked.push(row.guid);
      }
    }
    if (picked.length < n) return { ok: false, locationGuid, available: picked.length };
    taken.set(locationGuid, picked);
  }
  const all = [...taken.values()].flat();
  if (all.length)
    await tx
      .update(ipInventory)
      .set({ allocatedCount: sql`${ipInventory.allocatedCount} + 1` })
      .where(inArray(ipInventory.guid, all));
  return { ok: true, taken };
}

/**
 * The reserved addresses of a paid IP order enter its group (spec part 3, 4: Place Order makes an
 * order and an invoice; paying the invoice activates what it bought). Call it from the payment's
 * transaction (`invoicePaid`, src/server/billing/invoice-paid.ts) for an invoice whose `on_paid`
 * action is ACTIVATE_IP_ORDER. Runs once: an order whose addresses exist is left as it is.
 * Answers how many addresses were added.
 */
export async function allocateIpOrder(tx: Db, orderId: number, now: Date): Promise<number> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.orderType, 'IP_ADDRESS_HOSTING')))
    .for('update');
  const data = order?.data as Partial<IpOrderData> | undefined;
  if (!order?.ipGroupGuid || !data?.reserved?.length) return 0;
  const [already] = await tx.select({ n: count() }).from(ipAddresses).where(eq(ipAddresses.orderId, orderId));
  if (Number(already?.n ?? 0) > 0) return 0;
  const shared = order.preferences.ip_address_type === 'SHARED';
  const [signature] = await tx.select({ guid: signatures.guid }).from(signatures).where(eq(signatures.isDefault, true)).limit(1);
  const rows = [];
  for (const place of data.reserved) {
    if (!place.inventory.length) continue;
    const stock = await tx.select({ ip: ipInventory.ipAddress }).from(ipInventory).where(inArray(ipInventory.guid, place.inventory)).orderBy(asc(ipInventory.ipNumeric));
    for (const { ip } of stock) {
      rows.push({
        companyGuid: order.companyGuid,
        groupGuid: order.ipGroupGuid,
        ipAddress: ip,
        ipAddressType: shared ? 'SHARED' : 'DEDICATED',
        status: 'ACTIVE',
        country: place.country,
        countryCode: place.countryCode,
        city: place.city,
        locationGuid: place.locationGuid,
        domainsAllowed: shared ? 1 : place.slots,
        signatureGuid: signature?.guid ?? null,
        orderId,
        ipCostCents: place.priceCents,
        slotCostCents: shared ? 0 : place.sitePriceCents,
        currency: order.currency,
        dateCreated: now,
      });
    }
  }
  if (rows.length) await tx.insert(ipAddresses).values(rows);
  // The first period runs from the payment; the renewal invoice comes at its end.
  await tx
    .update(orders)
    .set({ dateNextInvoice: addUtcMonths(now, order.billingCycleMonths) })
    .where(and(eq(orders.id, orderId), isNull(orders.dateNextInvoice)));
  return rows.length;
}

/**
 * Gives an unpaid IP order's reserved stock back to the marketplace, for the order's cancellation
 * (spec part 3, 4 "Orders": PENDING can be cancelled). Answers how many addresses went back.
 */
export async function releaseIpOrder(tx: Db, orderId: number): Promise<number> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.orderType, 'IP_ADDRESS_HOSTING'), eq(orders.status, 'PENDING')))
    .for('update');
  const data = order?.data as Partial<IpOrderData> | undefined;
  const guids = data?.reserved?.flatMap((r) => r.inventory) ?? [];
  if (!order || guids.length === 0) return 0;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ip-stock'))`);
  await tx
    .update(ipInventory)
    .set({ allocatedCount: sql`greatest(${ipInventory.allocatedCount} - 1, 0)` })
    .where(inArray(ipInventory.guid, guids));
  const reserved = (data?.reserved ?? []).map((r) => ({ ...r, inventory: [] }));
  await tx
    .update(orders)
    .set({ data: { ...order.data, reserved } })
    .where(eq(orders.id, orderId));
  return guids.length;
}
