import type { ImportError, ImportRow } from '../schemas/add-domains';

/**
 * How rows get addresses when domains are added (spec part 2, 4.6): the Add Domains wizard and
 * the CLI's `domains import` share these, so both give a row the same address.
 */

/** An address a group's domains may use, as `GET /domains/groups/{guid}/ip_addresses/` answers it. */
export interface SlotAddress {
  guid: string;
  ip_address: string;
  domains_allowed: number;
  domain_count: number;
}

/** Free website slots per address guid, less one for each address in `taken` (rows not sent yet). */
export function freeSlots(ips: readonly SlotAddress[], taken: Iterable<string> = []): Map<string, number> {
  const free = new Map(ips.map((ip) => [ip.guid, ip.domains_allowed - ip.domain_count]));
  for (const guid of taken) {
    const left = free.get(guid);
    if (left !== undefined) free.set(guid, left - 1);
  }
  return free;
}

/**
 * The next address with a free slot, in the order the API lists them, taking the slot it gives.
 * Slots only ever run out while rows are added, so one cursor walks the addresses once.
 */
export function slotTaker(free: Map<string, number>): () => string | undefined {
  const order = [...free.keys()];
  let cursor = 0;
  return () => {
    while (cursor < order.length && (free.get(order[cursor]!) ?? 0) <= 0) cursor++;
    const guid = order[cursor];
    if (guid !== undefined) free.set(guid, free.get(guid)! - 1);
    return guid;
  };
}

/**
 * The addresses written in import lines, matched to the group's: each must be one of them with
 * a free slot, which the row then takes from `free`; otherwise the line is an error.
 */
export function matchWrittenAddresses<R extends Pick<ImportRow, 'line' | 'ip'>>(
  rows: readonly R[],
  ips: readonly SlotAddress[],
  free: Map<string, number>,
): { rows: (R & { ipGuid: string | null })[]; errors: ImportError[] } {
  const byAddress = new Map(ips.map((ip) => [ip.ip_address, ip]));
  const matched: (R & { ipGuid: string | null })[] = [];
  const errors: ImportError[] = [];
  for (const r of rows) {
    const ip = r.ip ? byAddress.get(r.ip) : undefined;
    if (r.ip && !ip) {
      errors.push({ line: r.line, message: `${r.ip} is not an address this group may use.` });
      continue;
    }
    if (ip) {
      if ((free.get(ip.guid) ?? 0) <= 0) {
        errors.push({ line: r.line, message: `No free website slot is left on ${ip.ip_address}.` });
        continue;
      }
      free.set(ip.guid, free.get(ip.guid)! - 1);
    }
    matched.push({ ...r, ipGuid: ip?.guid ?? null });
  }
  return { rows: matched, errors };
}
