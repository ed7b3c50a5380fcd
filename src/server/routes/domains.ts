import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { addDomainsOp, exportDomainsOp, exportSelectedDomainsOp, getDomainOp, getNotesOp, listDomainsOp, saveNotesOp, selectableDomainsOp, type DomainDetail } from '../../lib/api/domains';
import { MAX_BULK_DOMAINS } from '../../lib/schemas/bulk-actions';
import type { Db } from '../db/connection';
import type { AppEnv, CompanyContext } from '../context';
import type { ExportField, ExportSortField } from '../../lib/schemas/domain-export';
import { exportStream } from '../services/domain-export';
import { metaOf } from '../services/domain-meta';
import { hasScopes } from '../../lib/rules/scopes';
import { forbidden } from '../http/errors';
import { taskAnswers } from '../services/task-answers';
import { addDomainsTaskOf, insertNewDomains } from '../services/add-domains';
import { ADD_DOMAINS, addDomainItems, type AddedDomain } from '../jobs/steps/domain-add';
import { isKeyTakenOver, keyRunOf } from '../http/idempotency';
import { inArray } from 'drizzle-orm';
import { containsPattern, pageOfRows } from '../db/lists';
import { domainNotes, domains, hostingAccounts, hostingServers, ipAddresses, orders, signatures } from '../db/schema/index';
import { implement } from '../http/operation';
import { exportAnswer } from '../http/download';
import { restrictTo } from '../services/access';
import { visibleDomain, visibleDomainGroup } from '../services/domain-access';
import { domainAnswer, selectDomains } from '../services/domain-rows';

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** What an Add Domains request records under its Idempotency-Key: the domains it committed, then that their task was. */
const DOMAINS_STEP = 'domains';
const TASK_STEP = 'task';

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
  if (tags.length) conditions.push(or(...tags.flatMap((t) => [ilike(domains.domain, containsPattern(t)), ilike(ipAddresses.ipAddress, containsPattern(t)), ilike(hostingAccounts.name, containsPattern(t))])));
  return and(...conditions);
}

/** The domains of a filter with the joins its search needs, and none without a search: 50,000 rows should read one table. */
function searchable<T extends Record<string, unknown>>(db: Db, fields: T, tags: readonly string[]) {
  // Drizzle types a select by its literal field map; the two callers read what they asked for.
  const base = db.select(fields as never).from(domains);
  return tags.length ? base.leftJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid)).leftJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid)) : base;
}

/** The domain list and one domain (spec part 2, 2.3, 2.5, 7.2 and 7.3). */
/** What an export is asked for, parsed from the query or the body. */
interface DomainExportChoices {
  group: string;
  output_type: 'CSV' | 'JSON';
  fields: readonly ExportField[];
  selected_domains?: readonly string[] | undefined;
  sort_field: ExportSortField;
  sort_dir: 'ASC' | 'DESC';
}

/** The export as a streamed file (spec part 2, 2.3 "Export"), whether the choices came in the query or the body. */
async function exportFile(c: Context<AppEnv>, choices: DomainExportChoices): Promise<Response> {
  const { db, now } = c.var.deps;
  const company = c.var.company;
  const group = await visibleDomainGroup(db, company, choices.group, 'Domain group not found.');
  // Admin passwords leave only for those who may reveal them one by one.
  if (choices.fields.includes('software_password') && !hasScopes(company.permissions, ['can_edit_software_installation'])) {
    throw forbidden('Exporting software passwords needs the permission to see software installations.');
  }
  const body = exportStream(db, {
    companyGuid: company.guid,
    group: group.guid,
    fields: [...new Set(choices.fields)],
    selected: choices.selected_domains,
    sortField: choices.sort_field,
    sortDir: choices.sort_dir,
    format: choices.output_type,
    includeSubdomains: group.includeSubdomainsInList,
  });
  return exportAnswer(body, choices.output_type, group.name, 'domains', now());
}

