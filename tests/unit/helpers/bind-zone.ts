import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { lex, type Token } from '../../../src/lib/dns/zone-file/lexer';
import { isAtOrBelow, lowerLabels, nameText, parseName, type Labels } from '../../../src/lib/dns/zone-file/names';
import { READ_TYPES, rdataText } from '../../../src/lib/dns/zone-file/rdata';
import { readZoneFile, type ZoneReading } from '../../../src/lib/dns/zone-file/reader';
import { typeOf } from '../../../src/lib/dns/zone-file/types';

/** BIND's zone compiler (bind9-utils), the oracle the reader is compared with. */
export const NAMED_COMPILEZONE = '/usr/bin/named-compilezone';
export const bindInstalled = () => existsSync(NAMED_COMPILEZONE);

/**
 * A record in canonical text: owner absolute and lower case, TTL, class, type, and its data as
 * BIND prints it (its words, so spacing does not count) for the types the reader reads.
 */
export type CanonicalRecord = string;

const READ = new Set<string>(READ_TYPES);
/** Types whose data is names and numbers only: in canonical form their names are in lower case (RFC 4034, 6.2). */
const NAMES_AND_NUMBERS = new Set(['A', 'AAAA', 'NS', 'CNAME', 'PTR', 'DNAME', 'MX', 'SRV', 'SOA']);
const wordsOf = (tokens: Token[]) => tokens.map((t) => (t.quoted ? `"${t.text}"` : t.text)).join(' ');

function canonical(owner: Labels, ttl: number, type: string, data: Token[]): CanonicalRecord {
  // Types the reader keeps as written (DNSKEY, RRSIG...) or as octets are compared by owner, TTL and type.
  const words = wordsOf(data);
  const rdata = READ.has(type) ? ` ${NAMES_AND_NUMBERS.has(type) ? words.toLowerCase() : words}` : '';
  return `${nameText(lowerLabels(owner))} ${ttl} IN ${type}${rdata}`;
}

/** What BIND makes of a zone file: its records, or the messages it refused the file with. */
export function compileWithBind(file: string, origin: string): { loaded: true; records: CanonicalRecord[] } | { loaded: false; messages: string[] } {
  // -i none: no checks of other zones' data; -k, -n ignore: names are not policed (the reader reads any name).
  const run = spawnSync(NAMED_COMPILEZONE, ['-i', 'none', '-k', 'ignore', '-n', 'ignore', '-o', '-', origin, resolve(file)], { cwd: dirname(resolve(file)), encoding: 'latin1' });
  const messages = `${run.stderr}\n${run.status === 0 ? '' : run.stdout}`.split('\n').filter((l) => l.trim() && l !== 'OK');
  if (run.status !== 0) return { loaded: false, messages };
  const records: CanonicalRecord[] = [];
  for (const entry of lex(run.stdout).entries) {
    const [owner, ttl, klass, type, ...data] = entry.tokens;
    const name = parseName(owner!.text, []);
    if ('problem' in name || klass!.text !== 'IN') throw new Error(`BIND printed a line the test cannot read: ${wordsOf(entry.tokens)}`);
    records.push(canonical(name.labels, Number(ttl!.text), typeOf(type!.text)!.type, data));
  }
  return { loaded: true, records: records.sort() };
}

/**
 * The checks BIND makes once a zone is loaded and the reader leaves to whoever uses it (the panel
 * keeps its own SOA, and lets a zone's NS records be what its owner makes them): one SOA and
 * some NS records at the apex, and an address for each name server inside the zone.
 */
export function postLoadProblems(reading: ZoneReading, origin: string): string[] {
  const apex = (parseName(`${origin.replace(/\.$/, '')}.`, []) as { labels: Labels }).labels;
  const at = (labels: Labels) => nameText(lowerLabels(labels));
  const apexKey = at(apex);
  const problems: string[] = [];
  if (!reading.records.some((r) => r.type === 'SOA' && at(r.owner) === apexKey)) problems.push('has 0 SOA records');
  const servers = reading.records.filter((r) => r.type === 'NS' && at(r.owner) === apexKey);
  if (!servers.length) problems.push('has no NS records');
  for (const ns of servers) {
    if (ns.rdata.kind !== 'name' || !isAtOrBelow(ns.rdata.target, apex)) continue;
    const target = ns.rdata.target;
    // The name's own addresses, or those of a wildcard that answers for it.
    const names = [target, ...Array.from({ length: target.length - apex.length }, (_, i) => ['*', ...target.slice(i + 1)])].map(at);
    if (!reading.records.some((r) => (r.type === 'A' || r.type === 'AAAA') && names.includes(at(r.owner)))) problems.push(`NS '${at(target)}' has no address records (A or AAAA)`);
  }
  return problems;
}

/** The reader's records in the same canonical text. */
export function readerRecords(reading: ZoneReading): CanonicalRecord[] {
  return reading.records.map((r) => canonical(r.owner, r.ttl, r.type, lex(`x ${rdataText(r.rdata)}\n`).entries[0]!.tokens.slice(1))).sort();
}

/** Reads a file as the reader does, with BIND's post-load checks. */
export function readLikeBind(text: string, origin: string): { reading: ZoneReading; refusals: string[] } {
  const reading = readZoneFile(text, origin);
  return { reading, refusals: [...reading.problems.map((p) => `line ${p.line}: ${p.message}`), ...postLoadProblems(reading, origin)] };
}
