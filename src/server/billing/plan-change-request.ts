import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { PlanChangePreview } from '../../lib/api/hosting';
import { PROVIDER_TAX_RATE, pricePlanChange, type Currency, type PricedPlanChange } from '../../lib/billing';
import {
  DOWNGRADE_AT_RENEWAL,
  NO_PENDING_DOWNGRADE,
  PLAN_CHANGE_AWAITS_PAYMENT,
  PLAN_NOT_CHANGEABLE,
  SAME_PLAN,
  UNKNOWN_PLAN,
  planChangeWarnings,
  type PlanChangeTime,
} from '../../lib/schemas/hosting-orders';
import { HOSTING_ACCOUNT_NOT_FOUND } from '../../lib/schemas/hosting-accounts';
import type { AppEnv, CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { lockCompany } from '../db/locks';
import { hostingAccounts, hostingPlans, orders } from '../db/schema/index';
import { badRequest, problem } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { visibleHostingAccount } from '../services/hosting-accounts';
import { SHARED_HOSTING, planPrice, type PlanRow } from '../services/hosting-plans';
import { applyPaidPlanChange, unpaidPlanChangeInvoice, type PlanChange } from './hosting-plan-change';
import { issueInvoice } from './issue-invoice';
import { withdrawUnpaidRenewals } from './order-lifecycle';

/**
 * Asking to change a shared hosting account's plan (spec part 3, 4 "Hosting account", 7 "Hosting
 * and plans", 8; docs/decisions.md "Shared hosting orders and plan changes"): the preview, the
 * change and withdrawing a scheduled one. What a change does to the rows is hosting-plan-change.ts;
 * prices come from src/lib/billing (pricePlanChange over prorateChange), the figures the panel shows.
 */

type AccountRow = typeof hostingAccounts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

interface PlanChangeFacts {
  account: AccountRow;
  order: OrderRow;
  current: PlanRow;
  next: PlanRow;
  renewal: Date;
  currency: Currency;
  priced: PricedPlanChange | null;
  preview: PlanChangePreview;
}

export interface PlanChangeAsked {
  hosting_account: string;
  new_hosting_plan: string;
  when?: PlanChangeTime | undefined;
}

/**
 * Everything a plan change needs, checked: a running, created, non-legacy shared hosting account
 * with a renewal date; a plan on offer other than its own; a time the change may take (a cheaper
 * plan waits for the renewal). `db` may be a transaction holding the account's lock.
 */
async function planChangeFacts(db: Db, company: CompanyContext, input: PlanChangeAsked, today: Date, lock?: 'update'): Promise<PlanChangeFacts> {
  const account = await visibleHostingAccount(db, company, input.hosting_account, HOSTING_ACCOUNT_NOT_FOUND, lock);
  const [order] = account.orderId ? await db.select().from(orders).where(eq(orders.id, account.orderId)) : [];
  const changeable =
    account.accountType === SHARED_HOSTING &&
    !account.isLegacy &&
    account.isCreated &&
    account.status === 'ACTIVE' &&
    account.planGuid &&
    order?.status === 'ACTIVE' &&
    order.dateNextInvoice;
  if (!changeable) throw problem(409, PLAN_NOT_CHANGEABLE, { code: 'not_changeable' });
  const [current] = await db.select().from(hostingPlans).where(eq(hostingPlans.guid, account.planGuid!));
  const [next] = await db
    .select()
    .from(hostingPlans)
    .where(and(eq(hostingPlans.guid, input.new_hosting_plan), eq(hostingPlans.isAvailable, true)));
  if (!next) throw badRequest({ new_hosting_plan: UNKNOWN_PLAN });
  if (next.guid === account.planGuid) throw badRequest({ new_hosting_plan: SAME_PLAN });
  const currency: Currency = account.currency === 'EUR' ? 'EUR' : 'USD';
  const nextCost = planPrice(next, currency);
  const direction = nextCost < account.monthlyCostCents ? 'DOWNGRADE' : nextCost > account.monthlyCostCents ? 'UPGRADE' : 'SAME_PRICE';
  const available: PlanChangeTime[] = direction === 'DOWNGRADE' ? ['RENEWAL'] : ['NOW', 'RENEWAL'];
  const when = input.when ?? available[0]!;
  if (!available.includes(when)) throw badRequest({ when: DOWNGRADE_AT_RENEWAL });
  const renewal = order!.dateNextInvoice!;
  const currentPlan = { name: current!.name, monthlyCents: account.monthlyCostCents };
  const priced =
    when === 'NOW'
      ? pricePlanChange(
          { accountName: account.name, today, renewal, current: currentPlan, next: { name: next.name, monthlyCents: nextCost } },
          { currency, taxRate: PROVIDER_TAX_RATE },
        )
      : null;
  const limits = (p: PlanRow) => ({ storage: p.storageGb, memory: p.memoryMb, cpu: p.cpuCores });
  const preview: PlanChangePreview = {
    hosting_account: account.guid,
    current_plan: { guid: current!.guid, name: current!.name, monthly_cost: account.monthlyCostCents, is_available: current!.isAvailable },
    new_plan: { guid: next.guid, name: next.name, monthly_cost: nextCost },
    direction,
    available_times: available,
    when,
    currency,
    renewal_date: renewal.toISOString(),
    due_today: priced?.total_amount ?? 0,
    whole_months: priced?.proration.whole_months ?? 0,
    remaining_days: priced?.proration.remaining_days ?? 0,
    charged_days: priced?.proration.charged_days ?? 0,
    new_monthly_cost: nextCost,
    warnings: planChangeWarnings({ ...limits(current!), is_available: current!.isAvailable }, limits(next)),
  };
  return { account, order: order!, current: current!, next, renewal, currency, priced, preview };
}

/** What a plan change would do and cost, as the dialog shows it before it is asked for. */
export async function previewPlanChange(db: Db, company: CompanyContext, input: PlanChangeAsked, today: Date): Promise<PlanChangePreview> {
  return (await planChangeFacts(db, company, input, today)).preview;
}

/** How a plan change was taken: scheduled for the renewal, made at once (nothing to charge), or invoiced. */
export type PlanChangeOutcome =
  | { kind: 'scheduled'; direction: PlanChangePreview['direction'] }
  | { kind: 'changed' }
  | { kind: 'invoiced'; invoiceId: number; upgradePending: boolean };

/**
 * Changes the plan, checked and written under the company's row, then the account's
 * (src/server/db/locks.ts), the order a payment takes them in. `answer` makes the call's answer
 * from the outcome, kept with the change under an Idempotency-Key: a retry after a crash answers it.
 */
export async function changeHostingPlan<T>(c: Context<AppEnv>, input: PlanChangeAsked, answer: (outcome: PlanChangeOutcome) => T): Promise<T> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  const today = now();
  return db.transaction(async (tx) => {
    await lockCompany(tx, company.guid);
    const facts = await planChangeFacts(tx, company, input, today, 'update');
    const { account, order, preview } = facts;
    if ((await unpaidPlanChangeInvoice(tx, account)) !== null) throw problem(409, PLAN_CHANGE_AWAITS_PAYMENT, { code: 'plan_change_unpaid' });
    if (preview.when === 'RENEWAL') {
      await tx.update(hostingAccounts).set({ pendingPlanGuid: facts.next.guid }).where(eq(hostingAccounts.guid, account.guid));
      // A renewal raised at the old plan's price for a period not begun is raised again at the new one.
      await withdrawUnpaidRenewals(tx, [order.id]);
      return answerWithWork(c, tx, answer({ kind: 'scheduled', direction: preview.direction }));
    }
    const change: PlanChange = {
      action: 'APPLY_PLAN_CHANGE',
      hosting_account: account.guid,
      order_id: order.id,
      from_plan: facts.current.guid,
      to_plan: facts.next.guid,
      monthly_cost: preview.new_monthly_cost,
    };
    if (!facts.priced || facts.priced.total_amount === 0) {
      // Nothing to charge (a plan at the same price): it changes at once.
      await applyPaidPlanChange(tx, company.guid, change);
      return answerWithWork(c, tx, answer({ kind: 'changed' }));
    }
    const invoiceId = await issueInvoice(tx, {
      companyGuid: company.guid,
      orderId: order.id,
      priced: facts.priced,
      purpose: 'PLAN_CHANGE',
      onPaid: change,
      person: c.var.viewer,
      issued: today,
    });
    return answerWithWork(c, tx, answer({ kind: 'invoiced', invoiceId, upgradePending: account.pendingPlanGuid !== null }));
  });
}

/** Withdraws the plan change scheduled for the renewal; the renewal it priced is raised again at the current plan. */
export async function cancelScheduledPlanChange(db: Db, company: CompanyContext, accountGuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, company.guid);
    const account = await visibleHostingAccount(tx, company, accountGuid, HOSTING_ACCOUNT_NOT_FOUND, 'update');
    if (!account.pendingPlanGuid) throw problem(409, NO_PENDING_DOWNGRADE, { code: 'no_pending_downgrade' });
    await tx.update(hostingAccounts).set({ pendingPlanGuid: null }).where(eq(hostingAccounts.guid, account.guid));
    await withdrawUnpaidRenewals(tx, [account.orderId]);
  });
}
