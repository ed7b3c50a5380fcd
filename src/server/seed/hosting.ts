import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sealSecret } from '../services/secret-box';
import { hostingAccounts } from '../db/schema/index';
import type { Catalogue } from './catalogue';
import { addUtcMonths } from '../../lib/billing/calendar';
import type { SeedContext } from './context';
import { billingPeriods, createInvoice, createOrder, renewalInvoiceOf, type BillTo } from './ledger';

export interface HostingAccountSpec {
  name: string;
  kind: 'SHARED' | 'CUSTOM_HOST_IP' | 'CUSTOM_HOST_NAME' | 'LEGACY';
  plan?: string;
  place?: string;
  status?: 'ACTIVE' | 'SUSPENDED';
  cycle?: 'MONTHLY' | 'ANNUALLY';
  daysAgo: number;
  managed?: boolean;
  /** Plan it is scheduled to move down to at renewal. */
  downgradeTo?: string;
  target?: string;
}

export interface SeededHosting {
  /** Hosting account guid by name, with its type. */
  accounts: Map<string, { guid: string; accountType: string; status: string }>;
}

/** Hosting accounts and, for shared hosting, the order and invoices behind each. */
export async function seedHosting(ctx: SeedContext, cat: Catalogue, bill: BillTo, specs: HostingAccountSpec[]): Promise<SeededHosting> {
  const { db, rng } = ctx;
  const accounts: SeededHosting['accounts'] = new Map();
  for (const spec of specs) {
    const custom = spec.kind === 'CUSTOM_HOST_IP' || spec.kind === 'CUSTOM_HOST_NAME';
    const status = spec.status ?? 'ACTIVE';
    const plan = spec.plan ? cat.plans.get(spec.plan) : undefined;
    const where = spec.place ? cat.hostingLocations.get(spec.place) : undefined;
    const cost = plan ? (bill.currency === 'EUR' ? plan.eur : plan.usd) : 0;
    const [account] = await db
      .insert(hostingAccounts)
      .values({
        companyGuid: bill.companyGuid,
        name: spec.name,
        accountType: custom ? 'CUSTOM_HOST' : 'SHARED_HOSTING',
        status,
        isCreated: true,
        isLegacy: spec.kind === 'LEGACY',
        isManaged: spec.managed ?? false,
        allowDomainDeletion: spec.kind !== 'LEGACY',
        planGuid: plan?.guid ?? null,
        pendingPlanGuid: spec.downgradeTo ? cat.plans.get(spec.downgradeTo)!.guid : null,
        locationGuid: where?.location ?? null,
        serverGuid: where?.server ?? null,
        username: custom
          ? null
          : `${spec.name
              .toLowerCase()
              .replace(/[^a-z]/g, '')
              .slice(0, 6)}${rng.int(10, 99)}`,
        // A cPanel password to reveal and change; derived from the name, so the seed's random sequence stays as it was.
        cpanelPasswordSecret: custom ? null : await sealSecret(db, `cP-${createHash('sha256').update(spec.name).digest('base64url').slice(0, 14)}`),
        monthlyCostCents: spec.kind === 'LEGACY' ? 0 : cost,
        currency: bill.currency,
        destinationType: spec.kind === 'CUSTOM_HOST_IP' ? 'IP_ADDRESS' : spec.kind === 'CUSTOM_HOST_NAME' ? 'HOSTNAME' : null,
        customIpAddress: spec.kind === 'CUSTOM_HOST_IP' ? (spec.target ?? null) : null,
        customHostname: spec.kind === 'CUSTOM_HOST_NAME' ? (spec.target ?? null) : null,
        dateSuspended: status === 'SUSPENDED' ? ctx.ago(5) : null,
        dateToBeTerminated: status === 'SUSPENDED' ? ctx.ahead(9) : null,
        dateCreated: ctx.ago(spec.daysAgo),
      })
      .returning({ guid: hostingAccounts.guid, accountType: hostingAccounts.accountType, status: hostingAccounts.status });
    accounts.set(spec.name, account!);
    if (spec.kind !== 'SHARED' || !plan) continue;

    const cycle = spec.cycle ?? 'ANNUALLY';
    const months = cycle === 'ANNUALLY' ? 12 : 1;
    const discount = cycle === 'ANNUALLY' ? 20 : 0;
    const { periods, next } = billingPeriods(ctx.ago(spec.daysAgo), ctx.now, months);
    const orderId = await createOrder(ctx, bill, {
      orderType: 'SHARED_HOSTING',
      status: status === 'SUSPENDED' ? 'SUSPENDED' : 'ACTIVE',
      billingCycle: cycle,
      billingCycleMonths: months,
      monthlyCostCents: cost,
      hostingAccountGuid: account!.guid,
      sharedHostingPlanGuid: plan.guid,
      tags: spec.managed ? ['managed'] : [],
      dateCreated: ctx.ago(spec.daysAgo),
      dateActivated: ctx.ago(spec.daysAgo),
      dateSuspended: status === 'SUSPENDED' ? ctx.ago(5) : null,
      dateNextInvoice: next,
    });
    await db.update(hostingAccounts).set({ orderId }).where(eq(hostingAccounts.guid, account!.guid));
    for (const [i, start] of periods.slice(-6).entries()) {
      const last = i === Math.min(periods.length, 6) - 1;
      // A suspended account's newest invoice went unpaid past its due date: the overdue one.
      const overdue = last && status === 'SUSPENDED';
      await createInvoice(ctx, bill, {
        orderId,
        status: overdue ? 'UNPAID' : 'PAID',
        created: overdue ? ctx.ago(19) : start,
        items: [
          {
            description: `Shared hosting, ${spec.plan} plan: ${spec.name}`,
            quantity: 1,
            rateCents: cost * months,
            periodStart: start,
            periodEnd: addUtcMonths(start, months),
          },
        ],
        discountPercent: discount,
        ...(i === 0 && periods.length <= 6 ? { purpose: 'NEW_ORDER' } : renewalInvoiceOf(orderId, start, months)),
      });
    }
  }
  return { accounts };
}
