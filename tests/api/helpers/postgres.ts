import pg from 'pg';
import { until } from '../../helpers/waiting';

const PREFIX = 'hostdeck_test_';
/**
 * The migrated and seeded database the global setup builds for a run; seeded test files
 * copy it. Its name starts like the workers' ones, so a run that died leaves nothing behind
 * that the next run does not drop.
 */
export const SEEDED_TEMPLATE = `${PREFIX}seeded`;

/** One database per Vitest worker, so files running in parallel never share rows. */
export function workerDatabaseName(): string {
  const id = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '1';
  return `${PREFIX}${id.replace(/\W/g, '')}`;
}

/** The server URL with its database swapped for `name`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** At the start of a run (the databases an earlier run left behind may hold an older schema) and at its end. */
export async function dropWorkerDatabases(url: string): Promise<void> {
  await admin(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'hostdeck\\_test\\_%'`);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  });
}

/** Creates this worker's database unless an earlier test file of the same worker did. */
export async function ensureWorkerDatabase(url: string): Promise<string> {
  const name = workerDatabaseName();
  await admin(url, async (client) => {
    try {
      await client.query(`create database "${name}"`);
    } catch (error) {
      // 42P04: duplicate_database, made by an earlier file of this worker.
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
  });
  return withDatabase(url, name);
}

/** Creates an empty database `name`, dropping any earlier one of that name first. */
export async function createEmptyDatabase(url: string, name: string): Promise<void> {
  await admin(url, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
}

let copies = 0;

/**
 * A new database for this worker, copied from `template` (CREATE DATABASE … TEMPLATE, a
 * file-level copy that takes a fraction of what seeding does). Each call of a test file
 * gets a database of its own (hostdeck_test_<worker>_s<n>), apart from the worker's empty
 * one, so a second copy never pulls the first from under the file. The name is used again
 * by the worker's next file, whose process has closed its connections; WITH (FORCE) ends
 * any it left open.
 */
export async function copyToWorkerDatabase(url: string, template: string): Promise<string> {
  const name = `${workerDatabaseName()}_s${++copies}`;
  await admin(url, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}" template "${template}"`);
  });
  return withDatabase(url, name);
}

/**
 * Cuts the LISTEN connections of `count` processes (those whose application_name is `name`), runs
 * `meanwhile` while none listens, and resolves once as many listen again on new connections.
 */
export async function whileListenersCut(databaseUrl: string, name: string, count: number, meanwhile: () => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const listeners = async () => (await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [name])).rows.map((r) => r.pid);
  try {
    const before = await listeners();
    if (before.length !== count) throw new Error(`${count} connections named ${name} were to listen; ${before.length} do.`);
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    await meanwhile();
    await until(`${count} connections named ${name} to LISTEN again`, listeners, (pids) => pids.filter((pid) => !before.includes(pid)).length === count);
  } finally {
    await admin.end();
  }
}
