import type { Db } from './connection';

/**
 * Reads in one snapshot of the database (a read-only repeatable-read transaction), so what is
 * loaded into memory is never half before and half after a change made meanwhile.
 */
export const inSnapshot = <T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> => db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
