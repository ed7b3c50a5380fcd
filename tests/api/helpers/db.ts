import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/connection';
import { AUTH_CHANGES_CHANNEL } from '../../../src/server/db/auth-changes';
import { ZONE_CHANGES_CHANNEL } from '../../../src/server/db/zone-changes';
import { EDGE_CHANGES_CHANNEL } from '../../../src/server/db/edge-changes';
import { copyToWorkerDatabase, ensureWorkerDatabase } from './postgres';

/**
 * A migrated, empty database for one test file. On PGlite it is a copy of the template
 * the global setup built (no migrations run here); with TEST_DATABASE_URL it is this
 * worker's own PostgreSQL database, migrated and emptied.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ databaseUrl: await ensureWorkerDatabase(url) });
    await resetDatabase(database);
    return database;
  }
  return loadPgliteTemplate(inject('pgliteTemplate'));
}

/**
 * A migrated database holding the demo data (seedDemo) for one test file, copied from the
 * one the global setup seeded, so no file seeds for itself. On PGlite it is loaded from the
 * seeded dump; with TEST_DATABASE_URL this worker's database is replaced by a copy of the
 * seeded PostgreSQL template.
 */
export async function createSeededTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = inject('postgresSeededTemplate');
    if (!template) throw new Error('No seeded PostgreSQL template: run the API tests through Vitest with the "api" project (its globalSetup builds it).');
    return openDatabase({ databaseUrl: await copyToWorkerDatabase(url, template), migrate: false });
  }
  return loadPgliteTemplate(inject('pgliteSeededTemplate'));
}

async function loadPgliteTemplate(template: string): Promise<Database> {
  if (!template) throw new Error('No PGlite template: run the API tests through Vitest with the "api" project (its globalSetup builds it).');
  const pglite = await PGlite.create({ loadDataDir: new Blob([await readFile(template)]) });
  return openDatabase({ pglite, migrate: false });
}

const tableNames = new WeakMap<Database, Promise<string[]>>();

function tablesOf(database: Database): Promise<string[]> {
  let names = tableNames.get(database);
  if (!names) {
    const query = `select tablename from pg_tables where schemaname = 'public' order by tablename`;
    names = database.pglite
      ? database.pglite.query<{ tablename: string }>(query).then((r) => r.rows.map((row) => row.tablename))
      : database.pool!.query<{ tablename: string }>(query).then((r) => r.rows.map((row) => row.tablename));
    tableNames.set(database, names);
  }
  return names;
}

/**
 * Empties every table in one transaction. Foreign-key triggers are switched off for it
 * (session_replication_role = replica), so the order of the deletes does not matter and
 * it takes milliseconds, where TRUNCATE of ~90 tables takes far longer on PGlite.
 */
export async function resetDatabase(database: Database): Promise<void> {
  const tables = await tablesOf(database);
  const deletes = tables.map((t) => `delete from "${t}";`).join('\n');
  // The replica role silences the tables' triggers, the auth, zone and edge change notices among them: one notice each says everything went.
  const notices = [AUTH_CHANGES_CHANNEL, ZONE_CHANGES_CHANNEL, EDGE_CHANGES_CHANNEL].map((channel) => `select pg_notify('${channel}', 'all');`).join('\n');
  const script = `begin;\nset local session_replication_role = replica;\n${deletes}\n${notices}\ncommit;`;
  if (database.pglite) {
    await database.pglite.exec(script);
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query(script);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    // 42501: insufficient_privilege (not a superuser): TRUNCATE needs no such right.
    if ((error as { code?: string }).code !== '42501') throw error;
    await client.query(`truncate ${tables.map((t) => `"${t}"`).join(', ')} cascade`);
  } finally {
    client.release();
  }
}
