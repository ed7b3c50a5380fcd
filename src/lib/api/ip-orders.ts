import { z } from 'zod';
import { ipOrderRoutes } from '../requests/ip-orders';
import { ipOrderSchema, marketplaceQuery, orderOptionsQuery } from '../schemas/ip-orders';
import { defineOperation, pageOf } from './define';

/**
 * Ordering IP addresses (spec part 3, 2.3, 3 "Marketplace entry", "Billing cycle" and 7 "IP
 * addresses"): the marketplace's availability, the order's options and the order itself, which
 * writes a PENDING order and its UNPAID invoice priced by priceIpOrder (src/lib/billing).
 */
const area = 'ip';
const cents = z.number().int();
const scopes = ['can_add_ip_addresses'] as const;

export const marketplaceLocation = z
  .object({
    /** The stable id an order names the location by (its `location`). */
    hash: z.string(),
    id: z.guid(),
    city: z.string(),
    country: z.string(),
    country_code: z.string(),
    /** Same as `hash`: what `locations[].location` of an order takes. */
    location: z.string(),
    /** Addresses that can be ordered here with the query's type, filter and excluded groups. */
    ip_address_count: z.number().int(),
    /** Monthly price of one address, cents of `currency`. */
    price: cents,
    /** Monthly price of one extra website slot. */
    site_price: cents,
    currency: z.enum(['USD', 'EUR']),
  })
  .meta({ id: 'MarketplaceLocation' });
export type MarketplaceLocation = z.infer<typeof marketplaceLocation>;

export const marketplaceEntry = z.object({ country_code: z.string(), country_name: z.string(), locations: z.array(marketplaceLocation) }).meta({ id: 'MarketplaceEntry' });
export type MarketplaceEntry = z.infer<typeof marketplaceEntry>;

/** Every location on offer by country, each with its available count (0 when sold out for the filter). */
export const ipMarketplaceOp = defineOperation({
  ...ipOrderRoutes.marketplace,
  area,
  summary: 'Addresses on offer by country and city, counted for a type, a subnet filter and excluded groups',
  query: marketplaceQuery,
  answer: pageOf(marketplaceEntry),
  scopes,
});

export const billingCycleOption = z
  .object({
    name: z.string(),
    /** Months. */
    value: z.number().int(),
    discount: z.object({ discount_type: z.literal('PERCENTAGE'), percentage_value: z.number() }).nullable(),
  })
  .meta({ id: 'BillingCycle' });
export type BillingCycleOption = z.infer<typeof billingCycleOption>;

export const couponTerms = z
  .discriminatedUnion('discount_type', [
    z.object({ code: z.string(), name: z.string(), discount_type: z.literal('PERCENTAGE'), percentage_value: z.number() }),
    z.object({ code: z.string(), name: z.string(), discount_type: z.literal('FIXED_AMOUNT'), amount: cents, currency: z.enum(['USD', 'EUR']) }),
  ])
  .meta({ id: 'CouponTerms' });
export type CouponTermsAnswer = z.infer<typeof couponTerms>;

export const ipOrderOptions = z
  .object({
    billing_cycles: z.array(billingCycleOption),
    ip_address_types: z.array(z.enum(['DEDICATED', 'SHARED'])),
    ip_address_filters: z.array(z.enum(['NONE', 'C', 'B', 'A'])),
    defaults: z.object({ ip_address_type: z.string(), ip_address_filter: z.string(), billing_cycle: z.string() }),
    max_website_slots: z.object({ DEDICATED: z.number().int(), SHARED: z.number().int() }),
    /** The company's currency: the invoice's. */
    currency: z.enum(['USD', 'EUR']),
    /** Percent charged on the discounted amount (the reference provider charges 0). */
    tax_rate: z.number(),
    /** EUR per 1 USD as stored today, for a USD fixed-amount coupon on an EUR invoice. */
    eur_per_usd: z.number().nullable(),
    /** The query's coupon, when one was given and is valid. */
    coupon: couponTerms.nullable(),
  })
  .meta({ id: 'IpOrderOptions' });
export type IpOrderOptions = z.infer<typeof ipOrderOptions>;

/** Billing cycles with their discounts and the order's choices; `coupon` checks a code (400 when not valid). */
export const ipOrderOptionsOp = defineOperation({
  ...ipOrderRoutes.options,
  area,
  summary: 'Billing cycles (with their discounts) and options of an IP address order; checks a coupon',
  query: orderOptionsQuery,
  answer: ipOrderOptions,
  scopes,
});

export const ipOrderCreated = z.object({ message: z.string(), invoice_id: z.number().int(), order_id: z.number().int() }).meta({ id: 'IpOrderCreated' });

/**
 * Places an order: a PENDING order and its UNPAID invoice, the stock it takes reserved so no
 * other order can take the same addresses; they enter the group when the invoice is paid.
 */
export const createIpOrderOp = defineOperation({
  ...ipOrderRoutes.create,
  area,
  summary: 'Orders IP addresses: a PENDING order and its UNPAID invoice (answers invoice_id)',
  body: ipOrderSchema,
  answer: ipOrderCreated,
  status: 201,
  scopes,
  // A double click or a retried request makes one order (spec: issue 10).
  idempotent: true,
});
