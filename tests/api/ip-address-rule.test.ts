import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import { and, eq } from 'drizzle-orm';
import { createApiKey, updateCompanyUser } from '../../src/lib/requests/company';
import { addDnsRecord } from '../../src/lib/requests/dns-zone';
import { createRule } from '../../src/lib/requests/firewall';
import type { RuleSave } from '../../src/lib/schemas/firewall';
import type { Database } from '../../src/server/db/connection';
import { dnsZones, domainGroups, domains } from '../../src/server/db/schema/index';
import { $wizard, importLines, startWizard } from '../../src/stores/add-domains';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';
import { panelSignedInAs } from './helpers/panel';

/**
 * Issue 29: one reading of an IP address everywhere. `1.2.3.04` (a leading zero: octal to some
 * readers, decimal to others) is refused by every place that takes an address, each with the
 * sentence it gives any other bad address, through the panel's own requesters and stores.
 */
let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let zoneDomain: string;
let group: string;

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const [row] = await database.db
    .select({ guid: domains.guid })
    .from(domains)
    .innerJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
    .where(and(eq(domains.companyGuid, demo.company), eq(dnsZones.status, 'ACTIVE'), eq(domains.isSubdomain, false)))
    .limit(1);
  zoneDomain = row!.guid;
  group = (await database.db.select({ guid: domainGroups.guid }).from(domainGroups).where(eq(domainGroups.companyGuid, demo.company)).limit(1))[0]!.guid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

/** Bad addresses: the one the issue names, and two every parser refused already. */
const BAD = ['1.2.3.04', '01.2.3.4', '1.2.3.256'];

describe('a DNS A record', () => {
  it.each(BAD)('refuses %s with the A record sentence', async (bad) => {
    const error = await refusal(addDnsRecord(t.client(demo), zoneDomain, { type: 'A', name: 'leading-zero', value: `192.0.2.1\n${bad}`, ttl: 3600 }), 400);
    expect(error.body.fields).toEqual({ value: `${bad} is not an IPv4 address.` });
  });
});

describe("the add-domains import's IP column", () => {
  beforeEach(async () => {
    demo = await panelSignedInAs(t, 'demo@hostdeck.test', `/domains/${group}/add`);
    await startWizard(group, true);
  });

  it.each(BAD)('refuses %s with the import sentence, on its line', (bad) => {
    expect(importLines(`first.example\nsecond.example, ${bad}`)).toBe(false);
    expect($wizard.get().importErrors).toEqual([{ line: 2, message: `${bad} is not an IPv4 address.` }]);
    expect($wizard.get().rows).toEqual([]);
  });
});

describe('a firewall rule', () => {
  const withValues = (field: 'ip_address' | 'cidr', value: string[]): RuleSave => ({
    name: 'Leading zeros',
    priority: 50,
    rule: { type: 'FIREWALL', conditions: [[{ field, operator: 'EQUALS', value }]], action: { type: 'REJECT', default_type: 'ALLOW' } },
  });
  const refusedValue = async (body: RuleSave) => (await refusal(createRule(t.client(demo), body), 400)).body.fields?.['rule.conditions.0.0.value'];

  it.each(BAD)('refuses %s as an IP address and as a CIDR base, with the firewall sentences', async (bad) => {
    expect(await refusedValue(withValues('ip_address', ['192.0.2.1', bad]))).toBe(`${bad} is not an IP address.`);
    expect(await refusedValue(withValues('cidr', [`${bad}/32`]))).toBe(`${bad}/32 is not a CIDR range such as 192.0.2.0/24.`);
  });
});

describe("an API key's allowlist", () => {
  it.each(BAD)('refuses %s on create and on edit, with the allowlist sentence', async (bad) => {
    const sentence = `"${bad}" is not an IP address or a CIDR range!`;
    const created = await refusal(createApiKey(t.client(demo), demo.company, { name: 'Leading zeros', allowed_ip_addresses: `10.0.0.1\n${bad}\n` }), 400);
    expect(created.body.fields).toEqual({ allowed_ip_addresses: sentence });
    const inRange = await refusal(createApiKey(t.client(demo), demo.company, { name: 'Leading zeros', allowed_ip_addresses: [`${bad}/32`] }), 400);
    expect(inRange.body.fields).toEqual({ allowed_ip_addresses: `"${bad}/32" is not an IP address or a CIDR range!` });
    const key = await createApiKey(t.client(demo), demo.company, { name: 'Good key', allowed_ip_addresses: '10.0.0.1' });
    const edited = await refusal(updateCompanyUser(t.client(demo), demo.company, key.user_id, { api_key: { allowed_ip_addresses: [bad] } }), 400);
    expect(edited.body.fields).toEqual({ 'api_key.allowed_ip_addresses': sentence });
  });

  it('matches the client the server saw by the same rule: an IPv4-mapped client is its IPv4 address, a zone is dropped', async () => {
    const key = await createApiKey(t.client(demo), demo.company, {
      name: 'Mapped',
      allowed_ip_addresses: '192.0.2.10\nfe80::/10',
      permissions: ['can_view_domains', 'can_view_domain_groups'],
    });
    const from = (address: string) => t.call('GET', '/domains/groups/', { token: key.token, headers: { 'x-test-ip': address } });
    expect((await from('::ffff:192.0.2.10')).status).toBe(200);
    expect((await from('fe80::1%eth0')).status).toBe(200);
    expect((await from('192.0.2.11')).status).toBe(403);
  });
});
