import type { Context } from 'hono';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { modifySlotsOp } from '../../lib/api/ip-addresses';
import { slotUpgradeDueToday } from '../../lib/billing/proration';
import { invoiceOf, type Currency, type InvoiceLine } from '../../lib/billing';
import {
  CHANGE_ONE_IP,
  IPS_NOT_FOUND,
  SLOTS_AWAIT_PAYMENT,
  SLOTS_BELOW_DOMAINS,
  SLOTS_NOT_ACTIVE,
  SLOTS_ONE_CURRENCY,
  SLOTS_OUT_OF_RANGE,
  slotLimits,
} from '../../lib/schemas/ip-addresses';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { domains, invoices, ipAddresses, orders } from '../db/schema/index';
import { badRequest, notFound } from '../http/errors';
import { issueInvoice } from '../billing/issue-invoice';
import { withdrawUnpaidRenewals } from '../billing/order-lifecycle';
import { parseInvoiceAction, type InvoiceActionOf } from '../billing/invoice-actions';
import { companyIps } from './ip-selection';

type SlotChange = ParsedInput<typeof modifySlotsOp>['body'];

/** The company's unpaid slot-upgrade invoices naming any of these addresses. */
async function unpaidSlotInvoices(tx: Db, companyGuid: string, guids: string[]): Promise<{ guid: string; invoice: number }[]> {
  const named = sql.join(
    guids.map((g) => sql`${g}`),
    sql`, `,
  );
  const open = await tx
    .select({ id: invoices.id, onPaid: invoices.onPaid })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyGuid, companyGuid),
        eq(invoices.purpose, 'SLOT_UPGRADE'),
        inArray(invoices.status, ['UNPAID', 'PARTIALLY_PAID']),
        sql`exists (select 1 from jsonb_array_elements(${invoices.onPaid} -> 'ip_addresses') e where (e ->> 'guid') in (${named}))`,
      ),
    );
  const asked = new Set(guids);
  return open.flatMap((i) => {
    const action = parseInvoiceAction(i.onPaid);
    const named = action?.action === 'APPLY_SLOT_UPGRADE' ? action.ip_addresses : [];
    return named.filter((a) => asked.has(a.guid)).map((a) => ({ guid: a.guid, invoice: i.id }));
  });
}

/**
 * Modify website slots (spec part 3, 4 "Website slots", 5 "Modify slots", 9): each value within
 * the address's limits; a downgrade is kept as pending for the end of the billing cycle; upgrades
 * are one SLOT_UPGRADE invoice whose lines are each address's 'due today' (slotUpgradeDueToday,
 * the formula the dialog shows), to be applied once paid. Checked and written under the
 * addresses' row locks: two requests at once see each other's outcome. Answers the invoice's
 * id, or null when only downgrades were scheduled.
 */
export async function modifySlots(c: Context<AppEnv>, body: SlotChange): Promise<number | null> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  const wanted = new Map(body.ip_addresses.map((e) => [e.ip_address, e.value]));
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ ip: ipAddresses, renewal: orders.dateNextInvoice })
      .from(ipAddresses)
      .leftJoin(orders, eq(orders.id, ipAddresses.orderId))
      .where(and(companyIps(company), inArray(ipAddresses.guid, [...wanted.keys()])))
      .for('update', { of: ipAddresses });
    if (rows.length !== wanted.size) throw notFound(IPS_NOT_FOUND);
    const fields: Record<string, string> = {};
    const rowOf = (guid: string) => rows.find((r) => r.ip.guid === guid)!.ip;
    body.ip_addresses.forEach((entry, i) => {
      const row = rowOf(entry.ip_address);
      const { min, max } = slotLimits({ ip_address_type: row.ipAddressType, domain_count: 0, domains_allowed: row.domainsAllowed });
      if (row.status !== 'ACTIVE') fields[`ip_addresses.${i}.value`] = SLOTS_NOT_ACTIVE(row.ipAddress);
      else if (entry.value < min || entry.value > max) fields[`ip_addresses.${i}.value`] = SLOTS_OUT_OF_RANGE(row.ipAddress, min, max);
    });
    if (Object.keys(fields).length) throw badRequest(fields);
    // The minimum is the domain count (spec part 3, 5): counted now, not taken from the client.
    const counted = await tx
      .select({ ip: domains.ipAddressGuid, n: sql<number>`count(*)::int` })
      .from(domains)
      .where(inArray(domains.ipAddressGuid, [...wanted.keys()]))
      .groupBy(domains.ipAddressGuid);
    const counts = new Map(counted.map((r) => [r.ip, Number(r.n)]));
    // An upgrade already invoiced and not paid would be charged twice.
    const invoiced = new Map((await unpaidSlotInvoices(tx, company.guid, [...wanted.keys()])).map((r) => [r.guid, r.invoice]));
    body.ip_addresses.forEach((entry, i) => {
      const row = rowOf(entry.ip_address);
      if (entry.value < (counts.get(row.guid) ?? 0)) fields[`ip_addresses.${i}.value`] = SLOTS_BELOW_DOMAINS(row.ipAddress, counts.get(row.guid)!);
      else if (invoiced.has(row.guid)) fields[`ip_addresses.${i}.value`] = SLOTS_AWAIT_PAYMENT(row.ipAddress, invoiced.get(row.guid)!);
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

    for (const r of downgrades)
      await tx
        .update(ipAddresses)
        .set({ pendingDomainsAllowed: wanted.get(r.ip.guid)! })
        .where(eq(ipAddresses.guid, r.ip.guid));
    const keep = [...withdrawn, ...upgrades].map((r) => r.ip.guid);
    if (keep.length) await tx.update(ipAddresses).set({ pendingDomainsAllowed: null }).where(inArray(ipAddresses.guid, keep));
    // The orders' renewals already raised are priced again with the new slots.
    await withdrawUnpaidRenewals(
      tx,
      changed.map((r) => r.ip.orderId),
    );
    if (!lines.length) return null;
    if (new Set(lines.map((l) => l.row.ip.currency)).size > 1) throw badRequest({ ip_addresses: SLOTS_ONE_CURRENCY });
    const orderIds = [...new Set(lines.map((l) => l.row.ip.orderId))];
    const onPaid: InvoiceActionOf<'APPLY_SLOT_UPGRADE'> = {
      action: 'APPLY_SLOT_UPGRADE',
      ip_addresses: lines.map((l) => ({ guid: l.row.ip.guid, value: wanted.get(l.row.ip.guid)! })),
    };
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
      onPaid,
      person: c.var.viewer,
      issued: today,
    });
  });
}
