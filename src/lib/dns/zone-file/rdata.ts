import type { Token } from './lexer';
import { lowerLabels, nameText, parseName, parseText, type Labels } from './names';
import { MAX_U32, ttlOf } from './types';

/**
 * The data of a record, for the types the reader reads (RFC 1035, 3.3; RFC 3596; RFC 2782;
 * RFC 8659); other types are kept as written (`unread`) or as the octets of RFC 3597's `\#` form.
 */
export type Rdata =
  | { kind: 'A'; address: string }
  | { kind: 'AAAA'; address: string }
  /** NS, CNAME, PTR and DNAME: one name. */
  | { kind: 'name'; target: Labels }
  | { kind: 'MX'; preference: number; exchange: Labels }
  | { kind: 'SRV'; priority: number; weight: number; port: number; target: Labels }
  | { kind: 'SOA'; mname: Labels; rname: Labels; serial: number; refresh: number; retry: number; expire: number; minimum: number }
  /** TXT and SPF: one or more character strings of up to 255 octets. */
  | { kind: 'TXT'; strings: Uint8Array[] }
  | { kind: 'CAA'; flags: number; tag: string; value: Uint8Array }
  | { kind: 'generic'; data: Uint8Array }
  | { kind: 'unread'; text: string };

export const READ_TYPES = ['A', 'AAAA', 'NS', 'CNAME', 'PTR', 'DNAME', 'MX', 'SRV', 'SOA', 'TXT', 'SPF', 'CAA'] as const;
const NAME_TYPES = new Set(['NS', 'CNAME', 'PTR', 'DNAME']);

type Read<T> = T | { problem: string };
const failed = <T extends object>(r: Read<T>): r is { problem: string } => 'problem' in r;

function unsigned(token: Token | undefined, max: number, what: string): Read<{ n: number }> {
  if (!token) return { problem: `The record ends before its ${what}.` };
  if (token.quoted || !/^\d+$/.test(token.text) || Number(token.text) > max)
    return { problem: `${token.quoted ? `"${token.text}"` : token.text} is not a valid ${what}: write a whole number from 0 to ${max}.` };
  return { n: Number(token.text) };
}

function nameAt(token: Token | undefined, origin: Labels, what: string): Read<{ labels: Labels }> {
  if (!token) return { problem: `The record ends before its ${what}.` };
  if (token.quoted) return { problem: `The ${what} "${token.text}" is written in quotes: write a name without them.` };
  return parseName(token.text, origin);
}

const IPV4 = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;

function ipv4(text: string): string | null {
  const m = IPV4.exec(text);
  return m?.slice(1).every((p) => Number(p) <= 255) ? text : null;
}

/** An IPv6 address's 16 octets (RFC 4291, 2.2), or null. */
function ipv6Octets(text: string): Uint8Array | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const words: number[] = [];
  const all = [...head, ...tail];
  const last = all.at(-1);
  let v4: string | null = null;
  if (last?.includes('.')) {
    v4 = ipv4(last);
    if (!v4) return null;
    (tail.length ? tail : head).pop();
  }
  const hex = (g: string) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : null);
  const h = head.map(hex);
  const t = tail.map(hex);
  if (h.includes(null) || t.includes(null)) return null;
  const count = h.length + t.length + (v4 ? 2 : 0);
  if (halves.length === 2 ? count > 7 : count !== 8) return null;
  words.push(...(h as number[]), ...Array<number>(8 - count).fill(0), ...(t as number[]));
  const octets = new Uint8Array(16);
  words.forEach((w, i) => {
    octets[i * 2] = w >> 8;
    octets[i * 2 + 1] = w & 0xff;
  });
  if (v4) {
    for (const [i, p] of v4.split('.').entries()) octets[12 + i] = Number(p);
  }
  return octets;
}

