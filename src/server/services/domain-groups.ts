import { and, asc, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { createDomainGroupOp, DomainGroup, GroupIpAddress, updateDomainGroupOp } from '../../lib/api/domains';
import { EXPIRING_BANNER_DAYS, groupDeleteRefusal } from '../../lib/rules/domain-groups';
import { HOSTING_ACCOUNT_NOT_FOUND } from '../../lib/schemas/hosting-accounts';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { lockCompany } from '../db/locks';
import { domainGroupIpGroups, domainGroups, domains, hostingAccounts, ipAddresses, ipGroups } from '../db/schema/index';
import { badRequest, notFound, problem } from '../http/errors';
import { isAllowed, requireUnlimited, restrictTo } from './access';
import { recordSetupEvent } from './getting-started';

/** Domain groups (spec part 2, 2.2, 2.3 and 7.1): the list, a group, its changes and what its pages read. */

type GroupRow = typeof domainGroups.$inferSelect;
type NewGroup = ParsedInput<typeof createDomainGroupOp>['body'];
type GroupChange = ParsedInput<typeof updateDomainGroupOp>['body'];

const DAY_MS = 86_400_000;

/** Groups as the API answers them: their default account, domain count and allowed IP groups, read in three passes. */
export async function groupAnswers(db: Db, rows: GroupRow[]): Promise<DomainGroup[]> {
  if (!rows.length) return [];
  const guids = rows.map((r) => r.guid);
  const accountGuids = [...new Set(rows.map((r) => r.defaultHostingAccountGuid).filter((g): g is string => g !== null))];
  const [accounts, counts, allowed] = await Promise.all([
    accountGuids.length
      ? db
          .select({ guid: hostingAccounts.guid, name: hostingAccounts.name, accountType: hostingAccounts.accountType, status: hostingAccounts.status })
          .from(hostingAccounts)
          .where(inArray(hostingAccounts.guid, accountGuids))
      : [],
    db
      .select({ group: domains.groupGuid, n: count() })
      .from(domains)
      .where(and(inArray(domains.groupGuid, guids), isNull(domains.parentDomainGuid)))
      .groupBy(domains.groupGuid),
    db
      .select({ group: domainGroupIpGroups.domainGroupGuid, guid: ipGroups.guid, name: ipGroups.name })
      .from(domainGroupIpGroups)
      .innerJoin(ipGroups, eq(ipGroups.guid, domainGroupIpGroups.ipGroupGuid))
      .where(inArray(domainGroupIpGroups.domainGroupGuid, guids))
      .orderBy(asc(ipGroups.name)),
  ]);
  const accountOf = new Map(accounts.map((a) => [a.guid, a]));
  const countOf = new Map(counts.map((c) => [c.group, Number(c.n)]));
  const allowedOf = Map.groupBy(allowed, (a) => a.group);
  return rows.map((r) => {
    const account = r.defaultHostingAccountGuid ? accountOf.get(r.defaultHostingAccountGuid) : undefined;
    return {
      guid: r.guid,
      name: r.name,
      default_hosting_account: account
        ? { guid: account.guid, name: account.name, account_type: account.accountType as 'SHARED_HOSTING' | 'CUSTOM_HOST', status: account.status }
        : null,
      domain_count: countOf.get(r.guid) ?? 0,
      date_created: r.dateCreated.toISOString(),
      is_internal: r.isInternal,
      include_subdomains_in_list: r.includeSubdomainsInList,
      allowed_ip_address_groups: (allowedOf.get(r.guid) ?? []).map((a) => ({ guid: a.guid, name: a.name })),
    };
  });
}

/**
 * The default hosting account and allowed IP groups a form names, checked against the
 * company: an account that is not the company's, or not ACTIVE, cannot be chosen (spec part 2,
 * 2.2 and 4.1); IP groups must be the company's and ones the member may see.
 */
async function checkChoices(db: Db, company: CompanyContext, field: 'default_hosting_account', account: string, ipGroupField: string, groups: readonly string[]) {
  const [row] = await db
    .select({ status: hostingAccounts.status })
    .from(hostingAccounts)
    .where(and(eq(hostingAccounts.guid, account), eq(hostingAccounts.companyGuid, company.guid), restrictTo(hostingAccounts.guid, company.allowedHostingAccounts)));
  if (!row) throw badRequest({ [field]: HOSTING_ACCOUNT_NOT_FOUND });
  if (row.status !== 'ACTIVE') throw badRequest({ [field]: 'Only an ACTIVE hosting account can be chosen.' });
  const wanted = [...new Set(groups)];
  if (wanted.length) {
    const found = await db
      .select({ guid: ipGroups.guid })
      .from(ipGroups)
      .where(and(inArray(ipGroups.guid, wanted), eq(ipGroups.companyGuid, company.guid), restrictTo(ipGroups.guid, company.allowedIpGroups)));
    if (found.length !== wanted.length) throw badRequest({ [ipGroupField]: 'Unknown IP address group.' });
  }
  return wanted;
}

/** The group a path names, held for the transaction, on visibleDomainGroup's terms. */
async function lockedGroup(tx: Db, company: CompanyContext, guid: string, message: string): Promise<GroupRow> {
  const [row] = await tx
    .select()
    .from(domainGroups)
    .where(and(eq(domainGroups.guid, guid), eq(domainGroups.companyGuid, company.guid)))
    .for('update');
  if (!row || !isAllowed(company.allowedDomainGroups, row.guid)) throw notFound(message);
  return row;
}

export function domainGroupsPage(db: Db, company: CompanyContext, paging: Paging) {
  const filter = and(eq(domainGroups.companyGuid, company.guid), restrictTo(domainGroups.guid, company.allowedDomainGroups));
  return pageOfRows(
    paging,
    async (limit, offset) =>
      groupAnswers(
        db,
        await db
          .select()
          .from(domainGroups)
          .where(filter)
          .orderBy(asc(sql`lower(${domainGroups.name})`), asc(domainGroups.guid))
          .limit(limit)
          .offset(offset),
      ),
    () => countRows(db, domainGroups, filter),
  );
}

/** A new group with its default account and allowed IP groups; it moves the set-up wizard. */
export async function createDomainGroup(db: Db, company: CompanyContext, body: NewGroup): Promise<DomainGroup> {
  requireUnlimited(company, 'allowed_domain_groups');
  return db.transaction(async (tx) => {
    // The company's row first (src/server/db/locks.ts): the set-up event below locks it again.
    await lockCompany(tx, company.guid);
    const allowed = await checkChoices(tx, company, 'default_hosting_account', body.default_hosting_account, 'ip_address_groups', body.ip_address_groups);
    const [row] = await tx.insert(domainGroups).values({ companyGuid: company.guid, name: body.name, defaultHostingAccountGuid: body.default_hosting_account }).returning();
    if (allowed.length) await tx.insert(domainGroupIpGroups).values(allowed.map((g) => ({ domainGroupGuid: row!.guid, ipGroupGuid: g })));
    await recordSetupEvent(tx, company.guid, { kind: 'domain_group_created', group: row!.guid });
    return (await groupAnswers(tx, [row!]))[0]!;
  });
}

export async function updateDomainGroup(db: Db, company: CompanyContext, guid: string, body: GroupChange, missing: string): Promise<DomainGroup> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, company.guid);
    await lockedGroup(tx, company, guid, missing);
    const allowed = await checkChoices(tx, company, 'default_hosting_account', body.default_hosting_account, 'allowed_ip_address_groups', body.allowed_ip_address_groups);
    const [row] = await tx
      .update(domainGroups)
      .set({ name: body.name, defaultHostingAccountGuid: body.default_hosting_account, includeSubdomainsInList: body.include_subdomains_in_list })
      .where(eq(domainGroups.guid, guid))
      .returning();
    await tx.delete(domainGroupIpGroups).where(eq(domainGroupIpGroups.domainGroupGuid, guid));
    if (allowed.length) await tx.insert(domainGroupIpGroups).values(allowed.map((g) => ({ domainGroupGuid: guid, ipGroupGuid: g })));
    return (await groupAnswers(tx, [row!]))[0]!;
  });
}

