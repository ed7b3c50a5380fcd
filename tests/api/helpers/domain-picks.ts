import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/connection';
import { domains, hostingAccounts } from '../../../src/server/db/schema/index';

/** An ACTIVE domain of the company on a custom host account (the seed has some). */
export async function customHostDomain(db: Db, company: string): Promise<string> {
  const [row] = await db
    .select({ guid: domains.guid })
    .from(domains)
    .innerJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    .where(and(eq(domains.companyGuid, company), eq(domains.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'CUSTOM_HOST')))
    .limit(1);
  if (!row) throw new Error('The seed has no ACTIVE domain on a custom host.');
  return row.guid;
}
