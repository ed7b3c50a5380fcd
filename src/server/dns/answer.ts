import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { dnsRecords, dnsZones, domains } from '../db/schema/index';

/** What the authoritative server answers for one question, from the zones the panel edits. */
export type Lookup =
  | { kind: 'refused' }
  | { kind: 'nxdomain'; soa: SoaData; zone: string }
  | { kind: 'answer'; records: ZoneRecord[]; soa: SoaData; zone: string };

export interface ZoneRecord {
  /** The owner name, absolute, without the final dot. */
  name: string;
  type: 'A' | 'CNAME' | 'MX' | 'TXT' | 'NS' | 'SOA';
  ttl: number;
  value: string;
}

export interface SoaData {
  nameserver: string;
  email: string;
  serial: number;
  refresh: number;
  retry: number;
  expiry: number;
  ttl: number;
}

/** Every suffix of a name that could be a zone: a.b.example.com -> a.b.example.com, b.example.com, example.com. */
const suffixes = (name: string) => name.split('.').map((_, i, parts) => parts.slice(i).join('.')).filter((s) => s.includes('.'));

/**
 * The records for `qname` and `qtype` from the ACTIVE zone that holds the name (the longest
 * matching domain with a zone): the records of that type at the name, or its CNAME for any other
 * type; NXDOMAIN when nothing at all is at the name; REFUSED for names in no zone served here.
 */
export async function lookup(db: Db, qname: string, qtype: ZoneRecord['type'] | string): Promise<Lookup> {
  const name = qname.toLowerCase().replace(/\.$/, '');
  const zones = await db
    .select({ zone: dnsZones, domain: domains.domain })
    .from(dnsZones)
    .innerJoin(domains, eq(domains.guid, dnsZones.domainGuid))
    .where(and(inArray(domains.domain, suffixes(name)), eq(dnsZones.status, 'ACTIVE')));
  const found = zones.sort((a, b) => b.domain.length - a.domain.length)[0];
  if (!found) return { kind: 'refused' };
  const { zone, domain } = found;
  const soa: SoaData = { nameserver: zone.soaNameserver, email: zone.soaEmail, serial: zone.soaSerial, refresh: zone.soaRefresh, retry: zone.soaRetry, expiry: zone.soaExpiry, ttl: zone.soaTtl };
  const relative = name === domain ? '' : name.slice(0, -(domain.length + 1));
  const atName = await db.select().from(dnsRecords).where(and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.name, relative)));
  const wildcard = atName.length || !relative ? [] : await db.select().from(dnsRecords).where(and(eq(dnsRecords.zoneGuid, zone.guid), eq(dnsRecords.name, `*.${relative.split('.').slice(1).join('.')}`.replace(/\.$/, ''))));
  const rows = atName.length ? atName : wildcard;
  if (qtype === 'SOA' && relative === '') return { kind: 'answer', records: [{ name, type: 'SOA', ttl: soa.ttl, value: '' }], soa, zone: domain };
  if (!rows.length && relative !== '') return { kind: 'nxdomain', soa, zone: domain };
  const ofType = rows.filter((r) => r.type === qtype);
  const cname = rows.filter((r) => r.type === 'CNAME');
  const chosen = ofType.length ? ofType : cname;
  return { kind: 'answer', records: chosen.map((r) => ({ name, type: r.type as ZoneRecord['type'], ttl: r.ttl, value: r.value })), soa, zone: domain };
}
