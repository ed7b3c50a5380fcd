/**
 * IPv4 and IPv6 addresses and CIDR ranges for the firewall's IP address and CIDR fields (spec
 * part 2, 3 "Firewall rule"). Written here because no IP library is a direct dependency and
 * node:net's BlockList does not exist in the browser, where the rule form checks values too.
 *
 * An IPv4-mapped IPv6 address (::ffff:a.b.c.d, what a dual-stack socket reports for an IPv4
 * client) is read as its IPv4 address; otherwise the families never meet: an IPv4 address is in
 * no IPv6 range and the reverse.
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

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

function parseIpv4(text: string): Uint8Array | null {
  const m = IPV4.exec(text);
  if (!m) return null;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const part = m[i + 1]!;
    // A leading zero is refused: some parsers read 010 as octal 8, so its meaning is unclear.
    if (part.length > 1 && part.startsWith('0')) return null;
    const n = Number(part);
    if (n > 255) return null;
    bytes[i] = n;
  }
  return bytes;
}

/** Hex groups of one side of '::', the last of them possibly a dotted IPv4 tail (two groups). */
function groupsOf(side: string, mayEndInIpv4: boolean): number[] | null {
  if (side === '') return [];
  const parts = side.split(':');
  const groups: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (mayEndInIpv4 && i === parts.length - 1 && part.includes('.')) {
      const v4 = parseIpv4(part);
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

function parseIpv6(text: string): Uint8Array | null {
  // A zone (fe80::1%eth0) names the local interface, not part of the address.
  const address = text.split('%', 1)[0]!;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  let groups: number[];
  if (halves.length === 2) {
    const head = groupsOf(halves[0]!, false);
    const tail = groupsOf(halves[1]!, true);
    if (!head || !tail || head.length + tail.length > 7) return null;
    groups = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  } else {
    const all = groupsOf(address, true);
    if (!all || all.length !== 8) return null;
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

function parseRaw(text: string): IpAddress | null {
  const trimmed = text.trim();
  const v4 = parseIpv4(trimmed);
  if (v4) return { family: 4, bytes: v4 };
  const v6 = trimmed.includes(':') ? parseIpv6(trimmed) : null;
  return v6 ? { family: 6, bytes: v6 } : null;
}

/** An address, or null when the text is not one; an IPv4-mapped IPv6 address answers as IPv4. */
export function parseIp(text: string): IpAddress | null {
  const raw = parseRaw(text);
  if (raw && isMapped(raw.bytes)) return { family: 4, bytes: raw.bytes.slice(12) };
  return raw;
}

/**
 * A range written `address/prefix`, or null when it is not one. A bare address is a range of
 * one (/32 or /128); bits past the prefix are ignored (10.1.2.3/8 is 10.0.0.0/8). An IPv4-mapped
 * base with a prefix of 96 or more is the IPv4 range it maps (::ffff:10.0.0.0/104 is 10.0.0.0/8).
 */
export function parseCidr(text: string): IpRange | null {
  const [base = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length) return null;
  const address = parseRaw(base);
  if (!address) return null;
  const bits = address.bytes.length * 8;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
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

/** One spelling per address (IPv4 dotted, IPv6 as eight full groups): a key for per-client counters. */
export function addressKey(address: IpAddress): string {
  if (address.family === 4) return address.bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((address.bytes[i]! << 8) | address.bytes[i + 1]!).toString(16).padStart(4, '0'));
  return groups.join(':');
}
