import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  createCancellation,
  createIpGroup,
  exportIpAddresses,
  getIpGroup,
  ipBulkAction,
  listIpAddresses,
  listSignatures,
  modifySlots,
  moveIpAddresses,
  setDirectAccess,
  setHttpVersion,
  updateIpAddress,
  updateIpGroup,
} from '../../src/lib/requests/ip-addresses';
import { CANCEL_BLOCKED_DOMAINS, CANCEL_BLOCKED_REQUESTED, SHARED_REFUSAL, type CancellationBody } from '../../src/lib/schemas/ip-addresses';
import type { Database } from '../../src/server/db/connection';
import { cancellationRequests, companies, invoiceItems, invoices, ipAddresses, orders } from '../../src/server/db/schema/index';
import { slotUpgradeDueToday } from '../../src/lib/billing/proration';
import { withoutOwnerScopes } from './helpers/scopes';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';
import { payInFull } from './helpers/pay';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
type IpRow = typeof ipAddresses.$inferSelect;
/** The seed's addresses of the demo company, by what the tests need of them. */
let ips: { dedicated: IpRow[]; shared: IpRow; withDomains: IpRow; leaving: IpRow };
let foreign: { ip: string; group: string };

const client = () => t.client(demo);
const text = (body: ArrayBuffer) => new TextDecoder().decode(body);

const without = (scope: string, work: () => Promise<void>) => withoutOwnerScopes(database, demo.company, [scope], work);

const rowOf = async (guid: string) => (await database.db.select().from(ipAddresses).where(eq(ipAddresses.guid, guid)))[0]!;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  const used = sql`exists (select 1 from domains d where d.ip_address_guid = "ip_addresses"."guid")`;
  const mine = eq(ipAddresses.companyGuid, demo.company);
  const active = eq(ipAddresses.status, 'ACTIVE');
  const dedicated = await db
    .select()
    .from(ipAddresses)
    .where(and(mine, active, eq(ipAddresses.ipAddressType, 'DEDICATED'), sql`not ${used}`))
    .orderBy(ipAddresses.ipNumeric)
    .limit(6);
  const [shared] = await db
    .select()
    .from(ipAddresses)
    .where(and(mine, active, eq(ipAddresses.ipAddressType, 'SHARED')))
    .limit(1);
  const [withDomains] = await db
    .select()
    .from(ipAddresses)
    .where(and(mine, active, used))
    .limit(1);
  const [leaving] = await db
    .select()
    .from(ipAddresses)
    .where(and(mine, eq(ipAddresses.status, 'PENDING_CANCELLATION')))
    .limit(1);
  ips = { dedicated, shared: shared!, withDomains: withDomains!, leaving: leaving! };
  const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  const [theirs] = await db.select().from(ipAddresses).where(eq(ipAddresses.companyGuid, bluebird!.guid)).limit(1);
  foreign = { ip: theirs!.guid, group: theirs!.groupGuid };
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

describe('PATCH /ip_addresses/{guid}/ (signature)', () => {
  it('sets a dedicated address’s signature, which the list then shows', async () => {
    const ip = ips.dedicated[0]!;
    const signature = (await listSignatures(client(), { per_page: 99999 })).data.at(-1)!;
    const answer = await updateIpAddress(client(), ip.guid, { signature: signature.guid });
    expect(answer.message).toBe('IP address signature successfully updated!');
    const listed = (await listIpAddresses(client(), { group: ip.groupGuid, search: [ip.ipAddress], per_page: 10 })).data.find((r) => r.guid === ip.guid);
    expect(listed?.signature).toEqual({ guid: signature.guid, signature: signature.signature });
  });

  it('refuses shared addresses, a missing signature, other companies and members without the scope', async () => {
    const signature = (await listSignatures(client())).data[0]!;
    expect((await refusal(updateIpAddress(client(), ips.shared.guid, { signature: signature.guid }), 409)).body.errors).toEqual([SHARED_REFUSAL]);
    expect((await refusal(updateIpAddress(client(), ips.dedicated[0]!.guid, { signature: '' }), 400)).body.fields?.signature).toBe('Please select the signature!');
    await refusal(updateIpAddress(client(), foreign.ip, { signature: signature.guid }), 404);
    await without('can_edit_ip_addresses', async () => {
      await refusal(updateIpAddress(client(), ips.dedicated[0]!.guid, { signature: signature.guid }), 403);
    });
  });
});

