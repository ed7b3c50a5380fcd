import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { addUtcMonths } from '../../lib/billing/calendar';
import type { ServerDeps } from '../context';
import type { Db } from '../db/connection';
import { invoices, ipAddresses, orders, websiteSetupOrders } from '../db/schema/index';
import { allocateIpOrder } from './ip-stock';
import { endOfPaidPeriods, reactivateIfSettled } from './order-lifecycle';
import { applyPaidPlanChange } from './hosting-plan-change';
import { parseInvoiceAction, type InvoiceAction, type InvoiceActionName, type InvoiceActionOf } from './invoice-actions';
import { recordReferralPayout } from '../services/affiliate-referrals';
import { recordSetupEvent } from '../services/getting-started';

/** The invoice that has just become PAID, as its action's handler needs it. */
interface PaidInvoice {
  id: number;
  companyGuid: string;
  now: Date;
}

type Handler<A extends InvoiceActionName> = (tx: Db, action: InvoiceActionOf<A>, paid: PaidInvoice) => Promise<void>;

/** From the renewal date as it is when paid: a renewal that started meanwhile is not lost. */
const extendOrder: Handler<'EXTEND_ORDER'> = async (tx, action, paid) => {
  const [extended] = await tx
    .select({ next: orders.dateNextInvoice })
    .from(orders)
    .where(and(eq(orders.id, action.order_id), eq(orders.companyGuid, paid.companyGuid), isNotNull(orders.dateNextInvoice)))
    .for('update');
  if (!extended?.next) return;
  // After a renewal already paid for (in whole or in part): that period is not paid for twice.
  const from = await endOfPaidPeriods(tx, action.order_id, extended.next);
  const next = addUtcMonths(from, action.months);
  await tx.update(orders).set({ dateNextInvoice: next }).where(eq(orders.id, action.order_id));
  // The period it paid for, known only now, kept as a renewal keeps its own.
  const billed: InvoiceActionOf<'EXTEND_ORDER'> = { ...action, period_start: from.toISOString(), period_end: next.toISOString() };
  await tx.update(invoices).set({ onPaid: billed }).where(eq(invoices.id, paid.id));
  // A renewal invoice not yet paid for a period the extension now covers is not owed any more.
  await tx
    .update(invoices)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        eq(invoices.orderId, action.order_id),
        eq(invoices.purpose, 'RENEWAL'),
        eq(invoices.status, 'UNPAID'),
        // Periods the extension covers: from the renewal date it extended; one already begun is still owed.
        sql`(${invoices.onPaid} ->> 'period_start')::timestamptz >= ${extended.next}`,
        sql`(${invoices.onPaid} ->> 'period_start')::timestamptz < ${next}`,
      ),
    );
};

const activateIpOrder: Handler<'ACTIVATE_IP_ORDER'> = async (tx, action, paid) => {
  await allocateIpOrder(tx, action.order_id, paid.now);
};

/** The first period runs from the payment; the job of hosting-provision.ts creates the account. */
const activateHostingOrder: Handler<'ACTIVATE_HOSTING_ORDER'> = async (tx, action, paid) => {
  const [hosting] = await tx
    .select({ months: orders.billingCycleMonths })
    .from(orders)
    .where(and(eq(orders.id, action.order_id), eq(orders.companyGuid, paid.companyGuid)));
  if (hosting)
    await tx
      .update(orders)
      .set({ dateNextInvoice: addUtcMonths(paid.now, hosting.months) })
      .where(and(eq(orders.id, action.order_id), isNull(orders.dateNextInvoice)));
};

const applyPlanChange: Handler<'APPLY_PLAN_CHANGE'> = (tx, action, paid) => applyPaidPlanChange(tx, paid.companyGuid, action);

/** The provider's team starts the websites once paid (src/server/routes/services.ts). */
const startWebsiteSetup: Handler<'START_WEBSITE_SETUP'> = async (tx, action, paid) => {
  await tx
    .update(websiteSetupOrders)
    .set({ status: 'IN_PROGRESS' })
    .where(and(eq(websiteSetupOrders.orderId, action.order_id), eq(websiteSetupOrders.companyGuid, paid.companyGuid), eq(websiteSetupOrders.status, 'PENDING')));
};

const applySlotUpgrade: Handler<'APPLY_SLOT_UPGRADE'> = async (tx, action, paid) => {
  for (const change of action.ip_addresses) {
    // Only ever up, and once: a slot count raised since (another paid upgrade) is left alone.
    await tx
      .update(ipAddresses)
      .set({ domainsAllowed: change.value, pendingDomainsAllowed: null })
      .where(and(eq(ipAddresses.guid, change.guid), eq(ipAddresses.companyGuid, paid.companyGuid), lt(ipAddresses.domainsAllowed, change.value)));
  }
};

/** The billing run began the renewal's period already: paying it only settles the order (below). */
const renewOrder: Handler<'RENEW_ORDER'> = async () => {};

function carryOut(tx: Db, action: InvoiceAction, paid: PaidInvoice): Promise<void> {
  switch (action.action) {
    case 'EXTEND_ORDER':
      return extendOrder(tx, action, paid);
    case 'ACTIVATE_IP_ORDER':
      return activateIpOrder(tx, action, paid);
    case 'ACTIVATE_HOSTING_ORDER':
      return activateHostingOrder(tx, action, paid);
    case 'APPLY_PLAN_CHANGE':
      return applyPlanChange(tx, action, paid);
    case 'START_WEBSITE_SETUP':
      return startWebsiteSetup(tx, action, paid);
    case 'APPLY_SLOT_UPGRADE':
      return applySlotUpgrade(tx, action, paid);
    case 'RENEW_ORDER':
      return renewOrder(tx, action, paid);
  }
}

/**
 * What an invoice that has just become PAID carries out, in the transaction that recorded the
 * payment: the invoice's order, when PENDING (awaiting its first payment, spec part 3, 4
 * "Orders"), becomes ACTIVE; the invoice's action (src/server/billing/invoice-actions.ts) is
 * carried out; and a suspended order with nothing overdue left is active again.
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
  const action = parseInvoiceAction(invoice.onPaid);
  if (action) await carryOut(tx, action, { id: invoiceId, companyGuid: invoice.companyGuid, now });
  // A renewal (or any invoice of the order) paid: a suspension it caused is lifted.
  if (invoice.orderId) await reactivateIfSettled(tx, invoice.orderId, now);
  // A referred company's payment earns its affiliate a payout (src/server/services/affiliate-referrals.ts).
  await recordReferralPayout(tx, invoiceId, now);
  // The getting-started wizard and the to-do list follow the payment (src/server/services/getting-started.ts).
  await recordSetupEvent(tx, invoice.companyGuid, { kind: 'invoice_paid', action: action?.action ?? null });
}
