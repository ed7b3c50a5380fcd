import { asc, eq } from 'drizzle-orm';
import type { HostingPlan } from '../../lib/api/hosting';
import type { BillingCycleTerms, Currency } from '../../lib/billing';
import type { Db } from '../db/connection';
import { hostingLocations, hostingPlans } from '../db/schema/index';
import { cyclesOf } from '../billing/order-cycles';

/**
 * What a shared hosting order offers (spec part 3, 3 "Shared hosting plan", "Location (hosting)",
 * "Billing cycle"; 7 "Hosting and plans"; 9 "Hosting"): plans priced in the company's currency,
 * locations and billing cycles. The plan lists and the order and plan change calls read the same rows.
 */

export const SHARED_HOSTING = 'SHARED_HOSTING';

export type PlanRow = typeof hostingPlans.$inferSelect;

/** A plan's monthly price in a currency: its own USD or EUR row (spec part 3, 9). */
export const planPrice = (plan: Pick<PlanRow, 'priceUsdCents' | 'priceEurCents'>, currency: Currency) => (currency === 'EUR' ? plan.priceEurCents : plan.priceUsdCents);

export function planAnswer(plan: PlanRow, currency: Currency): HostingPlan {
  return {
    guid: plan.guid,
    name: plan.name,
    price_usd: plan.priceUsdCents,
    price_eur: plan.priceEurCents,
    price: planPrice(plan, currency),
    currency,
    storage: plan.storageGb,
    bandwidth: plan.bandwidthGb,
    inodes: plan.inodes,
    memory: plan.memoryMb,
    cpu: plan.cpuCores,
    entry_processes: plan.entryProcesses,
    active_processes: plan.activeProcesses,
    email_accounts: plan.emailAccounts,
    databases: plan.databases,
    subdomains: plan.subdomains,
    parked_domains: plan.parkedDomains,
    addon_domains: plan.addonDomains,
  };
}

/** Plans on offer (a retired plan stays only on the accounts that have it). */
export const availablePlans = (db: Db) => db.select().from(hostingPlans).where(eq(hostingPlans.isAvailable, true)).orderBy(asc(hostingPlans.position), asc(hostingPlans.name));
export const activeLocations = (db: Db) =>
  db.select().from(hostingLocations).where(eq(hostingLocations.isActive, true)).orderBy(asc(hostingLocations.position), asc(hostingLocations.city));

export async function hostingCycles(db: Db): Promise<BillingCycleTerms[]> {
  const rows = await cyclesOf(db, SHARED_HOSTING);
  return rows.map((b) => ({ name: b.name, months: b.months, discountPercentage: b.discountPercentage }));
}
