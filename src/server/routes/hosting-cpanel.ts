import { changeCpanelPasswordOp, createCustomHostOp, hostingCpanelLoginOp, revealCpanelPasswordOp } from '../../lib/api/hosting';
import { implement } from '../http/operation';
import { createCustomHost } from '../services/hosting-account-changes';
import { hostingAccountDetail } from '../services/hosting-accounts';
import { changeCpanelPassword, cpanelLoginLink, revealCpanelPassword } from '../services/hosting-cpanel';

export const CPANEL_PASSWORD_UPDATED = 'cPanel password successfully updated!';
export const CUSTOM_HOST_ADDED = 'Custom host successfully added!';

/** cPanel password, cPanel login and custom hosts (spec part 3, 2.8 and 7 "Hosting and plans"). */
export const hostingCpanelOperations = [
  implement(revealCpanelPasswordOp, async (c, { params, body }) => ({ password: await revealCpanelPassword(c, params.guid, body.password, revealCpanelPasswordOp.notFound) })),

  implement(changeCpanelPasswordOp, async (c, { params, body }) => {
    await changeCpanelPassword(c, params.guid, body.current_password, body.new_password, changeCpanelPasswordOp.notFound);
    return { message: CPANEL_PASSWORD_UPDATED };
  }),

  implement(hostingCpanelLoginOp, async (c, { params }) => ({ redirect_url: await cpanelLoginLink(c, params.guid, hostingCpanelLoginOp.notFound) })),

  implement(createCustomHostOp, async (c, { body }) => ({ message: CUSTOM_HOST_ADDED, data: await hostingAccountDetail(c.var.deps.db, await createCustomHost(c, body)) })),
];
