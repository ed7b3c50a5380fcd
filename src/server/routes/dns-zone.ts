import { and, eq, inArray } from 'drizzle-orm';
import { DNS_ZONE_UNAVAILABLE, exportZoneFileOp, importZoneFileOp, addDnsRecordOp, deleteDnsRecordOp, getDnsZoneOp, restoreDnsZoneOp, updateDnsRecordOp, zoneHistoryOp, type DnsZone } from '../../lib/api/dns-zone';
import { importChangeWords, importNeedsConfirmation, valuesOf, type ZoneType } from '../../lib/schemas/dns';
import type { Db } from '../db/connection';
import { countRows, pageOfRows } from '../db/lists';
import { dnsRecords, dnsZones, dnsZoneVersions, users } from '../db/schema/index';
import { ApiProblem, notFound, problem } from '../http/errors';
import { implement } from '../http/operation';
import type { CompanyContext } from '../context';
import { visibleDomain } from '../services/domain-access';
import { previewImport, zoneFileOf } from '../services/zone-file';
import { changeZone, diffOf, snapshotOf, versionOf, versionsOf, viewOf, writeSnapshot, type ZoneRow } from '../services/dns-zones';

/** Spec part 2, 8: the panel's sentences for a record change. */
const DONE = { add: 'DNS record successfully created!', update: 'DNS record successfully updated!', delete: 'DNS record successfully deleted!' } as const;

/** The zone of a domain the company may see, ACTIVE, or the spec's 'DNS zone is not available, yet!'. */
async function zoneOf(db: Db, company: CompanyContext, guid: string, message: string): Promise<{ zone: ZoneRow; domain: string }> {
  const d = await visibleDomain(db, company, guid, message, { zoneOwner: true });
  const [zone] = await db.select().from(dnsZones).where(eq(dnsZones.domainGuid, d.guid));
  if (!zone || zone.status !== 'ACTIVE') throw problem(409, DNS_ZONE_UNAVAILABLE, { code: 'dns_zone_unavailable' });
  return { zone, domain: d.domain };
}

async function answerOf(db: Db, zone: ZoneRow, domain: string): Promise<DnsZone> {
  const view = viewOf(await snapshotOf(db, zone));
  return { domain, dns_type: zone.dnsType, status: zone.status, records: { SOA: view.soa, ...view.records } };
}

/** Record sets are found by type and name; NS and SOA names are the domain itself (spec part 2, 5). */
const nameFor = (type: ZoneType, name: string) => (type === 'NS' || type === 'SOA' ? '' : name);
const shown = (name: string) => name || '@';

async function insertSet(tx: Db, zone: ZoneRow, type: string, name: string, values: string[], ttl: number) {
  await tx.insert(dnsRecords).values(values.map((value, position) => ({ zoneGuid: zone.guid, type, name, value, ttl, position })));
}

