import { lex, type Token } from './lexer';
import { isAtOrBelow, lowerLabels, nameText, parseName, type Labels } from './names';
import { canonicalRdata, parseRdata, rdataText, type Rdata } from './rdata';
import { classOf, MAX_TTL, ttlOf, typeOf } from './types';

/**
 * A zone file read as RFC 1035 (5.1) and BIND read it: `$ORIGIN`, `$TTL`, relative names, `@`,
 * an omitted owner, TTL or class carried from before, parentheses, comments and quoted texts.
 */

export interface ZoneRecord {
  /** The line the record starts on. */
  line: number;
  owner: Labels;
  ttl: number;
  /** The type's mnemonic (`TYPE65280` for a type without one). */
  type: string;
  rdata: Rdata;
}

/**
 * Why a line cannot be read. `syntax`: the line is no record or directive of a zone file (the
 * file as a whole is not one); `record`: the line is a record whose name or data is wrong, or
 * that breaks a rule of zone data (RFC 1034, 3.6.2; RFC 2181, 10.1).
 */
export interface ZoneProblem {
  line: number;
  kind: 'syntax' | 'record';
  message: string;
}

export interface ZoneReading {
  records: ZoneRecord[];
  problems: ZoneProblem[];
  /** Records whose owner is outside the zone: BIND leaves them out, and so does the reader. */
  outside: { line: number; owner: Labels }[];
}

/** Names compare without regard to ASCII case (RFC 4343). */
const keyOf = (labels: Labels) => nameText(lowerLabels(labels));

/** Types that may stand beside a CNAME (RFC 2181, 10.1; RFC 4035, 2.5). */
const BESIDE_CNAME = new Set(['RRSIG', 'NSEC', 'KEY', 'SIG', 'NXT']);
/** Types a name holds at most one record of. */
const SINGLETONS = new Set(['SOA', 'CNAME', 'DNAME']);

/** Reads `text` as the zone file of `origin` (a domain, with or without the final dot). */
export function readZoneFile(text: string, origin: string): ZoneReading {
  const apexRead = parseName(origin.endsWith('.') ? origin : `${origin}.`, []);
  if ('problem' in apexRead) throw new Error(`The zone's own name cannot be read: ${apexRead.problem}`);
  const apex = apexRead.labels;
  const { entries, problems: lexProblems } = lex(text);
  const problems: ZoneProblem[] = lexProblems.map((p) => ({ ...p, kind: 'syntax' }));
  const records: ZoneRecord[] = [];
  const outside: ZoneReading['outside'] = [];
  let currentOrigin = apex;
  /** The name an entry without one takes; `broken` after an owner that could not be read. */
  let owner: Labels | null | 'broken' = null;
  let lastTtl: number | null = null;
  let defaultTtl: number | null = null;
  const syntax = (line: number, message: string) => problems.push({ line, kind: 'syntax', message });
  const record = (line: number, message: string) => problems.push({ line, kind: 'record', message });

  for (const entry of entries) {
    const words = [...entry.tokens];
    const first = words[0]!;
    if (!entry.ownerOmitted && !first.quoted && first.text.startsWith('$')) {
      const directive = first.text.toUpperCase();
      const arg = words[1];
      if (directive === '$ORIGIN') {
        const read = arg && !arg.quoted && words.length === 2 ? parseName(arg.text, currentOrigin) : null;
        if (!read || 'problem' in read) syntax(entry.line, read ? read.problem : '$ORIGIN takes one name, like $ORIGIN example.com.');
        else currentOrigin = read.labels;
      } else if (directive === '$TTL') {
        const ttl = arg && !arg.quoted && words.length === 2 ? ttlOf(arg.text) : null;
        if (ttl === null) syntax(entry.line, '$TTL takes one time, in seconds or like 1h or 2d.');
        else defaultTtl = ttl > MAX_TTL ? 0 : ttl;
      } else if (directive === '$INCLUDE') syntax(entry.line, '$INCLUDE reads another file, which cannot be done here: put the records of that file in its place.');
      else if (directive === '$GENERATE') syntax(entry.line, '$GENERATE is not read here: write out the records it would make.');
      else syntax(entry.line, `${first.text} is not a directive of a zone file: the directives are $ORIGIN, $TTL and $INCLUDE.`);
      continue;
    }
    if (!entry.ownerOmitted) {
      const read = first.text === '' ? { problem: 'An empty name is not a name.' } : parseName(first.text, currentOrigin);
      words.shift();
      if ('problem' in read) {
        record(entry.line, read.problem);
        owner = 'broken';
        continue;
      }
      owner = read.labels;
    } else if (owner === 'broken') {
      // It would take the name just refused; that line is already named.
      continue;
    } else if (!owner) {
      syntax(entry.line, 'This line starts with a blank, so it takes the name of the record before it, and there is none.');
      continue;
    }
    const head = fields(words);
    if ('problem' in head) {
      syntax(entry.line, head.problem);
      continue;
    }
    if (head.klass !== 'IN') {
      record(entry.line, `This record is of class ${head.klass}: a zone of the Internet holds IN records only.`);
      continue;
    }
    const type = typeOf(head.type)!;
    if (type.meta) {
      record(entry.line, `${type.type} is a type of question, not of data: a zone cannot hold it.`);
      continue;
    }
    const data = parseRdata(type.type, words.slice(head.used), currentOrigin);
    if ('problem' in data) {
      record(entry.line, data.problem);
      continue;
    }
    let ttl = head.ttl;
    if (ttl === null) {
      if (defaultTtl !== null) ttl = defaultTtl;
      else if (lastTtl !== null) ttl = lastTtl;
      else if (data.rdata.kind === 'SOA') {
        // BIND: with neither $TTL nor a TTL, the SOA takes its minimum, which then stands in for $TTL.
        ttl = data.rdata.minimum;
        defaultTtl = ttl;
      } else {
        syntax(entry.line, 'This record has no TTL, and no $TTL line or record before it gives one.');
        continue;
      }
    }
    lastTtl = ttl;
    if (!isAtOrBelow(owner, apex)) {
      outside.push({ line: entry.line, owner });
      continue;
    }
    records.push({ line: entry.line, owner, ttl, type: type.type, rdata: data.rdata });
  }
  const kept = zoneData(records, apex, problems);
  return { records: kept, problems: problems.sort((a, b) => a.line - b.line), outside };
}

