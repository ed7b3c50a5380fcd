/**
 * The drawer's DNS Zone tab's store in Node, through the panel's own API object against the
 * in-process API: records added, refused and removed, the history and a restore, the zone file
 * handed to the person, and an import previewed, refused, confirmed and applied.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestStorageEngine } from '@nanostores/persistent';
import type { Database } from '../../src/server/db/connection';
import { companies, dnsZones, domains } from '../../src/server/db/schema/index';
import { importNeedsConfirmation } from '../../src/lib/schemas/dns';
import {
  $history,
  $import,
  $zone,
  addRecordForm,
  applyZoneFile,
  confirmImport,
  downloadZoneFile,
  importQuestion,
  importSummary,
  loadHistory,
  loadZone,
  previewZoneFile,
  removeRecord,
  resetImport,
  restoreVersion,
} from '../../src/stores/dns-zone';
import { $toasts } from '../../src/stores/toasts';
import { openSeededApp, type TestApp } from './helpers/app';
import { panelSignedInAs, shownToasts } from './helpers/panel';
import type { PageInMemory } from './helpers/page';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string; page: PageInMemory };
/** A domain of the company with an ACTIVE zone. */
let target: { guid: string; domain: string };
let foreign: string;

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await panelSignedInAs(t, 'demo@hostdeck.test');
  const [row] = await database.db
    .select({ guid: domains.guid, domain: domains.domain })
    .from(domains)
    .innerJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
    .where(and(eq(domains.companyGuid, demo.company), eq(dnsZones.status, 'ACTIVE'), eq(domains.isSubdomain, false)))
    .limit(1);
  target = row!;
  const [other] = await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreign = (await database.db.select().from(domains).where(eq(domains.companyGuid, other!.guid)).limit(1))[0]!.guid;
});
afterAll(() => database.close());

beforeEach(async () => {
  demo = await panelSignedInAs(t, 'demo@hostdeck.test');
  await loadZone(target.guid);
  resetImport();
  $toasts.set([]);
});

const origin = () => `$ORIGIN ${target.domain}.`;

describe('the DNS Zone tab (spec part 2, 2.6)', () => {
  it('adds a record, shows the zone and its history as the server holds them, and removes it', async () => {
    const serial = $zone.get().zone!.records.SOA.serial;
    expect((await addRecordForm.submit({ type: 'A', name: 'shop', value: '203.0.113.7\n203.0.113.8', ttl: 3600 })).ok).toBe(true);
    expect($zone.get().zone!.records.A.find((r) => r.name === 'shop')).toEqual({ name: 'shop', records: ['203.0.113.7', '203.0.113.8'], ttl: 3600 });
    expect($zone.get().zone!.records.SOA.serial).toBeGreaterThan(serial);
    await loadHistory();
    expect($history.get().total).toBeGreaterThan(0);
    await removeRecord('A', 'shop');
    expect($zone.get().zone!.records.A.some((r) => r.name === 'shop')).toBe(false);
    expect(shownToasts()).toEqual([
      ['success', 'DNS record successfully created!'],
      ['success', 'DNS record successfully deleted!'],
    ]);
  });

  it("shows the server's sentence beside the name of a record that exists already", async () => {
    await addRecordForm.submit({ type: 'A', name: 'twice', value: '203.0.113.9', ttl: 3600 });
    $toasts.set([]);
    const again = await addRecordForm.submit({ type: 'A', name: 'twice', value: '203.0.113.10', ttl: 3600 });
    expect(again).toMatchObject({ ok: false, reason: 'refused', fields: { name: 'There is a A record for twice already: edit it to add values.' } });
    expect(shownToasts()).toEqual([['error', 'There is a A record for twice already: edit it to add values.']]);
  });

  it('restores an earlier version as a change of its own', async () => {
    await addRecordForm.submit({ type: 'A', name: 'gone-soon', value: '203.0.113.11', ttl: 3600 });
    await loadHistory();
    const withRecord = $history.get().versions[0]!.version;
    await removeRecord('A', 'gone-soon');
    $toasts.set([]);
    await restoreVersion(withRecord);
    expect($zone.get().zone!.records.A.some((r) => r.name === 'gone-soon')).toBe(true);
    expect(shownToasts()).toEqual([['success', 'DNS zone successfully restored!']]);
  });

  it("toasts the server's sentence for another company's domain", async () => {
    await loadZone(foreign);
    expect($zone.get()).toMatchObject({ loading: false, zone: null, unavailable: null });
    expect(shownToasts()).toEqual([['error', 'Domain not found.']]);
  });

  it('says on the tab that a zone not provisioned yet is not available', async () => {
    await database.db.update(dnsZones).set({ status: 'PENDING' }).where(eq(dnsZones.domainGuid, target.guid));
    try {
      await loadZone(target.guid);
      expect($zone.get()).toMatchObject({ zone: null, unavailable: 'DNS zone is not available, yet!' });
      expect($toasts.get()).toEqual([]);
    } finally {
      await database.db.update(dnsZones).set({ status: 'ACTIVE' }).where(eq(dnsZones.domainGuid, target.guid));
    }
  });
});

describe('the zone file', () => {
  it('is handed to the person as a BIND file named for the domain', async () => {
    await downloadZoneFile();
    expect(demo.page.saved).toHaveLength(1);
    const [file] = demo.page.saved;
    expect(file!.filename).toContain(target.domain);
    expect(new TextDecoder().decode(file!.body)).toContain('SOA');
  });

  it('shows why a text is no zone file, line by line, and applies nothing', async () => {
    await previewZoneFile('Dear support,\n\nplease move my domain to the new server.\n');
    expect($import.get()).toMatchObject({
      busy: false,
      preview: null,
      refused: ['Line 1: support, is not a record type, so this line is no record.', 'Line 3: move is not a record type, so this line is no record.'],
    });
    expect(await applyZoneFile()).toBe(false);
    expect($toasts.get()).toEqual([]);
  });

  it('asks before applying a file that removes more than it adds, then applies it when confirmed', async () => {
    const file = `${origin()}\n$TTL 3600\nonly IN A 192.0.2.99\n`;
    await previewZoneFile(file);
    const preview = $import.get().preview!;
    expect(preview.added).toEqual(['A only 3600 192.0.2.99']);
    expect(importNeedsConfirmation(preview)).toBe(true);
    expect(importSummary(preview)).toMatch(/^\d+ records?; 1 added, \d+ removed\.$/);
    expect(await applyZoneFile()).toBe(false);
    expect($import.get().confirming).toBe(true);
    expect(importQuestion(preview)).toContain(`removes ${preview.removed.length} records and adds 1`);
    expect(await confirmImport()).toBe(true);
    expect(shownToasts()).toEqual([['success', 'DNS zone successfully imported!']]);
    expect($zone.get().zone!.records.A).toEqual([{ name: 'only', records: ['192.0.2.99'], ttl: 3600 }]);
    expect($import.get()).toMatchObject({ text: null, preview: null, confirming: false });
  });
});