/** The DNS Zone panel (spec part 2, 2.6 and 7.4) and the zone's history (issue 8, "Beyond the original"). */
export const dnsZoneOperations = [
  implement(getDnsZoneOp, async (c, { params }) => {
    const { zone, domain } = await zoneOf(c.var.deps.db, c.var.company, params.guid, getDnsZoneOp.notFound);
    return answerOf(c.var.deps.db, zone, domain);
  }),

  implement(addDnsRecordOp, async (c, { params, body }) => {
    const { db, now } = c.var.deps;
    const { zone, domain } = await zoneOf(db, c.var.company, params.guid, addDnsRecordOp.notFound);
    const name = nameFor(body.type, body.name);
    const values = [...new Set(valuesOf(body.value))];
    const [existing] = await db.select({ guid: dnsRecords.guid }).from(dnsRecords).where(and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.type, body.type), eq(dnsRecords.name, name))).limit(1);
    if (existing && body.type !== 'NS') throw problem(409, `There is a ${body.type} record for ${shown(name)} already: edit it to add values.`, { code: 'record_exists', fields: { name: `There is a ${body.type} record for ${shown(name)} already: edit it to add values.` } });
    // A CNAME stands alone at its name (RFC 1034, 3.6.2).
    const [other] = await db.select({ type: dnsRecords.type }).from(dnsRecords).where(and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.name, name))).limit(1);
    if (name && other && (body.type === 'CNAME') !== (other.type === 'CNAME')) throw problem(409, `${shown(name)} cannot have a CNAME record and other records.`, { code: 'cname_conflict', fields: { name: `${shown(name)} cannot have a CNAME record and other records.` } });
    const updated = await changeZone(db, zone.guid, c.var.viewer.userGuid, `Added ${body.type} ${shown(name)}`, now(), (tx, z) => insertSet(tx, z, body.type, name, values, body.ttl));
    return { message: DONE.add, zone: await answerOf(db, updated, domain) };
  }),

  implement(updateDnsRecordOp, async (c, { params, body }) => {
    const { db, now } = c.var.deps;
    const { zone, domain } = await zoneOf(db, c.var.company, params.guid, updateDnsRecordOp.notFound);
    if (body.type === 'SOA') {
      const [nameserver, email, , refresh, retry, expiry, ttl] = valuesOf(body.value).join(' ').split(/\s+/);
      const updated = await changeZone(db, zone.guid, c.var.viewer.userGuid, 'Changed the SOA record', now(), async (tx, z) => {
        await tx.update(dnsZones).set({ soaNameserver: nameserver!, soaEmail: email!, soaRefresh: Number(refresh), soaRetry: Number(retry), soaExpiry: Number(expiry), soaTtl: Number(ttl) }).where(eq(dnsZones.guid, z.guid));
      });
      return { message: DONE.update, zone: await answerOf(db, updated, domain) };
    }
    const oldName = nameFor(body.type, body.old_name);
    const name = nameFor(body.type, body.name);
    const where = and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.type, body.type), eq(dnsRecords.name, oldName));
    const [found] = await db.select({ guid: dnsRecords.guid }).from(dnsRecords).where(where).limit(1);
    if (!found) throw notFound('DNS record not found.');
    if (name !== oldName) {
      const [taken] = await db.select({ guid: dnsRecords.guid }).from(dnsRecords).where(and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.type, body.type), eq(dnsRecords.name, name))).limit(1);
      if (taken) throw problem(409, `There is a ${body.type} record for ${shown(name)} already.`, { code: 'record_exists', fields: { name: `There is a ${body.type} record for ${shown(name)} already.` } });
    }
    const summary = name === oldName ? `Changed ${body.type} ${shown(name)}` : `Changed ${body.type} ${shown(oldName)} to ${shown(name)}`;
    const updated = await changeZone(db, zone.guid, c.var.viewer.userGuid, summary, now(), async (tx, z) => {
      await tx.delete(dnsRecords).where(where);
      await insertSet(tx, z, body.type, name, [...new Set(valuesOf(body.value))], body.ttl);
    });
    return { message: DONE.update, zone: await answerOf(db, updated, domain) };
  }),

  implement(deleteDnsRecordOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const { zone, domain } = await zoneOf(db, c.var.company, params.guid, 'Domain not found.');
    if (params.type === 'SOA') throw problem(409, 'The SOA record cannot be deleted: every zone has one.', { code: 'soa_required' });
    const name = params.name === '@' ? '' : params.name.toLowerCase();
    // For NS the name in the address is the value of the record to delete (spec part 2, 7.4).
    const where =
      params.type === 'NS'
        ? and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.type, 'NS'), eq(dnsRecords.value, name))
        : and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.type, params.type), eq(dnsRecords.name, name));
    const rows = await db.select({ guid: dnsRecords.guid }).from(dnsRecords).where(where);
    if (!rows.length) throw notFound(deleteDnsRecordOp.notFound);
    const updated = await changeZone(db, zone.guid, c.var.viewer.userGuid, `Deleted ${params.type} ${params.type === 'NS' ? name : shown(name)}`, now(), async (tx) => {
      await tx.delete(dnsRecords).where(inArray(dnsRecords.guid, rows.map((r) => r.guid)));
    });
    return { message: DONE.delete, zone: await answerOf(db, updated, domain) };
  }),

  implement(zoneHistoryOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const { zone } = await zoneOf(db, c.var.company, params.guid, zoneHistoryOp.notFound);
    return pageOfRows(
      query,
      async (limit, offset) => {
        // One version more than the page: the last one's diff is against it.
        const rows = await versionsOf(db, zone.guid, limit + 1, offset);
        const authors = rows.map((r) => r.changedBy).filter((g): g is string => g !== null);
        const people = authors.length ? await db.select({ guid: users.guid, first: users.firstName, last: users.lastName, email: users.email }).from(users).where(inArray(users.guid, authors)) : [];
        return rows.slice(0, limit).map((r, i) => {
          const by = people.find((p) => p.guid === r.changedBy);
          return {
            version: r.version,
            serial: r.serial,
            summary: r.summary,
            changed_by: by ? { name: `${by.first} ${by.last}`.trim(), email: by.email } : null,
            date_created: r.dateCreated.toISOString(),
            diff: diffOf(rows[i + 1]?.snapshot ?? null, r.snapshot),
          };
        });
      },
      () => countRows(db, dnsZoneVersions, eq(dnsZoneVersions.zoneGuid, zone.guid)),
    );
  }),

  implement(restoreDnsZoneOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const { zone, domain } = await zoneOf(db, c.var.company, params.guid, 'Domain not found.');
    const old = await versionOf(db, zone.guid, params.version);
    if (!old) throw notFound(restoreDnsZoneOp.notFound);
    const updated = await changeZone(db, zone.guid, c.var.viewer.userGuid, `Restored version ${old.version}`, now(), (tx, z) => writeSnapshot(tx, z, old.snapshot));
    return { message: 'DNS zone successfully restored!', zone: await answerOf(db, updated, domain) };
  }),

  implement(exportZoneFileOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const { zone, domain } = await zoneOf(db, c.var.company, params.guid, exportZoneFileOp.notFound);
    const filename = `${domain}-${now().toISOString().slice(0, 10)}.zone`;
    return new Response(zoneFileOf(domain, await snapshotOf(db, zone)), {
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'X-Suggested-Filename': filename, 'Cache-Control': 'no-store' },
    });
  }),

  implement(importZoneFileOp, async (c, { params, body }) => {
    const { db, now } = c.var.deps;
    const { zone, domain } = await zoneOf(db, c.var.company, params.guid, importZoneFileOp.notFound);
    const preview = previewImport(domain, body.zone_file, await snapshotOf(db, zone));
    // A text that is no zone file would empty the zone: it is refused, previewed or applied.
    if ('unreadable' in preview) throw new ApiProblem(400, { errors: preview.unreadable.map((p) => (p.line === null ? p.message : `Line ${p.line}: ${p.message}`)), code: 'zone_file_unreadable' });
    const summary = { records: preview.records, added: preview.added, removed: preview.removed, errors: preview.errors };
    if (!body.apply) return { message: null, ...summary, zone: null };
    if (preview.errors.length) throw problem(400, 'The zone file has lines that cannot be imported: mend them, then import again.', { code: 'zone_file_invalid' });
    if (importNeedsConfirmation(preview) && !body.confirm_removals) {
      const sentence = `This zone file ${importChangeWords(preview)}: please confirm the removals.`;
      throw problem(409, sentence, { code: 'removals_not_confirmed', fields: { confirm_removals: sentence } });
    }
    const updated = await changeZone(db, zone.guid, c.var.viewer.userGuid, `Imported a zone file (${preview.added.length} added, ${preview.removed.length} removed)`, now(), (tx, z) => writeSnapshot(tx, z, preview.snapshot));
    return { message: 'DNS zone successfully imported!', ...summary, zone: await answerOf(db, updated, domain) };
  }),
];
