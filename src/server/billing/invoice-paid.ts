import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { addUtcMonths } from '../../lib/billing/calendar';
import type { ServerDeps } from '../context';
import type { Db } from '../db/connection';
import { invoices, ipAddresses, orders, websiteSetupOrders } from '../db/schema/index';
import { allocateIpOrder } from './ip-stock';
import { endOfPaidPeriods, reactivateIfSettled } from './order-lifecycle';
import { applyPaidPlanChange, isPlanChangeOnPaid } from './hosting-plan-change';
import { recordReferralPayout } from '../services/affiliate-referrals';
import { recordSetupEvent } from '../services/getting-started';

/**
 * What an invoice that has just become PAID carries out, in the transaction that recorded the
 * payment: the invoice's order, when PENDING (awaiting its first payment, spec part 3, 4
 * "Orders"), becomes ACTIVE, and what the invoice's `on_paid` names is done — an IP order's
 * reserved addresses enter its group (ACTIVATE_IP_ORDER, src/server/billing/ip-stock.ts), and a
 * slot upgrade's addresses get their new website slots (APPLY_SLOT_UPGRADE, made by
 * src/server/routes/ip-slots.ts), an extension moves the renewal date on from the end of the
 * periods already paid for (EXTEND_ORDER, made by src/server/routes/billing-order-actions.ts), and
 * a suspended order with nothing overdue left is active again (a paid renewal, RENEW_ORDER, needs
 * nothing more: the billing run began its period),
 * a paid website setup goes to the provider's team (START_WEBSITE_SETUP: IN_PROGRESS), a shared
 * hosting order's first period begins (ACTIVATE_HOSTING_ORDER; a job then creates the account,
 * hosting-provision.ts) and a paid plan change switches the plan (APPLY_PLAN_CHANGE).
 */
export async function invoicePaid(tx: Db, invoiceId: number, deps: Pick<ServerDeps, 'now'>): Promise<void> {
  const [invoice] = await tx.select({ orderId: invoices.orderId, onPaid: invoices.onPaid, companyGuid: invoices.companyGuid }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return;
  const now = deps.now();
  if (invoice.orderId) {
    await tx
      .update(orders)
      .set({ status: 'ACTIVE', dateActivated: now })
      .where(and(eq(orders.id, invoice.orderId), eq(orders.status, 'PENDING')));
  }
  const onPaid = invoice.onPaid;
  if (onPaid?.action === 'EXTEND_ORDER' && typeof onPaid.order_id === 'number' && typeof onPaid.months === 'number') {
    // From the renewal date as it is when paid: a renewal that started meanwhile is not lost.
    const [extended] = await tx
      .select({ next: orders.dateNextInvoice })
      .from(orders)
      .where(and(eq(orders.id, onPaid.order_id), eq(orders.companyGuid, invoice.companyGuid), isNotNull(orders.dateNextInvoice)))
      .for('update');
    if (extended?.next) {
      // After a renewal already paid for (in whole or in part): that period is not paid for twice.
      const from = await endOfPaidPeriods(tx, onPaid.order_id, extended.next);
      const next = addUtcMonths(from, onPaid.months);
      await tx.update(orders).set({ dateNextInvoice: next }).where(eq(orders.id, onPaid.order_id));
      // The period it paid for, known only now, kept as a renewal keeps its own.
      await tx
        .update(invoices)
        .set({ onPaid: { ...onPaid, period_start: from.toISOString(), period_end: next.toISOString() } })
        .where(eq(invoices.id, invoiceId));
      // A renewal invoice not yet paid for a period the extension now covers is not owed any more.
      await tx
        .update(invoices)
        .set({ status: 'CANCELLED' })
        .where(
          and(
            eq(invoices.orderId, onPaid.order_id),
            eq(invoices.purpose, 'RENEWAL'),
            eq(invoices.status, 'UNPAID'),
            // Periods the extension covers: from the renewal date it extended; one already begun is still owed.
            sql`(${invoices.onPaid} ->> 'period_start')::timestamptz >= ${extended.next}`,
            sql`(${invoices.onPaid} ->> 'period_start')::timestamptz < ${next}`,
          ),
        );
    }
  }
  // A renewal (or any invoice of the order) paid: a suspension it caused is lifted.
  if (invoice.orderId) await reactivateIfSettled(tx, invoice.orderId, now);
  if (onPaid?.action === 'ACTIVATE_IP_ORDER' && typeof onPaid.order_id === 'number') await allocateIpOrder(tx, onPaid.order_id, now);
  if (onPaid?.action === 'ACTIVATE_HOSTING_ORDER' && typeof onPaid.order_id === 'number') {
    // The first period runs from the payment; the job of hosting-provision.ts creates the account.
    const [hosting] = await tx.select({ months: orders.billingCycleMonths }).from(orders).where(and(eq(orders.id, onPaid.order_id), eq(orders.companyGuid, invoice.companyGuid)));
    if (hosting) await tx.update(orders).set({ dateNextInvoice: addUtcMonths(now, hosting.months) }).where(and(eq(orders.id, onPaid.order_id), isNull(orders.dateNextInvoice)));
  }
  if (isPlanChangeOnPaid(onPaid)) await applyPaidPlanChange(tx, invoice.companyGuid, onPaid);
  if (onPaid?.action === 'START_WEBSITE_SETUP' && typeof onPaid.order_id === 'number') {
    // The provider's team starts the websites once paid (src/server/routes/services.ts).
    await tx
      .update(websiteSetupOrders)
      .set({ status: 'IN_PROGRESS' })
      .where(and(eq(websiteSetupOrders.orderId, onPaid.order_id), eq(websiteSetupOrders.companyGuid, invoice.companyGuid), eq(websiteSetupOrders.status, 'PENDING')));
  }
  if (onPaid?.action === 'APPLY_SLOT_UPGRADE' && Array.isArray(onPaid.ip_addresses)) {
    for (const change of onPaid.ip_addresses as { guid: string; value: number }[]) {
      // Only ever up, and once: a slot count raised since (another paid upgrade) is left alone.
      await tx
        .update(ipAddresses)
        .set({ domainsAllowed: change.value, pendingDomainsAllowed: null })
        .where(and(eq(ipAddresses.guid, change.guid), eq(ipAddresses.companyGuid, invoice.companyGuid), lt(ipAddresses.domainsAllowed, change.value)));
    }
  }
  // A referred company's payment earns its affiliate a payout (src/server/services/affiliate-referrals.ts).
  await recordReferralPayout(tx, invoiceId, now);
  // The getting-started wizard and the to-do list follow the payment (src/server/services/getting-started.ts).
  await recordSetupEvent(tx, invoice.companyGuid, { kind: 'invoice_paid', action: typeof onPaid?.action === 'string' ? onPaid.action : null });
}
