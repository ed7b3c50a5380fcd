/**
 * What the authoritative DNS server answers, worked out from one zone as the panel stores it
 * (its SOA and its records: names relative to the zone, values as the record form keeps them).
 * Pure: no database, no sockets. The zone is indexed once (`indexZone`) and asked any number of
 * questions (`answerQuestion`), so an index can be kept in memory and reused.
 *
 * The rules are RFC 1034 4.3.2 with RFC 2308 (negative answers), RFC 4592 (wildcards) and
 * RFC 8482 (ANY), matched case by case against Knot DNS (tests/api/dns-knot.test.ts).
 */
import { parseIpv4 } from '../../lib/ip';

/** Record types by their number on the wire. */
export const RR_TYPE = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28, DS: 43, IXFR: 251, AXFR: 252, ANY: 255 } as const;

export interface SoaData {
  nameserver: string;
  email: string;
  serial: number;
  refresh: number;
  retry: number;
  expiry: number;
  /** The panel's one TTL of the SOA: the record's own TTL and its MINIMUM field alike. */
  ttl: number;
}

/** A record as the panel stores it: `name` relative to the zone ('' is the zone itself). */
export interface StoredRecord {
  name: string;
  type: string;
  ttl: number;
  value: string;
}

export interface ZoneData {
  /** The zone's domain, e.g. `example.com`. */
  origin: string;
  soa: SoaData;
  records: StoredRecord[];
}

/** Record data ready for the wire; every name in it is absolute, with its final dot. */
export type Rdata =
  | { type: 'A'; address: string }
  | { type: 'NS'; host: string }
  | { type: 'CNAME'; host: string }
  | { type: 'MX'; preference: number; exchange: string }
  /** One or more character-strings of at most 255 bytes each (RFC 1035 3.3.14). */
  | { type: 'TXT'; strings: Buffer[] }
  | { type: 'SOA'; mname: string; rname: string; serial: number; refresh: number; retry: number; expire: number; minimum: number };

export interface ResourceRecord {
  /** Absolute, lower case, with its final dot. */
  name: string;
  ttl: number;
  data: Rdata;
}

export interface Answer {
  rcode: 'NOERROR' | 'NXDOMAIN' | 'REFUSED';
  /** AA: set for every answer from a zone served here, clear for a referral to a delegated name. */
  authoritative: boolean;
  answer: ResourceRecord[];
  authority: ResourceRecord[];
  additional: ResourceRecord[];
}

const TYPE_NUMBER: Record<Rdata['type'], number> = { A: RR_TYPE.A, NS: RR_TYPE.NS, CNAME: RR_TYPE.CNAME, SOA: RR_TYPE.SOA, MX: RR_TYPE.MX, TXT: RR_TYPE.TXT };

/** Lower case for DNS names: ASCII letters only (RFC 4343), so other bytes never match by accident. */
export const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** `name` absolute and in lower case: `Example.COM` -> `example.com.`. */
export const absoluteName = (name: string) => {
  const n = asciiLower(name.trim());
  return n.endsWith('.') ? n : `${n}.`;
};

/**
 * The absolute host name a stored CNAME, NS or MX target stands for. The record form keeps host
 * names absolute without the final dot (`mail.example.com`); a single label (`shop`) names a host
 * of the zone itself (a host name of one label, a top-level domain, is no mail server nor alias
 * target), as a zone file's relative name would.
 */
export function targetName(value: string, origin: string): string {
  const v = asciiLower(value.trim());
  if (v.endsWith('.')) return v;
  return v.includes('.') ? `${v}.` : `${v}.${absoluteName(origin)}`;
}

/**
 * The SOA's RNAME from the email the panel keeps: `hostmaster.example.com` as it is, and
 * `john.doe@example.com` with the local part as one label (its dots escaped, RFC 1035 8).
 */
export function mailboxName(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return absoluteName(email);
  const local = email.slice(0, at).replace(/[\\.]/g, (c) => `\\${c}`);
  return `${local}.${absoluteName(email.slice(at + 1))}`;
}

/**
 * TXT text as character-strings: the value's UTF-8 bytes cut every 255 bytes, in order, with no
 * quote or escape added (the quotes of a zone file are not part of the data).
 */
