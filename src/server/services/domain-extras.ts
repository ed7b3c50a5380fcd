import type { Context } from 'hono';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import { FORWARDER_NOT_FOUND, type createForwarderOp, type createSubdomainOp, type EmailForwarder } from '../../lib/api/domain-extras';
import type { Domain } from '../../lib/api/domains';
import { DNS_ZONE_UNAVAILABLE } from '../../lib/api/dns-zone';
import type { Task } from '../../lib/api/tasks';
import { EMAIL_ADDRESS_BEING_DELETED, EMAIL_ADDRESS_EXISTS, FORWARD_TO_ITSELF, SELECT_HOSTING_ACCOUNT, SELECT_IP_ADDRESS, SUBDOMAIN_EXISTS } from '../../lib/schemas/domain-extras';
import type { AppEnv, CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { lockCompany } from '../db/locks';
import { dnsRecords, dnsZones, domainGroupIpGroups, domains, emailForwarders, hostingAccounts, ipAddresses } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { ADD_EMAIL_FORWARDER, CREATE_EMAIL_FORWARDER, DELETE_EMAIL_FORWARDER, forwarderItems, REMOVE_EMAIL_FORWARDER } from '../jobs/steps/email-forwarder';
import { ADD_SUBDOMAIN, subdomainItems } from '../jobs/steps/subdomain';
import { lockKey } from '../jobs/store';
import { restrictTo } from './access';
import { needsActive, visibleDomain, type DomainRef } from './domain-access';
import { domainAnswer, domainsByGuid, selectDomains } from './domain-rows';
import { taskAnswers } from './task-answers';

/** The drawer's Subdomains and Email Addresses tabs (spec part 2, 2.7, 4.1, 5, 6 and 7.4). */

type ForwarderRow = typeof emailForwarders.$inferSelect;
type NewSubdomain = ParsedInput<typeof createSubdomainOp>['body'];
type NewForwarder = ParsedInput<typeof createForwarderOp>['body'];

/** Spec part 2, 4.1: a forwarder ACTIVE or PENDING may be deleted (the other state is DELETING). */
const FORWARDER_DELETABLE = ['ACTIVE', 'PENDING'];

export const forwarderOf = (row: ForwarderRow, domainName: string): EmailForwarder => ({
  guid: row.guid,
  address: row.address,
  email_address: `${row.address}@${domainName}`,
  email_type: 'FORWARDER',
  forward_address: row.forwardAddress,
  is_catchall: row.isCatchall,
  date_created: row.dateCreated.toISOString(),
  status: row.status as EmailForwarder['status'],
});

/**
 * The address and account a new subdomain takes, checked as adding domains checks them
 * (docs/decisions.md "Adding domains"): the company's, within the membership's access, ACTIVE,
 * an address of an IP group the domain group may use with a free website slot (subdomains
 * count). Runs under the same per-company lock as adding domains, so two cannot take one slot.
 */
async function checkPlacement(tx: Db, company: CompanyContext, parent: DomainRef, ipGuid: string, accountGuid: string): Promise<void> {
  const [account] = await tx
    .select({ status: hostingAccounts.status })
    .from(hostingAccounts)
    .where(and(eq(hostingAccounts.guid, accountGuid), eq(hostingAccounts.companyGuid, company.guid), restrictTo(hostingAccounts.guid, company.allowedHostingAccounts)));
  if (!account) throw badRequest({ hosting_account: SELECT_HOSTING_ACCOUNT });
  if (account.status !== 'ACTIVE') throw badRequest({ hosting_account: 'Only an ACTIVE hosting account can be chosen.' });
  const [ip] = await tx
    .select()
    .from(ipAddresses)
    .where(
      and(eq(ipAddresses.guid, ipGuid), eq(ipAddresses.companyGuid, company.guid), eq(ipAddresses.status, 'ACTIVE'), restrictTo(ipAddresses.groupGuid, company.allowedIpGroups)),
    );
  if (!ip) throw badRequest({ ip_address: SELECT_IP_ADDRESS });
  const allowed = (await tx.select({ g: domainGroupIpGroups.ipGroupGuid }).from(domainGroupIpGroups).where(eq(domainGroupIpGroups.domainGroupGuid, parent.groupGuid))).map(
    (r) => r.g,
  );
  if (allowed.length && !allowed.includes(ip.groupGuid)) throw badRequest({ ip_address: `${ip.ipAddress} is not in an IP group this domain group may use.` });
  const [used] = await tx.select({ n: count() }).from(domains).where(eq(domains.ipAddressGuid, ip.guid));
  if (Number(used?.n ?? 0) >= ip.domainsAllowed) throw badRequest({ ip_address: `No free website slot is left on ${ip.ipAddress}.` });
}

/** The parent's zone must be live for the subdomain's record, and hold no CNAME at its name (a CNAME stands alone). */
async function checkZone(db: Db, parent: DomainRef, name: string): Promise<void> {
  const [zone] = await db.select({ guid: dnsZones.guid, status: dnsZones.status }).from(dnsZones).where(eq(dnsZones.domainGuid, parent.guid));
  if (zone?.status !== 'ACTIVE') throw problem(409, DNS_ZONE_UNAVAILABLE, { code: 'dns_zone_unavailable' });
  const [cname] = await db
    .select({ guid: dnsRecords.guid })
    .from(dnsRecords)
    .where(and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.type, 'CNAME'), eq(dnsRecords.name, name)));
  if (cname) throw badRequest({ subdomain: `The DNS zone has a CNAME record for ${name}: delete it before adding the subdomain.` });
}