/** The TTL, class and type before a record's data, in either order (RFC 1035, 5.1). */
function fields(words: Token[]): { ttl: number | null; klass: string; type: string; used: number } | { problem: string } {
  let ttl: number | null = null;
  let klass: string | null = null;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.quoted) return { problem: `"${w.text}" is in quotes where a TTL, a class or a record type belongs.` };
    const asTtl: number | null = ttl === null ? ttlOf(w.text) : null;
    if (asTtl !== null) {
      ttl = asTtl > MAX_TTL ? 0 : asTtl;
      continue;
    }
    const asClass: string | null = klass === null ? classOf(w.text) : null;
    if (asClass) {
      klass = asClass;
      continue;
    }
    if (!typeOf(w.text)) return { problem: `${w.text} is not a record type, so this line is no record.` };
    return { ttl, klass: klass ?? 'IN', type: w.text, used: i + 1 };
  }
  return { problem: 'This line has no record type, so it is no record.' };
}

/**
 * The rules of zone data BIND applies while loading: one SOA, at the apex; a CNAME stands alone;
 * one CNAME or DNAME a name; the same record twice is one; a record set has one TTL, its first.
 */
function zoneData(records: ZoneRecord[], apex: Labels, problems: ZoneProblem[]): ZoneRecord[] {
  const kept: ZoneRecord[] = [];
  const seen = new Set<string>();
  const byOwner = new Map<string, ZoneRecord[]>();
  const setTtl = new Map<string, number>();
  const apexKey = keyOf(apex);
  for (const r of records) {
    const owner = keyOf(r.owner);
    const shown = nameText(r.owner);
    const key = `${owner} ${r.type} ${rdataText(canonicalRdata(r.rdata))}`;
    if (seen.has(key)) continue;
    if (r.type === 'SOA' && owner !== apexKey) {
      problems.push({ line: r.line, kind: 'record', message: `An SOA record belongs to the zone's own name (@), not to ${shown}.` });
      continue;
    }
    if (r.type === 'NS' && r.owner[0] === '*') {
      problems.push({ line: r.line, kind: 'record', message: `${shown} is a wildcard name, which cannot hold NS records.` });
      continue;
    }
    const here = byOwner.get(owner) ?? [];
    if (SINGLETONS.has(r.type) && here.some((o) => o.type === r.type)) {
      problems.push({
        line: r.line,
        kind: 'record',
        message: r.type === 'SOA' ? 'This is a second SOA record: a zone has one.' : `This is a second ${r.type} record for ${shown}: a name can have only one.`,
      });
      continue;
    }
    const clash = r.type === 'CNAME' ? here.find((o) => !BESIDE_CNAME.has(o.type)) : BESIDE_CNAME.has(r.type) ? undefined : here.find((o) => o.type === 'CNAME');
    if (clash) {
      problems.push({ line: r.line, kind: 'record', message: `${shown} has a CNAME record and other records: a CNAME stands alone at its name.` });
      continue;
    }
    seen.add(key);
    // Signatures form one set per type they cover (RFC 4034, 3).
    const covers = r.type === 'RRSIG' || r.type === 'SIG' ? ` ${rdataText(r.rdata).split(' ')[0]!.toUpperCase()}` : '';
    const set = `${owner} ${r.type}${covers}`;
    const ttl = setTtl.get(set) ?? r.ttl;
    setTtl.set(set, ttl);
    const kept1 = { ...r, ttl };
    here.push(kept1);
    byOwner.set(owner, here);
    kept.push(kept1);
  }
  return kept;
}
