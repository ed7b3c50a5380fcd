import { getCompanyEmailOp, listCompanyEmailsOp } from '../../lib/api/company-emails';
import { implement } from '../http/operation';
import { companyEmail, companyEmailsPage } from '../services/company-emails';

/** Company > Emails: what the API sent for the company, filtered (spec part 3, 2.9; spec decisions, 3 "Emails"). */
export const companyEmailOperations = [
  implement(listCompanyEmailsOp, async (c, { query }) => companyEmailsPage(c.var.deps.db, c.var.company.guid, query)),
  implement(getCompanyEmailOp, async (c, { params }) => companyEmail(c.var.deps.db, c.var.company.guid, params.emailGuid)),
];
