import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/connection';
import { seedDemo } from '../../src/server/seed/index';
import { SEEDED_TEMPLATE, createEmptyDatabase, dropWorkerDatabases, withDatabase } from './helpers/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated, empty PGlite data folder dump; empty when TEST_DATABASE_URL is set. */
    pgliteTemplate: string;
    /** Path of the migrated and seeded (seedDemo) PGlite data folder dump; empty when TEST_DATABASE_URL is set. */
    pgliteSeededTemplate: string;
    /** Name of the migrated and seeded PostgreSQL database to copy; empty on PGlite. */
    postgresSeededTemplate: string;
  }
}

const timings = (what: string, started: number) => {
  if (process.env.HOSTDECK_TEST_TIMINGS) console.log(`[db] ${what} in ${Math.round(performance.now() - started)} ms`);
};

/**
 * Runs once per `vitest run` (for both projects that read them), and builds two databases for the test files to load: a
 * migrated empty one (initdb and the migrations take seconds) and a migrated one with the
 * demo data (seedDemo takes seconds more, for every file that used to run it).
 * On PGlite both are dumps of the data folder, loaded by each file.
 * On PostgreSQL: drops the test databases a previous run left behind, and builds the seeded
 * one as a database that each seeded test file copies (CREATE DATABASE … TEMPLATE); the
 * empty one is each worker's own database, migrated and emptied by the file. All of them
 * are dropped when the run ends.
 *
 * The seed dates its rows from the moment it runs, so a late test file gets rows a minute or
 * two older than a seed of its own would make. That changes nothing: the seeded dates that
 * are close to that moment lie before it (page views, activity, sign-ins), and whatever
 * runs out (invoices, announcements, API keys, invitations) does so days away.
 */
export default async function setup(project: TestProject) {
  // Two projects read these databases (api and api-stores, vitest.config.ts): they share one build.
  const shared = globalThis as typeof globalThis & { hostdeckTemplates?: { built: Promise<Built>; users: number } };
  shared.hostdeckTemplates ??= { built: build(), users: 0 };
  const run = shared.hostdeckTemplates;
  run.users++;
  const { provided, teardown } = await run.built;
  for (const [key, value] of Object.entries(provided) as [keyof Provided, string][]) project.provide(key, value);
  return async () => {
    if (--run.users > 0) return;
    delete shared.hostdeckTemplates;
    await teardown();
  };
}

type Provided = Pick<import('vitest').ProvidedContext, 'pgliteTemplate' | 'pgliteSeededTemplate' | 'postgresSeededTemplate'>;
interface Built {
  provided: Provided;
  teardown: () => Promise<void>;
}

async function build(): Promise<Built> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    await dropWorkerDatabases(url);
    const started = performance.now();
    await createEmptyDatabase(url, SEEDED_TEMPLATE);
    const template = await openDatabase({ databaseUrl: withDatabase(url, SEEDED_TEMPLATE) });
    try {
      await seedDemo(template.db);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template that anyone is connected to.
      await template.close();
    }
    timings('PostgreSQL seeded template built', started);
    return {
      provided: { pgliteTemplate: '', pgliteSeededTemplate: '', postgresSeededTemplate: SEEDED_TEMPLATE },
      // The template, the workers' databases and the seeded copies.
      teardown: () => dropWorkerDatabases(url),
    };
  }
  const started = performance.now();
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  const dir = await mkdtemp(join(tmpdir(), 'hostdeck-pglite-'));
  const file = join(dir, 'template.tar');
  const seededFile = join(dir, 'seeded.tar');
  try {
    await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    timings('PGlite template built', started);
    const seeding = performance.now();
    await seedDemo(database.db);
    await writeFile(seededFile, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    timings('PGlite seeded template built', seeding);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }
  return {
    provided: { pgliteTemplate: file, pgliteSeededTemplate: seededFile, postgresSeededTemplate: '' },
    teardown: () => rm(dir, { recursive: true, force: true }),
  };
}
