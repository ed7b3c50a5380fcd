/**
 * The Subdomains and Email Addresses tabs' stores in Node against the in-process API:
 * what the tabs do on a click, without a browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cleanStores } from 'nanostores';
import { useTestStorageEngine } from '@nanostores/persistent';
import type { Database } from '../../src/server/db/connection';
import { dnsZones, domains, hostingAccounts, ipAddresses } from '../../src/server/db/schema/index';
import {
  $subdomainChoices,
  forwarderForm,
  forwardersList,
  loadSubdomainChoices,
  removeForwarder,
  removeSubdomain,
  showForwarders,
  showSubdomains,
  subdomainForm,
  subdomainsList,
} from '../../src/stores/domain-extras';
import { $toasts } from '../../src/stores/toasts';
import { openSeededApp, type TestApp } from './helpers/app';
import { panelSignedInAs } from './helpers/panel';
import { storeShows } from '../helpers/waiting';

let database: Database;
let t: TestApp;
let parent: { guid: string; domain: string };
let account: string;
let ip: string;

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5, eventHeartbeatMs: 150 }));
  const owner = await panelSignedInAs(t, 'demo@hostdeck.test');
  const { db } = database;
  const [row] = await db
    .select({ guid: domains.guid, domain: domains.domain, ip: domains.ipAddressGuid })
    .from(domains)
    .innerJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
    .where(and(eq(domains.companyGuid, owner.company), eq(domains.status, 'ACTIVE'), eq(domains.isSubdomain, false), eq(dnsZones.status, 'ACTIVE')))
    .orderBy(domains.domain)
    .limit(1);
  parent = { guid: row!.guid, domain: row!.domain };
  account = (
    await db
      .select()
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, owner.company), eq(hostingAccounts.status, 'ACTIVE')))
      .limit(1)
  )[0]!.guid;
  // The parent's own address is one its group may use; it is given room for the test's subdomains.
  await db.update(ipAddresses).set({ domainsAllowed: 100_000 }).where(eq(ipAddresses.guid, row!.ip!));
  ip = row!.ip!;
});
afterAll(async () => {
  // The lists' task event stream closes with their last listener, before the database does.
  cleanStores(subdomainsList.$list, forwardersList.$list);
  await t.deps.jobs.stop();
  await database.close();
});

const toasts = () => $toasts.get().map((x) => x.message);

describe('the Subdomains tab store', () => {
  it('offers the choices, adds from the dialog, shows the subdomain ACTIVE once its task ends, and deletes it', async () => {
    showSubdomains(parent.guid);
    const stop = subdomainsList.$list.listen(() => undefined);
    await loadSubdomainChoices(parent.guid);
    expect($subdomainChoices.get().ips.map((i) => i.guid)).toContain(ip);
    expect($subdomainChoices.get().accounts.map((a) => a.guid)).toContain(account);

    const empty = await subdomainForm.submit({ subdomain: ' ', ip_address: '', hosting_account: '' });
    expect(empty).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { subdomain: 'Please enter a subdomain!', ip_address: 'Please select an IP address!', hosting_account: 'Please select a hosting account!' },
    });

    const outcome = await subdomainForm.submit({ subdomain: 'Store', ip_address: ip, hosting_account: account });
    expect(outcome.ok).toBe(true);
    expect(toasts()).toContain('Subdomain successfully created!');
    const name = `store.${parent.domain}`;
    const live = await storeShows(
      `the Subdomains tab showing ${name} ACTIVE`,
      subdomainsList.$list,
      (s) => s.answer?.data.some((d) => d.domain === name && d.status === 'ACTIVE') ?? false,
      t.signal,
    );
    const made = live.answer!.data.find((d) => d.domain === name)!;

    await removeSubdomain(made.guid);
    expect(toasts()).toContain('Domain deletion successfully scheduled!');
    await storeShows(`the Subdomains tab without ${name}`, subdomainsList.$list, (s) => !(s.answer?.data.some((d) => d.guid === made.guid) ?? true), t.signal);
    stop();
  });
});

describe('the Email Addresses tab store', () => {
  it('adds a forwarder that turns ACTIVE, refuses a bad one beside its field, and deletes', async () => {
    showForwarders(parent.guid);
    const stop = forwardersList.$list.listen(() => undefined);
    const bad = await forwarderForm.submit({ email_address: 'a b', forward_to_email_address: 'nobody' });
    expect(bad).toMatchObject({ ok: false, reason: 'invalid' });
    expect(Object.keys(bad.ok ? {} : bad.fields).sort()).toEqual(['email_address', 'forward_to_email_address']);

    expect((await forwarderForm.submit({ email_address: 'Desk', forward_to_email_address: 'desk@elsewhere.example' })).ok).toBe(true);
    expect(toasts()).toContain('Email address successfully created!');
    const live = await storeShows(
      'the Email Addresses tab showing desk ACTIVE',
      forwardersList.$list,
      (s) => s.answer?.data.some((f) => f.address === 'desk' && f.status === 'ACTIVE') ?? false,
      t.signal,
    );
    const made = live.answer!.data.find((f) => f.address === 'desk')!;
    expect(made.email_address).toBe(`desk@${parent.domain}`);

    await removeForwarder(made.guid);
    expect(toasts()).toContain('Email address deletion successfully scheduled!');
    await storeShows('the Email Addresses tab without desk', forwardersList.$list, (s) => !(s.answer?.data.some((f) => f.guid === made.guid) ?? true), t.signal);
    stop();
  });
});