/** An IPv6 address as BIND prints it: the longest run of zero groups as `::`, an embedded IPv4 address dotted. */
function ipv6Text(octets: Uint8Array): string {
  const words = Array.from({ length: 8 }, (_, i) => (octets[i * 2]! << 8) | octets[i * 2 + 1]!);
  let best = { base: -1, len: 0 };
  let cur = { base: -1, len: 0 };
  words.forEach((w, i) => {
    if (w === 0) {
      cur = cur.base === -1 ? { base: i, len: 1 } : { base: cur.base, len: cur.len + 1 };
      if (cur.len > best.len) best = cur;
    } else cur = { base: -1, len: 0 };
  });
  if (best.len < 2) best = { base: -1, len: 0 };
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (best.base !== -1 && i >= best.base && i < best.base + best.len) {
      if (i === best.base) out += ':';
      continue;
    }
    if (i) out += ':';
    if (i === 6 && best.base === 0 && (best.len === 6 || (best.len === 5 && words[5] === 0xffff))) {
      out += `${octets[12]}.${octets[13]}.${octets[14]}.${octets[15]}`;
      break;
    }
    out += words[i]!.toString(16);
  }
  if (best.base !== -1 && best.base + best.len === 8) out += ':';
  return out;
}

function texts(tokens: Token[]): Read<{ strings: Uint8Array[] }> {
  if (!tokens.length) return { problem: 'The record ends before its text.' };
  const strings: Uint8Array[] = [];
  for (const t of tokens) {
    const read = parseText(t.text);
    if (failed(read)) return read;
    if (read.octets.length > 255) return { problem: 'A quoted text can be at most 255 characters long: split a longer text into several quoted parts.' };
    strings.push(read.octets);
  }
  return { strings };
}

/** The data of a record of `type` from its words (after the type), made absolute with `origin`. */
export function parseRdata(type: string, tokens: Token[], origin: Labels): Read<{ rdata: Rdata }> {
  if (tokens[0] && !tokens[0].quoted && tokens[0].text === '\\#') return generic(type, tokens.slice(1));
  const extra = (n: number): Read<Record<never, never>> => (tokens.length > n ? { problem: `${tokens[n]!.text} is more than a ${type} record holds.` } : {});
  switch (type) {
    case 'A': {
      const t = tokens[0];
      if (!t) return { problem: 'The record ends before its address.' };
      const address = t.quoted ? null : ipv4(t.text);
      if (!address) return { problem: `${t.text} is not an IPv4 address.` };
      const more = extra(1);
      return failed(more) ? more : { rdata: { kind: 'A', address } };
    }
    case 'AAAA': {
      const t = tokens[0];
      if (!t) return { problem: 'The record ends before its address.' };
      const octets = t.quoted ? null : ipv6Octets(t.text);
      if (!octets) return { problem: `${t.text} is not an IPv6 address.` };
      const more = extra(1);
      return failed(more) ? more : { rdata: { kind: 'AAAA', address: ipv6Text(octets) } };
    }
    case 'MX': {
      const preference = unsigned(tokens[0], 65535, 'mail server priority');
      if (failed(preference)) return preference;
      const exchange = nameAt(tokens[1], origin, 'mail server');
      if (failed(exchange)) return exchange;
      const more = extra(2);
      return failed(more) ? more : { rdata: { kind: 'MX', preference: preference.n, exchange: exchange.labels } };
    }
    case 'SRV': {
      const [priority, weight, port] = [unsigned(tokens[0], 65535, 'priority'), unsigned(tokens[1], 65535, 'weight'), unsigned(tokens[2], 65535, 'port')];
      for (const n of [priority, weight, port]) if (failed(n)) return n;
      const target = nameAt(tokens[3], origin, 'target');
      if (failed(target)) return target;
      const more = extra(4);
      if (failed(more)) return more;
      return { rdata: { kind: 'SRV', priority: (priority as { n: number }).n, weight: (weight as { n: number }).n, port: (port as { n: number }).n, target: target.labels } };
    }
    case 'SOA':
      return soa(tokens, origin);
    case 'TXT':
    case 'SPF': {
      const read = texts(tokens);
      return failed(read) ? read : { rdata: { kind: 'TXT', strings: read.strings } };
    }
    case 'CAA': {
      const flags = unsigned(tokens[0], 255, 'CAA flag');
      if (failed(flags)) return flags;
      const tag = tokens[1];
      if (!tag || tag.quoted || !/^[a-z0-9]{1,255}$/i.test(tag.text))
        return { problem: `${tag?.text ?? 'Nothing'} is not a CAA property: write letters and digits only, like issue.` };
      if (!tokens[2]) return { problem: 'The record ends before its CAA value.' };
      const value = parseText(tokens[2].text);
      if (failed(value)) return value;
      const more = extra(3);
      return failed(more) ? more : { rdata: { kind: 'CAA', flags: flags.n, tag: tag.text, value: value.octets } };
    }
  }
  if (NAME_TYPES.has(type)) {
    const target = nameAt(tokens[0], origin, 'target name');
    if (failed(target)) return target;
    const more = extra(1);
    return failed(more) ? more : { rdata: { kind: 'name', target: target.labels } };
  }
  // RFC 3123, 4: an APL record may list no prefixes.
  if (!tokens.length && type !== 'APL') return { problem: `The ${type} record has no data.` };
  return { rdata: { kind: 'unread', text: tokens.map((t) => (t.quoted ? `"${t.text}"` : t.text)).join(' ') } };
}

