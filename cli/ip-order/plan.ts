import type { MarketplaceEntry, MarketplaceLocation } from '../../src/lib/api/ip-orders';
import type { LocationPick } from '../../src/lib/rules/ip-order';
import { MAX_SLOTS, NOT_ENOUGH_STOCK, SHARED_ONE_SLOT, TOO_MANY_SLOTS, type IpAddressType } from '../../src/lib/schemas/ip-orders';
import { CliError, UsageError } from '../errors';

/** One `--location` of `hostdeck ip order`: where, how many addresses, and website slots per address. */
export interface LocationSpec {
  /** The location's id (`us-nyc`) or its city, as typed. */
  place: string;
  count: number;
  slots: number;
}

const SPEC = /^\s*(.+?)\s*=\s*(\d+)\s*(?::\s*(\d+)\s*)?$/;

/** `us-nyc=3` or `"New York=3:2"` (3 addresses with 2 website slots each). */
export function parseLocationSpec(text: string): LocationSpec {
  const match = SPEC.exec(text);
  if (!match) {
    throw new UsageError(`--location ${text} is not a location and a count.`, {
      hint: 'Write it as LOCATION=COUNT or LOCATION=COUNT:SLOTS, e.g. --location us-nyc=3 --location "Frankfurt=2:4".',
    });
  }
  return { place: match[1]!, count: Number(match[2]), slots: match[3] === undefined ? 1 : Number(match[3]) };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The marketplace's location a spec names, by id first, then by city. */
function locationFor(entries: readonly MarketplaceEntry[], place: string): MarketplaceLocation {
  const all = entries.flatMap((e) => e.locations);
  const found = all.find((l) => same(l.hash, place)) ?? all.filter((l) => same(l.city, place)).at(0);
  if (found) return found;
  throw new CliError(`No location ${place} is offered for this IP address type.`, {
    hint: `Locations: ${all.map((l) => `${l.hash} (${l.city}, ${l.ip_address_count} available)`).join(', ')}.`,
  });
}

/**
 * The wizard's page 2 from flags (spec part 3, 5 "IP order"): each location at most once, a
 * count from 1 to what it has for the chosen filter, slots from 1 up to the type's maximum.
 */
export function picksFromSpecs(entries: readonly MarketplaceEntry[], specs: readonly LocationSpec[], type: IpAddressType): Record<string, LocationPick> {
  const picks: Record<string, LocationPick> = {};
  for (const spec of specs) {
    const location = locationFor(entries, spec.place);
    if (picks[location.hash]) throw new UsageError(`${location.city} is named twice.`, { hint: 'Give each location once, with its whole count.' });
    if (spec.count < 1) throw new UsageError(`Order at least 1 IP address in ${location.city}, or leave it out.`);
    if (spec.count > location.ip_address_count) throw new CliError(NOT_ENOUGH_STOCK(location.ip_address_count, location.city));
    if (spec.slots < 1) throw new UsageError('Each IP address has at least 1 website slot.');
    if (spec.slots > MAX_SLOTS[type]) {
      throw new UsageError(type === 'SHARED' ? SHARED_ONE_SLOT : TOO_MANY_SLOTS);
    }
    picks[location.hash] = { count: spec.count, slots: spec.slots };
  }
  return picks;
}
