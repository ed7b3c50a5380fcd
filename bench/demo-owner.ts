import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/server/db/connection';
import { memberships, users } from '../src/server/db/schema/index';

/** The company the demo owner (demo@hostdeck.test) owns, where every bench puts its rows. */
export async function demoOwnerCompany(db: Db): Promise<string> {
  const [owner] = await db
    .select({ company: memberships.companyGuid })
    .from(memberships)
    .innerJoin(users, eq(users.guid, memberships.userGuid))
    .where(and(eq(users.email, 'demo@hostdeck.test'), eq(memberships.accountType, 'OWNER')));
  if (!owner) throw new Error('The demo seed should have made demo@hostdeck.test an owner.');
  return owner.company;
}
