/**
 * The one place orders are priced (issue 10: the order wizard's summary, the invoice the server
 * writes and the CLI's order all call these functions, so they cannot differ). Every amount is
 * integer cents of the invoice's currency; the answer carries the invoice's own fields (spec
 * part 3, 3 "Invoice": items [description, period_start, period_end, quantity, rate,
 * sub_total], sub_total, coupon_code {name, value}, discount_amount, tax_rate, initial_amount,
 * initial_tax, total_amount).
 *
 * Totals, as the invoices table states them: sub_total (sum of the lines) - discount_amount =
 * initial_amount; initial_tax = tax_rate % of initial_amount; total_amount = initial_amount +
 * initial_tax. Each of discount and tax is rounded once, half away from zero (money.ts).
 */
import { addUtcMonths } from './calendar';
import { formatMoney, percentOf, usdToEur, type Currency } from './money';
import { prorateChange, type SlotUpgradeDue } from './proration';

export interface InvoiceLine {
  description: string;
  period_start: Date | null;
  period_end: Date | null;
  quantity: number;
  /** Cents per unit for the whole period. */
  rate: number;
  /** quantity x rate. */
  sub_total: number;
}

/** Where the discount came from: a coupon, the billing cycle's default 'N% off', or none. */
export type DiscountSource = 'COUPON' | 'BILLING_CYCLE' | null;

export interface PricedInvoice {
  currency: Currency;
  items: InvoiceLine[];
  sub_total: number;
  /** The coupon as the invoice shows it: its code and its value ('10%', '$5.00'). */
  coupon_code: { name: string; value: string } | null;
  discount_source: DiscountSource;
  discount_amount: number;
  /** Percent, 2 decimals at most (21, 7.25). */
  tax_rate: number;
  initial_amount: number;
  initial_tax: number;
  total_amount: number;
}

/** A billing cycle as the billing_cycles table holds it (spec part 3, 3 "Billing cycle"). */
export interface BillingCycleTerms {
  name: string;
  months: number;
  /** The default discount shown as 'N% off'; null for none. */
  discountPercentage: number | null;
}

/** A coupon as the coupons table holds it; a FIXED_AMOUNT one carries its own currency. */
export type CouponTerms =
  | { code: string; discountType: 'PERCENTAGE'; percentageValue: number }
  | { code: string; discountType: 'FIXED_AMOUNT'; amountCents: number; currency: Currency };

/** Tax and currency context of one invoice. */
export interface InvoiceContext {
  currency: Currency;
  /** Percent charged on the discounted amount; the reference provider charges 0. */
  taxRate?: number;
  /** EUR per 1 USD, the stored rate; needed only when a USD amount must become EUR. */
  eurPerUsd?: number;
}

function line(description: string, quantity: number, rate: number, period: { start: Date; end: Date } | null): InvoiceLine {
  return {
    description,
    period_start: period?.start ?? null,
    period_end: period?.end ?? null,
    quantity,
    rate,
    sub_total: quantity * rate,
  };
}

/**
 * An amount held in USD or EUR in the invoice's currency. Only USD -> EUR has a stored rate
 * (EUR prices are converted from a USD base), so an EUR amount cannot go on a USD invoice.
 */
function inCurrency(cents: number, from: Currency, context: InvoiceContext, what: string): number {
  if (from === context.currency) return cents;
  if (from === 'EUR') throw new RangeError(`${what} in EUR cannot be priced in ${context.currency}: amounts are held in USD and converted to EUR`);
  if (context.eurPerUsd === undefined) throw new RangeError(`${what} in USD needs the EUR rate to be priced in EUR`);
  return usdToEur(cents, context.eurPerUsd);
}

/**
 * The discount of an order. Spec part 3, 9: "With a coupon on ANNUALLY, the coupon overrides the
 * default discount"; 5 hides the cycle's discount tags as soon as a coupon is entered, so a
 * coupon replaces the cycle's default discount on every cycle: the two never add up, even when
 * the cycle's discount is the larger. A fixed amount never takes more than the sub-total.
 */
