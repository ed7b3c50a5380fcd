import { createIpOrderOp, ipMarketplaceOp, ipOrderOptionsOp, type MarketplaceEntry } from '../../lib/api/ip-orders';
import { PROVIDER_TAX_RATE } from '../../lib/billing';
import { IP_ADDRESS_TYPES, IP_FILTERS, MAX_SLOTS, ORDER_DEFAULTS, ORDER_PLACED } from '../../lib/schemas/ip-orders';
import { implement } from '../http/operation';
import { companyCurrency, couponOption } from '../billing/coupons';
import { storedEurPerUsd } from '../billing/issue-invoice';
import { cycleOption } from '../billing/order-cycles';
import { availableByLocation } from '../billing/ip-stock';
import { IP_ORDER_TYPE, ipCycles, ipOffer, placeIpOrder } from '../billing/ip-orders';

/** The ordering calls of spec part 3, 7 "IP addresses" (2.3 the wizard; 9 "Ordering"). */
export const billingIpOrderOperations = [
  implement(ipMarketplaceOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const company = c.var.company;
    const currency = query.currency ?? (await companyCurrency(db, company.guid));
    const filter = { companyGuid: company.guid, ipType: query.ip_type, filter: query.ip_filter, excludedGroups: query.exclude };
    const [rows, available] = await Promise.all([ipOffer(db, query.ip_type, currency), availableByLocation(db, filter)]);
    const byCountry = new Map<string, MarketplaceEntry>();
    for (const { location: l, price, sitePrice } of rows) {
      const entry = byCountry.get(l.countryCode) ?? { country_code: l.countryCode, country_name: l.countryName, locations: [] };
      entry.locations.push({
        hash: l.hash,
        id: l.guid,
        city: l.city,
        country: l.countryName,
        country_code: l.countryCode,
        location: l.hash,
        ip_address_count: available.get(l.guid) ?? 0,
        price,
        site_price: sitePrice,
        currency,
      });
      byCountry.set(l.countryCode, entry);
    }
    const data = [...byCountry.values()];
    return { data, page: 1, per_page: Math.max(data.length, 1), total: data.length };
  }),

  implement(ipOrderOptionsOp, async (c, { query }) => {
    const { db, now } = c.var.deps;
    const [cycles, currency, rate] = await Promise.all([ipCycles(db), companyCurrency(db, c.var.company.guid), storedEurPerUsd(db)]);
    const coupon = await couponOption(db, IP_ORDER_TYPE, query.coupon, now());
    return {
      billing_cycles: cycles.map(cycleOption),
      ip_address_types: [...IP_ADDRESS_TYPES],
      ip_address_filters: [...IP_FILTERS],
      defaults: { ip_address_type: ORDER_DEFAULTS.ipAddressType, ip_address_filter: ORDER_DEFAULTS.ipAddressFilter, billing_cycle: ORDER_DEFAULTS.billingCycle },
      max_website_slots: { ...MAX_SLOTS } as { DEDICATED: number; SHARED: number },
      currency,
      tax_rate: PROVIDER_TAX_RATE,
      eur_per_usd: rate,
      coupon,
    };
  }),

  implement(createIpOrderOp, async (c, { body }) => placeIpOrder(c, body, ({ orderId, invoiceId }) => ({ message: ORDER_PLACED, invoice_id: invoiceId, order_id: orderId }))),
];
