/**
 * What the domain pages' stores ask the API, through the panel's own API object (the session
 * wrapper included), in Node against the in-process API: the first request of each list is
 * for the group or domain on screen (never `group=` or `/domains//subdomains/`), an unknown
 * group is one sentence, and an export of a selection is of that selection only.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveObjectURL } from 'node:buffer';
import { and, eq } from 'drizzle-orm';
import { cleanStores } from 'nanostores';
import { useTestStorageEngine } from '@nanostores/persistent';
import type { Database } from '../../src/server/db/connection';
import { domainGroups, domains, ipAddresses } from '../../src/server/db/schema/index';
import { api } from '../../src/stores/api';
import { $companyGuid, $token } from '../../src/stores/credentials';
import { panelApi, setEnvironment } from '../../src/stores/environment';
import { $group, loadGroup } from '../../src/stores/domain-groups';
import { $openDomain, closeDomain, domainsList, openDomain, showGroupDomains } from '../../src/stores/domains';
import { groupTasksList, showGroupTasks } from '../../src/stores/group-tasks';
import { forwardersList, showForwarders, showSubdomains, subdomainsList } from '../../src/stores/domain-extras';
import { redirectsList, showRedirects } from '../../src/stores/domain-web';
import { $exportResult, exportForm } from '../../src/stores/domain-export';
import { $ipExportResult, $pick, exportForm as ipExportForm, ipList } from '../../src/stores/ip-addresses';
import { $toasts } from '../../src/stores/toasts';
import type { PagedList } from '../../src/stores/paged-list';
import { openSeededApp, type TestApp } from './helpers/app';
import { pageInMemory } from './helpers/page';

let database: Database;
let t: TestApp;
/** The panel's address, as the stores read it. */
let address = new URL('http://panel.test/domains');
/** Every request the panel's API sent, as `METHOD path?query`, in order. */
let sent: string[] = [];
let group: { guid: string; domains: { guid: string; domain: string }[] };
/** A domain of the group that may have subdomains (not a subdomain itself). */
let parent: string;

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  setEnvironment({
    // No event stream options: the lists do not follow tasks live here.
    ...pageInMemory().environment(
      panelApi('http://api.test', async (input, init) => {
        const request = input instanceof Request ? input : new Request(String(input), init);
        const url = new URL(request.url);
        sent.push(`${request.method} ${url.pathname}${url.search}`);
        return t.app.request(request);
      }),
    ),
    location: () => address,
    go: () => undefined,
  });
  const owner = await t.signIn('demo@hostdeck.test');
  $token.set(owner.token);
  $companyGuid.set(owner.company);
  const { db } = database;
  const [agency] = await db
    .select()
    .from(domainGroups)
    .where(and(eq(domainGroups.companyGuid, owner.company), eq(domainGroups.name, 'Agency Sites')));
  const rows = await db
    .select({ guid: domains.guid, domain: domains.domain, isSubdomain: domains.isSubdomain })
    .from(domains)
    .where(eq(domains.groupGuid, agency!.guid))
    .orderBy(domains.domain);
  group = { guid: agency!.guid, domains: rows };
  parent = rows.find((r) => !r.isSubdomain)!.guid;
});
afterAll(async () => {
  cleanStores(domainsList.$list, groupTasksList.$list, subdomainsList.$list, forwardersList.$list, redirectsList.$list);
  await t.deps.jobs.stop();
  await database.close();
});
beforeEach(() => {
  sent = [];
  $toasts.set([]);
  closeDomain();
});

const toasts = () => $toasts.get().map((x) => x.message);

/** Resolves once `list` has an answer and no load under way. */
function loaded<T, F extends Record<string, string>>(list: PagedList<T, F>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => !list.$list.get().loading && list.$list.get().answer !== null;
    if (done()) return resolve();
    const stop = list.$list.listen(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });
}

describe('the group page asks for the group of its address from the first request', () => {
  it('the Domains tab: its list asks for group=<id>, never group=, and no error is toasted', async () => {
    address = new URL(`http://panel.test/domains/${group.guid}`);
    // As DomainsTab renders: the show call, then the component's subscription.
    showGroupDomains(group.guid);
    const stop = domainsList.$list.listen(() => undefined);
    await loaded(domainsList);
    stop();
    const lists = sent.filter((s) => s.startsWith('GET /domains/?'));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((s) => new URLSearchParams(s.split('?')[1]).get('group') === group.guid)).toBe(true);
    expect(toasts()).toEqual([]);
    expect(domainsList.$list.get().answer!.total).toBe(group.domains.length);
  });

  it('the Tasks tab: its list asks for /domains/groups/<id>/tasks/, never an empty guid', async () => {
    address = new URL(`http://panel.test/domains/${group.guid}/tasks`);
    showGroupTasks(group.guid);
    const stop = groupTasksList.$list.listen(() => undefined);
    await loaded(groupTasksList);
    stop();
    const asked = sent.filter((s) => s.includes('/tasks/'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((s) => s.startsWith(`GET /domains/groups/${group.guid}/tasks/`))).toBe(true);
    expect(toasts()).toEqual([]);
  });
});

