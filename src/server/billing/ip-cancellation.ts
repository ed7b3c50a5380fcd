import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ParsedInput } from '../../lib/api/define';
import type { createCancellationOp } from '../../lib/api/ip-addresses';
import { CANCEL_BLOCKED_DOMAINS, CANCEL_BLOCKED_REQUESTED, CHOOSE_ONE_IP } from '../../lib/schemas/ip-addresses';
import type { AppEnv } from '../context';
import { ipAddresses, orders } from '../db/schema/index';
import { badRequest, problem } from '../http/errors';
import { resolveSelection } from '../services/ip-selection';
import { processDueCancellations } from './billing-cycle';
import { lockCancellations, recordCancellationRequest } from './cancellation-request';
import { endOfPaidPeriods } from './order-lifecycle';

type IpCancellation = ParsedInput<typeof createCancellationOp>['body'];

export interface IpCancellationMade {
  guid: string;
  /** How many addresses the request names. */
  count: number;
  effective: Date;
}

/**
 * The IP group page's Cancel (spec part 3, 4 and 5): a request for the selected addresses, none of
 * them already on its way out or serving a domain. Checked and written under the company's
 * cancellation lock, so two requests at once cannot both take the same addresses.
 */
export async function cancelIpAddresses(c: Context<AppEnv>, body: IpCancellation): Promise<IpCancellationMade> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  const made = await db.transaction(async (tx) => {
    await lockCancellations(tx, company.guid);
    // Named addresses in any state, so the spec's sentence answers those already on their way out.
    const { where, count } = await resolveSelection(tx, company, body, { anyStatus: Boolean(body.ip_addresses) });
    if (!count) throw badRequest({ ip_addresses: CHOOSE_ONE_IP });
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
    const guid = await recordCancellationRequest(tx, {
      companyGuid: company.guid,
      orderId: null,
      requestedBy: c.var.viewer.userGuid,
      effective: at,
      created: now(),
      feedback: body,
      addresses: where,
    });
    return { guid, count, effective: at };
  });
  // Asked for now: carried out before answering, as the billing run would within the minute.
  if (body.cancellation_time === 'IMMEDIATELY') await processDueCancellations(db, made.effective, made.guid);
  return made;
}