function discountOf(
  subTotal: number,
  cycle: BillingCycleTerms | null,
  coupon: CouponTerms | null,
  context: InvoiceContext,
): Pick<PricedInvoice, 'coupon_code' | 'discount_source' | 'discount_amount'> {
  if (coupon?.discountType === 'PERCENTAGE') {
    return {
      coupon_code: { name: coupon.code, value: `${coupon.percentageValue}%` },
      discount_source: 'COUPON',
      discount_amount: percentOf(subTotal, coupon.percentageValue),
    };
  }
  if (coupon?.discountType === 'FIXED_AMOUNT') {
    const amount = inCurrency(coupon.amountCents, coupon.currency, context, 'A fixed coupon');
    return {
      coupon_code: { name: coupon.code, value: formatMoney(coupon.amountCents, coupon.currency) },
      discount_source: 'COUPON',
      discount_amount: Math.min(amount, subTotal),
    };
  }
  const percent = cycle?.discountPercentage ?? 0;
  return {
    coupon_code: null,
    discount_source: percent > 0 ? 'BILLING_CYCLE' : null,
    discount_amount: percent > 0 ? percentOf(subTotal, percent) : 0,
  };
}

/** Lines -> the invoice's totals, with the discount of the cycle or the coupon and the tax. */
export function invoiceOf(items: InvoiceLine[], context: InvoiceContext, cycle: BillingCycleTerms | null = null, coupon: CouponTerms | null = null): PricedInvoice {
  const subTotal = items.reduce((sum, item) => sum + item.sub_total, 0);
  const discount = discountOf(subTotal, cycle, coupon, context);
  const taxRate = context.taxRate ?? 0;
  const initialAmount = subTotal - discount.discount_amount;
  const initialTax = percentOf(initialAmount, taxRate);
  return {
    currency: context.currency,
    items,
    sub_total: subTotal,
    ...discount,
    tax_rate: taxRate,
    initial_amount: initialAmount,
    initial_tax: initialTax,
    total_amount: initialAmount + initialTax,
  };
}

// ---------------------------------------------------------------------------------------------
// IP address orders (spec part 3, 2.3 and 9)

export type IpAddressType = 'DEDICATED' | 'SHARED';

/** One location of the wizard's page 2 with its marketplace prices in the invoice's currency. */
export interface IpOrderLocation {
  city: string;
  country: string;
  /** Addresses ordered here; 0 removes the location (spec part 3, 5). */
  count: number;
  /** Website slots per address, 1 or more; the first comes with the address. */
  slots: number;
  /** Monthly price of one address (marketplace_prices.price_cents). */
  priceCents: number;
  /** Monthly price of one extra website slot (marketplace_prices.site_price_cents). */
  sitePriceCents: number;
}

export interface IpOrder {
  ipAddressType: IpAddressType;
  locations: IpOrderLocation[];
  cycle: BillingCycleTerms;
  coupon?: CouponTerms | null;
  /** When given, the lines carry the period periodStart .. periodStart + the cycle's months. */
  periodStart?: Date;
}

export interface PricedIpOrder extends PricedInvoice {
  /** Per location given (in its order, 0-count ones left out): the monthly total of spec 9. */
  locations: { city: string; country: string; monthly_total: number }[];
  /** The sum of the locations' monthly totals, before any discount. */
  monthly_total: number;
}

/** Spec part 3, 9: "Monthly total per location = count x price + (slots - 1) x site price x count." */
export function ipLocationMonthlyTotal(location: Pick<IpOrderLocation, 'count' | 'slots' | 'priceCents' | 'sitePriceCents'>): number {
  return location.count * location.priceCents + (location.slots - 1) * location.sitePriceCents * location.count;
}

function checkLocation(location: IpOrderLocation): void {
  if (!Number.isInteger(location.count) || location.count < 0) throw new RangeError(`An address count is a whole number from 0: ${location.count}`);
  if (!Number.isInteger(location.slots) || location.slots < 1) throw new RangeError(`Website slots are a whole number from 1: ${location.slots}`);
}

/**
 * An IP address order priced for one billing cycle. Per location two lines, the shape the
 * renewal invoices have: the addresses (quantity count, rate price x months) and, with more
 * than one slot, the extra slots (quantity (slots - 1) x count, rate site price x months).
 * Their sum is the monthly total of spec 9 times the cycle's months.
 */
