import pg from 'pg';

const PREFIX = 'hostdeck_test_';

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

/** At the start of a run: the databases an earlier run left behind may hold an older schema. */
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
