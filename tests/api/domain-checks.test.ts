import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { addDomains, createDomainGroup, getDomain, groupIpAddresses } from '../../src/lib/requests/domains';
import { deleteDnsRecord, updateDnsRecord } from '../../src/lib/requests/dns-zone';
import { healthTag } from '../../src/lib/rules/domain-tags';
import { CHECK_EVERY_MS, dueDomains, isCloudflareAddress, runDueChecks } from '../../src/server/checks/domain-checks';
import { SANDBOX_SOURCES, sandboxWhois } from '../../src/server/checks/sources';
import type { Database } from '../../src/server/db/connection';
import { dnsZones, domains, hostingAccounts } from '../../src/server/db/schema/index';
import { dnsServerResolver } from '../../src/server/dns/resolver';
import { openSeededApp, type TestApp } from './helpers/app';
import { taskFinished } from './helpers/outcomes';
import { until } from '../helpers/waiting';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let added: Record<string, string>;
let assigned: Record<string, string>;

const NAMES = ['plain-check.example', 'unsafe-check.example', 'expired-check.example'];

beforeAll(async () => {
  // Sessions outlast the days the clock is moved on by.
  ({ database, t } = await openSeededApp({ provisionStepMs: 5, sessionIdleMinutes: 10 * 24 * 60, sessionMaxHours: 10 * 24 }));
  await t.startDns();
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  const [account] = await db
    .select()
    .from(hostingAccounts)
    .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
    .limit(1);
  const group = (await createDomainGroup(t.client(demo), { name: 'Checked', default_hosting_account: account!.guid })).group.guid;
  const free = (await groupIpAddresses(t.client(demo), group, { per_page: 99999 })).data.flatMap((ip) =>
    Array.from({ length: Math.max(0, ip.domains_allowed - ip.domain_count) }, () => ip),
  );
  const answer = await addDomains(t.client(demo), { domains: NAMES.map((domain, i) => ({ domain, ip_address: free[i]!.guid, group, hosting_account: account!.guid })) });
  expect((await taskFinished(t, demo, group, answer.task.guid)).status).toBe('COMPLETED');
  added = Object.fromEntries(answer.domains.map((d) => [d.domain, d.guid]));
  assigned = Object.fromEntries(NAMES.map((name, i) => [name, free[i]!.ip_address]));
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await t.deps.dns?.close();
  await database.close();
});

const check = (resolver = dnsServerResolver(() => t.deps.dns ?? null)) => runDueChecks({ db: database.db, resolver, sources: SANDBOX_SOURCES, now: t.deps.now() }, 100_000);
const detail = (name: string) => getDomain(t.client(demo), added[name]!);

describe('health, WHOIS and metrics checks (spec part 2, 2.3 "Health tag", 2.4)', () => {
  it('checks a domain moments after it is added, resolving it and www through the DNS server: healthy, unsafe and expired as their sources say', async () => {
    // The check that follows the adding (checkSoon) announces nothing: its result is looked for.
    const plain = await until(
      'the first health check of plain-check.example',
      () => detail('plain-check.example'),
      (d) => d.health.date_health_checked !== null,
      t.signal,
    );
    expect(plain.health).toMatchObject({
      is_nxdomain: false,
      is_expired: false,
      is_cloudflare: false,
      resolved_ip_address: assigned['plain-check.example'],
      resolved_www_ip_address: assigned['plain-check.example'],
    });
    expect(healthTag(plain).label).toBe('Healthy');
    expect(plain.whois.whois_expires).toBe((await sandboxWhois.expiry('plain-check.example', t.deps.now()))!.toISOString());
    expect(plain.metrics.tf).toBeGreaterThanOrEqual(0);

    const unsafe = await detail('unsafe-check.example');
    expect(unsafe.google_safe_browsing?.statuses).toEqual(['SOCIAL_ENGINEERING']);
    expect(healthTag(unsafe).label).toBe('Unsafe');

    const expired = await detail('expired-check.example');
    expect(expired.health.is_expired).toBe(true);
    expect(expired.whois.days_until_expiration).toBeLessThan(0);
    expect(healthTag(expired).label).toBe('Expired');

    // Checked now, so none of them is due again until a day has passed.
    expect((await dueDomains(database.db, t.deps.now(), 100_000)).filter((d) => NAMES.includes(d.domain))).toEqual([]);
  });

  it('a DNS server that does not answer leaves health as it was, still due, while WHOIS and metrics are recorded', async () => {
    const [never] = await database.db
      .select({ guid: domains.guid })
      .from(domains)
      .where(and(eq(domains.companyGuid, demo.company), eq(domains.status, 'ACTIVE'), eq(domains.isSubdomain, false), isNull(domains.dateHealthChecked)))
      .limit(1);
    expect(never).toBeDefined();
    const before = await getDomain(t.client(demo), never!.guid);
    await runDueChecks({ db: database.db, resolver: dnsServerResolver(() => null), sources: SANDBOX_SOURCES, now: t.deps.now() }, 1, [never!.guid]);
    const after = await getDomain(t.client(demo), never!.guid);
    expect(after.health).toEqual(before.health);
    expect(after.metrics.date_metrics_checked).not.toBeNull();
    expect(after.whois.date_whois_checked).not.toBeNull();
    expect((await dueDomains(database.db, t.deps.now(), 100_000)).find((d) => d.guid === never!.guid)?.health).toBe(true);
  });

  it('a zone edited in the panel is what the next check finds: another address, then no record, then no zone', async () => {
    const guid = added['plain-check.example']!;
    await updateDnsRecord(t.client(demo), guid, { type: 'A', old_name: '', name: '', value: '104.16.1.1', ttl: 3600 });
    t.advance(CHECK_EVERY_MS.health + 60_000);
    await check();
    const moved = await detail('plain-check.example');
    expect(moved.health).toMatchObject({ resolved_ip_address: '104.16.1.1', is_cloudflare: true, is_nxdomain: false });
    expect(healthTag(moved)).toMatchObject({ label: 'Attention', hint: `Resolves to 104.16.1.1, not to ${assigned['plain-check.example']}.` });
    expect(isCloudflareAddress('203.0.113.9')).toBe(false);

    await deleteDnsRecord(t.client(demo), guid, 'A', '@');
    t.advance(CHECK_EVERY_MS.health + 60_000);
    await check();
    expect((await detail('plain-check.example')).health).toMatchObject({ resolved_ip_address: null, is_nxdomain: false });

    // A domain whose zone is not served (here: no longer ACTIVE) does not exist for the world of this machine.
    await database.db.update(dnsZones).set({ status: 'PENDING' }).where(eq(dnsZones.domainGuid, guid));
    t.advance(CHECK_EVERY_MS.health + 60_000);
    await check();
    const gone = await detail('plain-check.example');
    expect(gone.health.is_nxdomain).toBe(true);
    expect(healthTag(gone).label).toBe('NXDOMAIN');
  });
});
