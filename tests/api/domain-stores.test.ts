/**
 * The domain area's stores in Node, through the panel's own API object against the in-process
 * API with its background jobs: the group's list as the address names it, the task event stream,
 * the Add Domains wizard, bulk actions, deletion, the drawer's notes, sign-in links, software,
 * placement and the export, each followed until the task it started ends.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveObjectURL } from 'node:buffer';
import { and, eq, isNull } from 'drizzle-orm';
import { cleanStores } from 'nanostores';
import { useTestStorageEngine } from '@nanostores/persistent';
import type { Database } from '../../src/server/db/connection';
import { companies, dnsZones, domains, hostingAccounts, softwareInstallations } from '../../src/server/db/schema/index';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { startEdge, type EdgeHandle } from '../../src/server/edge/server';
import { isTaskFinished, type TaskEvent } from '../../src/lib/schemas/task-event';
import { BULK_DONE } from '../../src/lib/schemas/bulk-actions';
import { createDomainGroup } from '../../src/lib/requests/domains';
import { api } from '../../src/stores/api';
import { $token } from '../../src/stores/credentials';
import { $openDomain, closeDomain, domainsList, openDomain } from '../../src/stores/domains';
import { listFilters, nothingToAsk, routeGroup } from '../../src/stores/domain-context';
import { $tasksLive, debounced, onTaskEvent } from '../../src/stores/task-stream';
import { $wizard, addDomainNames, backToTable, importLines, NO_ADDRESSES, removeRow, restart, review, startWizard, submit, updateRow } from '../../src/stores/add-domains';
import { $bulk, chooseAction, resetBulk, runBulk, toConfigure } from '../../src/stores/bulk-actions';
import { mayDelete, removeDomain } from '../../src/stores/domain-actions';
import { $notes, loadNotes, notesForm } from '../../src/stores/domain-notes';
import { openSignIn } from '../../src/stores/domain-login';
import {
  $ftp,
  $softwareInfo,
  $softwareOptions,
  loadSoftwareInfo,
  loadSoftwareOptions,
  removeSoftware,
  revealForm,
  resetFtp,
  softwareForm,
  testFtpConnection,
} from '../../src/stores/domain-software';
import { $placementChoices, ipForm, loadAccountChoices, loadIpChoices } from '../../src/stores/domain-placement';
import { $exportResult, exportForm } from '../../src/stores/domain-export';
import { createExportResult } from '../../src/stores/export-file';
import { $toasts } from '../../src/stores/toasts';
import { openSeededApp, type TestApp } from './helpers/app';
import { panelSignedInAs, shownToasts, until } from './helpers/panel';
import type { PageInMemory } from './helpers/page';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string; page: PageInMemory };
/** An ACTIVE domain on shared hosting, without certificate or software, with its zone. */
let target: { guid: string; domain: string; group: string };
let foreign: string;
let edge: EdgeHandle;

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5, eventHeartbeatMs: 150 }));
  // Sign-in links open the sites the edge serves; without it there is nothing to sign in to.
  edge = await startEdge(database, { port: 0, host: '127.0.0.1' }, t.deps.now);
  t.deps.edge = edge;
  demo = await panelSignedInAs(t, 'demo@hostdeck.test');
  const { db } = database;
  const [row] = await db
    .select({ guid: domains.guid, domain: domains.domain, group: domains.groupGuid })
    .from(domains)
    .innerJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    .leftJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
    .innerJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
    .where(
      and(
        eq(domains.companyGuid, demo.company),
        eq(domains.status, 'ACTIVE'),
        isNull(domains.sslStatus),
        eq(domains.isSubdomain, false),
        eq(hostingAccounts.accountType, 'SHARED_HOSTING'),
        eq(hostingAccounts.status, 'ACTIVE'),
        isNull(softwareInstallations.guid),
        eq(dnsZones.status, 'ACTIVE'),
      ),
    )
    .orderBy(domains.domain)
    .limit(1);
  target = row!;
  const [other] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreign = (await db.select().from(domains).where(eq(domains.companyGuid, other!.guid)).limit(1))[0]!.guid;
});
afterAll(async () => {
  // The lists' task event stream closes with their last listener, before the app does.
  cleanStores(domainsList.$list);
  await edge.close();
  await database.close();
});