export const domainOperations = [
  implement(listDomainsOp, async (c, { query }) => {
    const { db, now } = c.var.deps;
    const tags = query.search ?? [];
    const where = await listFilter(c.var.deps.db, c.var.company, query.group, tags);
    const at = now();
    return pageOfRows(
      query,
      async (limit, offset) => (await selectDomains(db, where).orderBy(asc(domains.domain)).limit(limit).offset(offset)).map((r) => domainAnswer(r, at)),
      async () => Number(((await searchable(db, { n: count() }, tags).where(where)) as { n: number }[])[0]?.n ?? 0),
    );
  }),

  implement(selectableDomainsOp, async (c, { query }) => {
    const { db } = c.var.deps;
    const tags = query.search ?? [];
    const where = and(await listFilter(db, c.var.company, query.group, tags), eq(domains.status, 'ACTIVE'));
    const rows = (await searchable(db, { guid: domains.guid }, tags).where(where).orderBy(asc(domains.domain)).limit(MAX_BULK_DOMAINS + 1)) as { guid: string }[];
    const total = rows.length > MAX_BULK_DOMAINS ? Number(((await searchable(db, { n: count() }, tags).where(where)) as { n: number }[])[0]?.n ?? 0) : rows.length;
    return { guids: rows.slice(0, MAX_BULK_DOMAINS).map((r) => r.guid), total };
  }),

  implement(getDomainOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    const ref = await visibleDomain(db, company, params.guid, getDomainOp.notFound);
    const [row] = await selectDomains(db, eq(domains.guid, ref.guid));
    const base = domainAnswer(row!, now());
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
    const detail: DomainDetail = {
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
                  ? { destination_type: account.a.destinationType === 'IP_ADDRESS' ? 'IP_ADDRESS' : 'HOSTNAME', hostname: account.a.customHostname, ip_address: account.a.customIpAddress }
                  : null,
            }
          : null,
      meta: metaOf(d),
      is_in_cpanel: d.isInCpanel,
    };
    return detail;
  }),

  implement(addDomainsOp, async (c, { body }) => {
    const { db, jobs, now } = c.var.deps;
    const company = c.var.company;
    // With an Idempotency-Key each of the two commits (the domains, then their task) is recorded
    // in its own transaction, so a retry after the process died finishes what is missing.
    const key = keyRunOf(c);
    const added =
      key?.earlier<AddedDomain[]>(DOMAINS_STEP) ?? (await insertNewDomains(db, company, body.domains, c.var.viewer.email, now(), (tx, rows) => key?.record(tx, DOMAINS_STEP, rows) ?? Promise.resolve()));
    // One task for the submission; the first domain's group names it in the group's Tasks tab.
    const groupGuid = body.domains[0]!.group;
    try {
      const task = key?.earlier<true>(TASK_STEP)
        ? await addDomainsTaskOf(db, added[0]!.guid)
        : (
            await jobs.startTask(
              { companyGuid: company.guid, domainGroupGuid: groupGuid, kind: ADD_DOMAINS, createdBy: c.var.viewer.userGuid, items: addDomainItems(added) },
              { alongside: (tx) => key?.record(tx, TASK_STEP, true) ?? Promise.resolve() },
            )
          ).task;
      if (!task) throw new Error(`The task adding ${added[0]!.domain} was recorded but is not there.`);
      const [answer] = await taskAnswers(db, [task]);
      const n = added.length;
      return { message: `${n} ${n === 1 ? 'domain is' : 'domains are'} being added.`, task: answer!, domains: added.map((d) => ({ guid: d.guid, domain: d.domain })) };
    } catch (error) {
      // A retry took the key over: the domains are its to finish.
      if (isKeyTakenOver(error)) throw error;
      // Without a task nothing would ever finish them: take them back rather than leave them ADDING.
      await db.transaction(async (tx) => {
        await tx.delete(domains).where(inArray(domains.guid, added.map((d) => d.guid)));
        await key?.forget(tx, DOMAINS_STEP);
      });
      throw error;
    }
  }),

  implement(exportDomainsOp, (c, { query }) => exportFile(c, query)),
  implement(exportSelectedDomainsOp, (c, { body }) => exportFile(c, body)),

  implement(getNotesOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const d = await visibleDomain(db, c.var.company, params.guid, getNotesOp.notFound);
    const [row] = await db.select({ notes: domainNotes.notes }).from(domainNotes).where(eq(domainNotes.domainGuid, d.guid));
    return { notes: row?.notes ?? '' };
  }),

  implement(saveNotesOp, async (c, { params, body }) => {
    const { db, now } = c.var.deps;
    const d = await visibleDomain(db, c.var.company, params.guid, saveNotesOp.notFound);
    const values = { notes: body.notes, updatedBy: c.var.viewer.userGuid, dateUpdated: now() };
    await db.insert(domainNotes).values({ domainGuid: d.guid, ...values }).onConflictDoUpdate({ target: domainNotes.domainGuid, set: values });
    return { message: 'Notes successfully updated!', notes: body.notes };
  }),
];
