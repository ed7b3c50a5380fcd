import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column builders: every entity has a uuid `guid` and UTC timestamps. */
export const guidPk = () => uuid('guid').primaryKey().default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp('date_created', { withTimezone: true }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
