import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { exportDomains, listDomainGroups, listDomains } from '../../src/lib/requests/domains';
import type { Database } from '../../src/server/db/connection';
import { companies, domainGroups, memberships } from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let group: { guid: string; name: string; domain_count: number };
let foreignGroup: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  group = (await listDomainGroups(t.client(demo), { per_page: 100 })).data.filter((g) => g.domain_count > 3).sort((a, b) => b.domain_count - a.domain_count)[0]!;
  const [other] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreignGroup = (await database.db.select().from(domainGroups).where(eq(domainGroups.companyGuid, other!.guid)).limit(1))[0]!.guid;
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await database.close();
});

const text = (body: ArrayBuffer) => new TextDecoder().decode(body);

describe('GET /domains/export/ (spec part 2, 7.2 and 9)', () => {
  it('writes the group as CSV with the dialog names as its header, in the order asked', async () => {
    const file = await exportDomains(t.client(demo), {
      group: group.guid,
      fields: ['domain', 'ip_address', 'domain_group_name', 'health'],
      sort_field: 'domain',
      sort_dir: 'DESC',
    });
    expect(file.contentType).toMatch(/^text\/csv/);
    expect(file.filename).toMatch(/\.csv$/);
    const rows = parse(text(file.body)) as string[][];
    expect(rows[0]).toEqual(['Domain', 'IP address', 'Domain group', 'Health']);
    const all = await listDomains(t.client(demo), { group: group.guid, per_page: 100 });
    const names = rows.slice(1).map((r) => r[0]);
    expect(names.length).toBe(all.total);
    expect(names).toEqual([...all.data.map((d) => d.domain)].sort().reverse());
    expect(rows.slice(1).every((r) => r[2] === group.name)).toBe(true);
  });

  it('writes JSON objects keyed by field, only of the selected domains', async () => {
    const some = (await listDomains(t.client(demo), { group: group.guid, per_page: 3 })).data;
    const file = await exportDomains(t.client(demo), {
      group: group.guid,
      output_type: 'JSON',
      fields: ['domain', 'tf', 'whois_expires'],
      selected_domains: some.map((d) => d.guid),
    });
    const rows = JSON.parse(text(file.body)) as Record<string, unknown>[];
    expect(rows.map((r) => r.domain)).toEqual(some.map((d) => d.domain));
    expect(Object.keys(rows[0]!)).toEqual(['domain', 'tf', 'whois_expires']);
    expect(rows[0]!.tf).toBe(some[0]!.metrics.tf);
  });

  it('takes a selection of thousands, too long for a URL, in the body of POST /domains/export/', async () => {
    const all = (await listDomains(t.client(demo), { group: group.guid, per_page: 100 })).data;
    const filler = Array.from({ length: 3000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const selected = [...filler, ...all.slice(0, 2).map((d) => d.guid)];
    const file = await exportDomains(t.client(demo), { group: group.guid, output_type: 'JSON', fields: ['domain'], selected_domains: selected, sort_field: 'domain' });
    expect((JSON.parse(text(file.body)) as { domain: string }[]).map((r) => r.domain)).toEqual(
      all
        .slice(0, 2)
        .map((d) => d.domain)
        .sort(),
    );
    // The query string could not have carried them.
    expect(`/domains/export/?${selected.map((g) => `selected_domains=${g}`).join('&')}`.length).toBeGreaterThan(8192);

    const post = (body: unknown) => t.call('POST', '/domains/export/', { ...demo, body });
    const none = await post({ group: group.guid, fields: ['domain'], selected_domains: [] });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { fields: unknown }).fields).toEqual({ selected_domains: 'Select the domains to export.' });
    const many = await post({
      group: group.guid,
      fields: ['domain'],
      selected_domains: Array.from({ length: 10_001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    });
    expect(((await many.json()) as { fields: unknown }).fields).toEqual({ selected_domains: 'Select at most 10000 domains to export, or none to export all.' });
    expect((await post({ group: foreignGroup, fields: ['domain'], selected_domains: [all[0]!.guid] })).status).toBe(404);
  });

  it('answers an empty JSON array for no rows', async () => {
    const empty = await exportDomains(t.client(demo), { group: group.guid, output_type: 'JSON', fields: ['domain'], selected_domains: ['00000000-0000-4000-8000-000000000000'] });
    expect(JSON.parse(text(empty.body))).toEqual([]);
  });

  it('refuses no field, a foreign group, and passwords without the permission', async () => {
    expect((await refusal(exportDomains(t.client(demo), { group: group.guid, fields: [] }))).body.fields).toEqual({ fields: 'Please select at least 1 field!' });
    expect((await refusal(exportDomains(t.client(demo), { group: foreignGroup, fields: ['domain'] }))).status).toBe(404);
    const owner = and(eq(memberships.companyGuid, demo.company), eq(memberships.accountType, 'OWNER'));
    const [m] = await database.db.select().from(memberships).where(owner);
    await database.db
      .update(memberships)
      .set({ permissions: m!.permissions.filter((p) => p !== 'can_edit_software_installation') })
      .where(owner);
    try {
      const passwords = await refusal(exportDomains(t.client(demo), { group: group.guid, fields: ['domain', 'software_password'] }), 403);
      expect(passwords.body.errors).toEqual(['Exporting software passwords needs the permission to see software installations.']);
    } finally {
      await database.db.update(memberships).set({ permissions: m!.permissions }).where(owner);
    }
  });

  it.each([
    ['a group that is not a guid', { group: 'nope' }, { group: 'Unknown domain group.' }],
    ['an output type other than CSV or JSON', { output_type: 'XML' }, { output_type: 'The output type must be CSV or JSON.' }],
    ['an unknown field', { fields: ['domain', 'colour'] }, { 'fields.1': 'Unknown export field.' }],
    ['a selected domain that is not a guid', { selected_domains: ['nope'] }, { 'selected_domains.0': 'Unknown domain.' }],
    ['an unknown sort field', { sort_field: 'health' }, { sort_field: 'Unknown sort field.' }],
    ['a sort direction other than ASC or DESC', { sort_dir: 'UP' }, { sort_dir: 'The sort direction must be ASC or DESC.' }],
  ])('refuses %s with its sentence beside the field', async (_label, change, fields) => {
    const query = { group: group.guid, fields: ['domain'], ...change } as never;
    expect((await refusal(exportDomains(t.client(demo), query), 400)).body.fields).toEqual(fields);
  });
});
