import { labelsBelow, lowerLabels, nameText, parseName, type Labels } from '../../lib/dns/zone-file/names';
import type { Rdata } from '../../lib/dns/zone-file/rdata';
import { readZoneFile, type ZoneProblem, type ZoneRecord } from '../../lib/dns/zone-file/reader';
import { stringsOfValue, valueOfStrings } from '../../lib/dns/zone-file/text-values';
import { writeZoneFile, type WrittenRecord } from '../../lib/dns/zone-file/writer';
import { NAME_CHARACTERS, RECORD_TYPES, TTL_MAX, TTL_MIN, TTL_RANGE, valueProblem, type RecordType } from '../../lib/schemas/dns';
import type { ZoneSnapshot } from '../db/schema/index';
import { mailboxName, targetName } from '../dns/answer';
import { linesOf } from './dns-zones';

/** BIND zone files (issue 8, "Beyond the original"): the export writes one, the import reads one. */

const labelsOf = (absolute: string): Labels | null => {
  const read = parseName(absolute.endsWith('.') ? absolute : `${absolute}.`, []);
  return 'problem' in read ? null : read.labels;
};

/**
 * A stored value as record data, its host names read as the DNS server reads them (`targetName`);
 * null when it cannot be written (a value older rules let in).
 */
function rdataOf(type: string, value: string, domain: string): Rdata | null {
  switch (type) {
    case 'A':
      return { kind: 'A', address: value };
    case 'NS':
    case 'CNAME': {
      const target = labelsOf(targetName(value, domain));
      return target && { kind: 'name', target };
    }
    case 'MX': {
      const [preference, host] = value.split(/\s+/);
      const exchange = host ? labelsOf(targetName(host, domain)) : null;
      return exchange && { kind: 'MX', preference: Number(preference), exchange };
    }
    case 'TXT':
      return { kind: 'TXT', strings: stringsOfValue(value) };
    default:
      return null;
  }
}

/** The zone as a BIND zone file: owners relative to the domain, TXT values in strings of at most 255 octets. */
export function zoneFileOf(domain: string, s: ZoneSnapshot): string {
  const origin = labelsOf(domain)!;
  const mname = labelsOf(s.soa.nameserver);
  const rname = labelsOf(mailboxName(s.soa.email));
  const records: WrittenRecord[] = [];
  const left: string[] = [];
  if (mname && rname)
    records.push({
      owner: origin,
      type: 'SOA',
      rdata: { kind: 'SOA', mname, rname, serial: s.soa.serial, refresh: s.soa.refresh, retry: s.soa.retry, expire: s.soa.expiry, minimum: s.soa.ttl },
    });
  else left.push(`SOA ${s.soa.nameserver} ${s.soa.email}`);
  for (const r of s.records) {
    const below = r.name ? labelsOf(r.name) : [];
    const rdata = rdataOf(r.type, r.value, domain);
    if (below && rdata) records.push({ owner: [...below, ...origin], ttl: r.ttl, type: r.type, rdata });
    else left.push(`${r.type} ${r.name || '@'} ${r.value}`);
  }
  const file = writeZoneFile(origin, s.soa.ttl, records);
  // A record no zone file can hold is named, so the file says what it leaves out.
  return left.length ? `${file}${left.map((l) => `; Left out (not a valid record): ${l}\n`).join('')}` : file;
}

export interface ImportPreview {
  records: number;
  added: string[];
  removed: string[];
  errors: { line: number; message: string }[];
  snapshot: ZoneSnapshot;
}

/** A text that does not read as a zone file: each line that is no record or directive, or none at all. */
export interface UnreadableZoneFile {
  unreadable: { line: number | null; message: string }[];
}

const RECORD_TYPE_SET = new Set<string>(RECORD_TYPES);
const PANEL_NAME = /^[a-z0-9.*_-]*$/;
const shown = (name: string) => name || '@';

/**
 * A host name as the record form keeps it: without its final dot, except a name of one label,
 * which keeps it (the DNS server reads a bare label as a host of the zone).
 */
const hostValue = (labels: Labels) => (labels.length === 1 ? nameText(labels) : nameText(labels).slice(0, -1) || '.');

/** The record as the panel stores it: its name below the domain, its value as the record form takes it. */
function panelRecord(r: ZoneRecord, apex: Labels): { record: ZoneSnapshot['records'][number] } | { problem: string } {
  const name = nameText(lowerLabels(labelsBelow(r.owner, apex))).slice(0, -1);
  if (!RECORD_TYPE_SET.has(r.type)) return { problem: `${r.type} records are not edited here; remove them from the file.` };
  if (r.type === 'NS' && name) return { problem: `NS records below the domain itself (${name}) are not edited here; remove them from the file.` };
  if (!PANEL_NAME.test(name)) return { problem: NAME_CHARACTERS };
  const type = r.type as RecordType;
  let value: string;
  const d = r.rdata;
  if (d.kind === 'A') value = d.address;
  else if (d.kind === 'name') value = hostValue(d.target);
  else if (d.kind === 'MX') value = `${d.preference} ${hostValue(d.exchange)}`;
  else if (d.kind === 'TXT') {
    const text = valueOfStrings(d.strings);
    if ('problem' in text) return text;
    value = text.value;
  } else return { problem: `${r.type} records are not edited here; remove them from the file.` };
  const problem = valueProblem(type, value);
  if (problem) return { problem };
  if (r.ttl < TTL_MIN || r.ttl > TTL_MAX) return { problem: `${type} ${shown(name)}: ${TTL_RANGE}` };
  return { record: { type, name, value, ttl: r.ttl } };
}

/**
 * What importing `text` would make of the zone, read as BIND reads a zone file: every record
 * checked with the rules of the record form (section 5), the SOA's timers taken from the file,
 * its nameserver and email kept; the records the file leaves out go. A line the panel cannot
 * hold (a type it does not edit, a name outside the domain) is named with its line.
 */
export function previewImport(domain: string, text: string, current: ZoneSnapshot): ImportPreview | UnreadableZoneFile {
  const reading = readZoneFile(text, domain);
  const syntax = reading.problems.filter((p: ZoneProblem) => p.kind === 'syntax');
  if (syntax.length) return { unreadable: syntax.map(({ line, message }) => ({ line, message })) };
  if (!reading.records.length && !reading.outside.length && !reading.problems.length)
    return { unreadable: [{ line: null, message: 'The text holds no records, so it is not a zone file.' }] };
  const apex = labelsOf(domain)!;
  const errors: ImportPreview['errors'] = reading.problems.map(({ line, message }) => ({ line, message }));
  for (const o of reading.outside) errors.push({ line: o.line, message: `${nameText(o.owner)} is outside ${domain}; remove it from the file.` });
  const records: ZoneSnapshot['records'] = [];
  let soa = current.soa;
  for (const r of reading.records) {
    if (r.rdata.kind === 'SOA') {
      soa = { ...current.soa, refresh: r.rdata.refresh, retry: r.rdata.retry, expiry: r.rdata.expire, ttl: r.rdata.minimum };
      continue;
    }
    const read = panelRecord(r, apex);
    if ('problem' in read) errors.push({ line: r.line, message: read.problem });
    else records.push(read.record);
  }
  errors.sort((a, b) => a.line - b.line);
  const snapshot: ZoneSnapshot = { soa, records };
  const before = linesOf(current);
  const after = linesOf(snapshot);
  return { records: records.length, added: after.filter((l) => !before.includes(l)), removed: before.filter((l) => !after.includes(l)), errors, snapshot };
}
