import type { Context } from 'hono';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  createCancellationOp,
  createIpGroupOp,
  exportIpAddressesOp,
  exportSelectedIpAddressesOp,
  getIpGroupOp,
  ipBulkActionOp,
  moveIpAddressesOp,
  setDirectAccessOp,
  setHttpVersionOp,
  updateIpAddressOp,
  updateIpGroupOp,
} from '../../lib/api/ip-addresses';
import { CANCELLATION_SUBMITTED, CANCEL_BLOCKED_DOMAINS, CANCEL_BLOCKED_REQUESTED, CHOOSE_ONE_IP, SHARED_REFUSAL, type IpExportField } from '../../lib/schemas/ip-addresses';
import type { AppEnv, CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { lockCompany } from '../db/locks';
import { processDueCancellations } from '../billing/billing-cycle';
import { endOfPaidPeriods } from '../billing/order-lifecycle';
import { lockCancellations, recordCancellationRequest } from '../billing/cancellation-request';
import { ipAddresses, ipGroups, orders, signatures } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import { exportAnswer } from '../http/download';
import { companyIps, filterWhere, resolveSelection, type IpSelectionInput } from '../services/ip-selection';
import { ipExportStream } from '../services/ip-export';
import { ipGroupVisible } from '../services/ip-list';
import { recordSetupEvent } from '../services/getting-started';
import { requireUnlimited } from '../services/access';

const UPDATED = 'IP addresses successfully updated!';

/** The company's address the path names, in a group the membership may see; 404 otherwise. */
async function visibleIp(db: Db, company: CompanyContext, guid: string) {
  const [row] = await db.select().from(ipAddresses).where(and(companyIps(company), eq(ipAddresses.guid, guid)));
  if (!row) throw notFound('IP address not found.');
  return row;
}

/** Spec part 3, 4: a shared address's signature and HTTP version cannot be edited; nor can one on its way out. */
function assertEditable(ip: { ipAddressType: string; status: string }) {
  if (ip.ipAddressType === 'SHARED') throw problem(409, SHARED_REFUSAL, { code: 'shared_ip_address' });
  if (ip.status !== 'ACTIVE') throw problem(409, 'Only ACTIVE IP addresses can be changed.', { code: 'ip_address_not_active' });
}

async function groupDetail(db: Db, guid: string) {
  const [g] = await db
    .select({
      guid: ipGroups.guid,
      name: ipGroups.name,
      date_created: ipGroups.dateCreated,
      ip_address_count: sql<number>`(select count(*)::int from ip_addresses a where a.group_guid = "ip_groups"."guid")`,
      active_count: sql<number>`(select count(*)::int from ip_addresses a where a.group_guid = "ip_groups"."guid" and a.status = 'ACTIVE')`,
    })
    .from(ipGroups)
    .where(eq(ipGroups.guid, guid));
  if (!g) throw notFound('IP address group not found.');
  return { guid: g.guid, name: g.name, date_created: g.date_created.toISOString(), ip_address_count: Number(g.ip_address_count), active_count: Number(g.active_count) };
}

async function visibleGroup(db: Db, company: CompanyContext, guid: string) {
  if (!(await ipGroupVisible(db, company, guid))) throw notFound('IP address group not found.');
  return groupDetail(db, guid);
}

interface ExportChoices {
  group: string;
  output_type: 'CSV' | 'JSON';
  fields: readonly IpExportField[];
  sort_field: IpExportField;
  sort_dir: 'ASC' | 'DESC';
}

/** The export as a streamed file named after the group and the day (as the domain export is). */
async function exportFile(c: Context<AppEnv>, choices: ExportChoices, selection: IpSelectionInput | null, search: readonly string[]): Promise<Response> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  const group = await visibleGroup(db, company, choices.group);
  // The list's rows whatever their state: an export shows what the table shows.
  const where = selection
    ? and((await resolveSelection(db, company, selection, { anyStatus: true })).where, eq(ipAddresses.groupGuid, group.guid))!
    : filterWhere(company, { group: group.guid, search });
  const body = ipExportStream(db, { where, fields: [...new Set(choices.fields)], sortField: choices.sort_field, sortDir: choices.sort_dir, format: choices.output_type });
  return exportAnswer(body, choices.output_type, group.name, 'ip-addresses', now());
}

