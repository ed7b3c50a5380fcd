import { createCompanyUserOp, deleteCompanyUserOp, getCompanyUserOp, listCompanyUsersOp, updateCompanyUserOp } from '../../lib/api/company';
import { implement } from '../http/operation';
import { companyUsersPage, createCompanyUser, deleteCompanyUser, updateCompanyUser, viewCompanyUser } from '../services/company-users';

/** The company's people (spec part 3, 2.9 Users, 7): list, create, one, edit, remove. */
export const companyUserOperations = [
  implement(listCompanyUsersOp, async (c, { query }) => companyUsersPage(c.var.deps.db, c.var.company, c.var.viewer.userGuid, query)),

  implement(createCompanyUserOp, async (c, { body }) => c.json({ message: 'User successfully created!', user: await createCompanyUser(c, body) }, 201)),

  implement(getCompanyUserOp, async (c, { params }) => viewCompanyUser(c.var.deps.db, c.var.company, params.userGuid, c.var.viewer.userGuid)),

  implement(updateCompanyUserOp, async (c, { params, body }) => ({ message: 'User or API key successfully updated!', user: await updateCompanyUser(c, params.userGuid, body) })),

  implement(deleteCompanyUserOp, async (c, { params }) => {
    await deleteCompanyUser(c, params.userGuid);
    return { message: 'User successfully deleted!' };
  }),
];
