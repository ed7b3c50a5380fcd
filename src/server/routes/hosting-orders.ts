import { cancelDowngradeOp, createSharedHostingOrderOp, modifyHostingPlanOp, previewPlanChangeOp } from '../../lib/api/hosting';
import { DOWNGRADE_CANCELED, DOWNGRADE_SCHEDULED, HOSTING_ORDER_PLACED, PLAN_CHANGE_SCHEDULED, PLAN_CHANGED, UPGRADE_INVOICED } from '../../lib/schemas/hosting-orders';
import { orderSharedHosting } from '../billing/hosting-orders';
import { cancelScheduledPlanChange, changeHostingPlan, previewPlanChange, type PlanChangeOutcome } from '../billing/plan-change-request';
import { implement } from '../http/operation';

/** The answer to a plan change, by how it was taken. */
function planChangeAnswer(outcome: PlanChangeOutcome) {
  switch (outcome.kind) {
    case 'scheduled':
      return { message: outcome.direction === 'DOWNGRADE' ? DOWNGRADE_SCHEDULED : PLAN_CHANGE_SCHEDULED, invoice_id: null, when: 'RENEWAL' as const, upgrade_pending: true };
    case 'changed':
      return { message: PLAN_CHANGED, invoice_id: null, when: 'NOW' as const, upgrade_pending: false };
    case 'invoiced':
      return { message: UPGRADE_INVOICED, invoice_id: outcome.invoiceId, when: 'NOW' as const, upgrade_pending: outcome.upgradePending };
  }
}

/**
 * Ordering shared hosting and changing an account's plan (spec part 3, 2.8, 4 "Hosting account",
 * 5 "Shared hosting order", 7 "Hosting and plans", 8): src/server/billing/hosting-orders.ts and
 * src/server/billing/plan-change-request.ts.
 */
export const hostingOrderOperations = [
  implement(createSharedHostingOrderOp, async (c, { body }) =>
    orderSharedHosting(c, body, ({ orderId, invoiceId, hostingAccount }) => ({
      message: HOSTING_ORDER_PLACED,
      invoice_id: invoiceId,
      order_id: orderId,
      hosting_account: hostingAccount,
    })),
  ),

  implement(previewPlanChangeOp, async (c, { query }) => previewPlanChange(c.var.deps.db, c.var.company, query, c.var.deps.now())),

  implement(modifyHostingPlanOp, async (c, { body }) => changeHostingPlan(c, body, planChangeAnswer)),

  implement(cancelDowngradeOp, async (c, { params }) => {
    await cancelScheduledPlanChange(c.var.deps.db, c.var.company, params.guid);
    return { message: DOWNGRADE_CANCELED };
  }),
];
