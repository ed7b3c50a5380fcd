import { cancellationRequestIpAddresses, cancellationRequests, ipAddresses, ipGroups } from '../db/schema/index';
import type { Catalogue } from './catalogue';
import { addUtcMonths } from '../../lib/billing/calendar';
import { RENEWAL_LEAD_DAYS } from '../billing/billing-cycle';
import { insertChunked, type SeedContext } from './context';
import { billingPeriods, createInvoice, createOrder, renewalInvoiceOf, type BillTo, type ItemSpec } from './ledger';
import { PLACES, SHARED_CENTS, SLOT_CENTS, toEur, type Place } from './places';

export interface GroupSpec {
  name: string;
  /** Share of the company's addresses. */
  share: number;
  countries: readonly string[] | 'ALL';
  sharedShare: number;
  cycle: 'MONTHLY' | 'QUARTERLY' | 'ANNUALLY';
  daysAgo: number;
  /** Adds a renewal invoice for the coming period in this state; past periods are all PAID. */
  lastInvoice?: 'PAID' | 'UNPAID' | 'PARTIALLY_PAID';
  /** Share of addresses on their way out (pending cancellation, cancelled, replaced). */
  churn?: number;
}

export interface UsableIp {
  guid: string;
  ipAddress: string;
  groupGuid: string;
  type: string;
  allowed: number;
  used: number;
}

export interface SeededIps {
  groups: Map<string, string>;
  usable: UsableIp[];
  orderByGroup: Map<string, number>;
  /** Addresses picked for the cancellation requests, by request. */
  leaving: { pending: string[]; cancelled: string[] };
}

const CYCLE_MONTHS = { MONTHLY: 1, QUARTERLY: 3, ANNUALLY: 12 } as const;
const CYCLE_DISCOUNT = { MONTHLY: 0, QUARTERLY: 5, ANNUALLY: 15 } as const;

const DAY = 86_400_000;

const LEAVING = ['PENDING_CANCELLATION', 'PENDING_CANCELLATION', 'CANCELLED', 'CANCELLED', 'REPLACED'] as const;

type Row = typeof ipAddresses.$inferInsert & { place: Place };

/** IP groups, their addresses, the order each group came from and that order's invoices. */
export async function seedIps(ctx: SeedContext, cat: Catalogue, bill: BillTo, total: number, specs: GroupSpec[]): Promise<SeededIps> {
  const { db, rng } = ctx;
  const eur = bill.currency === 'EUR';
  const money = (usd: number) => (eur ? toEur(usd) : usd);
  const groups = new Map<string, string>();
  const orderByGroup = new Map<string, number>();
  const usable: UsableIp[] = [];
  const leaving: SeededIps['leaving'] = { pending: [], cancelled: [] };

  for (const spec of specs) {
    const [group] = await db
      .insert(ipGroups)
      .values({ companyGuid: bill.companyGuid, name: spec.name, dateCreated: ctx.ago(spec.daysAgo) })
      .returning({ guid: ipGroups.guid });
    groups.set(spec.name, group!.guid);
    const count = Math.max(1, Math.round(total * spec.share));
    const places = spec.countries === 'ALL' ? PLACES : PLACES.filter((p) => spec.countries.includes(p.countryCode));
    const churned = spec.churn && count >= 10 ? Math.max(5, Math.round(count * spec.churn)) : 0;
    const rows: Row[] = Array.from({ length: count }, (_, i) => {
      const place = rng.pick(places);
      const shared = rng.chance(spec.sharedShare);
      const status = i < churned ? LEAVING[i % LEAVING.length]! : 'ACTIVE';
      return {
        place,
        companyGuid: bill.companyGuid,
        groupGuid: group!.guid,
        ipAddress: cat.addresses.take(place),
        ipAddressType: shared ? 'SHARED' : 'DEDICATED',
        status,
        httpVersion: !shared && rng.chance(0.35) ? 2 : 1,
        country: place.country,
        countryCode: place.countryCode,
        city: place.city,
        locationGuid: cat.locationByHash.get(place.hash) ?? null,
        domainsAllowed: shared
          ? 1
          : rng.weighted([
              [1, 45],
              [2, 15],
              [3, 15],
              [5, 15],
              [10, 10],
            ] as const),
        signatureGuid: shared ? cat.signatureGuids[0] : rng.pick(cat.signatureGuids),
        directAccess: !shared && rng.chance(0.1),
        ipCostCents: money(shared ? SHARED_CENTS : place.dedicatedCents),
        slotCostCents: shared ? 0 : money(SLOT_CENTS),
        currency: bill.currency,
        dateCancelled: status === 'CANCELLED' ? ctx.ago(60) : null,
        dateCreated: ctx.ago(spec.daysAgo, rng.int(0, 12)),
      };
    });

    const months = CYCLE_MONTHS[spec.cycle];
    const monthly = rows
      .filter((r) => r.status !== 'CANCELLED' && r.status !== 'REPLACED')
      .reduce((sum, r) => sum + r.ipCostCents! + (r.domainsAllowed! - 1) * r.slotCostCents!, 0);
    const { periods, next: nextInvoice } = billingPeriods(ctx.ago(spec.daysAgo), ctx.now, months);
    const orderId = await createOrder(ctx, bill, {
      orderType: 'IP_ADDRESS_HOSTING',
      status: 'ACTIVE',
      tags: rng.chance(0.5) ? [spec.name.toLowerCase().replace(/\s+/g, '-')] : [],
      billingCycle: spec.cycle,
      billingCycleMonths: months,
      monthlyCostCents: monthly,
      ipGroupGuid: group!.guid,
      preferences: {
        ip_address_type: spec.sharedShare > 0.5 ? 'SHARED' : 'DEDICATED',
        ip_address_class_filter: 'C',
        locations: [...new Set(rows.map((r) => r.place.hash))].map((hash) => ({
          location: hash,
          ip_address_count: rows.filter((r) => r.place.hash === hash).length,
          additional_site_count: 0,
        })),
      },
      dateCreated: ctx.ago(spec.daysAgo),
      dateActivated: ctx.ago(spec.daysAgo),
      dateNextInvoice: nextInvoice,
    });
    orderByGroup.set(spec.name, orderId);

    const inserted: { guid: string; ipAddress: string; status: string; ipAddressType: string; domainsAllowed: number }[] = [];
    await insertChunked(rows, 1000, async (chunk) => {
      const out = await db
        .insert(ipAddresses)
        .values(chunk.map(({ place: _place, ...row }) => ({ ...row, orderId })))
        .returning({
          guid: ipAddresses.guid,
          ipAddress: ipAddresses.ipAddress,
          status: ipAddresses.status,
          ipAddressType: ipAddresses.ipAddressType,
          domainsAllowed: ipAddresses.domainsAllowed,
        });
      inserted.push(...out);
    });
    for (const ip of inserted) {
      if (ip.status === 'ACTIVE') {
        usable.push({ guid: ip.guid, ipAddress: ip.ipAddress, groupGuid: group!.guid, type: ip.ipAddressType, allowed: ip.domainsAllowed, used: 0 });
      } else if (ip.status === 'PENDING_CANCELLATION') leaving.pending.push(ip.guid);
      else if (ip.status === 'CANCELLED') leaving.cancelled.push(ip.guid);
    }

    // One paid invoice per past billing period (the first for the new order, then renewals),
    // and optionally the renewal for the coming period, not yet paid. Renewals carry their period
    // as the billing run records it, so the run does not bill the coming period again.
    const shown = periods.slice(-12);
    for (const [i, start] of shown.entries()) {
      await createInvoice(ctx, bill, {
        orderId,
        status: 'PAID',
        created: start,
        items: invoiceLines(rows, start, addUtcMonths(start, months), months),
        discountPercent: CYCLE_DISCOUNT[spec.cycle],
        ...(i === 0 && shown.length === periods.length ? { purpose: 'NEW_ORDER' } : renewalInvoiceOf(orderId, start, months)),
        via: rng.chance(0.8) ? 'CARD' : 'PAYPAL',
      });
    }
    if (spec.lastInvoice && spec.lastInvoice !== 'PAID') {
      // Issued when the run would raise it (the lead time before the renewal), and two days ago at the latest.
      const raised = new Date(Math.min(ctx.ago(2).getTime(), nextInvoice.getTime() - RENEWAL_LEAD_DAYS * DAY));
      await createInvoice(ctx, bill, {
        orderId,
        status: spec.lastInvoice,
        created: raised,
        items: invoiceLines(rows, nextInvoice, addUtcMonths(nextInvoice, months), months),
        discountPercent: CYCLE_DISCOUNT[spec.cycle],
        ...renewalInvoiceOf(orderId, nextInvoice, months),
      });
    }
  }
  return { groups, usable, orderByGroup, leaving };
}

