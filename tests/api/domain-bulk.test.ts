import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { addDomains, bulkAction, createDomainGroup, deleteDomain, groupIpAddresses, listDomains } from '../../src/lib/requests/domains';
import type { BulkActionBody } from '../../src/lib/schemas/bulk-actions';
import type { Database } from '../../src/server/db/connection';
import { companies, domains, hostingAccounts, memberships, softwareInstallations } from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal, taskFinished } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let group: string;
let other: string;
let added: { guid: string; domain: string }[];
let foreignDomain: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5 }));
  await t.startDns();
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  const [account] = await db
    .select()
    .from(hostingAccounts)
    .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
    .limit(1);
  group = (await createDomainGroup(t.client(demo), { name: 'Bulk', default_hosting_account: account!.guid })).group.guid;
  other = (await createDomainGroup(t.client(demo), { name: 'Bulk destination', default_hosting_account: account!.guid })).group.guid;
  const free = (await groupIpAddresses(t.client(demo), group, { per_page: 99999 })).data.flatMap((ip) =>
    Array.from({ length: Math.max(0, ip.domains_allowed - ip.domain_count) }, () => ip.guid),
  );
  const answer = await addDomains(t.client(demo), {
    domains: Array.from({ length: 8 }, (_, i) => ({ domain: `bulk-${i}.example`, ip_address: free[i]!, group, hosting_account: account!.guid })),
  });
  await finished(answer.task.guid);
  added = answer.domains;
  const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreignDomain = (await db.select().from(domains).where(eq(domains.companyGuid, bluebird!.guid)).limit(1))[0]!.guid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await t.deps.dns?.close();
  await database.close();
});

const finished = (task: string, inGroup = group) => taskFinished(t, demo, inGroup, task);

const run = async (body: Omit<BulkActionBody, 'group'> & { group?: string }) => {
  const answer = await bulkAction(t.client(demo), { group, ...body });
  expect(answer.message).toBe('Action successfully performed!');
  if (answer.task) expect((await finished(answer.task.guid, body.group ?? group)).status).toBe('COMPLETED');
  return answer;
};
const rowsOf = (list: { guid: string }[]) =>
  database.db
    .select()
    .from(domains)
    .where(
      inArray(
        domains.guid,
        list.map((d) => d.guid),
      ),
    );

describe('PATCH /domains/ (spec part 2, 4.5)', () => {
  it("installs and uninstalls Let's Encrypt and WordPress", async () => {
    const pair = added.slice(0, 2).map((d) => d.guid);
    await run({ domain_list: pair, action: 'INSTALL_LETS_ENCRYPT' });
    expect((await rowsOf(added.slice(0, 2))).map((r) => r.sslStatus)).toEqual(['ACTIVE', 'ACTIVE']);
    await run({ domain_list: pair, action: 'UNINSTALL_SSL_CERTIFICATE' });
    expect((await rowsOf(added.slice(0, 2))).map((r) => r.sslStatus)).toEqual([null, null]);
    await run({ domain_list: pair, action: 'INSTALL_SOFTWARE' });
    expect(await database.db.select().from(softwareInstallations).where(inArray(softwareInstallations.domainGuid, pair))).toHaveLength(2);
    await run({ domain_list: pair, action: 'UNINSTALL_SOFTWARE' });
    expect(await database.db.select().from(softwareInstallations).where(inArray(softwareInstallations.domainGuid, pair))).toHaveLength(0);
    expect((await refusal(bulkAction(t.client(demo), { group, domain_list: pair, action: 'UNINSTALL_SOFTWARE' }))).body.errors).toEqual([
      'None of the selected domains needs this action.',
    ]);
  });

  it('toggles caching and redirects for all, one of each pair at a time', async () => {
    const pair = added.slice(2, 4);
    await run({ domain_list: pair.map((d) => d.guid), action: 'TOGGLE_CACHING' });
    expect((await rowsOf(pair)).every((r) => r.cacheEnabled)).toBe(true);
    await run({ domain_list: pair.map((d) => d.guid), action: 'TOGGLE_CACHING' });
    expect((await rowsOf(pair)).some((r) => r.cacheEnabled)).toBe(false);
    await run({ domain_list: pair.map((d) => d.guid), action: 'TOGGLE_REDIRECT_TO_WWW' });
    await run({ domain_list: pair.map((d) => d.guid), action: 'TOGGLE_REDIRECT_TO_NONWWW' });
    expect((await rowsOf(pair)).map((r) => [r.redirectToWww, r.redirectToNonwww])).toEqual([
      [false, true],
      [false, true],
    ]);
    await run({ domain_list: pair.map((d) => d.guid), action: 'TOGGLE_REDIRECT_TO_HTTP' });
    await run({ domain_list: pair.map((d) => d.guid), action: 'TOGGLE_REDIRECT_TO_HTTPS' });
    expect((await rowsOf(pair)).map((r) => [r.redirectToHttps, r.redirectToHttp, r.metaStatus])).toEqual([
      [true, false, 'ACTIVE'],
      [true, false, 'ACTIVE'],
    ]);
  });

  it('moves domains to another group', async () => {
    const pair = added.slice(4, 6);
    const missing = await refusal(bulkAction(t.client(demo), { group, domain_list: pair.map((d) => d.guid), action: 'CHANGE_GROUP' }));
    expect(missing.body.fields).toEqual({ destination_group: 'Please select the destination group!' });
    await run({ domain_list: pair.map((d) => d.guid), action: 'CHANGE_GROUP', destination_group: other });
    expect((await listDomains(t.client(demo), { group: other })).data.map((d) => d.domain).sort()).toEqual(pair.map((d) => d.domain).sort());
  });

  it('deletes domains, and refuses what is not ACTIVE, not in the group or not allowed', async () => {
    const [first, second] = added.slice(6, 8);
    await database.db.update(domains).set({ status: 'UPDATING' }).where(eq(domains.guid, second!.guid));
    const busy = await refusal(bulkAction(t.client(demo), { group, domain_list: [first!.guid, second!.guid], action: 'DELETE_DOMAINS' }));
    expect(busy.status).toBe(409);
    expect(busy.body.errors).toEqual(['Only ACTIVE domains can be selected for bulk actions: bulk-7.example']);
    const foreign = await refusal(bulkAction(t.client(demo), { group, domain_list: [foreignDomain], action: 'DELETE_DOMAINS' }));
    expect(foreign.status).toBe(400);
    const owner = and(eq(memberships.companyGuid, demo.company), eq(memberships.accountType, 'OWNER'));
    const [m] = await database.db.select().from(memberships).where(owner);
    await database.db
      .update(memberships)
      .set({ permissions: m!.permissions.filter((p) => p !== 'can_delete_domains') })
      .where(owner);
    expect((await refusal(bulkAction(t.client(demo), { group, domain_list: [first!.guid], action: 'DELETE_DOMAINS' }))).status).toBe(403);
    await database.db.update(memberships).set({ permissions: m!.permissions }).where(owner);
    await run({ domain_list: [first!.guid], action: 'DELETE_DOMAINS' });
    expect(await rowsOf([first!])).toHaveLength(0);
    expect((await refusal(bulkAction(t.client(demo), { group, domain_list: [], action: 'DELETE_DOMAINS' }))).body.fields).toEqual({ domain_list: 'Select at least one domain!' });
  });
});

