import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './connection';

/** For `ilike`: the user's text matched literally (its `%`, `_` and `\` escaped), as a contains filter. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export interface Paging {
  page: number;
  per_page: number;
}

/**
 * One page of a list and its total, in the envelope every list answers (spec decisions, 3):
 * `rows` reads the page with the limit and offset given, `total` counts the whole list.
 */
export async function pageOfRows<Row>(paging: Paging, rows: (limit: number, offset: number) => Promise<Row[]>, total: () => Promise<number>) {
  const [data, n] = await Promise.all([rows(paging.per_page, (paging.page - 1) * paging.per_page), total()]);
  return { data, page: paging.page, per_page: paging.per_page, total: n };
}

/** `select count(*) from table where ...` as a number. */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}