beforeEach(async () => {
  demo = await panelSignedInAs(t, 'demo@hostdeck.test', `/domains/${target.group}`);
  $toasts.set([]);
});

/**
 * The company's task changes from now on, through the panel's own task stream: resolves once
 * it is connected, so no event of a task started after it is missed.
 */
async function watchTasks(): Promise<{ finished(task?: string): Promise<TaskEvent>; stop(): void }> {
  const seen: TaskEvent[] = [];
  const waiting = new Set<() => void>();
  const stop = onTaskEvent((event) => {
    seen.push(event);
    for (const look of waiting) look();
  });
  await until($tasksLive, (live) => live);
  return {
    finished: (task) =>
      new Promise((resolve) => {
        const look = () => {
          const found = seen.find((event) => (!task || event.task === task) && isTaskFinished(event.status));
          if (!found) return;
          waiting.delete(look);
          resolve(found);
        };
        waiting.add(look);
        look();
      }),
    stop,
  };
}

describe("the group's domains (spec part 2, 2.3)", () => {
  it('asks for the group the address names, before any tab set its filter', async () => {
    expect(routeGroup()).toBe(target.group);
    const stop = domainsList.$list.listen(() => undefined);
    const list = await until(domainsList.$list, (l) => !l.loading && l.answer !== null);
    expect(list.filters.group).toBe(target.group);
    expect(list.answer!.data.map((d) => d.guid)).toContain(target.guid);
    stop();
    demo.page.at('/billing');
    expect(routeGroup()).toBe('');
    expect(listFilters(domainsList.$list, 'group', '', (g) => ({ group: g, search: '' }))).toMatchObject({ group: target.group });
    expect(await nothingToAsk(25)).toEqual({ data: [], page: 1, per_page: 25, total: 0 });
  });

  it('opens a domain in the drawer, and toasts the sentence for one that is not the company’s', async () => {
    await openDomain(target.guid);
    expect($openDomain.get()).toMatchObject({ guid: target.guid, loading: false, domain: { domain: target.domain } });
    await openDomain(foreign);
    expect($openDomain.get()).toBeNull();
    expect(shownToasts()).toEqual([['error', 'Domain not found.']]);
  });
});

describe('the task event stream', () => {
  it('runs one connection for every subscriber and closes it with the last', async () => {
    const a = await watchTasks();
    const b = onTaskEvent(() => undefined);
    a.stop();
    expect($tasksLive.get()).toBe(true);
    b();
    await until($tasksLive, (live) => !live);
  });

  it("toasts the server's refusal of a session it does not know", async () => {
    $token.set('not-a-token-the-api-knows');
    const stop = onTaskEvent(() => undefined);
    await until($toasts, (shown) => shown.length > 0);
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
    expect($tasksLive.get()).toBe(false);
    stop();
  });

  it('runs a burst of calls once, after it has passed', async () => {
    let runs = 0;
    const ran = new Promise<void>((resolve) => {
      const once = debounced(() => {
        runs += 1;
        resolve();
      }, 5);
      once.call();
      once.call();
      once.call();
    });
    await ran;
    expect(runs).toBe(1);
  });
});

describe("the drawer's Notes tab (spec part 2, 2.7)", () => {
  it('saves the notes, and the overview says the domain has notes', async () => {
    await openDomain(target.guid);
    await loadNotes(target.guid);
    expect($notes.get()).toMatchObject({ domain: target.guid, loading: false });
    expect((await notesForm.submit({ notes: '  Renew before May.  ' })).ok).toBe(true);
    expect($notes.get().notes).toBe('Renew before May.');
    expect($openDomain.get()?.domain?.has_notes).toBe(true);
    expect($toasts.get().map((toast) => toast.type)).toEqual(['success']);
  });

  it("toasts the server's sentence for another company's domain", async () => {
    await loadNotes(foreign);
    expect($notes.get()).toMatchObject({ loading: false, notes: null });
    expect(shownToasts()).toEqual([['error', 'Domain not found.']]);
  });
});

