import { and, asc, eq } from 'drizzle-orm';
import { createIpOrderOp, ipMarketplaceOp, ipOrderOptionsOp, type MarketplaceEntry } from '../../lib/api/ip-orders';
import { PROVIDER_TAX_RATE, priceIpOrder, type BillingCycleTerms, type Currency, type IpOrderLocation } from '../../lib/billing';
import {
  BAD_COUPON,
  IP_ADDRESS_TYPES,
  IP_FILTERS,
  MAX_SLOTS,
  NOT_ENOUGH_STOCK,
  ORDER_DEFAULTS,
  ORDER_PLACED,
  UNKNOWN_CYCLE,
  UNKNOWN_LOCATION,
  orderedLines,
} from '../../lib/schemas/ip-orders';
import { lockCompany } from '../db/locks';
import type { Db } from '../db/connection';
import { marketplaceLocations, marketplacePrices, orders } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { implement } from '../http/operation';
import { companyCurrency, couponOption, couponTermsOf, redeemCoupon, usableCoupon } from '../billing/coupons';
import { issueInvoice, storedEurPerUsd } from '../billing/issue-invoice';
import { cycleOption, cyclesOf } from '../billing/order-cycles';
import { availableByLocation, reserveStock, type IpOrderData, type ReservedLocation } from '../billing/ip-stock';
import { ipGroupVisible } from '../services/ip-list';

const ORDER_TYPE = 'IP_ADDRESS_HOSTING';

const ipCycles = (db: Db) => cyclesOf(db, ORDER_TYPE);

/** Active locations with their prices for one type and currency, in the marketplace's order. */
async function offer(db: Db, ipType: string, currency: Currency) {
  return db
    .select({ location: marketplaceLocations, price: marketplacePrices.priceCents, sitePrice: marketplacePrices.sitePriceCents })
    .from(marketplaceLocations)
    .innerJoin(
      marketplacePrices,
      and(eq(marketplacePrices.locationGuid, marketplaceLocations.guid), eq(marketplacePrices.ipType, ipType), eq(marketplacePrices.currency, currency)),
    )
    .where(eq(marketplaceLocations.isActive, true))
    .orderBy(asc(marketplaceLocations.position), asc(marketplaceLocations.city));
}

/** The ordering calls of spec part 3, 7 "IP addresses" (2.3 the wizard; 9 "Ordering"). */
export const billingIpOrderOperations = [
  implement(ipMarketplaceOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const company = c.var.company;
    const currency = query.currency ?? (await companyCurrency(db, company.guid));
    const filter = { companyGuid: company.guid, ipType: query.ip_type, filter: query.ip_filter, excludedGroups: query.exclude };
    const [rows, available] = await Promise.all([offer(db, query.ip_type, currency), availableByLocation(db, filter)]);
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
    const coupon = await couponOption(db, ORDER_TYPE, query.coupon, now());
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

  implement(createIpOrderOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    if (!(await ipGroupVisible(db, company, body.group))) throw notFound('IP address group not found.');
    const today = now();
    const [cycles, currency, rate] = await Promise.all([ipCycles(db), companyCurrency(db, company.guid), storedEurPerUsd(db)]);
    const cycle = cycles.find((b) => b.name === body.billing_cycle);
    if (!cycle) throw badRequest({ billing_cycle: UNKNOWN_CYCLE });
    const couponRow = body.coupon ? await usableCoupon(db, ORDER_TYPE, body.coupon, today) : null;
    if (body.coupon && !couponRow) throw badRequest({ coupon: BAD_COUPON });

    const lines = orderedLines(body.locations);
    const rows = await offer(db, body.ip_address_type, currency);
    const byHash = new Map(rows.map((r) => [r.location.hash, r]));
    const unknown = body.locations.findIndex((l) => !byHash.has(l.location));
    if (unknown >= 0) throw badRequest({ [`locations.${unknown}.location`]: UNKNOWN_LOCATION });

    const pricedLocations: IpOrderLocation[] = lines.map((l) => {
      const r = byHash.get(l.location)!;
      return { city: r.location.city, country: r.location.countryName, count: l.ip_address_count, slots: l.additional_site_count + 1, priceCents: r.price, sitePriceCents: r.sitePrice };
    });
    const cycleTerms: BillingCycleTerms = { name: cycle.name, months: cycle.months, discountPercentage: cycle.discountPercentage };
    const priced = priceIpOrder(
      { ipAddressType: body.ip_address_type, locations: pricedLocations, cycle: cycleTerms, coupon: couponRow ? couponTermsOf(couponRow) : null, periodStart: today },
      { currency, taxRate: PROVIDER_TAX_RATE, ...(rate !== null ? { eurPerUsd: rate } : {}) },
    );

    const created = await db.transaction(async (tx) => {
      // The company's row, then the stock (src/server/db/locks.ts): the order a payment takes them in.
      await lockCompany(tx, company.guid);
      const stock = await reserveStock(
        tx,
        { companyGuid: company.guid, ipType: body.ip_address_type, filter: body.ip_address_filter, excludedGroups: body.excluded_groups },
        lines.map((l) => ({ locationGuid: byHash.get(l.location)!.location.guid, count: l.ip_address_count })),
      );
      if (!stock.ok) {
        const index = body.locations.findIndex((l) => byHash.get(l.location)!.location.guid === stock.locationGuid);
        const city = byHash.get(body.locations[index]!.location)!.location.city;
        throw problem(409, NOT_ENOUGH_STOCK(stock.available, city), { code: 'out_of_stock', fields: { [`locations.${index}.ip_address_count`]: NOT_ENOUGH_STOCK(stock.available, city) } });
      }
      const reserved: ReservedLocation[] = lines.map((l) => {
        const r = byHash.get(l.location)!;
        return {
          location: r.location.hash,
          locationGuid: r.location.guid,
          city: r.location.city,
          country: r.location.countryName,
          countryCode: r.location.countryCode,
          slots: l.additional_site_count + 1,
          priceCents: r.price,
          sitePriceCents: r.sitePrice,
          inventory: stock.taken.get(r.location.guid) ?? [],
        };
      });
      const data: IpOrderData = { reserved };
      const [order] = await tx
        .insert(orders)
        .values({
          companyGuid: company.guid,
          orderType: ORDER_TYPE,
          status: 'PENDING',
          billingCycle: cycle.name,
          billingCycleMonths: cycle.months,
          monthlyCostCents: priced.monthly_total,
          currency,
          couponGuid: couponRow?.guid ?? null,
          couponCode: couponRow?.code ?? null,
          ipGroupGuid: body.group,
          preferences: {
            ip_address_type: body.ip_address_type,
            ip_address_class_filter: body.ip_address_filter,
            excluded_groups: body.excluded_groups,
            locations: lines.map((l) => ({ location: l.location, ip_address_count: l.ip_address_count, additional_site_count: l.additional_site_count })),
          },
          data: data as unknown as Record<string, unknown>,
          createdBy: c.var.viewer.userGuid,
          dateCreated: today,
        })
        .returning({ id: orders.id });
      const invoice = await issueInvoice(tx, {
        companyGuid: company.guid,
        orderId: order!.id,
        priced,
        purpose: 'NEW_ORDER',
        onPaid: { action: 'ACTIVATE_IP_ORDER', order_id: order!.id },
        person: c.var.viewer,
        issued: today,
      });
      if (couponRow) await redeemCoupon(tx, couponRow.guid);
      // Kept with the order under an Idempotency-Key: a retry after a crash answers this order.
      return answerWithWork(c, tx, { message: ORDER_PLACED, invoice_id: invoice, order_id: order!.id });
    });
    return created;
  }),
];
