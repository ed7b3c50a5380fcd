import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseClientIp } from '../../lib/ip';

/**
 * The autonomous system an address belongs to (the firewall's "autonomous number" field, spec
 * part 2, 3), from the ranges of @ip-location-db/asn (RouteViews and DB-IP, CC BY 4.0): about
 * 410,000 IPv4 and 100,000 IPv6 ranges, read once on first use into sorted arrays (a few MB)
 * and searched by halves.
 */

interface V4Table {
  starts: Uint32Array;
  ends: Uint32Array;
  asns: Uint32Array;
}
interface V6Table {
  starts: BigUint64Array[];
  ends: BigUint64Array[];
  asns: Uint32Array;
}

let tables: Promise<{ v4: V4Table; v6: V6Table }> | null = null;

/** Resolved from the working directory, as the GeoIP database is: the built server runs from its out dir. */
function dataFile(name: string): string {
  return createRequire(join(process.cwd(), 'package.json')).resolve(`@ip-location-db/asn/${name}`);
}

/** Each line: start,end,asn,"organisation" with the addresses as decimal numbers. */
async function* ranges(file: string): AsyncGenerator<[string, string, number]> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const first = line.indexOf(',');
    const second = line.indexOf(',', first + 1);
    const third = line.indexOf(',', second + 1);
    if (first < 0 || second < 0) continue;
    const asn = Number(line.slice(second + 1, third < 0 ? undefined : third));
    if (Number.isInteger(asn)) yield [line.slice(0, first), line.slice(first + 1, second), asn];
  }
}

async function loadV4(): Promise<V4Table> {
  const starts: number[] = [];
  const ends: number[] = [];
  const asns: number[] = [];
  for await (const [start, end, asn] of ranges(dataFile('asn-ipv4-num.csv'))) {
    starts.push(Number(start));
    ends.push(Number(end));
    asns.push(asn);
  }
  return { starts: Uint32Array.from(starts), ends: Uint32Array.from(ends), asns: Uint32Array.from(asns) };
}

const MASK64 = (1n << 64n) - 1n;
const halves = (n: bigint): [bigint, bigint] => [n >> 64n, n & MASK64];

async function loadV6(): Promise<V6Table> {
  const rows: [bigint, bigint, number][] = [];
  for await (const [start, end, asn] of ranges(dataFile('asn-ipv6-num.csv'))) rows.push([BigInt(start), BigInt(end), asn]);
  const starts = [new BigUint64Array(rows.length), new BigUint64Array(rows.length)];
  const ends = [new BigUint64Array(rows.length), new BigUint64Array(rows.length)];
  rows.forEach(([start, end], i) => {
    [starts[0]![i], starts[1]![i]] = halves(start);
    [ends[0]![i], ends[1]![i]] = halves(end);
  });
  return { starts, ends, asns: Uint32Array.from(rows.map((r) => r[2])) };
}

function load() {
  // A failed read is not kept: the next lookup tries again.
  tables ??= Promise.all([loadV4(), loadV6()])
    .then(([v4, v6]) => ({ v4, v6 }))
    .catch((error: unknown) => {
      tables = null;
      throw error;
    });
  return tables;
}

/** The last range starting at or before `at` (the files are sorted by start), or -1. */
function lastStartingBefore(count: number, startsAfter: (i: number) => boolean): number {
  let low = 0;
  let high = count - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (startsAfter(mid)) high = mid - 1;
    else {
      found = mid;
      low = mid + 1;
    }
  }
  return found;
}

/** An address's bytes as one number (network order). */
function numberOf(bytes: Uint8Array): bigint {
  return bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
}

/** The ASN of an address, or null for one in no announced range (private, reserved) or not an address. */
export async function asnOf(address: string): Promise<number | null> {
  // The firewall's own reading of an address: an IPv4-mapped IPv6 address answers as IPv4.
  const ip = parseClientIp(address);
  if (!ip) return null;
  const { v4, v6 } = await load();
  if (ip.family === 4) {
    const n = Number(numberOf(ip.bytes));
    const i = lastStartingBefore(v4.starts.length, (k) => v4.starts[k]! > n);
    return i >= 0 && v4.ends[i]! >= n ? v4.asns[i]! : null;
  }
  const [hi, lo] = halves(numberOf(ip.bytes));
  const after = (k: number) => v6.starts[0]![k]! > hi || (v6.starts[0]![k] === hi && v6.starts[1]![k]! > lo);
  const i = lastStartingBefore(v6.asns.length, after);
  if (i < 0) return null;
  const endHi = v6.ends[0]![i]!;
  const inside = endHi > hi || (endHi === hi && v6.ends[1]![i]! >= lo);
  return inside ? v6.asns[i]! : null;
}