describe('POST /ip_addresses/{guid}/http_version/ and direct_access/', () => {
  it('switches HTTP/2 on and off for a dedicated address', async () => {
    const ip = ips.dedicated[1]!;
    expect(await setHttpVersion(client(), ip.guid, 2)).toEqual({ message: 'IP addresses successfully updated!', http_version: 2 });
    expect((await rowOf(ip.guid)).httpVersion).toBe(2);
    await setHttpVersion(client(), ip.guid, 1);
    expect((await rowOf(ip.guid)).httpVersion).toBe(1);
  });

  it('refuses shared addresses, other versions, other companies and members without the scope', async () => {
    expect((await refusal(setHttpVersion(client(), ips.shared.guid, 2), 409)).body.errors).toEqual([SHARED_REFUSAL]);
    await refusal(setHttpVersion(client(), ips.dedicated[1]!.guid, 3 as 2), 400);
    await refusal(setHttpVersion(client(), foreign.ip, 2), 404);
    await without('can_edit_ip_addresses', async () => {
      await refusal(setHttpVersion(client(), ips.dedicated[1]!.guid, 2), 403);
    });
  });

  it('turns direct access on, for the company’s ACTIVE addresses only', async () => {
    expect((await setDirectAccess(client(), ips.dedicated[1]!.guid, true)).direct_access).toBe(true);
    expect((await rowOf(ips.dedicated[1]!.guid)).directAccess).toBe(true);
    await refusal(setDirectAccess(client(), ips.leaving.guid, true), 409);
    await refusal(setDirectAccess(client(), foreign.ip, true), 404);
  });
});

describe('POST /ip_addresses/bulk/', () => {
  it('enables HTTP/2 on the named dedicated addresses and skips shared ones', async () => {
    const named = [ips.dedicated[2]!.guid, ips.dedicated[3]!.guid, ips.shared.guid];
    const answer = await ipBulkAction(client(), { action: 'ENABLE_HTTP2', ip_addresses: named });
    expect(answer).toEqual({ message: 'IP addresses successfully updated!', updated: 2, skipped_shared: 1 });
    expect((await rowOf(ips.dedicated[2]!.guid)).httpVersion).toBe(2);
    expect((await rowOf(ips.shared.guid)).httpVersion).toBe(1);
  });

  it('acts on a whole group as searched, less the unticked, without naming them', async () => {
    const ip = ips.dedicated[4]!;
    const keep = ips.dedicated[5]!;
    const search = [ip.ipAddress, keep.ipAddress];
    const answer = await ipBulkAction(client(), { action: 'ENABLE_HTTP2', filter: { group: ip.groupGuid, search, except: [keep.guid] } });
    expect(answer.updated).toBeGreaterThanOrEqual(1);
    expect((await rowOf(ip.guid)).httpVersion).toBe(2);
    expect((await rowOf(keep.guid)).httpVersion).toBe(1);
    await ipBulkAction(client(), { action: 'DISABLE_HTTP2', filter: { group: ip.groupGuid, search: [ip.ipAddress] } });
    expect((await rowOf(ip.guid)).httpVersion).toBe(1);
  });

  it('says each section 5 sentence and refuses what cannot be selected', async () => {
    expect((await refusal(ipBulkAction(client(), { action: '' as 'ENABLE_HTTP2', ip_addresses: [ips.dedicated[2]!.guid] }), 400)).body.fields?.action).toBe(
      'Please select an action!',
    );
    expect((await refusal(ipBulkAction(client(), { action: 'ENABLE_HTTP2', ip_addresses: [] }), 400)).body.fields?.ip_addresses).toBe('Please select at least 1 IP address!');
    await refusal(ipBulkAction(client(), { action: 'ENABLE_HTTP2', ip_addresses: [ips.leaving.guid] }), 409);
    expect((await refusal(ipBulkAction(client(), { action: 'ENABLE_HTTP2', ip_addresses: [ips.shared.guid] }), 409)).body.errors).toEqual([SHARED_REFUSAL]);
    await refusal(ipBulkAction(client(), { action: 'ENABLE_HTTP2', ip_addresses: [foreign.ip] }), 404);
    await refusal(ipBulkAction(client(), { action: 'ENABLE_HTTP2', filter: { group: foreign.group } }), 404);
    await without('can_edit_ip_addresses', async () => {
      await refusal(ipBulkAction(client(), { action: 'ENABLE_HTTP2', ip_addresses: [ips.dedicated[2]!.guid] }), 403);
    });
  });
});

