import { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import type { Db } from './connection';

/**
 * A statement the database plans once and then only executes: for the queries every request
 * runs (planning a five-table join costs more than running it). PostgreSQL gets a named
 * statement per pooled connection (node-postgres prepares it on first use); PGlite, a single
 * session, gets `PREPARE` once and `EXECUTE` after. Arguments are passed as parameters on
 * PostgreSQL; on PGlite they are inlined as quoted literals, so callers must pass only values
 * they have checked to be plain (hex digests, canonical uuids) or null.
 */
export function preparedStatement<Row>(name: string, text: string, types: readonly string[]) {
  const ready = new WeakMap<object, Promise<void>>();
  return async (db: Db, args: readonly (string | null)[]): Promise<Row[]> => {
    const client = (db as unknown as { $client: PGlite | Pool }).$client;
    if (client instanceof PGlite) {
      let prepared = ready.get(client);
      if (!prepared) {
        prepared = client.exec(`prepare ${name}(${types.join(', ')}) as ${text}`).then(() => undefined);
        ready.set(client, prepared);
      }
      await prepared;
      const literals = args.map((a) => (a === null ? 'null' : `'${a.replaceAll("'", "''")}'`));
      return (await client.query<Row>(`execute ${name}(${literals.join(', ')})`)).rows;
    }
    return (await client.query<Row & Record<string, unknown>>({ name, text, values: [...args] })).rows;
  };
}