function invoiceLines(rows: Row[], periodStart: Date, periodEnd: Date, months: number): ItemSpec[] {
  const lines = new Map<string, ItemSpec>();
  let slots = 0;
  let slotRate = 0;
  for (const r of rows) {
    if (r.status === 'CANCELLED' || r.status === 'REPLACED') continue;
    const key = `${r.place.hash}:${r.ipAddressType}`;
    const line = lines.get(key) ?? {
      description: `${r.ipAddressType === 'SHARED' ? 'Shared' : 'Dedicated'} IP address hosting, ${r.place.city}, ${r.place.country}`,
      quantity: 0,
      rateCents: r.ipCostCents! * months,
      periodStart,
      periodEnd,
    };
    line.quantity += 1;
    lines.set(key, line);
    slots += r.domainsAllowed! - 1;
    slotRate = r.slotCostCents! * months || slotRate;
  }
  const out = [...lines.values()];
  if (slots > 0) out.push({ description: 'Additional website slots', quantity: slots, rateCents: slotRate, periodStart, periodEnd });
  return out;
}

/** A pending request for the addresses on their way out, and a processed one for those gone. */
export async function seedCancellations(ctx: SeedContext, companyGuid: string, leaving: SeededIps['leaving'], by: string) {
  const make = async (status: 'PENDING' | 'PROCESSED', ips: string[], daysAgo: number) => {
    if (ips.length === 0) return;
    const [req] = await ctx.db
      .insert(cancellationRequests)
      .values({
        companyGuid,
        status,
        cancellationReason: status === 'PENDING' ? 'PROJECT_ENDED' : 'SERVICE_TOO_EXPENSIVE',
        recommendationScore: status === 'PENDING' ? 4 : 3,
        howLikelyToUseUsAgain: status === 'PENDING' ? 5 : 3,
        requestedBy: by,
        dateEffective: status === 'PENDING' ? ctx.ahead(12) : ctx.ago(daysAgo - 10),
        dateProcessed: status === 'PROCESSED' ? ctx.ago(daysAgo - 10) : null,
        dateCreated: ctx.ago(daysAgo),
      })
      .returning({ guid: cancellationRequests.guid });
    await ctx.db.insert(cancellationRequestIpAddresses).values(ips.map((ipAddressGuid) => ({ requestGuid: req!.guid, ipAddressGuid })));
  };
  await make('PENDING', leaving.pending, 4);
  await make('PROCESSED', leaving.cancelled, 70);
}
