import type { SessionUser } from '../../lib/api/auth';
import type { Db } from '../db/connection';
import { preparedStatement } from '../db/prepared';
import type { CompanyContext } from '../context';

interface Row {
  guid: string;
  first_name: string;
  last_name: string;
  email: string;
  is_customer: boolean;
  todo_list: SessionUser['todo_list'];
  company_guid: string;
  company_name: string;
  white_label: Record<string, unknown> | null;
  is_partner: boolean;
  currency: string;
  show_getting_started: boolean;
  getting_started_step: number;
  getting_started_data: Record<string, unknown>;
  account_manager: { first_name: string; last_name: string; email: string; phone: string | null; avatar: string | null } | null;
  company_list: { guid: string; name: string }[];
}

/**
 * whoami runs on every page load, so its one statement is planned once: the user, the
 * company with its account manager, and the companies the user can switch to.
 */
const sessionUserStatement = preparedStatement<Row>(
  'hostdeck_session_user',
  `select u.guid, u.first_name, u.last_name, u.email, u.is_customer, u.todo_list,
     c.guid as company_guid, c.name as company_name, c.white_label, c.is_partner, c.currency,
     c.show_getting_started, c.getting_started_step, c.getting_started_data,
     case when am.guid is null then null else json_build_object('first_name', am.first_name, 'last_name', am.last_name, 'email', am.email, 'phone', am.phone, 'avatar', am.avatar) end as account_manager,
     (select coalesce(json_agg(json_build_object('guid', lc.guid, 'name', lc.name) order by lc.name), '[]')
        from memberships lm join companies lc on lc.guid = lm.company_guid
        where lm.user_guid = u.guid and lm.status = 'ACTIVE') as company_list
   from users u
   join companies c on c.guid = $2
   left join account_managers am on am.guid = c.account_manager_guid
   where u.guid = $1`,
  ['uuid', 'uuid'],
);

/** The whoami answer: the user, the company the request acts for and the companies they can switch to. */
export async function loadSessionUser(db: Db, userGuid: string, company: CompanyContext): Promise<SessionUser> {
  // Both guids come from the database (the session and the membership), never from the request.
  const [row] = await sessionUserStatement(db, [userGuid, company.guid]);
  if (!row) throw new Error(`user ${userGuid} or company ${company.guid} vanished during the request`);
  return {
    guid: row.guid,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    is_customer: row.is_customer,
    todo_list: row.todo_list ?? null,
    company: {
      guid: row.company_guid,
      name: row.company_name,
      permissions: [...company.permissions].sort(),
      white_label: row.white_label ?? null,
      is_partner: row.is_partner,
      currency: row.currency === 'EUR' ? 'EUR' : 'USD',
      show_getting_started: row.show_getting_started,
      getting_started_step: row.getting_started_step,
      getting_started_data: row.getting_started_data,
      account_type: company.accountType,
      user_type: company.userType,
      account_manager: row.account_manager,
    },
    company_list: row.company_list,
  };
}