export function txtStrings(value: string): Buffer[] {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length === 0) return [Buffer.alloc(0)];
  const strings: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) strings.push(bytes.subarray(i, i + 255));
  return strings;
}

/** The wire data of a stored record, or null for a value no record form would have kept. */
function rdataOf(record: StoredRecord, origin: string): Rdata | null {
  const value = record.value.trim();
  switch (record.type) {
    case 'A':
      return parseIpv4(value) ? { type: 'A', address: value } : null;
    case 'NS':
    case 'CNAME':
      return value ? { type: record.type, host: targetName(value, origin) } : null;
    case 'MX': {
      const m = /^(\d{1,5})\s+(\S+)$/.exec(value);
      return m && Number(m[1]) <= 0xffff ? { type: 'MX', preference: Number(m[1]), exchange: targetName(m[2]!, origin) } : null;
    }
    case 'TXT':
      return { type: 'TXT', strings: txtStrings(record.value) };
    default:
      return null;
  }
}

const typeNumber = (data: Rdata) => TYPE_NUMBER[data.type];

/** The labels of an owner name the panel stores ([a-z0-9.*_-]: no escaped dots to mind). */
const parentOf = (name: string) => name.slice(name.indexOf('.') + 1);

export interface ZoneIndex {
  /** `example.com.` */
  origin: string;
  /** RRsets by owner, then by type number. */
  nodes: Map<string, Map<number, ResourceRecord[]>>;
  /** Every name that exists: owners and the empty non-terminals above them (RFC 4592 2.2.2). */
  names: Set<string>;
  /** Owners below the apex holding NS: zone cuts, below which the zone is not authoritative. */
  cuts: Set<string>;
  /** The SOA as asked for, and as the authority section of a negative answer carries it. */
  soa: ResourceRecord;
  negativeSoa: ResourceRecord;
}

/** Builds the index answers are read from. Rows of types the panel does not serve are left out. */
export function indexZone(zone: ZoneData): ZoneIndex {
  const origin = absoluteName(zone.origin);
  const minimum = zone.soa.ttl;
  const soa: ResourceRecord = {
    name: origin,
    ttl: zone.soa.ttl,
    data: {
      type: 'SOA',
      mname: absoluteName(zone.soa.nameserver),
      rname: mailboxName(zone.soa.email),
      serial: zone.soa.serial,
      refresh: zone.soa.refresh,
      retry: zone.soa.retry,
      expire: zone.soa.expiry,
      minimum,
    },
  };
  // RFC 2308 5: a negative answer lives min(SOA TTL, SOA MINIMUM), as BIND and Knot send it.
  const negativeSoa: ResourceRecord = { ...soa, ttl: Math.min(soa.ttl, minimum) };
  const nodes = new Map<string, Map<number, ResourceRecord[]>>();
  const names = new Set<string>([origin]);
  const cuts = new Set<string>();
  const add = (rr: ResourceRecord) => {
    const node = nodes.get(rr.name) ?? new Map<number, ResourceRecord[]>();
    nodes.set(rr.name, node);
    const type = typeNumber(rr.data);
    node.set(type, [...(node.get(type) ?? []), rr]);
    for (let n = rr.name; n !== origin && n.endsWith(`.${origin}`); n = parentOf(n)) names.add(n);
  };
  add(soa);
  for (const record of zone.records) {
    const data = rdataOf(record, zone.origin);
    if (!data) continue;
    const relative = asciiLower(record.name.trim()).replace(/\.$/, '');
    const name = relative === '' || relative === '@' ? origin : `${relative}.${origin}`;
    add({ name, ttl: record.ttl, data });
    if (data.type === 'NS' && name !== origin) cuts.add(name);
  }
  return { origin, nodes, names, cuts, soa, negativeSoa };
}

const inZone = (name: string, origin: string) => name === origin || name.endsWith(`.${origin}`);

/** The topmost zone cut at or above `name`: where a referral starts. */
function cutAbove(index: ZoneIndex, name: string): string | null {
  let found: string | null = null;
  for (let n = name; n !== index.origin && inZone(n, index.origin); n = parentOf(n)) if (index.cuts.has(n)) found = n;
  return found;
}