describe('signing in to the control panel and the software (spec part 2, 7.2)', () => {
  it('sends the tab opened at the click to the control panel', async () => {
    await openSignIn('cpanel', target.guid);
    expect(demo.page.tabs).toEqual([{ url: expect.stringMatching(/^http:\/\/[^/]+\/\.hostdeck\/login\/[A-Za-z0-9_-]{43}$/), closed: false }]);
    expect(new URL(demo.page.tabs[0]!.url!).host).toBe(`${target.domain}:${edge.port}`);
    expect($toasts.get()).toEqual([]);
  });

  it('closes the tab again when there is nothing to sign in to, saying why', async () => {
    await openSignIn('software', target.guid);
    expect(demo.page.tabs).toEqual([{ url: null, closed: true }]);
    expect(shownToasts()).toEqual([['error', 'Software is not installed!']]);
    expect(demo.page.went).toEqual([]);
  });
});

describe("the drawer's software (spec part 2, 2.5)", () => {
  const form = {
    software: 'WORDPRESS',
    language: 'de',
    protocol: 'https://' as const,
    install_directory: '/blog/',
    admin_username: 'Store-Otter 42',
    admin_password: 'A-long-password!1',
    admin_email: 'owner@example.com',
    website_name: 'My blog',
    website_description: 'Notes',
  };

  it('installs WordPress, shows it, reveals its password for the account password, and uninstalls it', async () => {
    const tasks = await watchTasks();
    await openDomain(target.guid);
    await loadSoftwareOptions(target.guid);
    expect($softwareOptions.get().options.find((o) => o.key === 'WORDPRESS')?.languages).toContain('de');
    const installed = await softwareForm.submit(form);
    if (!installed.ok) throw new Error('the installation was refused');
    expect(shownToasts()).toEqual([['success', 'Software installation successfully scheduled!']]);
    expect((await tasks.finished(installed.answer.task.guid)).status).toBe('COMPLETED');

    await loadSoftwareInfo(target.guid);
    expect($softwareInfo.get().info).toMatchObject({ key: 'WORDPRESS', status: 'ACTIVE', username: 'storeotter42' });
    expect(await revealForm.submit({ password: 'wrong' })).toMatchObject({ ok: false, fields: { password: 'The password is not correct.' } });
    expect((await revealForm.submit({ password: DEMO_PASSWORD })).ok).toBe(true);
    expect($softwareInfo.get().password).toBe('A-long-password!1');

    $toasts.set([]);
    const removing = tasks.finished();
    await removeSoftware(target.guid);
    expect(shownToasts()).toEqual([['success', 'Software update successfully scheduled!']]);
    await removing;
    tasks.stop();
  });

  it("toasts the server's refusal to uninstall software that is not there", async () => {
    const [stillThere] = await database.db.select().from(softwareInstallations).where(eq(softwareInstallations.domainGuid, target.guid));
    expect(stillThere?.status ?? 'gone').not.toBe('ACTIVE');
    await openDomain(target.guid);
    await until($openDomain, (open) => open?.domain?.status === 'ACTIVE');
    await removeSoftware(target.guid);
    expect(shownToasts()).toEqual([['error', 'Software is not installed!']]);
  });

  it('keeps Browse and Migrate locked after a failed FTP test, saying why', async () => {
    resetFtp();
    await openDomain(target.guid);
    await testFtpConnection({ ftp_host: '127.0.0.1', ftp_port: 1, ftp_username: 'nobody', ftp_password: 'nothing' });
    expect($ftp.get()).toMatchObject({ testing: false, tested: false });
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
  });
});

describe('Modify IP Address (spec part 2, 2.5)', () => {
  it('offers the group’s addresses and the accounts, moves the domain and shows it moved', async () => {
    const tasks = await watchTasks();
    await openDomain(target.guid);
    const before = $openDomain.get()!.domain!.ip_address!.guid;
    await Promise.all([loadIpChoices(target.group), loadAccountChoices()]);
    const { ips, accounts } = $placementChoices.get();
    expect(accounts.length).toBeGreaterThan(0);
    const free = ips.find((ip) => ip.guid !== before && ip.domain_count < ip.domains_allowed)!;
    const moved = await ipForm.submit({ ip_address: free.guid });
    if (!moved.ok) throw new Error('the move was refused');
    expect(shownToasts()).toEqual([['success', "Domain's IP address successfully updated!"]]);
    await tasks.finished(moved.answer.task.guid);
    tasks.stop();
    await openDomain(target.guid);
    expect($openDomain.get()?.domain?.ip_address?.guid).toBe(free.guid);
  });

  it("shows the server's sentence beside an address that is not the group's", async () => {
    await openDomain(target.guid);
    const [theirs] = await database.db.select().from(domains).where(eq(domains.guid, foreign));
    const refused = await ipForm.submit({ ip_address: theirs!.ipAddressGuid! });
    expect(refused).toMatchObject({ ok: false, reason: 'refused', fields: { ip_address: expect.any(String) } });
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
  });
});

