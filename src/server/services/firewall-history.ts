import { and, desc, eq, inArray, max } from 'drizzle-orm';
import { FIELDS, isFieldKey, isOperator, OPERATOR_LABELS, type FirewallCondition, type FirewallRuleData } from '../../lib/firewall/index';
import type { FirewallVersionAnswer } from '../../lib/api/firewall';
import type { Db } from '../db/connection';
import { countRows, type Paging } from '../db/lists';
import { firewallVersions, users } from '../db/schema/index';
import { lockKey } from '../jobs/store';

/**
 * The history of rules, rulesets and policies (issue 9 "Beyond the original"): every create,
 * edit, status change and delete writes the whole object as its next version in
 * `firewall_versions`, with who and a summary; the history lists them newest first with a diff
 * against the version before, and a restore writes one back as a version of its own.
 */

export type FirewallKind = 'RULE' | 'RULESET' | 'POLICY';

interface Ref {
  guid: string;
  name: string;
}

export interface RuleSnapshot {
  guid: string;
  name: string;
  priority: number;
  status: string;
  date_created: string;
  data: FirewallRuleData;
}

export interface RulesetSnapshot {
  guid: string;
  name: string;
  status: string;
  date_created: string;
  rules: Ref[];
}

export interface PolicySnapshot {
  guid: string;
  name: string;
  priority: number;
  status: string;
  date_created: string;
  rulesets: Ref[];
  rules: Ref[];
  domain_groups: Ref[];
  /** `name` is the domain. */
  domains: Ref[];
}

export type Snapshot = RuleSnapshot | RulesetSnapshot | PolicySnapshot;

const BASELINE = 'As it stood before its first recorded change';

interface Change {
  kind: FirewallKind;
  companyGuid: string;
  snapshot: Snapshot;
  summary: string;
  by: string | null;
  now: Date;
}

/**
 * Writes the object as its next version. Versions of one object are serialised by a lock on
 * its guid, so two changes at once get two numbers (a deleted object has no row to lock).
 */
export async function recordVersion(tx: Db, change: Change): Promise<number> {
  await lockKey(tx, `firewall-version:${change.snapshot.guid}`);
  const [last] = await tx
    .select({ v: max(firewallVersions.version) })
    .from(firewallVersions)
    .where(eq(firewallVersions.objectGuid, change.snapshot.guid));
  const version = Number(last?.v ?? 0) + 1;
  await tx.insert(firewallVersions).values({
    companyGuid: change.companyGuid,
    objectKind: change.kind,
    objectGuid: change.snapshot.guid,
    version,
    snapshot: change.snapshot as unknown as Record<string, unknown>,
    summary: change.summary,
    changedBy: change.by,
    dateCreated: change.now,
  });
  return version;
}

/**
 * Before the first recorded change of an object made before there was a history (the seed's):
 * how it stood, as version 1 by nobody, so that state can be restored and the change shows a diff.
 */
export async function recordBaseline(tx: Db, kind: FirewallKind, companyGuid: string, before: Snapshot, dated: Date): Promise<void> {
  await lockKey(tx, `firewall-version:${before.guid}`);
  const [last] = await tx
    .select({ v: max(firewallVersions.version) })
    .from(firewallVersions)
    .where(eq(firewallVersions.objectGuid, before.guid));
  if (last?.v != null) return;
  await tx.insert(firewallVersions).values({
    companyGuid,
    objectKind: kind,
    objectGuid: before.guid,
    version: 1,
    snapshot: before as unknown as Record<string, unknown>,
    summary: BASELINE,
    changedBy: null,
    dateCreated: dated,
  });
}

/** The version a restore names, of the company's object of that kind; null when there is none. */
export async function versionOf(db: Db, kind: FirewallKind, companyGuid: string, objectGuid: string, version: number) {
  const [row] = await db
    .select()
    .from(firewallVersions)
    .where(
      and(eq(firewallVersions.companyGuid, companyGuid), eq(firewallVersions.objectKind, kind), eq(firewallVersions.objectGuid, objectGuid), eq(firewallVersions.version, version)),
    );
  return row ?? null;
}

/** Whether the company's object has a history (a deleted object is known by its history alone). */
export async function hasHistory(db: Db, kind: FirewallKind, companyGuid: string, objectGuid: string): Promise<boolean> {
  const n = await countRows(
    db,
    firewallVersions,
    and(eq(firewallVersions.companyGuid, companyGuid), eq(firewallVersions.objectKind, kind), eq(firewallVersions.objectGuid, objectGuid)),
  );
  return n > 0;
}

const joined = (values: string | string[]) => (Array.isArray(values) ? values.join(', ') : values);

function conditionLine(c: FirewallCondition): string {
  const field = isFieldKey(c.field) ? FIELDS[c.field].label : c.field;
  const operator = isOperator(c.operator) ? OPERATOR_LABELS[c.operator] : c.operator;
  const named = c.name && c.field !== 'predefined_bot' ? ` ${c.name}` : '';
  const anyCase = c.ignore_case ? ' (ignoring case)' : '';
  return `${field}${named} ${operator} ${c.field === 'predefined_bot' && c.name ? c.name : joined(c.value)}${anyCase}`;
}

