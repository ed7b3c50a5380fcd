import { createInCpanelOp, modifyHostingOp, modifyIpOp } from '../../lib/api/domains';
import { implement } from '../http/operation';
import { visibleDomain } from '../services/domain-access';
import { changeDomainHosting, changeDomainIp, createDomainInCpanel } from '../services/domain-placement';

/** The drawer's Modify IP Address, Modify Hosting Account and Create Domain in cPanel (spec part 2, 2.5 and 7.2-7.3). */
export const domainPlacementOperations = [
  implement(modifyIpOp, async (c, { params, body }) => {
    const d = await visibleDomain(c.var.deps.db, c.var.company, params.guid, modifyIpOp.notFound);
    return { message: "Domain's IP address successfully updated!", task: await changeDomainIp(c, d, body) };
  }),

  implement(modifyHostingOp, async (c, { params, body }) => {
    const d = await visibleDomain(c.var.deps.db, c.var.company, params.guid, modifyHostingOp.notFound);
    return { message: 'Hosting account successfully changed!', task: await changeDomainHosting(c, d, body) };
  }),

  implement(createInCpanelOp, async (c, { body }) => {
    const d = await visibleDomain(c.var.deps.db, c.var.company, body.guid, 'Domain not found.');
    return { message: 'The domain has been added to cPanel successfully!', task: await createDomainInCpanel(c, d) };
  }),
];