describe('the export (spec part 2, 9 "Export")', () => {
  const values = {
    group: '',
    fields: ['domain', 'ip_address'] as ('domain' | 'ip_address')[],
    sort_field: 'domain' as const,
    sort_dir: 'ASC' as const,
    output_type: 'CSV' as 'CSV' | 'JSON',
    selected_domains: [] as string[],
  };

  it('keeps the file in the page with its first rows, and frees the one it replaces', async () => {
    expect((await exportForm.submit({ ...values, group: target.group })).ok).toBe(true);
    const csv = $exportResult.get()!;
    expect(csv).toMatchObject({ format: 'CSV', preview: { header: ['Domain', 'IP address'] } });
    expect(csv.rows).toBeGreaterThan(0);
    expect(await resolveObjectURL(csv.url)!.text()).toContain(target.domain);
    expect((await exportForm.submit({ ...values, group: target.group, output_type: 'JSON', selected_domains: [target.guid] })).ok).toBe(true);
    const json = $exportResult.get()!;
    expect(json).toMatchObject({ format: 'JSON', rows: 1, preview: { header: ['domain', 'ip_address'], rows: [[target.domain, expect.any(String)]] } });
    expect(resolveObjectURL(csv.url)).toBeUndefined();
    expect(JSON.parse(await resolveObjectURL(json.url)!.text())).toHaveLength(1);
  });

  it('reads a file it is handed, as the Results step shows it', () => {
    const result = createExportResult();
    const body = new TextEncoder().encode('Domain\na.example\nb.example\n').buffer;
    const kept = result.keep({ filename: 'domains.csv', body, contentType: 'text/csv' }, 'CSV', ['domain']);
    expect(kept).toMatchObject({ filename: 'domains.csv', rows: 2, bytes: body.byteLength, preview: { header: ['Domain'], rows: [['a.example'], ['b.example']] } });
    expect(result.$result.get()).toBe(kept);
  });

  it("toasts the server's refusal of another company's group", async () => {
    const [theirs] = await database.db.select({ group: domains.groupGuid }).from(domains).where(eq(domains.guid, foreign));
    expect(await exportForm.submit({ ...values, group: theirs!.group })).toMatchObject({ ok: false, reason: 'refused' });
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
  });
});

