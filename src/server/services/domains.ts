import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { DomainDetail } from '../../lib/api/domains';
import { MAX_BULK_DOMAINS } from '../../lib/schemas/bulk-actions';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { containsPattern, pageOfRows, type Paging } from '../db/lists';
import { domainNotes, domains, hostingAccounts, hostingServers, ipAddresses, orders, signatures } from '../db/schema/index';
import { restrictTo } from './access';
import { visibleDomainGroup, type DomainRef } from './domain-access';
import { metaOf } from './domain-meta';
import { domainAnswer, selectDomains } from './domain-rows';

/** The domain list, one domain and its notes (spec part 2, 2.3, 2.5, 7.2 and 7.3). */

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Which domains a list shows: the company's in groups the member may see; of one group when
 * asked (its subdomains only when its settings say so, spec part 2, 3 "Domain group"); matching
 * any search tag in the domain, its address or its hosting account.
 */
async function listFilter(db: Db, company: CompanyContext, group: string | undefined, tags: readonly string[]): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [eq(domains.companyGuid, company.guid), restrictTo(domains.groupGuid, company.allowedDomainGroups)];
  if (group) {
    const row = await visibleDomainGroup(db, company, group, 'Domain group not found.');
    conditions.push(eq(domains.groupGuid, row.guid));
    if (!row.includeSubdomainsInList) conditions.push(isNull(domains.parentDomainGuid));
  }
  if (tags.length)
    conditions.push(
      or(...tags.flatMap((t) => [ilike(domains.domain, containsPattern(t)), ilike(ipAddresses.ipAddress, containsPattern(t)), ilike(hostingAccounts.name, containsPattern(t))])),
    );
  return and(...conditions);
}

/** The domains of a filter with the joins its search needs, and none without a search: 50,000 rows should read one table. */
function searchable<T extends Record<string, unknown>>(db: Db, fields: T, tags: readonly string[]) {
  // Drizzle types a select by its literal field map; the two callers read what they asked for.
  const base = db.select(fields as never).from(domains);
  return tags.length
    ? base.leftJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid)).leftJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    : base;
}

const countOf = async (db: Db, where: SQL | undefined, tags: readonly string[]) =>
  Number(((await searchable(db, { n: count() }, tags).where(where)) as { n: number }[])[0]?.n ?? 0);

export interface DomainListQuery extends Paging {
  group?: string | undefined;
  search?: string[] | undefined;
}

export async function domainsPage(db: Db, company: CompanyContext, query: DomainListQuery, now: Date) {
  const tags = query.search ?? [];
  const where = await listFilter(db, company, query.group, tags);
  return pageOfRows(
    query,
    async (limit, offset) => (await selectDomains(db, where).orderBy(asc(domains.domain)).limit(limit).offset(offset)).map((r) => domainAnswer(r, now)),
    () => countOf(db, where, tags),
  );
}

/** The ACTIVE domains a bulk action may select from the list's filter, up to the bulk limit, and how many there are. */
export async function selectableDomains(db: Db, company: CompanyContext, query: { group?: string | undefined; search?: string[] | undefined }) {
  const tags = query.search ?? [];
  const where = and(await listFilter(db, company, query.group, tags), eq(domains.status, 'ACTIVE'));
  const rows = (await searchable(db, { guid: domains.guid }, tags)
    .where(where)
    .orderBy(asc(domains.domain))
    .limit(MAX_BULK_DOMAINS + 1)) as { guid: string }[];
  const total = rows.length > MAX_BULK_DOMAINS ? await countOf(db, where, tags) : rows.length;
  return { guids: rows.slice(0, MAX_BULK_DOMAINS).map((r) => r.guid), total };
}

/** The drawer's domain: the list's answer with its address's and hosting account's details. */
export async function domainDetail(db: Db, ref: DomainRef, now: Date): Promise<DomainDetail> {
  const [row] = await selectDomains(db, eq(domains.guid, ref.guid));
  const base = domainAnswer(row!, now);
  const d = row!.d;
  const [ip] = d.ipAddressGuid
    ? await db
        .select({ ip: ipAddresses, signature: { guid: signatures.guid, signature: signatures.signature }, renewal: orders.dateNextInvoice, used: count(domains.guid) })
        .from(ipAddresses)
        .leftJoin(signatures, eq(signatures.guid, ipAddresses.signatureGuid))
        .leftJoin(orders, eq(orders.id, ipAddresses.orderId))
        .leftJoin(domains, eq(domains.ipAddressGuid, ipAddresses.guid))
        .where(eq(ipAddresses.guid, d.ipAddressGuid))
        .groupBy(ipAddresses.guid, signatures.guid, orders.id)
    : [];
  const [account] = d.hostingAccountGuid
    ? await db
        .select({ a: hostingAccounts, serverHostname: hostingServers.hostname })
        .from(hostingAccounts)
        .leftJoin(hostingServers, eq(hostingServers.guid, hostingAccounts.serverGuid))
        .where(eq(hostingAccounts.guid, d.hostingAccountGuid))
    : [];
  return {
    ...base,
    ip_address:
      base.ip_address && ip
        ? {
            ...base.ip_address,
            ip_address_type: ip.ip.ipAddressType as 'SHARED' | 'DEDICATED',
            http_version: ip.ip.httpVersion === 2 ? 2 : 1,
            status: ip.ip.status,
            domain_count: Number(ip.used),
            domains_allowed: ip.ip.domainsAllowed,
            signature: ip.signature?.guid ? { guid: ip.signature.guid, signature: ip.signature.signature! } : null,
            order: ip.ip.orderId !== null ? { order_id: ip.ip.orderId, renewal_date: iso(ip.renewal) } : null,
          }
        : null,
    hosting_account:
      base.hosting_account && account
        ? {
            ...base.hosting_account,
            hostname: account.serverHostname,
            username: account.a.username,
            is_internal: account.a.isInternal,
            custom_host_server:
              account.a.accountType === 'CUSTOM_HOST'
                ? {
                    destination_type: account.a.destinationType === 'IP_ADDRESS' ? 'IP_ADDRESS' : 'HOSTNAME',
                    hostname: account.a.customHostname,
                    ip_address: account.a.customIpAddress,
                  }
                : null,
          }
        : null,
    meta: metaOf(d),
    is_in_cpanel: d.isInCpanel,
  };
}

export async function notesOf(db: Db, domainGuid: string): Promise<string> {
  const [row] = await db.select({ notes: domainNotes.notes }).from(domainNotes).where(eq(domainNotes.domainGuid, domainGuid));
  return row?.notes ?? '';
}

/** Keeps the domain's notes (one row per domain), with who wrote them last and when. */
export async function saveNotes(db: Db, domainGuid: string, notes: string, by: string, now: Date): Promise<void> {
  const values = { notes, updatedBy: by, dateUpdated: now };
  await db
    .insert(domainNotes)
    .values({ domainGuid, ...values })
    .onConflictDoUpdate({ target: domainNotes.domainGuid, set: values });
}
