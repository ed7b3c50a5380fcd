import { createCompanyOp, getCompanyOp, listCompaniesOp, makeDefaultCompanyOp } from '../../lib/api/account';
import { implement } from '../http/operation';
import { createCompany, makeDefaultCompany, viewerCompaniesPage, viewerCompany } from '../services/companies';

/** The user's companies: list, create, detail, default (spec part 1, 2.6 Companies, 7). */
export const accountCompanyOperations = [
  implement(listCompaniesOp, async (c, { query }) => viewerCompaniesPage(c, query)),
  implement(createCompanyOp, async (c, { body }) => createCompany(c, body, (company) => ({ message: 'Company successfully created!', company }))),
  implement(getCompanyOp, async (c, { params }) => viewerCompany(c, params.guid)),
  implement(makeDefaultCompanyOp, async (c, { params }) => {
    await makeDefaultCompany(c, params.guid);
    return { message: 'Default company successfully changed!' };
  }),
];
