import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listInvoices } from '../../src/lib/requests/billing';
import { exportDomains, listDomainGroups } from '../../src/lib/requests/domains';
import { exportIpAddresses, listIpAddresses, listIpGroups } from '../../src/lib/requests/ip-addresses';
import type { DomainExportQuery } from '../../src/lib/schemas/domain-export';
import { IP_EXPORT_FIELDS } from '../../src/lib/schemas/ip-addresses';
import type { Database } from '../../src/server/db/connection';
import { run } from '../cli/helpers/run';
import type { TestApp } from './helpers/app';
import { API_UNDER_PANEL, demoConfigDir, fetchUnderApi } from './helpers/cli-api';
import { openDemoApp, type Session } from './helpers/demo-app';
import { withoutOwnerScopes } from './helpers/scopes';

/** `hostdeck ip list` and `hostdeck invoices list` against the reference API in-process (issue 12). */
let database: Database;
let t: TestApp;
let configDir: string;
let demo: Session;

const API = API_UNDER_PANEL;
const fetchApi = fetchUnderApi(() => t);
const cli = (argv: string[]) => run(['--api-url', API, ...argv], { configDir, fetch: fetchApi });

beforeAll(async () => {
  ({ database, t, demo } = await openDemoApp());
});
afterAll(() => database.close());
beforeEach(async () => {
  const temp = await demoConfigDir(API, demo);
  configDir = temp.dir;
  return temp.cleanup;
});

describe('hostdeck ip list', () => {
  it('prints every address of a group, named by its name, as the API lists them', async () => {
    const [group] = (await listIpGroups(t.client(demo), { per_page: 100 })).data;
    const listed = await listIpAddresses(t.client(demo), { group: group!.guid, per_page: 99999 });
    const out = await cli(['--json', 'ip', 'list', '--group', group!.name.toUpperCase()]);
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(listed.data);
  });

  it('searches every group, and prints a table with a header when not --json', async () => {
    const [some] = (await listIpAddresses(t.client(demo), { per_page: 1 })).data;
    const out = await cli(['ip', 'list', '--search', some!.ip_address]);
    expect(out.code, out.stderr).toBe(0);
    const [header, row] = out.stdout.split('\n');
    expect(header).toMatch(/^IP ADDRESS\s+TYPE\s+STATUS\s+LOCATION\s+SITES\s+MONTHLY\s+GROUP\s+GUID$/);
    expect(row).toContain(some!.ip_address);
    expect(row).toContain(some!.guid);
  });

  it('says which group was not found (exit 1)', async () => {
    const out = await cli(['ip', 'list', '--group', 'No such group']);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('No IP group No such group was found.');
    expect(out.stdout).toBe('');
  });
});

describe('hostdeck invoices list', () => {
  it('prints the invoices of the statuses asked, newest first, as the API lists them', async () => {
    const unpaid = await listInvoices(t.client(demo), { status: ['UNPAID'], per_page: 100 });
    expect(unpaid.total).toBeGreaterThan(0);
    const out = await cli(['--json', 'invoices', 'list', '--status', 'UNPAID']);
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(unpaid.data);
  });

  it("links each invoice to the panel's page of it", async () => {
    const [newest] = (await listInvoices(t.client(demo), { per_page: 1 })).data;
    const out = await cli(['invoices', 'list']);
    expect(out.code, out.stderr).toBe(0);
    const [header, row] = out.stdout.split('\n');
    expect(header).toMatch(/^INVOICE\s+STATUS\s+TOTAL\s+DUE\s+CREATED\s+DUE DATE\s+ORDER\s+LINK$/);
    expect(row).toMatch(new RegExp(`^#${newest!.id}\\s`));
    expect(row).toContain(`http://hostdeck.test/billing/invoices/${newest!.id}`);
  });

  it('refuses a status that does not exist as wrong usage (exit 2)', async () => {
    const out = await cli(['invoices', 'list', '--status', 'LATE']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('A status is one of UNPAID, PAID, PARTIALLY_PAID, CANCELLED.');
  });
});

describe('the exports', () => {
  it('writes a domain group’s export to stdout byte for byte as the panel downloads it', async () => {
    const [group] = (await listDomainGroups(t.client(demo), { per_page: 100 })).data;
    const query: DomainExportQuery = { group: group!.guid, output_type: 'CSV', fields: ['domain', 'ip_address', 'ip_address_city'], sort_field: 'ip_address', sort_dir: 'DESC' };
    const panel = await exportDomains(t.client(demo), query);
    const out = await cli([
      'domains',
      'export',
      '--group',
      group!.name,
      '--field',
      'domain',
      '--field',
      'ip_address',
      '--field',
      'ip_address_city',
      '--sort',
      'ip_address',
      '--desc',
    ]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toBe(new TextDecoder().decode(panel.body));
    expect(out.stdout.split('\n').length).toBeGreaterThan(2);
  });

  it('writes an IP group’s export as JSON to a file, the same as the panel’s, saying where on stderr', async () => {
    const [group] = (await listIpGroups(t.client(demo), { per_page: 100 })).data;
    const panel = await exportIpAddresses(t.client(demo), { group: group!.guid, output_type: 'JSON', fields: [...IP_EXPORT_FIELDS], sort_field: 'ip_address', sort_dir: 'ASC' });
    const file = join(configDir, 'addresses.json');
    const out = await cli(['--json', 'ip', 'export', '--group', group!.guid, '--output', file]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toBe('');
    expect(await readFile(file, 'utf8')).toBe(new TextDecoder().decode(panel.body));
    expect(JSON.parse(await readFile(file, 'utf8')).length).toBeGreaterThan(0);
  });

  it('refuses a field the export does not have as wrong usage (exit 2), and says the server’s sentence for a refusal (exit 1)', async () => {
    const bad = await cli(['ip', 'export', '--group', 'x', '--field', 'price']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('A field is one of ip_address,');
    const [group] = (await listDomainGroups(t.client(demo), { per_page: 100 })).data;
    await withoutOwnerScopes(database, demo.company, ['can_view_domains'], async () => {
      const refused = await cli(['domains', 'export', '--group', group!.guid]);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).not.toContain('bug');
    });
  });
});
