import type { Context } from 'hono';
import { and, count, eq } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { modifyHostingOp, modifyIpOp } from '../../lib/api/domains';
import type { Task } from '../../lib/api/tasks';
import { SHARED_IP_FIXED } from '../../lib/schemas/domain-placement';
import type { AppEnv } from '../context';
import { domainGroupIpGroups, domains, hostingAccounts, ipAddresses, signatures } from '../db/schema/index';
import { badRequest, problem } from '../http/errors';
import { CREATE_IN_CPANEL, UPDATE_HOSTING_ACCOUNT, UPDATE_IP_ADDRESS } from '../jobs/steps/domain-placement';
import { restrictTo } from './access';
import { needsActive, type DomainRef } from './domain-access';
import { startDomainTask } from './domain-tasks';

/** The drawer's Modify IP Address, Modify Hosting Account and Create Domain in cPanel (spec part 2, 2.5 and 7.2-7.3). */

type IpChange = ParsedInput<typeof modifyIpOp>['body'];
type HostingChange = ParsedInput<typeof modifyHostingOp>['body'];

/** Moves the domain to another of the company's addresses, or changes its address's signature or HTTP version (dedicated addresses only). */
export async function changeDomainIp(c: Context<AppEnv>, d: DomainRef, body: IpChange): Promise<Task> {
  const { db } = c.var.deps;
  const company = c.var.company;
  needsActive(d);
  const [ip] = await db
    .select()
    .from(ipAddresses)
    .where(
      and(
        eq(ipAddresses.guid, body.ip_address),
        eq(ipAddresses.companyGuid, company.guid),
        eq(ipAddresses.status, 'ACTIVE'),
        restrictTo(ipAddresses.groupGuid, company.allowedIpGroups),
      ),
    );
  if (!ip) throw badRequest({ ip_address: 'Please select an IP address!' });
  const allowed = (await db.select({ g: domainGroupIpGroups.ipGroupGuid }).from(domainGroupIpGroups).where(eq(domainGroupIpGroups.domainGroupGuid, d.groupGuid))).map((r) => r.g);
  if (allowed.length && !allowed.includes(ip.groupGuid)) throw badRequest({ ip_address: `${ip.ipAddress} is not in an IP group this domain group may use.` });
  const changesIp = ip.guid !== d.ipAddressGuid;
  if (changesIp) {
    const [used] = await db.select({ n: count() }).from(domains).where(eq(domains.ipAddressGuid, ip.guid));
    if (Number(used?.n ?? 0) >= ip.domainsAllowed) throw badRequest({ ip_address: `No free website slot is left on ${ip.ipAddress}.` });
  }
  const changesSignature = body.signature !== undefined && body.signature !== ip.signatureGuid;
  const changesHttp = body.http_version != null && body.http_version !== ip.httpVersion;
  // Spec part 2, 2.5: a shared address serves many customers; its signature and HTTP version are not theirs to set.
  if (ip.ipAddressType === 'SHARED' && (changesSignature || changesHttp)) throw problem(400, SHARED_IP_FIXED, { code: 'shared_ip' });
  if (body.signature) {
    const [known] = await db.select({ guid: signatures.guid }).from(signatures).where(eq(signatures.guid, body.signature));
    if (!known) throw badRequest({ signature: 'Please select the signature!' });
  }
  if (!changesIp && !changesSignature && !changesHttp)
    throw problem(409, 'Nothing to change: the domain is on this address with these settings already.', { code: 'nothing_to_do' });
  const items = [
    {
      action: 'CHANGE_IP_ADDRESS',
      domainGuid: d.guid,
      details: `${d.domain} to ${ip.ipAddress}`,
      payload: { ip_address: ip.guid, signature: body.signature, http_version: body.http_version ?? null },
    },
  ];
  return startDomainTask(c, d, UPDATE_IP_ADDRESS, items, { status: 'UPDATING' });
}

/** Moves the domain to another ACTIVE hosting account of the company the member may see. */
export async function changeDomainHosting(c: Context<AppEnv>, d: DomainRef, body: HostingChange): Promise<Task> {
  const { db } = c.var.deps;
  const company = c.var.company;
  needsActive(d);
  const [account] = await db
    .select()
    .from(hostingAccounts)
    .where(and(eq(hostingAccounts.guid, body.hosting_account), eq(hostingAccounts.companyGuid, company.guid), restrictTo(hostingAccounts.guid, company.allowedHostingAccounts)));
  if (!account) throw badRequest({ hosting_account: 'Please select a hosting account!' });
  if (account.status !== 'ACTIVE') throw badRequest({ hosting_account: 'Only an ACTIVE hosting account can be chosen.' });
  if (account.guid === d.hostingAccountGuid) throw badRequest({ hosting_account: 'The domain is on this hosting account already.' });
  const items = [{ action: 'CHANGE_HOSTING_ACCOUNT', domainGuid: d.guid, details: `${d.domain} to ${account.name}`, payload: { hosting_account: account.guid } }];
  return startDomainTask(c, d, UPDATE_HOSTING_ACCOUNT, items, { status: 'UPDATING_HOSTING' });
}

/** Creates the domain in its shared hosting account's cPanel, where it is not yet. */
export async function createDomainInCpanel(c: Context<AppEnv>, d: DomainRef): Promise<Task> {
  const { db } = c.var.deps;
  needsActive(d);
  const [row] = await db
    .select({ inCpanel: domains.isInCpanel, type: hostingAccounts.accountType })
    .from(domains)
    .leftJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    .where(eq(domains.guid, d.guid));
  if (row?.type !== 'SHARED_HOSTING') throw problem(409, 'Only a domain on a shared hosting account can be created in cPanel.', { code: 'not_cpanel' });
  if (row.inCpanel) throw problem(409, 'The domain is in cPanel already.', { code: 'in_cpanel' });
  return startDomainTask(c, d, CREATE_IN_CPANEL, [{ action: 'CREATE_DOMAIN_IN_CPANEL', domainGuid: d.guid, details: d.domain }], { status: 'UPDATING_HOSTING' });
}
