import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/connection';
import { memberships } from '../../../src/server/db/schema/index';

/** Runs `work` with some of a company owner's scopes taken away, then gives them back. */
export async function withoutOwnerScopes(database: Database, companyGuid: string, scopes: readonly string[], work: () => Promise<void>): Promise<void> {
  const owner = and(eq(memberships.companyGuid, companyGuid), eq(memberships.accountType, 'OWNER'));
  const [m] = await database.db.select().from(memberships).where(owner);
  if (!m) throw new Error(`no owner in ${companyGuid}`);
  await database.db
    .update(memberships)
    .set({ permissions: m.permissions.filter((p) => !scopes.includes(p)) })
    .where(owner);
  try {
    await work();
  } finally {
    await database.db.update(memberships).set({ permissions: m.permissions }).where(owner);
  }
}