describe('IP groups: POST /ip_addresses/groups/, GET and POST /ip_addresses/groups/{guid}/, PATCH /ip_addresses/ (move)', () => {
  it('creates a group, moves addresses into it and back, renames it', async () => {
    const created = await createIpGroup(client(), { name: '  Moved here  ' });
    expect(created.message).toBe('Group successfully created!');
    expect(created.group).toMatchObject({ name: 'Moved here', ip_address_count: 0 });
    const ip = ips.dedicated[0]!;
    const moved = await moveIpAddresses(client(), { action: 'MOVE', ip_addresses: [ip.guid], destination_group: created.group.guid });
    expect(moved).toEqual({ message: 'IP addresses successfully moved!', updated: 1 });
    expect(await getIpGroup(client(), created.group.guid)).toMatchObject({ ip_address_count: 1, active_count: 1 });
    await moveIpAddresses(client(), { action: 'MOVE', filter: { group: created.group.guid }, destination_group: ip.groupGuid });
    expect((await rowOf(ip.guid)).groupGuid).toBe(ip.groupGuid);
    const renamed = await updateIpGroup(client(), created.group.guid, { name: 'Renamed' });
    expect(renamed.message).toBe('Group successfully updated!');
    expect(renamed.group.name).toBe('Renamed');
  });

  it('says each sentence and refuses other companies and members without the scope', async () => {
    expect((await refusal(createIpGroup(client(), { name: ' ' }), 400)).body.fields?.name).toBe("Please enter your group's name!");
    const mine = ips.dedicated[0]!.groupGuid;
    expect((await refusal(updateIpGroup(client(), mine, { name: '' }), 400)).body.fields?.name).toBe("Please enter your group's name!");
    const noGroup = await refusal(moveIpAddresses(client(), { action: 'MOVE', ip_addresses: [ips.dedicated[0]!.guid], destination_group: '' }), 400);
    expect(noGroup.body.fields?.destination_group).toBe('Please select the destination group!');
    expect(
      (await refusal(moveIpAddresses(client(), { action: 'MOVE', ip_addresses: [ips.dedicated[0]!.guid], destination_group: foreign.group }), 400)).body.fields?.destination_group,
    ).toBe('Please select the destination group!');
    await refusal(moveIpAddresses(client(), { action: 'MOVE', ip_addresses: [foreign.ip], destination_group: mine }), 404);
    await refusal(getIpGroup(client(), foreign.group), 404);
    await refusal(updateIpGroup(client(), foreign.group, { name: 'Mine now' }), 404);
    await without('can_edit_ip_groups', async () => {
      await refusal(updateIpGroup(client(), mine, { name: 'No' }), 403);
      await refusal(createIpGroup(client(), { name: 'No' }), 403);
    });
  });
});

describe('GET /ip_addresses/export/ (spec part 3, 9)', () => {
  it('writes the group as CSV with the dialog names as its header, sorted as asked', async () => {
    const group = ips.dedicated[0]!.groupGuid;
    const file = await exportIpAddresses(client(), {
      group,
      fields: ['ip_address', 'ip_address_type', 'website_slots_used', 'website_slots_available'],
      sort_field: 'ip_address',
      sort_dir: 'DESC',
    });
    expect(file.contentType).toMatch(/^text\/csv/);
    expect(file.filename).toMatch(/\.csv$/);
    const rows = parse(text(file.body)) as string[][];
    expect(rows[0]).toEqual(['IP address', 'Type', 'Website slots used', 'Website slots available']);
    const all = await listIpAddresses(client(), { group, per_page: 99999 });
    expect(rows.length - 1).toBe(all.total);
    expect(rows.slice(1).map((r) => r[0])).toEqual(all.data.map((r) => r.ip_address).reverse());
    const first = all.data.at(-1)!;
    expect(rows[1]!.slice(2).map(Number)).toEqual([first.domain_count, Math.max(first.domains_allowed - first.domain_count, 0)]);
  });

  it('writes JSON of a few selected addresses in the URL, and of a filter in the body', async () => {
    const group = ips.dedicated[0]!.groupGuid;
    const picked = await database.db
      .select()
      .from(ipAddresses)
      .where(and(eq(ipAddresses.groupGuid, group), eq(ipAddresses.status, 'ACTIVE')))
      .orderBy(ipAddresses.ipNumeric)
      .limit(2);
    const file = await exportIpAddresses(client(), { group, output_type: 'JSON', fields: ['ip_address', 'ip_address_status'], ip_addresses: picked.map((p) => p.guid) });
    expect(JSON.parse(text(file.body))).toEqual(picked.map((p) => ({ ip_address: p.ipAddress, ip_address_status: 'ACTIVE' })));
    const filtered = await exportIpAddresses(client(), {
      group,
      output_type: 'JSON',
      fields: ['ip_address'],
      filter: { group, search: picked.map((p) => p.ipAddress), except: [picked[1]!.guid] },
    });
    expect((JSON.parse(text(filtered.body)) as { ip_address: string }[]).map((r) => r.ip_address)).toContain(picked[0]!.ipAddress);
    expect((JSON.parse(text(filtered.body)) as { ip_address: string }[]).map((r) => r.ip_address)).not.toContain(picked[1]!.ipAddress);
  });

  it('says "Please select at least 1 field!" and refuses another company’s group', async () => {
    const group = ips.dedicated[0]!.groupGuid;
    const none = await refusal(exportIpAddresses(client(), { group, fields: [] }), 400);
    expect(none.body.errors).toContain('Please select at least 1 field!');
    await refusal(exportIpAddresses(client(), { group: foreign.group, fields: ['ip_address'] }), 404);
    await without('can_view_ip_addresses', async () => {
      await refusal(exportIpAddresses(client(), { group, fields: ['ip_address'] }), 403);
    });
  });
});

