import { eq } from 'drizzle-orm';
import { listCompanyLogsOp } from '../../lib/api/company-logs';
import { activityLogs } from '../db/schema/index';
import { implement } from '../http/operation';
import { activityLogPage } from '../services/account-activity';

/** Company > Logs: every member's and API key's writes in the company, as the account Logs tab shows them (spec part 3, 2.9). */
export const companyLogOperations = [implement(listCompanyLogsOp, (c, { query }) => activityLogPage(c.var.deps.db, query, eq(activityLogs.companyGuid, c.var.company.guid)))];