describe('PATCH /domains/ refusals', () => {
  const refused = async (body: BulkActionBody) => (await refusal(bulkAction(t.client(demo), body))).body;

  it.each([
    ['a domain that is not a guid', { domain_list: ['nope'], action: 'TOGGLE_CACHING' }, { 'domain_list.0': 'Unknown domain.' }],
    ['no action', { action: 'NOTHING' }, { action: 'Please choose an action!' }],
    ['a group that is not a guid', { group: 'nope' }, { group: 'Unknown domain group.' }],
    ['a destination that is not a guid', { action: 'CHANGE_GROUP', destination_group: 'nope' }, { destination_group: 'Please select the destination group!' }],
  ])('answers %s with its sentence beside the field', async (_label, change, fields) => {
    const body = { group, domain_list: [added[0]!.guid], action: 'TOGGLE_CACHING', ...change } as BulkActionBody;
    expect((await refused(body)).fields).toEqual(fields);
  });

  it('refuses more than 10000 domains at once', async () => {
    const many = Array.from({ length: 10_001 }, () => crypto.randomUUID());
    expect((await refused({ group, domain_list: many, action: 'TOGGLE_CACHING' })).fields).toEqual({ domain_list: 'Select at most 10000 domains at once.' });
  });

  it('refuses moving domains to the group they are in, and changes nothing', async () => {
    const before = await rowsOf([added[0]!]);
    expect((await refused({ group, domain_list: [added[0]!.guid], action: 'CHANGE_GROUP', destination_group: group })).fields).toEqual({
      destination_group: 'The domains are in this group already.',
    });
    expect(await rowsOf([added[0]!])).toEqual(before);
  });

  it('says when a selected domain is not in the group, and answers 404 for a group or destination of another company', async () => {
    const foreign = await refusal(bulkAction(t.client(demo), { group, domain_list: [foreignDomain], action: 'TOGGLE_CACHING' }), 400);
    expect(foreign.body.fields).toEqual({ domain_list: 'Some of the selected domains are not in this group any more. Reload the list and select again.' });
    const [bluebird] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
    const [theirs] = await database.db.select().from(domains).where(eq(domains.companyGuid, bluebird!.guid)).limit(1);
    const notOurs = await refusal(bulkAction(t.client(demo), { group: theirs!.groupGuid, domain_list: [theirs!.guid], action: 'TOGGLE_CACHING' }), 404);
    expect(notOurs.body.errors).toEqual(['Domain group not found.']);
    const before = await rowsOf([added[0]!]);
    const destination = await refusal(bulkAction(t.client(demo), { group, domain_list: [added[0]!.guid], action: 'CHANGE_GROUP', destination_group: theirs!.groupGuid }), 404);
    expect(destination.body.errors).toEqual(['Domain group not found.']);
    expect(await rowsOf([added[0]!])).toEqual(before);
  });
});

describe('DELETE /domains/{guid}/ (spec part 2, 4.1)', () => {
  it('schedules the deletion of an ACTIVE or SUSPENDED domain only', async () => {
    const target = added[7]!;
    const busy = await refusal(deleteDomain(t.client(demo), target.guid));
    expect(busy.body.errors).toEqual(['The domain is busy (UPDATING): it can be deleted when it is ACTIVE or SUSPENDED.']);
    await database.db.update(domains).set({ status: 'SUSPENDED' }).where(eq(domains.guid, target.guid));
    const answer = await deleteDomain(t.client(demo), target.guid);
    expect(answer.message).toBe('Domain deletion successfully scheduled!');
    expect((await finished(answer.task.guid)).status).toBe('COMPLETED');
    expect(await rowsOf([target])).toHaveLength(0);
    expect((await refusal(deleteDomain(t.client(demo), foreignDomain))).status).toBe(404);
  });
});