/** The IP group page's actions (spec part 3, 2.2, 4, 5 and 7 "IP addresses"). */
export const ipActionOperations = [
  implement(updateIpAddressOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const ip = await visibleIp(db, c.var.company, params.guid);
    assertEditable(ip);
    const [signature] = await db.select({ guid: signatures.guid, signature: signatures.signature }).from(signatures).where(eq(signatures.guid, body.signature));
    if (!signature) throw badRequest({ signature: 'Please select the signature!' });
    await db.update(ipAddresses).set({ signatureGuid: signature.guid }).where(eq(ipAddresses.guid, ip.guid));
    return { message: 'IP address signature successfully updated!', signature };
  }),

  implement(moveIpAddressesOp, async (c, { body }) => {
    const { db } = c.var.deps;
    const company = c.var.company;
    if (!(await ipGroupVisible(db, company, body.destination_group))) throw badRequest({ destination_group: 'Please select the destination group!' });
    const { where } = await resolveSelection(db, company, body);
    const moved = await db.update(ipAddresses).set({ groupGuid: body.destination_group }).where(where).returning({ guid: ipAddresses.guid });
    return { message: 'IP addresses successfully moved!', updated: moved.length };
  }),

  implement(ipBulkActionOp, async (c, { body }) => {
    const { db } = c.var.deps;
    const { where } = await resolveSelection(db, c.var.company, body);
    const [shared] = await db.select({ n: sql<number>`count(*)::int` }).from(ipAddresses).where(and(where, eq(ipAddresses.ipAddressType, 'SHARED')));
    const version = body.action === 'ENABLE_HTTP2' ? 2 : 1;
    const changed = await db
      .update(ipAddresses)
      .set({ httpVersion: version })
      .where(and(where, eq(ipAddresses.ipAddressType, 'DEDICATED'), eq(ipAddresses.status, 'ACTIVE')))
      .returning({ guid: ipAddresses.guid });
    const skipped = Number(shared?.n ?? 0);
    if (!changed.length && skipped) throw problem(409, SHARED_REFUSAL, { code: 'shared_ip_address' });
    return { message: UPDATED, updated: changed.length, skipped_shared: skipped };
  }),

  implement(setHttpVersionOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const ip = await visibleIp(db, c.var.company, params.guid);
    assertEditable(ip);
    await db.update(ipAddresses).set({ httpVersion: body.version }).where(eq(ipAddresses.guid, ip.guid));
    return { message: UPDATED, http_version: body.version };
  }),

  implement(setDirectAccessOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const ip = await visibleIp(db, c.var.company, params.guid);
    if (ip.status !== 'ACTIVE') throw problem(409, 'Only ACTIVE IP addresses can be changed.', { code: 'ip_address_not_active' });
    await db.update(ipAddresses).set({ directAccess: body.status }).where(eq(ipAddresses.guid, ip.guid));
    return { message: UPDATED, direct_access: body.status };
  }),

  implement(createIpGroupOp, async (c, { body }) => {
    const { db } = c.var.deps;
    const company = c.var.company;
    requireUnlimited(company, 'allowed_ip_groups');
    const row = await db.transaction(async (tx) => {
      // The company's row first (src/server/db/locks.ts): the set-up event below locks it again.
      await lockCompany(tx, company.guid);
      const [created] = await tx.insert(ipGroups).values({ companyGuid: company.guid, name: body.name }).returning({ guid: ipGroups.guid });
      await recordSetupEvent(tx, company.guid, { kind: 'ip_group_created', group: created!.guid });
      return created;
    });
    return { message: 'Group successfully created!', group: await groupDetail(db, row!.guid) };
  }),

  implement(getIpGroupOp, async (c, { params }) => visibleGroup(c.var.deps.db, c.var.company, params.guid)),

  implement(updateIpGroupOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    await visibleGroup(db, c.var.company, params.guid);
    await db.update(ipGroups).set({ name: body.name }).where(eq(ipGroups.guid, params.guid));
    return { message: 'Group successfully updated!', group: await groupDetail(db, params.guid) };
  }),

  implement(exportIpAddressesOp, (c, { query }) => exportFile(c, query, query.selected_ip_addresses?.length ? { ip_addresses: query.selected_ip_addresses } : null, query.search ?? [])),
  implement(exportSelectedIpAddressesOp, (c, { body }) => exportFile(c, body, body, [])),

  implement(createCancellationOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    // Named addresses in any state, so the spec's sentence answers those already on their way out.
    const { where, count } = await resolveSelection(db, company, body, { anyStatus: Boolean(body.ip_addresses) });
    if (!count) throw badRequest({ ip_addresses: CHOOSE_ONE_IP });
    // Checked and written as one: two requests at once cannot both take the same addresses.
    const { guid, effective } = await db.transaction(async (tx) => {
      await lockCancellations(tx, company.guid);
      const [requested] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(ipAddresses)
        .where(
          and(
            where,
            sql`("ip_addresses"."status" <> 'ACTIVE' or exists (select 1 from cancellation_request_ip_addresses l join cancellation_requests r on r.guid = l.request_guid
              where l.ip_address_guid = "ip_addresses"."guid" and r.status = 'PENDING'))`,
          ),
        );
      if (Number(requested?.n)) throw problem(409, CANCEL_BLOCKED_REQUESTED, { code: 'cancellation_requested' });
      const [withDomains] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(ipAddresses)
        .where(and(where, sql`exists (select 1 from domains d where d.ip_address_guid = "ip_addresses"."guid")`));
      if (Number(withDomains?.n)) throw problem(409, CANCEL_BLOCKED_DOMAINS, { code: 'ip_addresses_in_use' });

      // Spec part 3, 4: processed at the end of the billing cycle (the earliest renewal among them), or now.
      // A renewal already paid for moves its order's end of cycle to the end of that period.
      const renewing = await tx
        .selectDistinct({ id: orders.id, at: orders.dateNextInvoice })
        .from(ipAddresses)
        .innerJoin(orders, eq(orders.id, ipAddresses.orderId))
        .where(and(where, isNotNull(orders.dateNextInvoice)));
      const ends: number[] = [];
      for (const order of renewing) ends.push((await endOfPaidPeriods(tx, order.id, order.at!)).getTime());
      const at = body.cancellation_time === 'IMMEDIATELY' || !ends.length ? now() : new Date(Math.min(...ends));
      const made = await recordCancellationRequest(tx, { companyGuid: company.guid, orderId: null, requestedBy: c.var.viewer.userGuid, effective: at, created: now(), feedback: body, addresses: where });
      return { guid: made, effective: at };
    });
    // Asked for now: carried out before answering, as the billing run would within the minute.
    if (body.cancellation_time === 'IMMEDIATELY') await processDueCancellations(db, effective, guid);
    return { message: CANCELLATION_SUBMITTED, guid, ip_address_count: count, date_effective: effective.toISOString() };
  }),
];