/** The forwarder the path names: the company's, of a domain the member may see (else 404). */
async function visibleForwarder(db: Db, company: CompanyContext, guid: string) {
  const [row] = await db
    .select()
    .from(emailForwarders)
    .where(and(eq(emailForwarders.guid, guid), eq(emailForwarders.companyGuid, company.guid)));
  if (!row) throw notFound(FORWARDER_NOT_FOUND);
  const domain = await visibleDomain(db, company, row.domainGuid, FORWARDER_NOT_FOUND);
  return { row, domain };
}

export function subdomainsPage(db: Db, parent: DomainRef, paging: Paging, now: Date) {
  const filter = and(eq(domains.parentDomainGuid, parent.guid), eq(domains.companyGuid, parent.companyGuid));
  return pageOfRows(
    paging,
    async (limit, offset) =>
      (await selectDomains(db, filter).orderBy(desc(domains.dateCreated), asc(domains.domain)).limit(limit).offset(offset)).map((row) => domainAnswer(row, now)),
    () => countRows(db, domains, filter),
  );
}

/**
 * A new subdomain of an ACTIVE domain, PENDING until its task has made it: its name free, its
 * address and account checked under the lock adding domains takes (the company's row first).
 * Without its task it would wait forever, so it is taken back when the task cannot be started.
 */
export async function createSubdomain(c: Context<AppEnv>, parent: DomainRef, body: NewSubdomain): Promise<{ subdomain: Domain; task: Task }> {
  const { db, jobs, now } = c.var.deps;
  const company = c.var.company;
  needsActive(parent);
  const full = `${body.subdomain}.${parent.domain}`;
  if (full.length > 253) throw badRequest({ subdomain: 'The full name of the subdomain can be at most 253 characters long.' });
  await checkZone(db, parent, body.subdomain);
  const created = await db.transaction(async (tx) => {
    await lockCompany(tx, company.guid);
    await lockKey(tx, `add-domains:${company.guid}`);
    const [taken] = await tx.select({ guid: domains.guid }).from(domains).where(eq(domains.domain, full));
    if (taken) throw badRequest({ subdomain: SUBDOMAIN_EXISTS });
    await checkPlacement(tx, company, parent, body.ip_address, body.hosting_account);
    const [row] = await tx
      .insert(domains)
      .values({
        companyGuid: company.guid,
        groupGuid: parent.groupGuid,
        domain: full,
        status: 'PENDING',
        isSubdomain: true,
        isWildcard: body.is_wildcard,
        parentDomainGuid: parent.guid,
        hostingType: 'SUBDOMAIN',
        ipAddressGuid: body.ip_address,
        hostingAccountGuid: body.hosting_account,
        dateCreated: now(),
      })
      .returning({ guid: domains.guid, domain: domains.domain });
    return row!;
  });
  try {
    const { task } = await jobs.startTask({
      companyGuid: company.guid,
      domainGroupGuid: parent.groupGuid,
      kind: ADD_SUBDOMAIN,
      createdBy: c.var.viewer.userGuid,
      items: subdomainItems(created),
    });
    const [subdomain] = await domainsByGuid(db, company.guid, [created.guid], now());
    return { subdomain: subdomain!, task: (await taskAnswers(db, [task]))[0]! };
  } catch (error) {
    await db.delete(domains).where(eq(domains.guid, created.guid));
    throw error;
  }
}

