import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * An access restriction of the membership (spec part 3, 6: allowed IP groups, domain groups,
 * hosting accounts, software presets). An empty list means access to all.
 */
export function restrictTo(column: PgColumn, allowed: readonly string[]): SQL | undefined {
  return allowed.length ? inArray(column, [...allowed]) : undefined;
}

export function isAllowed(allowed: readonly string[], guid: string | null | undefined): boolean {
  return allowed.length === 0 || (guid != null && allowed.includes(guid));
}
