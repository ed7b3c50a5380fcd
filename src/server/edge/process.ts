/**
 * A further edge process (EDGE_PROCESSES, ./processes.ts): the HTTP edge alone on PostgreSQL, on
 * the port of the process that started it (SO_REUSEPORT). It ends, after writing its request
 * log, when that process disconnects (asks it to stop, or is gone) or on SIGTERM.
 */
import { openDatabase } from '../db/connection';
import type { FromEdgeProcess } from './processes';
import { edgeOptionsFromEnv, startEdge } from './server';

const tell = (message: FromEdgeProcess) => process.send?.(message);

try {
  // PGlite is one process's: a second process would open a database of its own.
  if (!process.env.DATABASE_URL) throw new Error('An edge process needs DATABASE_URL (PostgreSQL).');
  // The process that started this one has migrated.
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, migrate: false });
  const edge = await startEdge(database, edgeOptionsFromEnv());
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await edge.close();
      await database.close();
      process.exit(0);
    })());
  process.once('disconnect', () => void stop());
  process.once('SIGTERM', () => void stop());
  // Gone while this one started: nobody is left to serve for.
  if (!process.connected) void stop();
  tell({ type: 'listening', port: edge.port });
} catch (error) {
  tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