export function forwardersPage(db: Db, d: DomainRef, paging: Paging) {
  const filter = eq(emailForwarders.domainGuid, d.guid);
  return pageOfRows(
    paging,
    async (limit, offset) =>
      (await db.select().from(emailForwarders).where(filter).orderBy(asc(emailForwarders.address), asc(emailForwarders.dateCreated)).limit(limit).offset(offset)).map((r) =>
        forwarderOf(r, d.domain),
      ),
    () => countRows(db, emailForwarders, filter),
  );
}

/**
 * A new forwarder of an ACTIVE domain, PENDING until its task has made it; one address once per
 * domain (checked under the domain's forwarder lock). Taken back when its task cannot be started.
 */
export async function createForwarder(c: Context<AppEnv>, d: DomainRef, body: NewForwarder): Promise<{ forwarder: EmailForwarder; task: Task }> {
  const { db, jobs, now } = c.var.deps;
  const company = c.var.company;
  needsActive(d);
  if (body.forward_to_email_address === `${body.email_address}@${d.domain}`) throw badRequest({ forward_to_email_address: FORWARD_TO_ITSELF });
  const row = await db.transaction(async (tx) => {
    // One at a time per domain, so the same address cannot be added twice by two quick clicks.
    await lockKey(tx, `email-forwarders:${d.guid}`);
    const [taken] = await tx
      .select({ guid: emailForwarders.guid })
      .from(emailForwarders)
      .where(and(eq(emailForwarders.domainGuid, d.guid), eq(emailForwarders.address, body.email_address)));
    if (taken) throw badRequest({ email_address: EMAIL_ADDRESS_EXISTS });
    const [inserted] = await tx
      .insert(emailForwarders)
      .values({
        companyGuid: company.guid,
        domainGuid: d.guid,
        address: body.email_address,
        emailType: body.email_address_type,
        forwardAddress: body.forward_to_email_address,
        isCatchall: body.is_catchall,
        status: 'PENDING',
        dateCreated: now(),
      })
      .returning();
    return inserted!;
  });
  const forwarder = forwarderOf(row, d.domain);
  try {
    const items = forwarderItems(CREATE_EMAIL_FORWARDER, { guid: row.guid, domainGuid: d.guid }, forwarder.email_address);
    const { task } = await jobs.startTask({ companyGuid: company.guid, domainGroupGuid: d.groupGuid, kind: ADD_EMAIL_FORWARDER, createdBy: c.var.viewer.userGuid, items });
    return { forwarder, task: (await taskAnswers(db, [task]))[0]! };
  } catch (error) {
    await db.delete(emailForwarders).where(eq(emailForwarders.guid, row.guid));
    throw error;
  }
}

/** Schedules a forwarder's removal: it is DELETING until its task ends, and back as it was when the task cannot be started. */
export async function deleteForwarder(c: Context<AppEnv>, guid: string): Promise<Task> {
  const { db, jobs } = c.var.deps;
  const company = c.var.company;
  const { row, domain } = await visibleForwarder(db, company, guid);
  const busy = () => problem(409, EMAIL_ADDRESS_BEING_DELETED, { code: 'email_address_busy' });
  if (!FORWARDER_DELETABLE.includes(row.status)) throw busy();
  // The status check and the DELETING mark in one statement, so two quick clicks start one removal.
  const claimed = await db
    .update(emailForwarders)
    .set({ status: 'DELETING' })
    .where(and(eq(emailForwarders.guid, row.guid), inArray(emailForwarders.status, FORWARDER_DELETABLE)))
    .returning({ guid: emailForwarders.guid });
  if (claimed.length === 0) throw busy();
  try {
    const items = forwarderItems(REMOVE_EMAIL_FORWARDER, { guid: row.guid, domainGuid: domain.guid }, `${row.address}@${domain.domain}`);
    const { task } = await jobs.startTask({ companyGuid: company.guid, domainGroupGuid: domain.groupGuid, kind: DELETE_EMAIL_FORWARDER, createdBy: c.var.viewer.userGuid, items });
    return (await taskAnswers(db, [task]))[0]!;
  } catch (error) {
    await db.update(emailForwarders).set({ status: row.status }).where(eq(emailForwarders.guid, row.guid));
    throw error;
  }
}