function soa(tokens: Token[], origin: Labels): Read<{ rdata: Rdata }> {
  const mname = nameAt(tokens[0], origin, 'primary name server');
  if (failed(mname)) return mname;
  const rname = nameAt(tokens[1], origin, 'mailbox');
  if (failed(rname)) return rname;
  const serial = unsigned(tokens[2], MAX_U32, 'serial');
  if (failed(serial)) return serial;
  const timers: number[] = [];
  for (const [i, what] of (['refresh', 'retry', 'expire', 'minimum'] as const).entries()) {
    const t = tokens[3 + i];
    if (!t) return { problem: `The SOA record ends before its ${what} time.` };
    const seconds = t.quoted ? null : ttlOf(t.text);
    if (seconds === null) return { problem: `${t.text} is not a valid ${what} time: write seconds, or a time like 1h or 2d.` };
    timers.push(seconds);
  }
  if (tokens.length > 7) return { problem: `${tokens[7]!.text} is more than an SOA record holds.` };
  const [refresh, retry, expire, minimum] = timers as [number, number, number, number];
  return { rdata: { kind: 'SOA', mname: mname.labels, rname: rname.labels, serial: serial.n, refresh, retry, expire, minimum } };
}

/** RFC 3597, 5: `\# length hex`; read into the type's own form when the reader reads that type. */
function generic(type: string, tokens: Token[]): Read<{ rdata: Rdata }> {
  const length = unsigned(tokens[0], 65535, 'data length after \\#');
  if (failed(length)) return length;
  const hex = tokens
    .slice(1)
    .map((t) => t.text)
    .join('');
  if (tokens.slice(1).some((t) => t.quoted) || !/^([0-9a-f]{2})*$/i.test(hex))
    return { problem: 'The data after \\# and its length must be hexadecimal digits, two for each octet.' };
  const data = Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
  if (data.length !== length.n) return { problem: `The data after \\# is ${data.length} octets long, not ${length.n} as written.` };
  const rdata = fromWire(type, data);
  return rdata ? { rdata } : { problem: `The data after \\# is not a valid ${type} record.` };
}

/** A name in wire form at `at`, uncompressed (RFC 3597, 4), with where it ends. */
function wireName(data: Uint8Array, at: number): { labels: string[]; end: number } | null {
  const labels: string[] = [];
  let i = at;
  for (;;) {
    const len = data[i];
    if (len === undefined || len > 63) return null;
    if (len === 0) return { labels, end: i + 1 };
    if (i + 1 + len > data.length) return null;
    labels.push(String.fromCharCode(...data.subarray(i + 1, i + 1 + len)));
    i += 1 + len;
  }
}

