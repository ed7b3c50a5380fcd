import { and, eq, inArray, sql } from 'drizzle-orm';
import { modifySlotsOp } from '../../lib/api/ip-addresses';
import { slotUpgradeDueToday } from '../../lib/billing/proration';
import { CHANGE_ONE_IP, slotLimits } from '../../lib/schemas/ip-addresses';
import { issueInvoice } from '../billing/issue-invoice';
import { invoiceOf, type Currency, type InvoiceLine } from '../../lib/billing';
import { domains, ipAddresses, orders } from '../db/schema/index';
import { badRequest, notFound } from '../http/errors';
import { implement } from '../http/operation';
import { companyIps } from '../services/ip-selection';

/** Spec part 3, 8: the two outcomes. */
export const SLOTS_INVOICED = 'Success! Redirecting to invoice...';
export const SLOTS_SCHEDULED = 'Success! IP address changes scheduled!';

/** What the invoice carries out once paid (`on_paid`); applied by the payment's follow-up (src/server/billing/invoice-paid.ts). */
export interface SlotUpgradeOnPaid {
  action: 'APPLY_SLOT_UPGRADE';
  ip_addresses: { guid: string; value: number }[];
}

/**
 * Modify website slots (spec part 3, 4 "Website slots", 5 "Modify slots", 9): each value within
 * the address's limits; a downgrade is kept as pending for the end of the billing cycle; upgrades
 * are one SLOT_UPGRADE invoice whose lines are each address's 'due today' (slotUpgradeDueToday,
 * the formula the dialog shows), to be applied once paid.
 */
export const ipSlotOperations = [
  implement(modifySlotsOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const wanted = new Map(body.ip_addresses.map((e) => [e.ip_address, e.value]));
    const rows = await db
      .select({ ip: ipAddresses, renewal: orders.dateNextInvoice })
      .from(ipAddresses)
      .leftJoin(orders, eq(orders.id, ipAddresses.orderId))
      .where(and(companyIps(company), inArray(ipAddresses.guid, [...wanted.keys()])));
    if (rows.length !== wanted.size) throw notFound('Some of the selected IP addresses were not found. Reload the list and select again.');
    const fields: Record<string, string> = {};
    body.ip_addresses.forEach((entry, i) => {
      const row = rows.find((r) => r.ip.guid === entry.ip_address)!.ip;
      const { min, max } = slotLimits({ ip_address_type: row.ipAddressType, domain_count: 0, domains_allowed: row.domainsAllowed });
      if (row.status !== 'ACTIVE') fields[`ip_addresses.${i}.value`] = `${row.ipAddress} is not ACTIVE: its slots cannot be changed.`;
      else if (entry.value < min || entry.value > max) fields[`ip_addresses.${i}.value`] = `Website slots of ${row.ipAddress} must be between ${min} and ${max}.`;
    });
    if (Object.keys(fields).length) throw badRequest(fields);
    // The minimum is the domain count (spec part 3, 5): counted now, not taken from the client.
    const counted = await db
      .select({ ip: domains.ipAddressGuid, n: sql<number>`count(*)::int` })
      .from(domains)
      .where(inArray(domains.ipAddressGuid, [...wanted.keys()]))
      .groupBy(domains.ipAddressGuid);
    const counts = new Map(counted.map((r) => [r.ip, Number(r.n)]));
    body.ip_addresses.forEach((entry, i) => {
      const row = rows.find((r) => r.ip.guid === entry.ip_address)!.ip;
      if (entry.value < (counts.get(row.guid) ?? 0)) fields[`ip_addresses.${i}.value`] = `${row.ipAddress} holds ${counts.get(row.guid)} domains: it needs at least as many website slots.`;
    });
    if (Object.keys(fields).length) throw badRequest(fields);

    // What the address will have next cycle: a pending downgrade counts, so asking for the current
    // count again withdraws it, and an upgrade drops it (else the cycle's end would undo what was paid).
    const planned = (ip: typeof ipAddresses.$inferSelect) => ip.pendingDomainsAllowed ?? ip.domainsAllowed;
    const changed = rows.filter((r) => wanted.get(r.ip.guid) !== planned(r.ip));
    if (!changed.length) throw badRequest({ ip_addresses: CHANGE_ONE_IP });
    const withdrawn = changed.filter((r) => wanted.get(r.ip.guid) === r.ip.domainsAllowed);
    const downgrades = changed.filter((r) => wanted.get(r.ip.guid)! < r.ip.domainsAllowed);
    const upgrades = changed.filter((r) => wanted.get(r.ip.guid)! > r.ip.domainsAllowed);
    const today = now();
    const lines = upgrades.map((r) => {
      const added = wanted.get(r.ip.guid)! - r.ip.domainsAllowed;
      const renewal = r.renewal ?? today;
      const due = slotUpgradeDueToday({ today, renewal, slotCostCents: r.ip.slotCostCents, addedSlots: added }).due_today;
      return { row: r, added, renewal, due };
    });

    const invoiceId = await db.transaction(async (tx) => {
      for (const r of downgrades) await tx.update(ipAddresses).set({ pendingDomainsAllowed: wanted.get(r.ip.guid)! }).where(eq(ipAddresses.guid, r.ip.guid));
      const keep = [...withdrawn, ...upgrades].map((r) => r.ip.guid);
      if (keep.length) await tx.update(ipAddresses).set({ pendingDomainsAllowed: null }).where(inArray(ipAddresses.guid, keep));
      if (!lines.length) return null;
      const orderIds = [...new Set(lines.map((l) => l.row.ip.orderId))];
      const onPaid: SlotUpgradeOnPaid = { action: 'APPLY_SLOT_UPGRADE', ip_addresses: lines.map((l) => ({ guid: l.row.ip.guid, value: wanted.get(l.row.ip.guid)! })) };
      const items: InvoiceLine[] = lines.map((l) => ({
        description: `Additional website slots for ${l.row.ip.ipAddress}: ${l.added} more, prorated to the renewal`,
        period_start: today,
        period_end: l.renewal,
        quantity: 1,
        rate: l.due,
        sub_total: l.due,
      }));
      return issueInvoice(tx, {
        companyGuid: company.guid,
        orderId: orderIds.length === 1 ? orderIds[0]! : null,
        priced: invoiceOf(items, { currency: lines[0]!.row.ip.currency as Currency }),
        purpose: 'SLOT_UPGRADE',
        onPaid: onPaid as unknown as Record<string, unknown>,
        person: c.var.viewer,
        issued: today,
      });
    });
    return { message: invoiceId === null ? SLOTS_SCHEDULED : SLOTS_INVOICED, invoice_id: invoiceId };
  }),
];
