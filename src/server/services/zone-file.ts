import * as zonefileModule from 'dns-zonefile';
import type { DNSZone } from 'dns-zonefile';
import { RECORD_TYPES, TTL_MAX, TTL_MIN, valueProblem, type RecordType } from '../../lib/schemas/dns';
import type { ZoneSnapshot } from '../db/schema/index';
import { linesOf } from './dns-zones';

/** BIND zone files (issue 8, "Beyond the original"), written and read with dns-zonefile. */

/*
 * dns-zonefile's module exports one default object, while its typings declare named functions:
 * taken from the default when there is one (Node), from the namespace otherwise.
 */
const zonefile = ((zonefileModule as unknown as { default?: typeof zonefileModule }).default ?? zonefileModule) as typeof zonefileModule;
const { generate, parse } = zonefile;

const relative = (name: string, domain: string) => {
  const n = name.toLowerCase().replace(/\.$/, '');
  if (n === '@' || n === domain) return '';
  return n.endsWith(`.${domain}`) ? n.slice(0, -(domain.length + 1)) : n;
};
const owner = (name: string) => name || '@';
const absolute = (host: string) => (host.endsWith('.') ? host : `${host}.`);

export function zoneFileOf(domain: string, s: ZoneSnapshot): string {
  const of = (type: RecordType) => s.records.filter((r) => r.type === type);
  const zone: DNSZone = {
    $origin: `${domain}.`,
    $ttl: s.soa.ttl,
    soa: { name: '@', mname: absolute(s.soa.nameserver), rname: absolute(s.soa.email), serial: s.soa.serial, refresh: s.soa.refresh, retry: s.soa.retry, expire: s.soa.expiry, minimum: s.soa.ttl },
    ns: of('NS').map((r) => ({ name: owner(r.name), host: absolute(r.value), ttl: r.ttl })),
    a: of('A').map((r) => ({ name: owner(r.name), ip: r.value, ttl: r.ttl })),
    cname: of('CNAME').map((r) => ({ name: owner(r.name), alias: absolute(r.value), ttl: r.ttl })),
    mx: of('MX').map((r) => {
      const [preference, host] = r.value.split(/\s+/);
      return { name: owner(r.name), preference: Number(preference), host: absolute(host!), ttl: r.ttl };
    }),
    txt: of('TXT').map((r) => ({ name: owner(r.name), txt: `"${r.value.replace(/"/g, '\\"')}"`, ttl: r.ttl })),
  };
  return generate(zone);
}

export interface ImportPreview {
  records: number;
  added: string[];
  removed: string[];
  errors: { line: number; message: string }[];
  snapshot: ZoneSnapshot;
}

/** The line of the file a record came from: the first line naming its value (for the error list). */
function lineOf(text: string, value: string): number {
  const index = text.split(/\r?\n/).findIndex((l) => l.includes(value));
  return index + 1;
}

/**
 * What importing `text` would make of the zone: every record checked with the rules of the record
 * form (section 5), the SOA's timers taken from the file, its nameserver and email kept; the
 * records the file leaves out go. Types the panel does not edit are reported, not dropped quietly.
 */
export function previewImport(domain: string, text: string, current: ZoneSnapshot): ImportPreview {
  const errors: ImportPreview['errors'] = [];
  let zone: DNSZone;
  try {
    zone = parse(text);
  } catch (error) {
    return { records: 0, added: [], removed: [], errors: [{ line: 1, message: `The zone file cannot be read: ${error instanceof Error ? error.message : String(error)}` }], snapshot: current };
  }
  const defaultTtl = zone.$ttl ?? current.soa.ttl;
  const records: ZoneSnapshot['records'] = [];
  const add = (type: RecordType, name: string, value: string, ttl: number | undefined) => {
    const problem = valueProblem(type, value);
    const t = ttl ?? defaultTtl;
    if (problem) errors.push({ line: lineOf(text, value), message: problem });
    else if (!Number.isInteger(t) || t < TTL_MIN || t > TTL_MAX) errors.push({ line: lineOf(text, value), message: `${type} ${owner(relative(name, domain))}: Please enter a TTL value between 3600 and 592200!` });
    else records.push({ type, name: type === 'NS' ? '' : relative(name, domain), value, ttl: t });
  };
  for (const r of zone.ns ?? []) add('NS', r.name, r.host.replace(/\.$/, ''), r.ttl);
  for (const r of zone.a ?? []) add('A', r.name, r.ip, r.ttl);
  for (const r of zone.cname ?? []) add('CNAME', r.name, r.alias.replace(/\.$/, ''), r.ttl);
  for (const r of zone.mx ?? []) add('MX', r.name, `${r.preference} ${r.host.replace(/\.$/, '')}`, r.ttl);
  for (const r of zone.txt ?? []) add('TXT', r.name, r.txt.replace(/^"|"$/g, '').replace(/\\"/g, '"'), r.ttl);
  for (const [key, list] of Object.entries(zone) as [string, unknown][]) {
    if (Array.isArray(list) && list.length && !(RECORD_TYPES as readonly string[]).includes(key.toUpperCase())) {
      errors.push({ line: 1, message: `${key.toUpperCase()} records are not edited here; remove them from the file.` });
    }
  }
  const soa = zone.soa
    ? { ...current.soa, refresh: zone.soa.refresh, retry: zone.soa.retry, expiry: zone.soa.expire, ttl: zone.soa.minimum }
    : current.soa;
  const snapshot: ZoneSnapshot = { soa, records };
  const before = linesOf(current);
  const after = linesOf(snapshot);
  return { records: records.length, added: after.filter((l) => !before.includes(l)), removed: before.filter((l) => !after.includes(l)), errors, snapshot };
}
