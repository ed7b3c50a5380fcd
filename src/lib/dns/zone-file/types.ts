/** Record types, classes and TTLs as a zone file names them (IANA DNS parameters; RFC 3597, 5). */

/** The types a zone file may name, by mnemonic (BIND 9.18 knows each of these). */
const TYPE_NUMBERS: Record<string, number> = {
  A: 1,
  NS: 2,
  MD: 3,
  MF: 4,
  CNAME: 5,
  SOA: 6,
  MB: 7,
  MG: 8,
  MR: 9,
  NULL: 10,
  WKS: 11,
  PTR: 12,
  HINFO: 13,
  MINFO: 14,
  MX: 15,
  TXT: 16,
  RP: 17,
  AFSDB: 18,
  X25: 19,
  ISDN: 20,
  RT: 21,
  NSAP: 22,
  'NSAP-PTR': 23,
  SIG: 24,
  KEY: 25,
  PX: 26,
  GPOS: 27,
  AAAA: 28,
  LOC: 29,
  NXT: 30,
  EID: 31,
  NIMLOC: 32,
  SRV: 33,
  ATMA: 34,
  NAPTR: 35,
  KX: 36,
  CERT: 37,
  A6: 38,
  DNAME: 39,
  SINK: 40,
  APL: 42,
  DS: 43,
  SSHFP: 44,
  IPSECKEY: 45,
  RRSIG: 46,
  NSEC: 47,
  DNSKEY: 48,
  DHCID: 49,
  NSEC3: 50,
  NSEC3PARAM: 51,
  TLSA: 52,
  SMIMEA: 53,
  HIP: 55,
  NINFO: 56,
  RKEY: 57,
  TALINK: 58,
  CDS: 59,
  CDNSKEY: 60,
  OPENPGPKEY: 61,
  CSYNC: 62,
  ZONEMD: 63,
  SVCB: 64,
  HTTPS: 65,
  DSYNC: 66,
  HHIT: 67,
  BRID: 68,
  SPF: 99,
  UINFO: 100,
  UID: 101,
  GID: 102,
  UNSPEC: 103,
  NID: 104,
  L32: 105,
  L64: 106,
  LP: 107,
  EUI48: 108,
  EUI64: 109,
  URI: 256,
  CAA: 257,
  AVC: 258,
  DOA: 259,
  AMTRELAY: 260,
  RESINFO: 261,
  WALLET: 262,
  TA: 32768,
  DLV: 32769,
};
/** Types of questions and transactions, never of data (RFC 6895, 3.1). */
const META_TYPES: Record<string, number> = { OPT: 41, TKEY: 249, TSIG: 250, IXFR: 251, AXFR: 252, MAILB: 253, MAILA: 254, ANY: 255 };

const TYPE_NAMES = new Map([...Object.entries(TYPE_NUMBERS), ...Object.entries(META_TYPES)].map(([name, n]) => [n, name]));

/**
 * The type a word names: its mnemonic (`TYPE1` is `A`), `meta` for a type no zone can hold, or
 * null when the word names no type.
 */
export function typeOf(word: string): { type: string; number: number; meta: boolean } | null {
  const upper = word.toUpperCase();
  const generic = /^TYPE(\d{1,5})$/.exec(upper);
  const number = generic ? Number(generic[1]) : (TYPE_NUMBERS[upper] ?? META_TYPES[upper]);
  if (number === undefined || number > 65535) return null;
  const name = TYPE_NAMES.get(number) ?? `TYPE${number}`;
  return { type: name, number, meta: name in META_TYPES || (number >= 128 && number <= 255) };
}

/** The class a word names (RFC 1035, 3.2.4; RFC 3597, 5), or null. */
export function classOf(word: string): string | null {
  const upper = word.toUpperCase();
  const generic = /^CLASS(\d{1,5})$/.exec(upper);
  if (generic) {
    const n = Number(generic[1]);
    if (n > 65535) return null;
    return ({ 1: 'IN', 3: 'CH', 4: 'HS', 254: 'NONE', 255: 'ANY' } as Record<number, string>)[n] ?? `CLASS${n}`;
  }
  return ({ IN: 'IN', CH: 'CH', CHAOS: 'CH', HS: 'HS', HESIOD: 'HS', NONE: 'NONE', ANY: 'ANY' } as Record<string, string>)[upper] ?? null;
}

const UNIT_SECONDS: Record<string, number> = { w: 604800, d: 86400, h: 3600, m: 60, s: 1 };
export const MAX_U32 = 0xffffffff;
/** RFC 2181, 8: a TTL above this is read as 0. */
export const MAX_TTL = 0x7fffffff;

/**
 * A TTL as BIND reads one: a number of seconds, or numbers each with its unit (`1h30m`, `1W`);
 * null for a word that is no TTL (so it may be a class or a type).
 */
export function ttlOf(word: string): number | null {
  let seconds: number;
  if (/^\d+$/.test(word)) seconds = Number(word);
  else if (/^(\d+[wdhms])+$/i.test(word)) seconds = [...word.matchAll(/(\d+)([wdhms])/gi)].reduce((n, m) => n + Number(m[1]) * UNIT_SECONDS[m[2]!.toLowerCase()]!, 0);
  else return null;
  return seconds <= MAX_U32 ? seconds : null;
}