describe("the drawer's tabs ask for the drawer's domain from the first request", () => {
  // As the tabs render: the component's subscription first, then the effect's show call.
  const tabs = [
    { name: 'Subdomains', list: subdomainsList, show: showSubdomains, path: 'subdomains' },
    { name: 'Email Addresses', list: forwardersList, show: showForwarders, path: 'email_addresses' },
    { name: 'URL Redirects', list: redirectsList, show: showRedirects, path: 'redirects' },
  ] as const;
  for (const tab of tabs) {
    it(`${tab.name}: never /domains//${tab.path}/, and no error is toasted`, async () => {
      address = new URL(`http://panel.test/domains/${group.guid}`);
      await openDomain(parent);
      expect($openDomain.get()?.domain?.guid).toBe(parent);
      sent = [];
      const stop = (tab.list.$list as PagedList<unknown, { domain: string }>['$list']).listen(() => undefined);
      tab.show(parent);
      await loaded(tab.list as PagedList<unknown, { domain: string }>);
      stop();
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((s) => s.startsWith(`GET /domains/${parent}/${tab.path}/`))).toBe(true);
      expect(toasts()).toEqual([]);
    });
  }
});

describe('an unknown group', () => {
  it('is one sentence for the page, not a toast', async () => {
    await loadGroup('00000000-0000-4000-8000-000000000000');
    expect($group.get()).toMatchObject({ loading: false, group: null, missing: 'Domain group not found.' });
    await loadGroup('not-a-group');
    expect($group.get()).toMatchObject({ guid: 'not-a-group', missing: 'Domain group not found.' });
    expect(toasts()).toEqual([]);
  });
});

describe("the panel's API object", () => {
  it('refuses, as a bug, a path with an empty segment, and sends nothing', async () => {
    await expect(api.get('/domains//subdomains/')).rejects.toThrow(/empty part/);
    await expect(api.download('/domains/groups//tasks/', { page: 1 })).rejects.toThrow(/empty part/);
    expect(sent).toEqual([]);
  });

  it('still sends a path whose query carries // (a URL searched for)', async () => {
    const answer = await api.get<{ total: number }>(`/domains/?group=${group.guid}&search=https://nowhere.test/`);
    expect(answer.total).toBe(0);
    expect(sent).toHaveLength(1);
  });
});

describe('an export of a selection, through the panel', () => {
  /** The rows of the file the Results step's Download link holds. */
  const rowsOf = async (url: string) => JSON.parse(await resolveObjectURL(url)!.text()) as Record<string, string>[];

  it('the domain export of selected domains holds only those domains', async () => {
    const chosen = group.domains.slice(0, 2);
    const outcome = await exportForm.submit({
      group: group.guid,
      fields: ['domain'],
      sort_field: 'domain',
      sort_dir: 'ASC',
      output_type: 'JSON',
      selected_domains: chosen.map((d) => d.guid),
    });
    expect(outcome.ok).toBe(true);
    const result = $exportResult.get()!;
    expect(result.rows).toBe(2);
    expect((await rowsOf(result.url)).map((r) => r.domain)).toEqual(chosen.map((d) => d.domain));
  });

  it("the IP export of 'all as searched but one' holds the group's addresses less that one", async () => {
    const [first] = await database.db
      .select()
      .from(ipAddresses)
      .where(and(eq(ipAddresses.companyGuid, $companyGuid.get()!), eq(ipAddresses.status, 'ACTIVE')))
      .limit(1);
    const all = await database.db.select().from(ipAddresses).where(eq(ipAddresses.groupGuid, first!.groupGuid));
    expect(all.length).toBeGreaterThan(2);
    ipList.$list.setKey('filters', { group: first!.groupGuid, search: '' });
    $pick.set({ all: true, except: { [first!.guid]: true } });
    const outcome = await ipExportForm.submit({ fields: ['ip_address'], sort_field: 'ip_address', sort_dir: 'ASC', output_type: 'JSON', only_selected: true });
    expect(outcome.ok).toBe(true);
    const exported = (await rowsOf($ipExportResult.get()!.url)).map((r) => r.ip_address);
    expect(exported.sort()).toEqual(
      all
        .filter((r) => r.guid !== first!.guid)
        .map((r) => r.ipAddress)
        .sort(),
    );
  });

  it('the IP export of a selection longer than a URL holds only the selected addresses', async () => {
    // More than 100 guids go in the body: the company's addresses are gathered in one group
    // (the seed's groups are smaller), and all of them but one are selected.
    const mine = await database.db.select().from(ipAddresses).where(eq(ipAddresses.companyGuid, $companyGuid.get()!));
    const largest = mine[0]!.groupGuid;
    await database.db.update(ipAddresses).set({ groupGuid: largest }).where(eq(ipAddresses.companyGuid, $companyGuid.get()!));
    const picked = mine.slice(1);
    expect(picked.length).toBeGreaterThan(100);
    ipList.$list.setKey('filters', { group: largest, search: '' });
    $pick.set({ all: false, guids: Object.fromEntries(picked.map((p) => [p.guid, true])) });
    const outcome = await ipExportForm.submit({ fields: ['ip_address'], sort_field: 'ip_address', sort_dir: 'ASC', output_type: 'JSON', only_selected: true });
    expect(outcome, JSON.stringify($toasts.get())).toMatchObject({ ok: true });
    const exported = (await rowsOf($ipExportResult.get()!.url)).map((r) => r.ip_address);
    expect(exported.sort()).toEqual(picked.map((p) => p.ipAddress).sort());
    expect(sent.filter((s) => s.startsWith('POST /ip_addresses/export/'))).toHaveLength(1);
  });
});
