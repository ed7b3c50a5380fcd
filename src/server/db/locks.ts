import { eq, sql } from 'drizzle-orm';
import type { Db } from './connection';
import { companies } from './schema/index';

/**
 * Holds the company's row until the transaction ends, so a check and the write it allows
 * (one ACTIVE VAT id, one contact per address, one pending invitation per person, the set-up
 * wizard's step) are never interleaved with another request's for the same company.
 *
 * The one lock order for a company's writes: a transaction that takes more than one lock calls
 * this first, before any other lock or write, then takes the rest (rows in a fixed order).
 * Taken the other way round, two requests each hold something the other waits for and
 * PostgreSQL breaks the deadlock with a 500 (20 domain groups created at once: 19 of them).
 * FOR NO KEY UPDATE, not FOR UPDATE: a row inserted with the company's guid holds FOR KEY SHARE
 * on the company, which FOR UPDATE waits for and FOR NO KEY UPDATE does not: an insert elsewhere
 * for the company is not held up, and two writers that each inserted a row first do not wait
 * on each other for the company's row.
 */
export async function lockCompany(tx: Db, companyGuid: string): Promise<void> {
  await tx.select({ guid: companies.guid }).from(companies).where(eq(companies.guid, companyGuid)).for('no key update');
}

/** Serialises the transactions that pick from one shared pool of names (cPanel usernames) until they end. */
export async function lockNamePool(tx: Db, pool: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${pool})`);
}

/** A unique index refused the write (PostgreSQL 23505), as the driver or Drizzle reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
