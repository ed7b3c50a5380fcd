import { and, asc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../lib/api/auth';
import type { Db } from '../db/connection';
import { accountManagers, companies, memberships, users } from '../db/schema/index';
import type { CompanyContext } from '../context';

/** The whoami answer: the user, the company the request acts for and the companies they can switch to. */
export async function loadSessionUser(db: Db, userGuid: string, company: CompanyContext): Promise<SessionUser> {
  const [user] = await db.select().from(users).where(eq(users.guid, userGuid));
  if (!user) throw new Error(`user ${userGuid} vanished during the request`);
  const [row] = await db
    .select({ c: companies, am: accountManagers })
    .from(companies)
    .leftJoin(accountManagers, eq(accountManagers.guid, companies.accountManagerGuid))
    .where(eq(companies.guid, company.guid));
  if (!row) throw new Error(`company ${company.guid} vanished during the request`);
  const list = await db
    .select({ guid: companies.guid, name: companies.name })
    .from(memberships)
    .innerJoin(companies, eq(companies.guid, memberships.companyGuid))
    .where(and(eq(memberships.userGuid, userGuid), eq(memberships.status, 'ACTIVE')))
    .orderBy(asc(companies.name));
  const { c, am } = row;
  return {
    guid: user.guid,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    is_customer: user.isCustomer,
    todo_list: user.todoList ?? null,
    company: {
      guid: c.guid,
      name: c.name,
      permissions: [...company.permissions].sort(),
      white_label: c.whiteLabel ?? null,
      is_partner: c.isPartner,
      currency: c.currency === 'EUR' ? 'EUR' : 'USD',
      show_getting_started: c.showGettingStarted,
      getting_started_step: c.gettingStartedStep,
      getting_started_data: c.gettingStartedData,
      account_type: company.accountType,
      user_type: company.userType,
      account_manager: am ? { first_name: am.firstName, last_name: am.lastName, email: am.email, phone: am.phone, avatar: am.avatar } : null,
    },
    company_list: list,
  };
}
