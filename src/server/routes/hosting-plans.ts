import { listHostingLocationsOp, listHostingPlansOp, sharedHostingOptionsOp } from '../../lib/api/hosting';
import { PROVIDER_TAX_RATE } from '../../lib/billing';
import { DEFAULT_HOSTING_CYCLE } from '../../lib/schemas/hosting-orders';
import { companyCurrency, couponOption } from '../billing/coupons';
import { storedEurPerUsd } from '../billing/issue-invoice';
import { cycleOption } from '../billing/order-cycles';
import { implement } from '../http/operation';
import { activeLocations, availablePlans, hostingCycles, planAnswer, SHARED_HOSTING } from '../services/hosting-plans';

/** What a shared hosting order offers (spec part 3, 7 "Hosting and plans"): plans, locations and billing cycles. */
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
    const coupon = await couponOption(db, SHARED_HOSTING, query.coupon, now());
    return {
      data: cycles.map(cycleOption),
      defaults: { billing_cycle: DEFAULT_HOSTING_CYCLE },
      currency,
      tax_rate: PROVIDER_TAX_RATE,
      eur_per_usd: rate,
      coupon,
    };
  }),
];
