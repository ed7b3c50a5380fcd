import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { CANCELLATION_ALREADY_PROCESSED, CANCELLATION_DUE, CANCELLATION_REQUEST_CANCELLED, CANCELLATION_REQUEST_NOT_FOUND } from '../../src/lib/api/billing';
import { deleteCancellation, getCancellation, getOrder, listCancellations } from '../../src/lib/requests/billing';
import { createCancellation } from '../../src/lib/requests/ip-addresses';
import { cancelOrder } from '../../src/lib/requests/order-actions';
import type { CancellationBody } from '../../src/lib/schemas/ip-addresses';
import type { Database } from '../../src/server/db/connection';
import { cancellationRequestIpAddresses, cancellationRequests, companies, ipAddresses, ipGroups, orders } from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';
import { withoutOwnerScopes } from './helpers/scopes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
type IpRow = typeof ipAddresses.$inferSelect;
/** The demo company's ACTIVE dedicated addresses without domains: each test cancels its own. */
let free: IpRow[];
let used = 0;

const client = () => t.client(demo);
const nextIps = (n: number) => {
  const picked = free.slice(used, used + n);
  used += n;
  return picked;
};
const form = (ips: IpRow[]): CancellationBody => ({
  cancellation_time: 'END_OF_BILLING_CYCLE',
  cancellation_reason: 'PROJECT_ENDED',
  recommendation_score: 4,
  how_likely_to_use_us_again: 5,
  ip_addresses: ips.map((ip) => ip.guid),
});
const statusesOf = async (guids: string[]) =>
  (await database.db.select({ status: ipAddresses.status }).from(ipAddresses).where(inArray(ipAddresses.guid, guids))).map((r) => r.status);

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const unused = sql`not exists (select 1 from domains d where d.ip_address_guid = "ip_addresses"."guid")`;
  free = await database.db
    .select()
    .from(ipAddresses)
    .where(and(eq(ipAddresses.companyGuid, demo.company), eq(ipAddresses.status, 'ACTIVE'), eq(ipAddresses.ipAddressType, 'DEDICATED'), unused))
    .orderBy(ipAddresses.ipNumeric)
    .limit(12);
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

describe('GET /billing/cancellations/ (spec part 3, 2.4 Cancellation Requests tab)', () => {
  it("lists the company's requests newest first, paged, with their address counts", async () => {
    const made: string[] = [];
    for (const n of [1, 2, 3]) made.push((await createCancellation(client(), form(nextIps(n)))).guid);
    const first = await listCancellations(client(), { page: 1, per_page: 2 });
    const [{ n: total }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(cancellationRequests).where(eq(cancellationRequests.companyGuid, demo.company))) as [
      { n: number },
    ];
    expect(first).toMatchObject({ page: 1, per_page: 2, total });
    expect(first.data.map((r) => r.guid)).toEqual([made[2], made[1]]);
    expect(first.data[0]).toMatchObject({ status: 'PENDING', cancellation_time: 'END_OF_BILLING_CYCLE', ip_address_count: 3, can_cancel: true, order: null, date_processed: null });
    const second = await listCancellations(client(), { page: 2, per_page: 2 });
    expect(second.data[0]!.guid).toBe(made[0]);
    expect(second.data[0]!.ip_address_count).toBe(1);
    const all = await listCancellations(client(), { per_page: 100 });
    const created = all.data.map((r) => Date.parse(r.date_created));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    // The seed's processed request is there, and cannot be cancelled.
    expect(all.data.find((r) => r.status === 'PROCESSED')).toMatchObject({ can_cancel: false });
  });

  it('needs can_view_billing and can_view_cancellation_requests', async () => {
    for (const scope of ['can_view_billing', 'can_view_cancellation_requests']) {
      await withoutOwnerScopes(database, demo.company, [scope], async () => {
        await refusal(listCancellations(client()), 403);
      });
    }
  });
});

describe('GET /billing/cancellations/{guid}/', () => {
  it('answers one request with its addresses: type, location and group', async () => {
    const ips = nextIps(2);
    const { guid } = await createCancellation(client(), form(ips));
    const request = await getCancellation(client(), guid);
    const [group] = await database.db.select().from(ipGroups).where(eq(ipGroups.guid, ips[0]!.groupGuid));
    expect(request).toMatchObject({ guid, status: 'PENDING', can_cancel: true, ip_address_count: 2, order: null });
    expect(request.ip_addresses.map((a) => a.guid).sort()).toEqual(ips.map((ip) => ip.guid).sort());
    expect(request.ip_addresses.find((a) => a.guid === ips[0]!.guid)).toEqual({
      guid: ips[0]!.guid,
      ip_address: ips[0]!.ipAddress,
      ip_address_type: 'DEDICATED',
      city: ips[0]!.city,
      country: ips[0]!.country,
      group: { guid: group!.guid, name: group!.name },
    });
  });

  it("answers 404 for another company's request and for a guid that names nothing", async () => {
    const [bluebird] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
    const [theirs] = await database.db
      .insert(cancellationRequests)
      .values({ companyGuid: bluebird!.guid, cancellationReason: 'PROJECT_ENDED', dateEffective: new Date(Date.now() + 86_400_000) })
      .returning({ guid: cancellationRequests.guid });
    expect((await refusal(getCancellation(client(), theirs!.guid), 404)).body.errors).toEqual([CANCELLATION_REQUEST_NOT_FOUND]);
    expect((await refusal(deleteCancellation(client(), theirs!.guid), 404)).body.errors).toEqual([CANCELLATION_REQUEST_NOT_FOUND]);
    expect(await database.db.select().from(cancellationRequests).where(eq(cancellationRequests.guid, theirs!.guid))).toHaveLength(1);
    await refusal(getCancellation(client(), '00000000-0000-4000-8000-000000000000'), 404);
  });
});

