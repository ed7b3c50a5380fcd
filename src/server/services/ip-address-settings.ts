import { and, eq, sql } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { ipBulkActionOp, moveIpAddressesOp } from '../../lib/api/ip-addresses';
import { SHARED_REFUSAL } from '../../lib/schemas/ip-addresses';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { ipAddresses, signatures } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { ipGroupVisible } from './ip-list';
import { companyIps, resolveSelection } from './ip-selection';

/**
 * What the IP group page changes on its addresses (spec part 3, 2.2, 4 and 5): one address's
 * signature, HTTP version and direct access, and for a selection its group or HTTP version. Each
 * is checked and written in one transaction, an address's row held while it is.
 */

type IpRow = typeof ipAddresses.$inferSelect;

const NOT_ACTIVE = () => problem(409, 'Only ACTIVE IP addresses can be changed.', { code: 'ip_address_not_active' });
const SHARED = () => problem(409, SHARED_REFUSAL, { code: 'shared_ip_address' });

/** Spec part 3, 4: a shared address's signature and HTTP version cannot be edited; nor can one on its way out. */
function assertEditable(ip: IpRow): void {
  if (ip.ipAddressType === 'SHARED') throw SHARED();
  if (ip.status !== 'ACTIVE') throw NOT_ACTIVE();
}

function assertActive(ip: IpRow): void {
  if (ip.status !== 'ACTIVE') throw NOT_ACTIVE();
}

/**
 * Runs `work` on one address of the company in a group the membership may see (404 otherwise),
 * once `allowed` has passed it, its row held until the change is written.
 */
async function withAllowedIp<T>(db: Db, company: CompanyContext, guid: string, allowed: (ip: IpRow) => void, work: (tx: Db, ip: IpRow) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [ip] = await tx
      .select()
      .from(ipAddresses)
      .where(and(companyIps(company), eq(ipAddresses.guid, guid)))
      .for('update');
    if (!ip) throw notFound('IP address not found.');
    allowed(ip);
    return work(tx, ip);
  });
}

async function updateIp(tx: Db, ip: IpRow, set: Partial<IpRow>): Promise<void> {
  await tx.update(ipAddresses).set(set).where(eq(ipAddresses.guid, ip.guid));
}

/** The signature a dedicated address answers with; answers the signature. */
export const setIpSignature = (db: Db, company: CompanyContext, guid: string, signatureGuid: string) =>
  withAllowedIp(db, company, guid, assertEditable, async (tx, ip) => {
    const [signature] = await tx.select({ guid: signatures.guid, signature: signatures.signature }).from(signatures).where(eq(signatures.guid, signatureGuid));
    if (!signature) throw badRequest({ signature: 'Please select the signature!' });
    await updateIp(tx, ip, { signatureGuid: signature.guid });
    return signature;
  });

export const setIpHttpVersion = (db: Db, company: CompanyContext, guid: string, version: number) =>
  withAllowedIp(db, company, guid, assertEditable, (tx, ip) => updateIp(tx, ip, { httpVersion: version }));

export const setIpDirectAccess = (db: Db, company: CompanyContext, guid: string, status: boolean) =>
  withAllowedIp(db, company, guid, assertActive, (tx, ip) => updateIp(tx, ip, { directAccess: status }));

/** Moves the selected addresses to another group the membership may see; answers how many moved. */
export async function moveIpAddresses(db: Db, company: CompanyContext, body: ParsedInput<typeof moveIpAddressesOp>['body']): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await ipGroupVisible(tx, company, body.destination_group))) throw badRequest({ destination_group: 'Please select the destination group!' });
    const { where } = await resolveSelection(tx, company, body);
    const moved = await tx.update(ipAddresses).set({ groupGuid: body.destination_group }).where(where).returning({ guid: ipAddresses.guid });
    return moved.length;
  });
}

/**
 * HTTP/2 on or off for the selected addresses: the ACTIVE dedicated ones change, shared ones are
 * skipped and counted; a selection of shared addresses only is refused.
 */
export async function setHttpVersionInBulk(db: Db, company: CompanyContext, body: ParsedInput<typeof ipBulkActionOp>['body']): Promise<{ updated: number; skippedShared: number }> {
  return db.transaction(async (tx) => {
    const { where } = await resolveSelection(tx, company, body);
    const [shared] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(ipAddresses)
      .where(and(where, eq(ipAddresses.ipAddressType, 'SHARED')));
    const version = body.action === 'ENABLE_HTTP2' ? 2 : 1;
    const changed = await tx
      .update(ipAddresses)
      .set({ httpVersion: version })
      .where(and(where, eq(ipAddresses.ipAddressType, 'DEDICATED'), eq(ipAddresses.status, 'ACTIVE')))
      .returning({ guid: ipAddresses.guid });
    const skippedShared = Number(shared?.n ?? 0);
    if (!changed.length && skippedShared) throw SHARED();
    return { updated: changed.length, skippedShared };
  });
}
