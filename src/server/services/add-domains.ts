import type { Context } from 'hono';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Task } from '../../lib/api/tasks';
import type { NewDomain } from '../../lib/schemas/add-domains';
import type { AppEnv, CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { lockCompany } from '../db/locks';
import { domainGroupIpGroups, domainGroups, domains, hostingAccounts, ipAddresses, softwarePresets, taskItems, tasks } from '../db/schema/index';
import { ApiProblem } from '../http/errors';
import { isKeyTakenOver, keyRunOf } from '../http/idempotency';
import { lockKey } from '../jobs/store';
import { ADD_DOMAINS, addDomainItems, type AddedDomain } from '../jobs/steps/domain-add';
import { isAllowed, restrictTo } from './access';
import { recordSetupEvent } from './getting-started';
import { taskAnswers } from './task-answers';
import { HOSTING_ACCOUNT_NOT_FOUND } from '../../lib/schemas/hosting-accounts';

type Row = { [K in keyof NewDomain]-?: Exclude<NewDomain[K], undefined> };
const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];

/**
 * Checks a submission of new domains against the company's data and, when every row passes,
 * inserts them as ADDING, all in one transaction under a per-company lock, so two submissions
 * cannot take the same free website slot. A refusal names every bad row's field
 * (`domains.{index}.{field}`), and nothing is added.
 */
export async function insertNewDomains(
  db: Db,
  company: CompanyContext,
  rows: readonly Row[],
  adminEmail: string,
  now: Date,
  /** Runs in the same transaction once the domains are in (the request's Idempotency-Key records them). */
  alongside?: (tx: Db, added: AddedDomain[]) => Promise<void>,
): Promise<AddedDomain[]> {
  return db.transaction(async (tx) => {
    // The company's row first (src/server/db/locks.ts), then the slots' lock a subdomain shares, then the rows.
    await lockCompany(tx, company.guid);
    await lockKey(tx, `add-domains:${company.guid}`);
    const groupGuids = unique(rows.map((r) => r.group));
    const accountGuids = unique(rows.map((r) => r.hosting_account));
    const ipGuids = unique(rows.map((r) => r.ip_address));
    const presetGuids = unique(rows.map((r) => r.software_preset));
    const [groups, groupIpGroups, accounts, ips, used, presets, taken] = await Promise.all([
      tx
        .select({ guid: domainGroups.guid })
        .from(domainGroups)
        .where(and(inArray(domainGroups.guid, groupGuids), eq(domainGroups.companyGuid, company.guid))),
      tx.select().from(domainGroupIpGroups).where(inArray(domainGroupIpGroups.domainGroupGuid, groupGuids)),
      tx
        .select({ guid: hostingAccounts.guid, status: hostingAccounts.status, type: hostingAccounts.accountType })
        .from(hostingAccounts)
        .where(and(inArray(hostingAccounts.guid, accountGuids), eq(hostingAccounts.companyGuid, company.guid), restrictTo(hostingAccounts.guid, company.allowedHostingAccounts))),
      tx
        .select({ guid: ipAddresses.guid, ip: ipAddresses.ipAddress, group: ipAddresses.groupGuid, allowed: ipAddresses.domainsAllowed, status: ipAddresses.status })
        .from(ipAddresses)
        .where(and(inArray(ipAddresses.guid, ipGuids), eq(ipAddresses.companyGuid, company.guid), restrictTo(ipAddresses.groupGuid, company.allowedIpGroups))),
      tx.select({ ip: domains.ipAddressGuid, n: count() }).from(domains).where(inArray(domains.ipAddressGuid, ipGuids)).groupBy(domains.ipAddressGuid),
      presetGuids.length
        ? tx
            .select({ guid: softwarePresets.guid })
            .from(softwarePresets)
            .where(and(inArray(softwarePresets.guid, presetGuids), eq(softwarePresets.companyGuid, company.guid), restrictTo(softwarePresets.guid, company.allowedSoftwarePresets)))
        : [],
      tx
        .select({ domain: domains.domain })
        .from(domains)
        .where(inArray(domains.domain, unique(rows.map((r) => r.domain)))),
    ]);
    const visibleGroups = new Set(groups.filter((g) => isAllowed(company.allowedDomainGroups, g.guid)).map((g) => g.guid));
    const ipGroupsOf = Map.groupBy(groupIpGroups, (g) => g.domainGroupGuid);
    const accountOf = new Map(accounts.map((a) => [a.guid, a]));
    const ipOf = new Map(ips.map((i) => [i.guid, i]));
    const free = new Map(ips.map((i) => [i.guid, i.allowed - Number(used.find((u) => u.ip === i.guid)?.n ?? 0)]));
    const presetSet = new Set(presets.map((p) => p.guid));
    const takenSet = new Set(taken.map((t) => t.domain));
    const listed = new Set<string>();

    const fields: Record<string, string> = {};
    const errors: string[] = [];
    const refuse = (index: number, field: string, message: string) => {
      fields[`domains.${index}.${field}`] = message;
      errors.push(`${rows[index]!.domain}: ${message}`);
    };
    for (const [index, row] of rows.entries()) {
      if (listed.has(row.domain)) {
        refuse(index, 'domain', 'This domain is listed twice.');
        continue;
      }
      listed.add(row.domain);
      if (takenSet.has(row.domain)) {
        refuse(index, 'domain', 'This domain is already added.');
        continue;
      }
      if (!visibleGroups.has(row.group)) {
        refuse(index, 'group', 'Domain group not found.');
        continue;
      }
      const account = accountOf.get(row.hosting_account);
      if (!account) {
        refuse(index, 'hosting_account', HOSTING_ACCOUNT_NOT_FOUND);
        continue;
      }
      if (account.status !== 'ACTIVE') {
        refuse(index, 'hosting_account', 'Only an ACTIVE hosting account can be chosen.');
        continue;
      }
      const ip = ipOf.get(row.ip_address);
      if (ip?.status !== 'ACTIVE') {
        refuse(index, 'ip_address', 'IP address not found.');
        continue;
      }
      const allowedGroups = (ipGroupsOf.get(row.group) ?? []).map((g) => g.ipGroupGuid);
      if (allowedGroups.length && !allowedGroups.includes(ip.group)) {
        refuse(index, 'ip_address', `${ip.ip} is not in an IP group this domain group may use.`);
        continue;
      }
      const left = free.get(ip.guid) ?? 0;
      if (left <= 0) {
        refuse(index, 'ip_address', `No free website slot is left on ${ip.ip}.`);
        continue;
      }
      free.set(ip.guid, left - 1);
      if (row.software_preset && !presetSet.has(row.software_preset)) refuse(index, 'software_preset', 'Unknown software preset.');
    }
    if (errors.length) throw new ApiProblem(400, { errors: errors.slice(0, 50).concat(errors.length > 50 ? [`And ${errors.length - 50} more.`] : []), code: 'invalid', fields });

    const values = rows.map((row) => {
      const customHost = accountOf.get(row.hosting_account)!.type === 'CUSTOM_HOST';
      // Software columns are ignored for custom-host accounts (spec part 2, 5).
      const software = !customHost && row.install_software ? row.install_software : null;
      return {
        companyGuid: company.guid,
        groupGuid: row.group,
        domain: row.domain,
        status: 'ADDING',
        ipAddressGuid: row.ip_address,
        hostingAccountGuid: row.hosting_account,
        sslStatus: row.install_lets_encrypt ? 'PENDING' : null,
        sslCertificateType: row.install_lets_encrypt ? 'LETS_ENCRYPT' : null,
        redirectToHttps: row.install_lets_encrypt && row.redirect_to_https,
        softwareProtocol: software ? (row.software_protocol ?? 'https://') : null,
        softwarePresetGuid: software ? row.software_preset : null,
        dateCreated: now,
      };
    });
    const inserted: { guid: string; domain: string }[] = [];
    for (let i = 0; i < values.length; i += 1000) {
      inserted.push(
        ...(await tx
          .insert(domains)
          .values(values.slice(i, i + 1000))
          .returning({ guid: domains.guid, domain: domains.domain })),
      );
    }
    const rowOfDomain = new Map(values.map((v) => [v.domain, v]));
    // The wizard keeps the first domain for its summary; the to-do list ticks 'Add your domains'.
    const first = inserted[0];
    if (first)
      await recordSetupEvent(tx, company.guid, { kind: 'domains_added', first: { domain: first.domain, ip_address: ipOf.get(rowOfDomain.get(first.domain)!.ipAddressGuid)!.ip } });
    const rowOf = new Map(rows.map((r) => [r.domain, r]));
    const added = inserted.map((d): AddedDomain => {
      const v = rowOfDomain.get(d.domain)!;
      const row = rowOf.get(d.domain)!;
      return {
        guid: d.guid,
        domain: d.domain,
        installLetsEncrypt: v.sslStatus !== null,
        software: v.softwareProtocol ? { key: row.install_software!, protocol: v.softwareProtocol, preset: v.softwarePresetGuid, adminEmail } : null,
      };
    });
    await alongside?.(tx, added);
    return added;
  });
}