/** The longest existing ancestor of a name that does not exist (RFC 4592 3.3.1). */
function closestEncloser(index: ZoneIndex, name: string): string {
  let n = parentOf(name);
  while (n !== index.origin && !index.names.has(n)) n = parentOf(n);
  return n;
}

const sameRrset = (a: ResourceRecord, b: ResourceRecord) => a.name === b.name && typeNumber(a.data) === typeNumber(b.data);

/**
 * A records of in-zone hosts named by NS and MX data (RFC 1035 4.3.2 step 6), glue below a zone
 * cut included, each RRset once in the message.
 */
function additionalFor(index: ZoneIndex, records: ResourceRecord[], result: Answer) {
  for (const rr of records) {
    const host = rr.data.type === 'NS' ? rr.data.host : rr.data.type === 'MX' ? rr.data.exchange : null;
    if (!host) continue;
    const addresses = index.nodes.get(host)?.get(RR_TYPE.A);
    if (!addresses?.length) continue;
    const inMessage = [...result.answer, ...result.authority, ...result.additional];
    if (!inMessage.some((m) => sameRrset(m, addresses[0]!))) result.additional.push(...addresses);
  }
}

const withOwner = (records: ResourceRecord[], name: string) => records.map((rr) => (rr.name === name ? rr : { ...rr, name }));

/**
 * The answer to (`qname`, `qtype`) from one zone: the RRset asked for, a CNAME at the name for any
 * other type (followed inside the zone, as Knot and BIND do), NODATA (NOERROR, the SOA in the
 * authority section) for a name that exists without that type and for an empty non-terminal,
 * NXDOMAIN for a name that does not exist, wildcards for names that do not exist below their
 * closest encloser, and a referral (AA clear) at and below a zone cut. ANY is answered with one
 * RRset, the one of the lowest type number (RFC 8482 4.1, as Knot does). REFUSED for a name
 * outside the zone.
 */
export function answerQuestion(index: ZoneIndex, qname: string, qtype: number): Answer {
  const result: Answer = { rcode: 'NOERROR', authoritative: true, answer: [], authority: [], additional: [] };
  let name = absoluteName(qname);
  if (!inZone(name, index.origin)) return { ...result, rcode: 'REFUSED', authoritative: false };
  const wildcardsFollowed = new Set<string>();
  for (;;) {
    const cut = cutAbove(index, name);
    // A DS question at a cut is the parent's to answer (RFC 4035 3.1.4.1); any other one is referred.
    if (cut && !(cut === name && qtype === RR_TYPE.DS)) {
      const ns = index.nodes.get(cut)!.get(RR_TYPE.NS)!;
      if (!result.answer.length) result.authoritative = false;
      result.authority.push(...ns);
      additionalFor(index, ns, result);
      return result;
    }
    let source = name;
    if (!index.names.has(name)) {
      const wildcard = `*.${closestEncloser(index, name)}`;
      if (!index.nodes.has(wildcard)) {
        result.rcode = 'NXDOMAIN';
        result.authority.push(index.negativeSoa);
        return result;
      }
      source = wildcard;
    }
    const node = index.nodes.get(source);
    // The apex holds the SOA and NS, so a CNAME there cannot make it an alias (RFC 1034 3.6.2).
    const cname = name === index.origin ? undefined : node?.get(RR_TYPE.CNAME);
    if (cname && qtype !== RR_TYPE.CNAME && qtype !== RR_TYPE.ANY) {
      const alias = withOwner(cname, name);
      // A CNAME already in the answer, or a wildcard CNAME met again, is a loop: the answer stops there.
      if (result.answer.some((rr) => sameRrset(rr, alias[0]!))) return result;
      result.answer.push(...alias);
      if (source !== name) {
        if (wildcardsFollowed.has(source)) return result;
        wildcardsFollowed.add(source);
      }
      const target = (alias[0]!.data as { host: string }).host;
      if (!inZone(target, index.origin)) return result;
      name = target;
      continue;
    }
    const rrsets = node ? [...node.entries()].sort(([a], [b]) => a - b) : [];
    const found = qtype === RR_TYPE.ANY ? rrsets[0]?.[1] : node?.get(qtype);
    if (found?.length) {
      const records = withOwner(found, name);
      result.answer.push(...records);
      additionalFor(index, records, result);
      return result;
    }
    result.authority.push(index.negativeSoa);
    return result;
  }
}