export function priceIpOrder(order: IpOrder, context: InvoiceContext): PricedIpOrder {
  const months = order.cycle.months;
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`A billing cycle lasts whole months: ${months}`);
  const period = order.periodStart ? { start: order.periodStart, end: addUtcMonths(order.periodStart, months) } : null;
  const kind = order.ipAddressType === 'SHARED' ? 'Shared' : 'Dedicated';
  const items: InvoiceLine[] = [];
  const locations: PricedIpOrder['locations'] = [];
  for (const location of order.locations) {
    checkLocation(location);
    if (location.count === 0) continue;
    const place = `${location.city}, ${location.country}`;
    items.push(line(`${kind} IP address hosting, ${place}`, location.count, location.priceCents * months, period));
    const extraSlots = (location.slots - 1) * location.count;
    if (extraSlots > 0) items.push(line(`Additional website slots, ${place}`, extraSlots, location.sitePriceCents * months, period));
    locations.push({ city: location.city, country: location.country, monthly_total: ipLocationMonthlyTotal(location) });
  }
  return {
    ...invoiceOf(items, context, order.cycle, order.coupon ?? null),
    locations,
    monthly_total: locations.reduce((sum, l) => sum + l.monthly_total, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Website setup orders (spec part 3, 2.12 and 9 "Website-setup order pricing")

/** The prices of spec part 3, 9, in USD cents. */
export const WEBSITE_SETUP_PRICES = {
  website: 25_000,
  /** Per additional 15 articles per website. */
  extraContentPer15: 15_000,
  premiumTheme: 7_500,
  /** Flat, for WEBSITE_SETUP_MONTHS. */
  managedHosting: 50_000,
} as const;

/** The reference provider charges no VAT (docs/decisions.md "Pricing and money"): every order's tax rate. */
export const PROVIDER_TAX_RATE = 0;

/** The order is annual (spec part 3, 9): each website's IP address and hosting, and the managed hosting, run this long. */
export const WEBSITE_SETUP_MONTHS = 12;

export const ARTICLE_COUNTS = [15, 30, 50, 75, 100] as const;
export const WEBSITE_COUNT = { min: 1, max: 100 } as const;
/** "white glove needs at least 10 websites". */
export const WHITE_GLOVE_MIN_WEBSITES = 10;

export interface WebsiteSetupOrder {
  websiteCount: number;
  /** Articles per website: one of ARTICLE_COUNTS. */
  contentCount: number;
  premiumTheme: boolean;
  managedHosting: boolean;
  whiteGloveDomainPicking: boolean;
}

/**
 * Extra content per website in USD cents: $150 x (count - 15) / 15, exact in cents for every
 * offered count (1000 cents per article above 15): 30 -> $150, 50 -> $350, 75 -> $600, 100 -> $850.
 */
export function extraContentPerWebsiteUsd(contentCount: number): number {
  return (WEBSITE_SETUP_PRICES.extraContentPer15 * (contentCount - 15)) / 15;
}

function checkWebsiteSetup(order: WebsiteSetupOrder): void {
  const { websiteCount, contentCount } = order;
  if (!Number.isInteger(websiteCount) || websiteCount < WEBSITE_COUNT.min || websiteCount > WEBSITE_COUNT.max) {
    throw new RangeError('Please enter a valid website count between 1 and 100!');
  }
  if (!(ARTICLE_COUNTS as readonly number[]).includes(contentCount)) throw new RangeError(`Articles per website are one of ${ARTICLE_COUNTS.join(', ')}`);
  if (order.whiteGloveDomainPicking && websiteCount < WHITE_GLOVE_MIN_WEBSITES) {
    throw new RangeError(`White-glove domain picking needs at least ${WHITE_GLOVE_MIN_WEBSITES} websites`);
  }
}

/**
 * The done-for-you website order (spec part 3, 9): websites x $250, extra content x websites,
 * premium theme x websites, managed hosting $500 flat for 12 months. White-glove domain picking
 * has no price in the spec: it shows as a free line. Prices are USD; an EUR invoice converts
 * each unit rate once. No coupon or cycle discount: the order's call takes none.
 */
export function priceWebsiteSetup(order: WebsiteSetupOrder, context: InvoiceContext): PricedInvoice {
  checkWebsiteSetup(order);
  const rate = (usdCents: number) => inCurrency(usdCents, 'USD', context, 'A website setup');
  const n = order.websiteCount;
  const items = [line('Website setup', n, rate(WEBSITE_SETUP_PRICES.website), null)];
  if (order.contentCount > 15) {
    items.push(line(`Extra content: ${order.contentCount} articles per website`, n, rate(extraContentPerWebsiteUsd(order.contentCount)), null));
  }
  if (order.premiumTheme) items.push(line('Premium theme', n, rate(WEBSITE_SETUP_PRICES.premiumTheme), null));
  if (order.managedHosting) items.push(line(`Managed hosting, ${WEBSITE_SETUP_MONTHS} months`, 1, rate(WEBSITE_SETUP_PRICES.managedHosting), null));
  if (order.whiteGloveDomainPicking) items.push(line('White-glove domain picking', 1, 0, null));
  return invoiceOf(items, context);
}

// ---------------------------------------------------------------------------------------------
// Shared hosting (spec part 3, 2.8, 4 "Plan change wizard", 9 "Hosting")

/** A hosting plan's monthly price in the invoice's currency (the plan's own USD or EUR row). */
export interface HostingPlanPrice {
  name: string;
  monthlyCents: number;
}

export interface SharedHostingOrder {
  accountName: string;
  plan: HostingPlanPrice;
  cycle: BillingCycleTerms;
  coupon?: CouponTerms | null;
  /** When given, the line carries the period periodStart .. periodStart + the cycle's months. */
  periodStart?: Date;
}

export interface PricedSharedHostingOrder extends PricedInvoice {
  /** The plan's monthly price, before any discount. */
  monthly_total: number;
}

/**
 * A shared hosting order for one billing cycle: one line, the plan's monthly price x the cycle's
 * months, with the cycle's 'N% off' or the coupon that replaces it (spec part 3, 5 and 9). The
 * order dialog's total, the server's NEW_ORDER invoice and the CLI call it.
 */
export function priceSharedHostingOrder(order: SharedHostingOrder, context: InvoiceContext): PricedSharedHostingOrder {
  const months = order.cycle.months;
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`A billing cycle lasts whole months: ${months}`);
  if (!Number.isSafeInteger(order.plan.monthlyCents) || order.plan.monthlyCents < 0) throw new RangeError(`A plan price is cents from 0: ${order.plan.monthlyCents}`);
  const period = order.periodStart ? { start: order.periodStart, end: addUtcMonths(order.periodStart, months) } : null;
  const items = [line(`Shared hosting, ${order.plan.name} plan: ${order.accountName}`, 1, order.plan.monthlyCents * months, period)];
  return { ...invoiceOf(items, context, order.cycle, order.coupon ?? null), monthly_total: order.plan.monthlyCents };
}

export interface PlanChange {
  accountName: string;
  today: Date;
  /** The order's renewal date: the end of the period already paid for. */
  renewal: Date;
  current: HostingPlanPrice;
  next: HostingPlanPrice;
}

export interface PricedPlanChange extends PricedInvoice {
  /** How the 'Due today' was reached (prorateChange). */
  proration: SlotUpgradeDue;
}

/**
 * A plan change made now (spec part 3, 4: "a prorated charge is shown as 'Due today', an invoice
 * is created"): the monthly difference prorated to the renewal date by prorateChange, the same
 * rule as website slots. No cycle discount or coupon: like a slot upgrade, it is priced at list
 * prices. A change to a plan that costs no more charges nothing (its invoice would be empty).
 */
export function pricePlanChange(change: PlanChange, context: InvoiceContext): PricedPlanChange {
  const proration = prorateChange({ today: change.today, renewal: change.renewal, monthlyIncreaseCents: change.next.monthlyCents - change.current.monthlyCents });
  // biome-ignore lint/complexity/useMathMinMax: these are Dates, and Math.max would give a number.
  const period = { start: change.today, end: change.renewal > change.today ? change.renewal : change.today };
  const items = proration.due_today > 0 ? [line(`Plan change, ${change.current.name} to ${change.next.name}: ${change.accountName}`, 1, proration.due_today, period)] : [];
  return { ...invoiceOf(items, context), proration };
}