/** The ADD_DOMAINS task that adds `domain` (its items name it), the newest if several did. */
export async function addDomainsTaskOf(db: Db, domainGuid: string): Promise<typeof tasks.$inferSelect | undefined> {
  const [row] = await db
    .select({ task: tasks })
    .from(tasks)
    .innerJoin(taskItems, eq(taskItems.taskGuid, tasks.guid))
    .where(and(eq(taskItems.domainGuid, domainGuid), eq(tasks.kind, ADD_DOMAINS)))
    .orderBy(desc(tasks.dateCreated))
    .limit(1);
  return row?.task;
}

/** What an Add Domains request records under its Idempotency-Key: the domains it committed, then that their task was. */
const DOMAINS_STEP = 'domains';
const TASK_STEP = 'task';

/**
 * Add Domains (spec part 2, 2.3 and 7.2): the domains, then one task that provisions them,
 * named in the Tasks tab of the first domain's group. With an Idempotency-Key each of the two
 * commits is recorded in its own transaction, so a retry after the process died finishes what
 * is missing.
 */
export async function addDomains(c: Context<AppEnv>, rows: readonly Row[]): Promise<{ task: Task; added: AddedDomain[] }> {
  const { db, jobs, now } = c.var.deps;
  const company = c.var.company;
  const key = keyRunOf(c);
  const added =
    key?.earlier<AddedDomain[]>(DOMAINS_STEP) ??
    (await insertNewDomains(db, company, rows, c.var.viewer.email, now(), (tx, inserted) => key?.record(tx, DOMAINS_STEP, inserted) ?? Promise.resolve()));
  const groupGuid = rows[0]!.group;
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
    return { task: answer!, added };
  } catch (error) {
    // A retry took the key over: the domains are its to finish.
    if (isKeyTakenOver(error)) throw error;
    // Without a task nothing would ever finish them: take them back rather than leave them ADDING.
    await db.transaction(async (tx) => {
      await tx.delete(domains).where(
        inArray(
          domains.guid,
          added.map((d) => d.guid),
        ),
      );
      await key?.forget(tx, DOMAINS_STEP);
    });
    throw error;
  }
}