describe('DELETE /billing/cancellations/{guid}/ (spec part 3, 4 "Cancellation request")', () => {
  it('removes a pending request and puts its addresses back to ACTIVE', async () => {
    const ips = nextIps(2);
    const { guid } = await createCancellation(client(), form(ips));
    expect(await statusesOf(ips.map((ip) => ip.guid))).toEqual(['PENDING_CANCELLATION', 'PENDING_CANCELLATION']);
    expect(await deleteCancellation(client(), guid)).toEqual({ message: CANCELLATION_REQUEST_CANCELLED });
    expect(await statusesOf(ips.map((ip) => ip.guid))).toEqual(['ACTIVE', 'ACTIVE']);
    expect(await database.db.select().from(cancellationRequests).where(eq(cancellationRequests.guid, guid))).toHaveLength(0);
    expect(await database.db.select().from(cancellationRequestIpAddresses).where(eq(cancellationRequestIpAddresses.requestGuid, guid))).toHaveLength(0);
    await refusal(getCancellation(client(), guid), 404);
    // The addresses may be asked to go again.
    const again = await createCancellation(client(), form(ips));
    expect(again.ip_address_count).toBe(2);
  });

  it("withdraws an order's request: the order is ACTIVE again", async () => {
    const [order] = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.companyGuid, demo.company),
          eq(orders.status, 'ACTIVE'),
          gt(orders.dateNextInvoice, new Date()),
          sql`exists (select 1 from ip_addresses a where a.order_id = "orders"."id" and a.status = 'ACTIVE')`,
        ),
      )
      .limit(1);
    const submitted = await cancelOrder(client(), order!.id, {
      cancellation_time: 'END_OF_BILLING_CYCLE',
      cancellation_reason: 'PROJECT_ENDED',
      recommendation_score: 4,
      how_likely_to_use_us_again: 3,
    });
    expect((await getOrder(client(), order!.id)).status).toBe('PENDING_CANCELLATION');
    const request = await getCancellation(client(), submitted.guid);
    expect(request).toMatchObject({ order: order!.id, can_cancel: true });
    const leaving = request.ip_addresses.map((a) => a.guid);
    await deleteCancellation(client(), submitted.guid);
    expect((await getOrder(client(), order!.id)).status).toBe('ACTIVE');
    expect(new Set(await statusesOf(leaving))).toEqual(new Set(['ACTIVE']));
  });

  it('refuses a processed request (409), one whose time has come (409), and a member without can_edit_cancellation_requests', async () => {
    const [processed] = await database.db
      .select()
      .from(cancellationRequests)
      .where(and(eq(cancellationRequests.companyGuid, demo.company), eq(cancellationRequests.status, 'PROCESSED')))
      .limit(1);
    expect((await refusal(deleteCancellation(client(), processed!.guid), 409)).body.errors).toEqual([CANCELLATION_ALREADY_PROCESSED]);
    expect(await database.db.select().from(cancellationRequests).where(eq(cancellationRequests.guid, processed!.guid))).toHaveLength(1);

    const ips = nextIps(1);
    const { guid } = await createCancellation(client(), form(ips));
    await withoutOwnerScopes(database, demo.company, ['can_edit_cancellation_requests'], async () => {
      await refusal(deleteCancellation(client(), guid), 403);
      // Viewing needs no edit scope.
      expect((await getCancellation(client(), guid)).guid).toBe(guid);
    });
    // Its effective date passed: the billing run is about to carry it out.
    await database.db
      .update(cancellationRequests)
      .set({ dateEffective: new Date(Date.now() - 60_000) })
      .where(eq(cancellationRequests.guid, guid));
    expect((await getCancellation(client(), guid)).can_cancel).toBe(false);
    expect((await refusal(deleteCancellation(client(), guid), 409)).body.errors).toEqual([CANCELLATION_DUE]);
    expect(await statusesOf(ips.map((ip) => ip.guid))).toEqual(['PENDING_CANCELLATION']);
  });
});
