import { z } from 'zod';
import { companyLogsRoutes } from '../requests/company-logs';
import { defineOperation, guidParam, pageOf } from './define';
import { accountListQuery, logRecord } from './account-activity';
import { COMPANY_SCOPES } from '../rules/company-tabs';
import { COMPANY_NOT_FOUND } from '../schemas/company';

/** Company > Logs: what anyone did in the company, as the account Logs tab shows it (spec part 3, 2.9; 6 can_view_company_logs). */
export const listCompanyLogsOp = defineOperation({
  ...companyLogsRoutes.listLogs,
  area: 'company',
  customers: false,
  summary: "The company's activity, newest first",
  params: z.object({ guid: guidParam }),
  companyPath: COMPANY_NOT_FOUND,
  query: accountListQuery,
  answer: pageOf(logRecord),
  scopes: COMPANY_SCOPES.logs,
  notFound: COMPANY_NOT_FOUND,
});