/** One line per part of the object, as the diff compares them; conditions numbered AND-group.condition. */
export function linesOf(kind: FirewallKind, snapshot: Snapshot): string[] {
  const lines = [`Name: ${snapshot.name}`];
  if ('priority' in snapshot) lines.push(`Priority: ${snapshot.priority}`);
  lines.push(`Status: ${snapshot.status}`);
  if (kind === 'RULE') {
    const { data } = snapshot as RuleSnapshot;
    lines.push(`Type: ${data.type}`);
    for (const [g, group] of data.conditions.entries()) for (const [i, c] of group.entries()) lines.push(`Condition ${g + 1}.${i + 1}: ${conditionLine(c)}`);
    lines.push(`Action: ${data.action.type}`, `Default action: ${data.action.default_type}`);
    if (data.action.redirect_destination) lines.push(`Redirect: ${data.action.redirect_status_code} to ${data.action.redirect_destination}`);
    if (data.max_requests !== undefined) lines.push(`Rate limit: ${data.max_requests} per ${data.time_frame}`);
    return lines;
  }
  if (kind === 'POLICY') {
    const policy = snapshot as PolicySnapshot;
    return [
      ...lines,
      ...policy.rulesets.map((r) => `Ruleset: ${r.name}`),
      ...policy.rules.map((r) => `Rule: ${r.name}`),
      ...policy.domain_groups.map((g) => `Domain group: ${g.name}`),
      ...policy.domains.map((d) => `Domain: ${d.name}`),
    ];
  }
  return [...lines, ...(snapshot as RulesetSnapshot).rules.map((r) => `Rule: ${r.name}`)];
}

export function diffOf(kind: FirewallKind, before: Snapshot | null, after: Snapshot): { removed: string[]; added: string[] } {
  const a = before ? linesOf(kind, before) : [];
  const b = linesOf(kind, after);
  return { removed: a.filter((l) => !b.includes(l)), added: b.filter((l) => !a.includes(l)) };
}

/** The parts an edit changed, named as the summary says them ('Edited name, priority'). */
export function editSummary(kind: FirewallKind, before: Snapshot, after: Snapshot): string {
  const parts: [string, (s: Snapshot) => unknown][] = [
    ['name', (s) => s.name],
    ['priority', (s) => ('priority' in s ? s.priority : null)],
  ];
  if (kind === 'RULE') {
    const data = (s: Snapshot) => (s as RuleSnapshot).data;
    parts.push(
      ['type', (s) => data(s).type],
      ['conditions', (s) => data(s).conditions],
      ['action', (s) => data(s).action],
      ['rate limit', (s) => [data(s).max_requests, data(s).time_frame]],
    );
  } else {
    const guids = (list: Ref[]) => list.map((r) => r.guid).sort();
    parts.push(['rulesets', (s) => guids((s as PolicySnapshot).rulesets ?? [])], ['rules', (s) => guids((s as RulesetSnapshot | PolicySnapshot).rules)]);
    if (kind === 'POLICY') parts.push(['domain groups', (s) => guids((s as PolicySnapshot).domain_groups)], ['domains', (s) => guids((s as PolicySnapshot).domains)]);
  }
  const changed = parts.filter(([, read]) => JSON.stringify(read(before)) !== JSON.stringify(read(after))).map(([name]) => name);
  return changed.length ? `Edited ${changed.join(', ')}` : 'Saved without changes';
}

export const statusSummary = (status: string) => (status === 'ACTIVE' ? 'Enabled' : 'Disabled');

/**
 * One page of an object's history, newest first, each version with its diff against the one
 * before. An object made before there was a history shows how it stands as version 1.
 */
export async function historyPage(
  db: Db,
  kind: FirewallKind,
  companyGuid: string,
  objectGuid: string,
  paging: Paging,
  current: () => Promise<{ snapshot: Snapshot; dated: Date } | null>,
) {
  const where = and(eq(firewallVersions.companyGuid, companyGuid), eq(firewallVersions.objectKind, kind), eq(firewallVersions.objectGuid, objectGuid));
  const total = await countRows(db, firewallVersions, where);
  if (total === 0) {
    const now = await current();
    if (!now) return null;
    const data: FirewallVersionAnswer[] =
      paging.page === 1
        ? [
            {
              version: 1,
              summary: BASELINE,
              changed_by: null,
              date_created: now.dated.toISOString(),
              snapshot: now.snapshot as unknown as Record<string, unknown>,
              diff: diffOf(kind, null, now.snapshot),
            },
          ]
        : [];
    return { data, page: paging.page, per_page: paging.per_page, total: 1 };
  }
  // One version more than the page: the last one's diff is against it.
  const rows = await db
    .select()
    .from(firewallVersions)
    .where(where)
    .orderBy(desc(firewallVersions.version))
    .limit(paging.per_page + 1)
    .offset((paging.page - 1) * paging.per_page);
  const authors = [...new Set(rows.map((r) => r.changedBy).filter((g): g is string => g !== null))];
  const people = authors.length
    ? await db.select({ guid: users.guid, first: users.firstName, last: users.lastName, email: users.email }).from(users).where(inArray(users.guid, authors))
    : [];
  const data = rows.slice(0, paging.per_page).map((r, i): FirewallVersionAnswer => {
    const by = people.find((p) => p.guid === r.changedBy);
    const before = rows[i + 1]?.snapshot as unknown as Snapshot | undefined;
    return {
      version: r.version,
      summary: r.summary,
      changed_by: by ? { name: `${by.first} ${by.last}`.trim(), email: by.email } : null,
      date_created: r.dateCreated.toISOString(),
      snapshot: r.snapshot,
      diff: diffOf(kind, before ?? null, r.snapshot as unknown as Snapshot),
    };
  });
  return { data, page: paging.page, per_page: paging.per_page, total };
}
