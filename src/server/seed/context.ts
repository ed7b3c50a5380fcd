import type { Db } from '../db/connection';
import type { Rng } from './prng';

const DAY = 86_400_000;

/** What every part of the seed shares: the transaction, the generator, the clock and the ids made so far. */
export interface SeedContext {
  db: Db;
  rng: Rng;
  now: Date;
  /** now minus n days (plus optional hours), for dates relative to the moment of seeding. */
  ago(days: number, hours?: number): Date;
  /** now plus n days. */
  ahead(days: number): Date;
  /** Domain names taken so far (they are unique across companies). */
  usedDomains: Set<string>;
}

export function createContext(db: Db, rng: Rng, now: Date): SeedContext {
  return {
    db,
    rng,
    now,
    ago: (days, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000),
    ahead: (days) => new Date(now.getTime() + days * DAY),
    usedDomains: new Set(),
  };
}

/** Inserts in slices, so a huge seed never builds one statement with too many parameters. */
export async function insertChunked<T>(rows: readonly T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}
