/**
 * IP addresses and CIDR ranges: the one reading of an address for every place that takes one
 * (DNS A records, the add-domains import, the firewall's IP address and CIDR fields, API-key
 * allowlists, custom hosts) and for the servers that match clients against them, so that a
 * text is an address everywhere or nowhere. Written here because no IP library is a direct
 * dependency and node:net does not exist in the browser, where the forms check values too.
 *
 * The rule (docs/decisions.md "IP addresses"):
 * - IPv4 is four decimal numbers 0 to 255 joined by dots, each without a leading zero: some
 *   readers take 010 as octal 8 and others as 10 (RFC 6943, 3.1.1), so `1.2.3.04` names no one
 *   address; the short, hex and octal forms of inet_aton (`1.2.3`, `0x7f.1`) are refused too.
 * - IPv6 is RFC 4291, 2.2: eight groups of one to four hex digits, one `::` for a run of zero
 *   groups, the last two groups possibly an IPv4 address by the rule above.
 * - The text is read as it is: no blanks around it (a form trims what was typed first) and no
 *   zone (`fe80::1%eth0`: the zone names a network interface of one machine, nothing a rule or
 *   an allowlist can mean). An address a socket reports may carry one: `parseClientIp` drops it.
 * - An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports for an
 *   IPv4 client) is read as its IPv4 address; otherwise the families never meet: an IPv4
 *   address is in no IPv6 range and the reverse.
 */

export interface IpAddress {
  family: 4 | 6;
  /** 4 bytes for IPv4, 16 for IPv6, network order. */
  bytes: Uint8Array;
}

export interface IpRange extends IpAddress {
  /** Leading bits that must agree: 0 to 32 for IPv4, 0 to 128 for IPv6. */
  prefix: number;
}

/** A decimal number without a leading zero: 0, 7, 42, 255 (and 256, which the caller bounds). */
const DECIMAL = '(0|[1-9]\\d{0,2})';
const IPV4 = new RegExp(`^${DECIMAL}\\.${DECIMAL}\\.${DECIMAL}\\.${DECIMAL}$`);
const PREFIX = new RegExp(`^${DECIMAL}$`);
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

function ipv4Bytes(text: string): Uint8Array | null {
  const m = IPV4.exec(text);
  if (!m) return null;
  const parts = m.slice(1, 5).map(Number);
  return parts.every((n) => n <= 255) ? Uint8Array.from(parts) : null;
}

/** Hex groups of one side of '::', the last of them possibly a dotted IPv4 tail (two groups). */
function groupsOf(side: string, mayEndInIpv4: boolean): number[] | null {
  if (side === '') return [];
  const parts = side.split(':');
  const groups: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (mayEndInIpv4 && i === parts.length - 1 && part.includes('.')) {
      const v4 = ipv4Bytes(part);
      if (!v4) return null;
      groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    } else if (HEX_GROUP.test(part)) {
      groups.push(parseInt(part, 16));
    } else {
      return null;
    }
  }
  return groups;
}

function ipv6Bytes(text: string): Uint8Array | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  let groups: number[];
  if (halves.length === 2) {
    const head = groupsOf(halves[0]!, false);
    const tail = groupsOf(halves[1]!, true);
    if (!head || !tail || head.length + tail.length > 7) return null;
    groups = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  } else {
    const all = groupsOf(text, true);
    if (all?.length !== 8) return null;
    groups = all;
  }
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  return bytes;
}

const isMapped = (bytes: Uint8Array) => bytes.length === 16 && bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;

/** The address as written, IPv4-mapped addresses still IPv6 (a range's base needs its 128 bits). */
function parseWritten(text: string): IpAddress | null {
  const v4 = ipv4Bytes(text);
  if (v4) return { family: 4, bytes: v4 };
  const v6 = text.includes(':') ? ipv6Bytes(text) : null;
  return v6 ? { family: 6, bytes: v6 } : null;
}

/** A dotted IPv4 address, or null: for the fields that take IPv4 only (an A record's value). */
export function parseIpv4(text: string): IpAddress | null {
  const bytes = ipv4Bytes(text);
  return bytes ? { family: 4, bytes } : null;
}

/** An IPv4 or IPv6 address, or null when the text is not one; an IPv4-mapped address answers as IPv4. */
export function parseIp(text: string): IpAddress | null {
  const written = parseWritten(text);
  if (written && isMapped(written.bytes)) return { family: 4, bytes: written.bytes.slice(12) };
  return written;
}

/**
 * The address a socket or a proxy reported for a client: `parseIp`, after dropping an IPv6
 * zone (a link-local client arrives as fe80::1%eth0; the zone is this machine's interface,
 * not part of the client's address).
 */
export function parseClientIp(text: string): IpAddress | null {
  const zone = text.includes(':') ? text.indexOf('%') : -1;
  return parseIp(zone < 0 ? text : text.slice(0, zone));
}

/**
 * A range written `address/prefix`, or null when it is not one. A bare address is a range of
 * one (/32 or /128); bits past the prefix are ignored (10.1.2.3/8 is 10.0.0.0/8). An IPv4-mapped
 * base with a prefix of 96 or more is the IPv4 range it maps (::ffff:10.0.0.0/104 is 10.0.0.0/8).
 */
export function parseCidr(text: string): IpRange | null {
  const [base = '', prefixText, ...rest] = text.split('/');
  if (rest.length) return null;
  const address = parseWritten(base);
  if (!address) return null;
  const bits = address.bytes.length * 8;
  if (prefixText !== undefined && !PREFIX.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  if (isMapped(address.bytes) && prefix >= 96) return { family: 4, bytes: address.bytes.slice(12), prefix: prefix - 96 };
  return { ...address, prefix };
}

/** Whether the address lies in the range; never across families. */
export function inRange(address: IpAddress, range: IpRange): boolean {
  if (address.family !== range.family) return false;
  const whole = range.prefix >> 3;
  for (let i = 0; i < whole; i++) if (address.bytes[i] !== range.bytes[i]) return false;
  const rest = range.prefix & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (address.bytes[whole]! & mask) === (range.bytes[whole]! & mask);
}

export const sameAddress = (a: IpAddress, b: IpAddress) => a.family === b.family && a.bytes.every((byte, i) => byte === b.bytes[i]);

/** One spelling per address (IPv4 dotted, IPv6 as eight full groups): a key for per-client counters and lookups. */
export function addressKey(address: IpAddress): string {
  if (address.family === 4) return address.bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((address.bytes[i]! << 8) | address.bytes[i + 1]!).toString(16).padStart(4, '0'));
  return groups.join(':');
}