function fromWire(type: string, d: Uint8Array): Rdata | null {
  const u16 = (i: number) => (d[i]! << 8) | d[i + 1]!;
  const u32 = (i: number) => ((d[i]! << 24) >>> 0) + (d[i + 1]! << 16) + (d[i + 2]! << 8) + d[i + 3]!;
  switch (type) {
    case 'A':
      return d.length === 4 ? { kind: 'A', address: [...d].join('.') } : null;
    case 'AAAA':
      return d.length === 16 ? { kind: 'AAAA', address: ipv6Text(d) } : null;
    case 'MX': {
      const n = d.length >= 3 ? wireName(d, 2) : null;
      return n && n.end === d.length ? { kind: 'MX', preference: u16(0), exchange: n.labels } : null;
    }
    case 'SRV': {
      const n = d.length >= 7 ? wireName(d, 6) : null;
      return n && n.end === d.length ? { kind: 'SRV', priority: u16(0), weight: u16(2), port: u16(4), target: n.labels } : null;
    }
    case 'SOA': {
      const m = wireName(d, 0);
      const r = m && wireName(d, m.end);
      if (!m || !r || r.end + 20 !== d.length) return null;
      return {
        kind: 'SOA',
        mname: m.labels,
        rname: r.labels,
        serial: u32(r.end),
        refresh: u32(r.end + 4),
        retry: u32(r.end + 8),
        expire: u32(r.end + 12),
        minimum: u32(r.end + 16),
      };
    }
    case 'TXT':
    case 'SPF': {
      const strings: Uint8Array[] = [];
      for (let i = 0; i < d.length; i += 1 + d[i]!) {
        if (i + 1 + d[i]! > d.length) return null;
        strings.push(d.slice(i + 1, i + 1 + d[i]!));
      }
      return strings.length ? { kind: 'TXT', strings } : null;
    }
    case 'CAA': {
      const tagLength = d[1];
      if (d.length < 2 || !tagLength || 2 + tagLength > d.length) return null;
      const tag = String.fromCharCode(...d.subarray(2, 2 + tagLength));
      return /^[a-z0-9]+$/i.test(tag) ? { kind: 'CAA', flags: d[0]!, tag, value: d.slice(2 + tagLength) } : null;
    }
  }
  if (NAME_TYPES.has(type)) {
    const n = wireName(d, 0);
    return n && n.end === d.length ? { kind: 'name', target: n.labels } : null;
  }
  return { kind: 'generic', data: d };
}

/** The data with its names in lower case, as records compare (RFC 4034, 6.2). */
export function canonicalRdata(r: Rdata): Rdata {
  switch (r.kind) {
    case 'name':
      return { ...r, target: lowerLabels(r.target) };
    case 'MX':
      return { ...r, exchange: lowerLabels(r.exchange) };
    case 'SRV':
      return { ...r, target: lowerLabels(r.target) };
    case 'SOA':
      return { ...r, mname: lowerLabels(r.mname), rname: lowerLabels(r.rname) };
    default:
      return r;
  }
}

/** A character string as BIND prints it: quoted, `"` and `\` escaped, other octets outside printable ASCII as `\DDD`. */
export function quotedText(octets: Uint8Array): string {
  let out = '"';
  for (const o of octets) out += o === 0x22 || o === 0x5c ? `\\${String.fromCharCode(o)}` : o >= 0x20 && o < 0x7f ? String.fromCharCode(o) : `\\${String(o).padStart(3, '0')}`;
  return `${out}"`;
}

/** The data of a record in presentation form, as BIND prints it (names absolute). */
export function rdataText(r: Rdata): string {
  switch (r.kind) {
    case 'A':
    case 'AAAA':
      return r.address;
    case 'name':
      return nameText(r.target);
    case 'MX':
      return `${r.preference} ${nameText(r.exchange)}`;
    case 'SRV':
      return `${r.priority} ${r.weight} ${r.port} ${nameText(r.target)}`;
    case 'SOA':
      return `${nameText(r.mname)} ${nameText(r.rname)} ${r.serial} ${r.refresh} ${r.retry} ${r.expire} ${r.minimum}`;
    case 'TXT':
      return r.strings.map(quotedText).join(' ');
    case 'CAA':
      return `${r.flags} ${r.tag} ${quotedText(r.value)}`;
    case 'generic':
      return r.data.length
        ? `\\# ${r.data.length} ${[...r.data]
            .map((o) => o.toString(16).padStart(2, '0'))
            .join('')
            .toUpperCase()}`
        : '\\# 0';
    case 'unread':
      return r.text;
  }
}
