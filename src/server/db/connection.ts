import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { pgliteAuthChanges, poolAuthChanges, type AuthChangeFeed } from './auth-changes';
import { pgliteZoneChanges, poolZoneChanges, type ZoneChangeFeed } from './zone-changes';
import { pgliteEdgeChanges, poolEdgeChanges, type EdgeChangeFeed } from './edge-changes';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when there is one (pg-boss and tests use it directly). */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Changes to who a token is and what it may do, as the database announces them. */
  authChanges: AuthChangeFeed;
  /** Changes to the DNS zones, as the database announces them (the DNS server follows them). */
  zoneChanges: ZoneChangeFeed;
  /** Changes to the sites and firewalls the HTTP edge serves, as the database announces them (the edge follows them). */
  edgeChanges: EdgeChangeFeed;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder, or `memory://`. */
  dataDir?: string | undefined;
  /** An already opened PGlite (tests load a migrated template into one). */
  pglite?: PGlite;
  migrate?: boolean;
}

/** Resolved from the working directory: after the build the code lives in dist/server/chunks. */
export const MIGRATIONS_FOLDER = resolve(process.cwd(), 'drizzle');
const MIGRATION_LOCK = 727_274_001;
/**
 * Named statements (src/server/db/prepared.ts, the few every request runs) keep one generic
 * plan. Left to choose, PostgreSQL plans them afresh on every execution once the tables have
 * statistics, and planning a page of the IP list costs more than running it. Other queries
 * are unnamed and planned per execution as before.
 */
const PLAN_ONCE = 'plan_cache_mode=force_generic_plan';

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const changes = poolAuthChanges();
    const zones = poolZoneChanges();
    const edge = poolEdgeChanges();
    const onConnect = async (client: pg.ClientBase) => {
      await changes.onConnect(client);
      await zones.onConnect(client);
      await edge.onConnect(client);
    };
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: `-c ${PLAN_ONCE}`, onConnect });
    changes.watch(pool);
    zones.attach(pool);
    edge.attach(pool);
    const authChanges = changes.feed;
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (shouldMigrate) {
      const client = await pool.connect();
      try {
        // Several processes may start at once; only one may migrate at a time.
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    }
    const close = async () => {
      await Promise.all([zones.feed.close(), edge.feed.close()]);
      await pool.end();
    };
    return { db, kind: 'postgres', pool, authChanges, zoneChanges: zones.feed, edgeChanges: edge.feed, close };
  }
  let pglite = options.pglite;
  if (!pglite) {
    const dataDir = options.dataDir ?? resolve(process.cwd(), 'data');
    if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
    pglite = await PGlite.create(dataDir);
  }
  await pglite.exec(`set ${PLAN_ONCE}`);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  if (shouldMigrate) await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  const instance = pglite;
  const authChanges = await pgliteAuthChanges(instance);
  const zoneChanges = await pgliteZoneChanges(instance);
  const edgeChanges = await pgliteEdgeChanges(instance);
  return { db, kind: 'pglite', pglite: instance, authChanges, zoneChanges, edgeChanges, close: () => instance.close() };
}

/** True once the database answers a query. */
export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
