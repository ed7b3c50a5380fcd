import { eq } from 'drizzle-orm';
import { getEmailOp, listEmailsOp, listLoginsOp, listLogsOp } from '../../lib/api/account-activity';
import { activityLogs } from '../db/schema/index';
import { implement } from '../http/operation';
import { accountEmail, accountEmailsPage, activityLogPage, loginsPage } from '../services/account-activity';

/** The user's own emails, sign-ins and actions (spec part 1, 2.6 Emails, Logins, Logs). */
export const accountActivityOperations = [
  implement(listEmailsOp, async (c, { query }) => accountEmailsPage(c.var.deps.db, c.var.viewer.userGuid, query)),
  implement(getEmailOp, async (c, { params }) => accountEmail(c.var.deps.db, c.var.viewer.userGuid, params.guid, getEmailOp.notFound)),
  implement(listLoginsOp, async (c, { query }) => loginsPage(c.var.deps.db, c.var.viewer.userGuid, query)),
  implement(listLogsOp, (c, { query }) => activityLogPage(c.var.deps.db, query, eq(activityLogs.actorGuid, c.var.viewer.userGuid))),
];
