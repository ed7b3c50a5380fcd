import { and, eq, inArray } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { addDnsRecordOp, deleteDnsRecordOp, DnsZone, updateDnsRecordOp } from '../../lib/api/dns-zone';
import { valuesOf, type ZoneType } from '../../lib/schemas/dns';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/locks';
import { dnsRecords, dnsZones } from '../db/schema/index';
import { notFound, problem } from '../http/errors';
import { changeZone, zoneAnswer, type ZoneEditor, type ZoneRow, type ZoneTarget } from './dns-zones';

/**
 * A zone's record sets added, changed and deleted (spec part 2, 2.6 and 7.4). Each check runs
 * inside the change, under the zone's lock (changeZone), so two requests at once cannot both
 * find a name free; the unique indexes of the records (src/server/db/schema/dns.ts) say the
 * same where a row breaks them, and are answered in the same words.
 */

type NewRecordSet = ParsedInput<typeof addDnsRecordOp>['body'];
type ChangedRecordSet = ParsedInput<typeof updateDnsRecordOp>['body'];
type RecordSetPath = ParsedInput<typeof deleteDnsRecordOp>['params'];

/** Record sets are found by type and name; NS and SOA names are the domain itself (spec part 2, 5). */
const nameFor = (type: ZoneType, name: string) => (type === 'NS' || type === 'SOA' ? '' : name);
const shown = (name: string) => name || '@';

/** A refusal said beside the form's name field. */
const atName = (code: 'record_exists' | 'cname_conflict', sentence: string) => problem(409, sentence, { code, fields: { name: sentence } });

/** A second set of a type at a name; an add says how to add values instead. */
const recordExists = (type: string, name: string, hint: string) => atName('record_exists', `There is a ${type} record for ${shown(name)} already${hint}.`);

const setAt = (zone: ZoneRow, type: string, name: string) => and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.type, type), eq(dnsRecords.name, name));

async function insertSet(tx: Db, zone: ZoneRow, type: string, name: string, values: string[], ttl: number) {
  await tx.insert(dnsRecords).values(values.map((value, position) => ({ zoneGuid: zone.guid, type, name, value, ttl, position })));
}

/**
 * What an add may not make: a second set of a type at a name (NS excepted: the domain's
 * nameservers are added one by one, each value once), or a CNAME beside other records, which
 * stands alone at its name (RFC 1034, 3.6.2).
 */
async function refuseClash(tx: Db, zone: ZoneRow, type: string, name: string, values: string[]) {
  const here = await tx
    .select({ type: dnsRecords.type, value: dnsRecords.value })
    .from(dnsRecords)
    .where(and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.name, name)));
  const same = here.filter((r) => r.type === type);
  if (type === 'NS' ? same.some((r) => values.includes(r.value)) : same.length) throw recordExists(type, name, ': edit it to add values');
  if (name && here.some((r) => r.type !== type && (type === 'CNAME' || r.type === 'CNAME')))
    throw atName('cname_conflict', `${shown(name)} cannot have a CNAME record and other records.`);
}

/** Adds a record set, its values one a row, and answers the zone as it now stands. */
export async function addRecordSet(editor: ZoneEditor, { zone, domain }: ZoneTarget, body: NewRecordSet): Promise<DnsZone> {
  const name = nameFor(body.type, body.name);
  const values = [...new Set(valuesOf(body.value))];
  try {
    const { zone: updated } = await changeZone(editor, zone.guid, `Added ${body.type} ${shown(name)}`, async (tx, z) => {
      await refuseClash(tx, z, body.type, name, values);
      await insertSet(tx, z, body.type, name, values, body.ttl);
    });
    return await zoneAnswer(editor.db, updated, domain);
  } catch (error) {
    // The checks above see every row written under the zone's lock; a row written without it is
    // still refused by the indexes, and answered as the checks would.
    if (isUniqueViolation(error)) throw recordExists(body.type, name, ': edit it to add values');
    throw error;
  }
}

/** Changes a record set found by its type and old name (renaming it when asked), or the SOA. */
export async function updateRecordSet(editor: ZoneEditor, { zone, domain }: ZoneTarget, body: ChangedRecordSet): Promise<DnsZone> {
  if (body.type === 'SOA') {
    const [nameserver, email, , refresh, retry, expiry, ttl] = valuesOf(body.value).join(' ').split(/\s+/);
    const { zone: updated } = await changeZone(editor, zone.guid, 'Changed the SOA record', async (tx, z) => {
      await tx
        .update(dnsZones)
        .set({ soaNameserver: nameserver!, soaEmail: email!, soaRefresh: Number(refresh), soaRetry: Number(retry), soaExpiry: Number(expiry), soaTtl: Number(ttl) })
        .where(eq(dnsZones.guid, z.guid));
    });
    return zoneAnswer(editor.db, updated, domain);
  }
  const oldName = nameFor(body.type, body.old_name);
  const name = nameFor(body.type, body.name);
  const summary = name === oldName ? `Changed ${body.type} ${shown(name)}` : `Changed ${body.type} ${shown(oldName)} to ${shown(name)}`;
  const { zone: updated } = await changeZone(editor, zone.guid, summary, async (tx, z) => {
    const [found] = await tx
      .select({ guid: dnsRecords.guid })
      .from(dnsRecords)
      .where(setAt(z, body.type, oldName))
      .limit(1);
    if (!found) throw notFound('DNS record not found.');
    if (name !== oldName) {
      const [taken] = await tx
        .select({ guid: dnsRecords.guid })
        .from(dnsRecords)
        .where(setAt(z, body.type, name))
        .limit(1);
      if (taken) throw recordExists(body.type, name, '');
    }
    await tx.delete(dnsRecords).where(setAt(z, body.type, oldName));
    await insertSet(tx, z, body.type, name, [...new Set(valuesOf(body.value))], body.ttl);
  });
  return zoneAnswer(editor.db, updated, domain);
}

/** Deletes a record set; for NS the name in the address is the value of the record to delete (spec part 2, 7.4). */
export async function deleteRecordSet(editor: ZoneEditor, { zone, domain }: ZoneTarget, params: RecordSetPath, message: string): Promise<DnsZone> {
  if (params.type === 'SOA') throw problem(409, 'The SOA record cannot be deleted: every zone has one.', { code: 'soa_required' });
  const name = params.name === '@' ? '' : params.name.toLowerCase();
  const { zone: updated } = await changeZone(editor, zone.guid, `Deleted ${params.type} ${params.type === 'NS' ? name : shown(name)}`, async (tx, z) => {
    const where = params.type === 'NS' ? and(eq(dnsRecords.zoneGuid, z.guid), eq(dnsRecords.type, 'NS'), eq(dnsRecords.value, name)) : setAt(z, params.type, name);
    const rows = await tx.select({ guid: dnsRecords.guid }).from(dnsRecords).where(where);
    if (!rows.length) throw notFound(message);
    await tx.delete(dnsRecords).where(
      inArray(
        dnsRecords.guid,
        rows.map((r) => r.guid),
      ),
    );
  });
  return zoneAnswer(editor.db, updated, domain);
}
