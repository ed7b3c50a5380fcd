import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { listHostingLocationsOp, listHostingPlansOp, sharedHostingOptionsOp, type HostingPlan } from '../../lib/api/hosting';
import type { CouponTermsAnswer } from '../../lib/api/ip-orders';
import type { BillingCycleTerms, CouponTerms, Currency } from '../../lib/billing';
import { BAD_COUPON } from '../../lib/schemas/ip-orders';
import { DEFAULT_HOSTING_CYCLE } from '../../lib/schemas/hosting-orders';
import type { Db } from '../db/connection';
import { billingCycles, companies, coupons, hostingLocations, hostingPlans } from '../db/schema/index';
import { storedEurPerUsd } from '../billing/issue-invoice';
import { badRequest } from '../http/errors';
import { implement } from '../http/operation';

/**
 * What a shared hosting order offers (spec part 3, 3 "Shared hosting plan", "Location (hosting)",
 * "Billing cycle"; 7 "Hosting and plans"; 9 "Hosting"): plans priced in the company's currency,
 * locations, and billing cycles with their 'N% off'. The order and plan change calls
 * (hosting-orders.ts) read the same rows through these helpers.
 */

export const SHARED_HOSTING = 'SHARED_HOSTING';
/** The reference provider charges no VAT (docs/decisions.md "Pricing and money"). */
export const HOSTING_TAX_RATE = 0;

export async function companyCurrency(db: Db, companyGuid: string): Promise<Currency> {
  const [row] = await db.select({ currency: companies.currency }).from(companies).where(eq(companies.guid, companyGuid));
  return row?.currency === 'EUR' ? 'EUR' : 'USD';
}

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
export const activeLocations = (db: Db) => db.select().from(hostingLocations).where(eq(hostingLocations.isActive, true)).orderBy(asc(hostingLocations.position), asc(hostingLocations.city));

export async function hostingCycles(db: Db): Promise<BillingCycleTerms[]> {
  const rows = await db.select().from(billingCycles).where(eq(billingCycles.orderType, SHARED_HOSTING)).orderBy(asc(billingCycles.position));
  return rows.map((b) => ({ name: b.name, months: b.months, discountPercentage: b.discountPercentage }));
}

export type CouponRow = typeof coupons.$inferSelect;

/** A coupon usable on a shared hosting order today: active, not expired, redemptions left, for this order type. */
export async function usableHostingCoupon(db: Db, code: string, now: Date): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(
      and(
        sql`upper(${coupons.code}) = ${code.toUpperCase()}`,
        eq(coupons.isActive, true),
        or(isNull(coupons.dateExpires), gt(coupons.dateExpires, now)),
        or(isNull(coupons.maxRedemptions), sql`${coupons.redemptions} < ${coupons.maxRedemptions}`),
      ),
    );
  if (!row || (row.orderTypes.length > 0 && !row.orderTypes.includes(SHARED_HOSTING))) return null;
  if (row.discountType === 'FIXED_AMOUNT' ? row.amountCents === null : row.percentageValue === null) return null;
  return row;
}

export function couponTermsOf(row: CouponRow): CouponTerms {
  return row.discountType === 'FIXED_AMOUNT'
    ? { code: row.code, discountType: 'FIXED_AMOUNT', amountCents: row.amountCents!, currency: row.currency === 'EUR' ? 'EUR' : 'USD' }
    : { code: row.code, discountType: 'PERCENTAGE', percentageValue: row.percentageValue! };
}

function couponAnswer(row: CouponRow): CouponTermsAnswer {
  const terms = couponTermsOf(row);
  return terms.discountType === 'FIXED_AMOUNT'
    ? { code: row.code, name: row.name, discount_type: 'FIXED_AMOUNT', amount: terms.amountCents, currency: terms.currency }
    : { code: row.code, name: row.name, discount_type: 'PERCENTAGE', percentage_value: terms.percentageValue };
}

export const hostingPlanOperations = [
  implement(listHostingPlansOp, async (c) => {
    const { db } = c.var.deps;
    const [plans, currency] = await Promise.all([availablePlans(db), companyCurrency(db, c.var.company.guid)]);
    const data = plans.map((p) => planAnswer(p, currency));
    return { data: { data, page: 1, per_page: Math.max(data.length, 1), total: data.length } };
  }),

  implement(listHostingLocationsOp, async (c) => {
    const rows = await activeLocations(c.var.deps.db);
    return { data: rows.map((l) => ({ guid: l.guid, city: l.city, country_name: l.countryName, country: l.country })) };
  }),

  implement(sharedHostingOptionsOp, async (c, { query }) => {
    const { db, now } = c.var.deps;
    const [cycles, currency, rate] = await Promise.all([hostingCycles(db), companyCurrency(db, c.var.company.guid), storedEurPerUsd(db)]);
    let coupon: CouponTermsAnswer | null = null;
    if (query.coupon) {
      const row = await usableHostingCoupon(db, query.coupon, now());
      if (!row) throw badRequest({ coupon: BAD_COUPON });
      coupon = couponAnswer(row);
    }
    return {
      data: cycles.map((b) => ({
        name: b.name,
        value: b.months,
        discount: b.discountPercentage ? { discount_type: 'PERCENTAGE' as const, percentage_value: b.discountPercentage } : null,
      })),
      defaults: { billing_cycle: DEFAULT_HOSTING_CYCLE },
      currency,
      tax_rate: HOSTING_TAX_RATE,
      eur_per_usd: rate,
      coupon,
    };
  }),
];