describe('the Add Domains wizard, bulk actions and deletion (spec part 2, 2.8, 4.1, 4.5)', () => {
  let group: string;
  let destination: string;

  beforeAll(async () => {
    await panelSignedInAs(t, 'demo@hostdeck.test');
    const [account] = await database.db
      .select({ guid: hostingAccounts.guid })
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, demo.company), eq(hostingAccounts.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
      .limit(1);
    group = (await createDomainGroup(api, { name: 'Store sites', default_hosting_account: account!.guid })).group.guid;
    destination = (await createDomainGroup(api, { name: 'Store sites moved', default_hosting_account: account!.guid })).group.guid;
  });
  beforeEach(async () => {
    demo = await panelSignedInAs(t, 'demo@hostdeck.test', `/domains/${group}/add`);
    $toasts.set([]);
  });

  it('adds rows with free addresses, checks them, sends them once and follows the task to the end', async () => {
    const tasks = await watchTasks();
    await startWizard(group, true);
    expect($wizard.get()).toMatchObject({ group, loading: false, defaultAccount: expect.any(String) });
    addDomainNames('store-one.example\nstore-two.example\nstore-one.example');
    expect($wizard.get().rows.map((r) => r.domain)).toEqual(['store-one.example', 'store-two.example']);
    expect($wizard.get().rows.every((r) => r.ip_address !== '')).toBe(true);
    const second = $wizard.get().rows[1]!;
    updateRow(second.key, { domain: 'not a domain' });
    expect($wizard.get().rows[1]!.errors.domain).toBeTruthy();
    expect(review()).toBe(false);
    updateRow(second.key, { domain: 'store-two.example' });
    expect(importLines('store-three.example,no-such-address')).toBe(false);
    expect($wizard.get().importErrors[0]).toMatchObject({ line: 1 });
    expect(review()).toBe(true);
    await submit();
    const result = $wizard.get().result;
    if (!result?.ok) throw new Error('the domains were refused');
    expect($wizard.get().step).toBe(3);
    expect((await tasks.finished(result.task.guid)).status).toBe('COMPLETED');
    tasks.stop();
    const added = await database.db.select({ domain: domains.domain, status: domains.status }).from(domains).where(eq(domains.groupGuid, group));
    expect(added.map((d) => [d.domain, d.status]).sort()).toEqual([
      ['store-one.example', 'ACTIVE'],
      ['store-two.example', 'ACTIVE'],
    ]);
  });

  it("shows the server's refusal of a domain that exists already beside its row, for Go Back", async () => {
    restart();
    await until($wizard, (w) => !w.loading);
    addDomainNames('store-one.example');
    expect(review()).toBe(true);
    await submit();
    expect($wizard.get()).toMatchObject({ step: 3, result: { ok: false } });
    expect($wizard.get().rows[0]!.errors.domain).toBeTruthy();
    backToTable();
    expect($wizard.get().step).toBe(1);
    removeRow($wizard.get().rows[0]!.key);
    expect($wizard.get().rows).toEqual([]);
  });

  it('says when no address has a free slot left for a row', async () => {
    await startWizard(group, true);
    const full = $wizard.get().ips.map((ip) => ({ ...ip, domain_count: ip.domains_allowed }));
    $wizard.setKey('ips', full);
    addDomainNames('store-none.example');
    expect($wizard.get()).toMatchObject({ rows: [], notice: NO_ADDRESSES });
  });

  it('moves a domain to another group, after asking for the action and the destination', async () => {
    const [one] = await database.db
      .select({ guid: domains.guid })
      .from(domains)
      .where(and(eq(domains.groupGuid, group), eq(domains.domain, 'store-two.example')));
    resetBulk();
    await toConfigure(group);
    expect($bulk.get().error).toBe('Please choose an action!');
    chooseAction('CHANGE_GROUP');
    await toConfigure(group);
    expect($bulk.get().groups.map((g) => g.guid)).toContain(destination);
    expect($bulk.get().groups.map((g) => g.guid)).not.toContain(group);
    expect(await runBulk(group, [one!.guid])).toBe(false);
    expect($bulk.get().error).toBe('Please select the destination group!');
    $bulk.setKey('destination', destination);
    expect(await runBulk(group, [one!.guid])).toBe(true);
    expect(shownToasts()).toEqual([['success', BULK_DONE]]);
    const [moved] = await database.db.select({ group: domains.groupGuid }).from(domains).where(eq(domains.guid, one!.guid));
    expect(moved!.group).toBe(destination);
  });

  it("toasts the server's refusal of a domain not in the group, back on the confirmation", async () => {
    resetBulk();
    chooseAction('TOGGLE_CACHING');
    await toConfigure(group);
    expect(await runBulk(group, [target.guid])).toBe(false);
    expect($bulk.get().step).toBe(2);
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
  });

  it('schedules the deletion of a domain and closes the drawer; asked again, says why and opens it again', async () => {
    const [one] = await database.db
      .select({ guid: domains.guid, status: domains.status })
      .from(domains)
      .where(and(eq(domains.groupGuid, group), eq(domains.domain, 'store-one.example')));
    expect(mayDelete({ status: one!.status, is_subdomain: false })).toBe(true);
    await openDomain(one!.guid);
    await removeDomain(one!.guid);
    expect($toasts.get().map((toast) => toast.type)).toEqual(['success']);
    expect($openDomain.get()).toBeNull();
    const [deleting] = await database.db.select({ status: domains.status }).from(domains).where(eq(domains.guid, one!.guid));
    expect(deleting!.status).not.toBe('ACTIVE');
    expect(mayDelete({ status: deleting!.status, is_subdomain: false })).toBe(false);
    $toasts.set([]);
    await removeDomain(one!.guid);
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
    expect($openDomain.get()?.guid).toBe(one!.guid);
    closeDomain();
  });
});