describe('POST /billing/cancellations/ (spec part 3, 5 "Cancellation of IP addresses")', () => {
  const form = (ip_addresses: string[]): CancellationBody => ({
    cancellation_time: 'END_OF_BILLING_CYCLE',
    cancellation_reason: 'PROJECT_ENDED',
    recommendation_score: 4,
    how_likely_to_use_us_again: 5,
    ip_addresses,
  });

  it('records the request and marks the addresses PENDING_CANCELLATION until the end of the cycle', async () => {
    const ip = ips.dedicated[5]!;
    const answer = await createCancellation(client(), form([ip.guid]));
    expect(answer).toMatchObject({ message: 'Cancellation request successfully submitted!', ip_address_count: 1 });
    expect(new Date(answer.date_effective).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await rowOf(ip.guid)).status).toBe('PENDING_CANCELLATION');
    const [request] = await database.db.select().from(cancellationRequests).where(eq(cancellationRequests.guid, answer.guid));
    expect(request).toMatchObject({ status: 'PENDING', cancellationReason: 'PROJECT_ENDED', recommendationScore: 4 });
    // A second request for it is the spec's second blocking sentence.
    expect((await refusal(createCancellation(client(), form([ip.guid])), 409)).body.errors).toEqual([CANCEL_BLOCKED_REQUESTED]);
  });

  it('is blocked by addresses with domains, and says each form sentence', async () => {
    expect((await refusal(createCancellation(client(), form([ips.withDomains.guid])), 409)).body.errors).toEqual([CANCEL_BLOCKED_DOMAINS]);
    expect((await refusal(createCancellation(client(), form([ips.leaving.guid])), 409)).body.errors).toEqual([CANCEL_BLOCKED_REQUESTED]);
    const empty = await refusal(createCancellation(client(), { ip_addresses: [] } as unknown as CancellationBody), 400);
    expect(empty.body.fields).toMatchObject({
      cancellation_time: 'Please select the cancellation time!',
      cancellation_reason: 'Please select a cancellation reason!',
      recommendation_score: 'Please provide a recommendation score!',
      how_likely_to_use_us_again: 'Please answer how likely are you to return in the future!',
    });
    expect((await refusal(createCancellation(client(), form([])), 400)).body.fields?.ip_addresses).toBe('Please choose at least 1 IP address!');
    const other = await refusal(createCancellation(client(), { ...form([ips.dedicated[4]!.guid]), cancellation_reason: 'OTHER', custom_cancellation_reason: ' ' }), 400);
    expect(other.body.fields?.custom_cancellation_reason).toBe('Please provide a cancellation reason!');
    await refusal(createCancellation(client(), { ...form([ips.dedicated[4]!.guid]), recommendation_score: 6 }), 400);
    await refusal(createCancellation(client(), form([foreign.ip])), 404);
    await without('can_add_cancellation_requests', async () => {
      await refusal(createCancellation(client(), form([ips.dedicated[4]!.guid])), 403);
    });
    expect(
      (
        await database.db
          .select()
          .from(ipAddresses)
          .where(inArray(ipAddresses.guid, [ips.dedicated[4]!.guid]))
      )[0]!.status,
    ).toBe('ACTIVE');
  });
});

