import { eq, sql } from 'drizzle-orm';
import type { Db } from './connection';
import { companies } from './schema/index';

/**
 * Holds the company's row until the transaction ends, so a check and the write it allows
 * (one ACTIVE VAT id, one contact per address, one pending invitation per person) are never
 * interleaved with another request's for the same company.
 */
export async function lockCompany(tx: Db, companyGuid: string): Promise<void> {
  await tx.select({ guid: companies.guid }).from(companies).where(eq(companies.guid, companyGuid)).for('update');
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
