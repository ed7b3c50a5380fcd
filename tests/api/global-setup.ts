import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/connection';
import { dropWorkerDatabases } from './helpers/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data folder dump; empty when TEST_DATABASE_URL is set. */
    pgliteTemplate: string;
  }
}

/**
 * Runs once per `vitest run`. On PGlite: migrates an empty database once (initdb and the
 * migrations take seconds) and dumps its data folder, which every test file then loads.
 * On PostgreSQL: drops the per-worker databases a previous run left behind.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    await dropWorkerDatabases(url);
    project.provide('pgliteTemplate', '');
    return;
  }
  const started = performance.now();
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const dir = await mkdtemp(join(tmpdir(), 'hostdeck-pglite-'));
  const file = join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  if (process.env.HOSTDECK_TEST_TIMINGS) console.log(`[db] PGlite template built in ${Math.round(performance.now() - started)} ms`);
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
