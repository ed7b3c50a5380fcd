import { deleteHostingAccountOp, getHostingAccountOp, listHostingAccountDomainsOp, listHostingAccountsOp, updateHostingAccountOp } from '../../lib/api/hosting';
import { implement } from '../http/operation';
import { deleteCustomHost, hostingAccountDomainsPage, hostingAccountsPage, renameHostingAccount, setDomainDeletion } from '../services/hosting-account-changes';
import { hostingAccountDetail, visibleHostingAccount } from '../services/hosting-accounts';

/** Spec part 3, 8: the success sentences of the hosting account page. */
export const RENAMED = "Hosting account's name successfully updated!";
export const DELETION_ENABLED = 'Domain deletion successfully enabled!';
export const DELETION_DISABLED = 'Domain deletion successfully disabled!';
export const ACCOUNT_DELETED = 'Hosting account successfully deleted!';

/** Hosting accounts (spec part 3, 2.8 and 7 "Hosting and plans"): the list, the account page and its changes. */
export const hostingAccountOperations = [
  implement(listHostingAccountsOp, async (c, { query }) => hostingAccountsPage(c.var.deps.db, c.var.company, query)),

  implement(getHostingAccountOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const account = await visibleHostingAccount(db, c.var.company, params.guid, getHostingAccountOp.notFound);
    return { data: await hostingAccountDetail(db, account.guid) };
  }),

  implement(updateHostingAccountOp, async (c, { params, body }) => {
    const missing = updateHostingAccountOp.notFound;
    const allow = body.allow_domain_deletion === true;
    const guid = body.name !== undefined ? await renameHostingAccount(c, params.guid, body.name, missing) : await setDomainDeletion(c, params.guid, allow, missing);
    const message = body.name !== undefined ? RENAMED : allow ? DELETION_ENABLED : DELETION_DISABLED;
    return { message, data: await hostingAccountDetail(c.var.deps.db, guid) };
  }),

  implement(deleteHostingAccountOp, async (c, { params }) => {
    await deleteCustomHost(c, params.guid, deleteHostingAccountOp.notFound);
    return { message: ACCOUNT_DELETED };
  }),

  implement(listHostingAccountDomainsOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const account = await visibleHostingAccount(db, c.var.company, params.guid, listHostingAccountDomainsOp.notFound);
    return hostingAccountDomainsPage(db, c.var.company, account.guid, query);
  }),
];
