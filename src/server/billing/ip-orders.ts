import { and, asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ParsedInput } from '../../lib/api/define';
import type { createIpOrderOp } from '../../lib/api/ip-orders';
import { priceIpOrder, type Currency, type IpOrderLocation } from '../../lib/billing';
import { NOT_ENOUGH_STOCK, UNKNOWN_CYCLE, UNKNOWN_LOCATION, orderedLines } from '../../lib/schemas/ip-orders';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { lockCompany } from '../db/locks';
import { marketplaceLocations, marketplacePrices } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { answerWithWork } from '../http/idempotency';
import { ipGroupVisible } from '../services/ip-list';
import { couponTermsOf, orderCoupon } from './coupons';
import { reserveStock, type IpOrderData, type ReservedLocation } from './ip-stock';
import { insertPendingOrder, invoiceNewOrder, newOrderTerms, type NewOrder, type OrderPlaced } from './new-order';
import { cyclesOf } from './order-cycles';

/** IP address orders (spec part 3, 2.3 the wizard; 7 "IP addresses"; 9 "Ordering"). */

export const IP_ORDER_TYPE = 'IP_ADDRESS_HOSTING';

export const ipCycles = (db: Db) => cyclesOf(db, IP_ORDER_TYPE);

/** Active locations with their prices for one type and currency, in the marketplace's order. */
export async function ipOffer(db: Db, ipType: string, currency: Currency) {
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

type IpOrder = ParsedInput<typeof createIpOrderOp>['body'];

/**
 * Places an IP order: checked, priced, its stock reserved, the order and its invoice written, in
 * one transaction under the company's row (src/server/db/locks.ts), then the stock: the order a
 * payment takes them in. `answer` makes the call's answer, kept with the order under an
 * Idempotency-Key: a retry after a crash answers this order.
 */
export async function placeIpOrder<T>(c: Context<AppEnv>, body: IpOrder, answer: (placed: OrderPlaced) => T): Promise<T> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  const today = now();
  return db.transaction(async (tx) => {
    await lockCompany(tx, company.guid);
    if (!(await ipGroupVisible(tx, company, body.group))) throw notFound('IP address group not found.');
    const cycle = (await ipCycles(tx)).find((b) => b.name === body.billing_cycle);
    if (!cycle) throw badRequest({ billing_cycle: UNKNOWN_CYCLE });
    const terms = await newOrderTerms(tx, company.guid);
    const coupon = await orderCoupon(tx, IP_ORDER_TYPE, body.coupon, today);

    const lines = orderedLines(body.locations);
    const byHash = new Map((await ipOffer(tx, body.ip_address_type, terms.currency)).map((r) => [r.location.hash, r]));
    const unknown = body.locations.findIndex((l) => !byHash.has(l.location));
    if (unknown >= 0) throw badRequest({ [`locations.${unknown}.location`]: UNKNOWN_LOCATION });
    const offerOf = (hash: string) => byHash.get(hash)!;

    const pricedLocations: IpOrderLocation[] = lines.map((l) => {
      const r = offerOf(l.location);
      return {
        city: r.location.city,
        country: r.location.countryName,
        count: l.ip_address_count,
        slots: l.additional_site_count + 1,
        priceCents: r.price,
        sitePriceCents: r.sitePrice,
      };
    });
    const cycleTerms = { name: cycle.name, months: cycle.months, discountPercentage: cycle.discountPercentage };
    const priced = priceIpOrder(
      { ipAddressType: body.ip_address_type, locations: pricedLocations, cycle: cycleTerms, coupon: coupon ? couponTermsOf(coupon) : null, periodStart: today },
      terms,
    );

    const stock = await reserveStock(
      tx,
      { companyGuid: company.guid, ipType: body.ip_address_type, filter: body.ip_address_filter, excludedGroups: body.excluded_groups },
      lines.map((l) => ({ locationGuid: offerOf(l.location).location.guid, count: l.ip_address_count })),
    );
    if (!stock.ok) {
      const index = body.locations.findIndex((l) => offerOf(l.location).location.guid === stock.locationGuid);
      const refusal = NOT_ENOUGH_STOCK(stock.available, offerOf(body.locations[index]!.location).location.city);
      throw problem(409, refusal, { code: 'out_of_stock', fields: { [`locations.${index}.ip_address_count`]: refusal } });
    }
    const reserved: ReservedLocation[] = lines.map((l) => {
      const r = offerOf(l.location);
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
    const order: NewOrder = {
      companyGuid: company.guid,
      orderType: IP_ORDER_TYPE,
      cycle,
      monthlyCostCents: priced.monthly_total,
      terms,
      coupon,
      person: c.var.viewer,
      created: today,
    };
    const orderId = await insertPendingOrder(tx, order, {
      ipGroupGuid: body.group,
      preferences: {
        ip_address_type: body.ip_address_type,
        ip_address_class_filter: body.ip_address_filter,
        excluded_groups: body.excluded_groups,
        locations: lines.map((l) => ({ location: l.location, ip_address_count: l.ip_address_count, additional_site_count: l.additional_site_count })),
      },
      data: { reserved } satisfies IpOrderData,
    });
    const invoiceId = await invoiceNewOrder(tx, order, orderId, priced, { action: 'ACTIVATE_IP_ORDER', order_id: orderId });
    return answerWithWork(c, tx, answer({ orderId, invoiceId }));
  });
}