describe('POST /billing/ip-addresses/modify/ (spec part 3, 4 "Website slots", 5 and 9)', () => {
  it('invoices an upgrade at what is due today and schedules a downgrade for the end of the cycle', async () => {
    const up = ips.dedicated[2]!;
    // A dedicated address without domains and more than one slot.
    const [down] = await database.db
      .select()
      .from(ipAddresses)
      .where(
        and(
          eq(ipAddresses.companyGuid, demo.company),
          eq(ipAddresses.status, 'ACTIVE'),
          eq(ipAddresses.ipAddressType, 'DEDICATED'),
          sql`${ipAddresses.domainsAllowed} > 1`,
          sql`not exists (select 1 from domains d where d.ip_address_guid = "ip_addresses"."guid")`,
        ),
      )
      .limit(1);
    if (!down) throw new Error('the seed should have a dedicated address with spare slots and no domains');
    const [order] = await database.db.select().from(orders).where(eq(orders.id, up.orderId!));
    const answer = await modifySlots(client(), { ip_addresses: [{ ip_address: up.guid, value: up.domainsAllowed + 2 }] });
    expect(answer.message).toBe('Success! Redirecting to invoice...');
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, answer.invoice_id!));
    const due = slotUpgradeDueToday({ today: new Date(), renewal: order!.dateNextInvoice ?? new Date(), slotCostCents: up.slotCostCents, addedSlots: 2 }).due_today;
    expect(invoice).toMatchObject({ status: 'UNPAID', purpose: 'SLOT_UPGRADE', totalAmountCents: due, balanceDueCents: due });
    expect(invoice!.onPaid).toEqual({ action: 'APPLY_SLOT_UPGRADE', ip_addresses: [{ guid: up.guid, value: up.domainsAllowed + 2 }] });
    expect(await database.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice!.id))).toHaveLength(1);
    // Applied once paid: until then the address keeps its slots.
    expect((await rowOf(up.guid)).domainsAllowed).toBe(up.domainsAllowed);
    expect(await payInFull(t, database, demo, invoice!.id, 'PAYPAL')).toContain('payment=success');
    expect((await rowOf(up.guid)).domainsAllowed).toBe(up.domainsAllowed + 2);

    const scheduled = await modifySlots(client(), { ip_addresses: [{ ip_address: down.guid, value: down.domainsAllowed - 1 }] });
    expect(scheduled).toEqual({ message: 'Success! IP address changes scheduled!', invoice_id: null });
    expect((await rowOf(down.guid)).pendingDomainsAllowed).toBe(down.domainsAllowed - 1);
    expect((await rowOf(down.guid)).domainsAllowed).toBe(down.domainsAllowed);
  });

  it('says "Please change at least one IP address!", keeps the limits and refuses others', async () => {
    // As it stands now (the test before paid for two more slots).
    const ip = await rowOf(ips.dedicated[2]!.guid);
    expect((await refusal(modifySlots(client(), { ip_addresses: [] }), 400)).body.fields?.ip_addresses).toBe('Please change at least one IP address!');
    expect((await refusal(modifySlots(client(), { ip_addresses: [{ ip_address: ip.guid, value: ip.domainsAllowed }] }), 400)).body.fields?.ip_addresses).toBe(
      'Please change at least one IP address!',
    );
    expect(
      (await refusal(modifySlots(client(), { ip_addresses: [{ ip_address: ip.guid, value: Math.max(10, ip.domainsAllowed) + 1 }] }), 400)).body.fields?.['ip_addresses.0.value'],
    ).toMatch(/must be between/);
    expect((await refusal(modifySlots(client(), { ip_addresses: [{ ip_address: ips.shared.guid, value: 2 }] }), 400)).body.fields?.['ip_addresses.0.value']).toMatch(
      /between 1 and 1/,
    );
    const [crowded] = await database.db
      .select({ guid: ipAddresses.guid, n: sql<number>`(select count(*)::int from domains d where d.ip_address_guid = "ip_addresses"."guid")` })
      .from(ipAddresses)
      .where(
        and(
          eq(ipAddresses.companyGuid, demo.company),
          eq(ipAddresses.status, 'ACTIVE'),
          eq(ipAddresses.ipAddressType, 'DEDICATED'),
          sql`(select count(*) from domains d where d.ip_address_guid = "ip_addresses"."guid") >= 2`,
        ),
      )
      .limit(1);
    const fewer = await refusal(modifySlots(client(), { ip_addresses: [{ ip_address: crowded!.guid, value: crowded!.n - 1 }] }), 400);
    expect(fewer.body.fields?.['ip_addresses.0.value']).toMatch(/needs at least as many website slots/);
    await refusal(modifySlots(client(), { ip_addresses: [{ ip_address: foreign.ip, value: 2 }] }), 404);
    await without('can_edit_ip_addresses', async () => {
      await refusal(modifySlots(client(), { ip_addresses: [{ ip_address: ip.guid, value: ip.domainsAllowed + 1 }] }), 403);
    });
  });
});