/** Deletes an empty group that is not internal; locked, so a domain added meanwhile cannot be left in a deleted group. */
export async function deleteDomainGroup(db: Db, company: CompanyContext, guid: string, missing: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedGroup(tx, company, guid, missing);
    const [answer] = await groupAnswers(tx, [row]);
    const [anyDomain] = await tx.select({ guid: domains.guid }).from(domains).where(eq(domains.groupGuid, row.guid)).limit(1);
    const refusal = groupDeleteRefusal({ is_internal: answer!.is_internal, domain_count: anyDomain ? Math.max(answer!.domain_count, 1) : 0 });
    if (refusal) throw problem(409, refusal, { code: 'group_not_deletable' });
    await tx.delete(domainGroups).where(eq(domainGroups.guid, row.guid));
  });
}

/** The addresses a group's domains may use: the company's ACTIVE ones in the group's allowed IP groups the member may see, with their use. */
export async function groupIpAddressesPage(db: Db, company: CompanyContext, group: GroupRow, paging: Paging) {
  const allowed = (await db.select({ g: domainGroupIpGroups.ipGroupGuid }).from(domainGroupIpGroups).where(eq(domainGroupIpGroups.domainGroupGuid, group.guid))).map((r) => r.g);
  const filter = and(
    eq(ipAddresses.companyGuid, company.guid),
    eq(ipAddresses.status, 'ACTIVE'),
    restrictTo(ipAddresses.groupGuid, allowed),
    restrictTo(ipAddresses.groupGuid, company.allowedIpGroups),
  );
  const used = db
    .select({ ip: domains.ipAddressGuid, n: count().as('n') })
    .from(domains)
    .where(eq(domains.companyGuid, company.guid))
    .groupBy(domains.ipAddressGuid)
    .as('used');
  return pageOfRows(
    paging,
    async (limit, offset) => {
      const rows = await db
        .select({ ip: ipAddresses, group: { guid: ipGroups.guid, name: ipGroups.name }, used: used.n })
        .from(ipAddresses)
        .innerJoin(ipGroups, eq(ipGroups.guid, ipAddresses.groupGuid))
        .leftJoin(used, eq(used.ip, ipAddresses.guid))
        .where(filter)
        .orderBy(asc(ipAddresses.ipNumeric), asc(ipAddresses.guid))
        .limit(limit)
        .offset(offset);
      return rows.map(
        ({ ip, group: g, used: n }): GroupIpAddress => ({
          guid: ip.guid,
          ip_address: ip.ipAddress,
          ip_address_type: ip.ipAddressType as 'SHARED' | 'DEDICATED',
          http_version: ip.httpVersion === 2 ? 2 : 1,
          country: ip.country,
          country_code: ip.countryCode,
          city: ip.city,
          domain_count: Number(n ?? 0),
          domains_allowed: ip.domainsAllowed,
          group: g,
        }),
      );
    },
    () => countRows(db, ipAddresses, filter),
  );
}

/** How many of the group's domains expire within the banner's days. */
export async function expiringCount(db: Db, groupGuid: string, from: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(domains)
    .where(and(eq(domains.groupGuid, groupGuid), gte(domains.whoisExpires, from), lt(domains.whoisExpires, new Date(from.getTime() + EXPIRING_BANNER_DAYS * DAY_MS))));
  return Number(row?.n ?? 0);
}
