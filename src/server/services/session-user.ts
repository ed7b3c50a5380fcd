import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../lib/api/auth';
import type { Db } from '../db/connection';
import { accountManagers, companies, memberships, users } from '../db/schema/index';
import type { CompanyContext } from '../context';

/** The whoami answer: the user, the company the request acts for and the companies they can switch to. */
export async function loadSessionUser(db: Db, userGuid: string, company: CompanyContext): Promise<SessionUser> {
  // One statement: the user, the company with its account manager, and the switch list.
  const [row] = await db
    .select({
      user: users,
      c: companies,
      am: accountManagers,
      list: sql<{ guid: string; name: string }[] | string>`(select coalesce(json_agg(json_build_object('guid', lc.guid, 'name', lc.name) order by lc.name), '[]') from ${memberships} lm join ${companies} lc on lc.guid = lm.company_guid where lm.user_guid = ${userGuid} and lm.status = 'ACTIVE')`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.guid, company.guid))
    .leftJoin(accountManagers, eq(accountManagers.guid, companies.accountManagerGuid))
    .where(eq(users.guid, userGuid));
  if (!row) throw new Error(`user ${userGuid} or company ${company.guid} vanished during the request`);
  const { user } = row;
  // node-postgres parses json columns; PGlite may hand them over as text.
  const list = typeof row.list === 'string' ? (JSON.parse(row.list) as { guid: string; name: string }[]) : row.list;
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
