import { desc, eq } from 'drizzle-orm';
import { listCompanyLogsOp } from '../../lib/api/company-logs';
import { COMPANY_NOT_FOUND } from '../../lib/api/company-vat';
import type { LogRecord } from '../../lib/api/account-activity';
import { activityLogs } from '../db/schema/index';
import { countRows, pageOfRows } from '../db/lists';
import { implement } from '../http/operation';
import { companyInPath } from '../services/company-in-path';

const logJson = (r: typeof activityLogs.$inferSelect): LogRecord => ({
  guid: r.guid,
  date_created: r.dateCreated.toISOString(),
  ip_address: r.ipAddress,
  user_agent: r.userAgent,
  actor: { first_name: r.actorFirstName, last_name: r.actorLastName, user_type: r.actorUserType },
  verb: r.verb,
  action_object: r.actionObject,
  action_object_type: r.actionObjectType,
  target: r.target,
  target_type: r.targetType,
});

/** Company > Logs: every member's and API key's writes in the company, as the account Logs tab shows them (spec part 3, 2.9). */
export const companyLogOperations = [
  implement(listCompanyLogsOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const filter = eq(activityLogs.companyGuid, companyInPath(c, params.guid, COMPANY_NOT_FOUND));
    return pageOfRows(
      query,
      async (limit, offset) => (await db.select().from(activityLogs).where(filter).orderBy(desc(activityLogs.dateCreated), desc(activityLogs.guid)).limit(limit).offset(offset)).map(logJson),
      () => countRows(db, activityLogs, filter),
    );
  }),
];
