import { createForwarderOp, createSubdomainOp, deleteForwarderOp, DOMAIN_NOT_FOUND, listForwardersOp, listSubdomainsOp } from '../../lib/api/domain-extras';
import { EMAIL_ADDRESS_CREATED, EMAIL_ADDRESS_DELETION_SCHEDULED, SUBDOMAIN_CREATED } from '../../lib/schemas/domain-extras';
import { implement } from '../http/operation';
import { visibleDomain } from '../services/domain-access';
import { createForwarder, createSubdomain, deleteForwarder, forwardersPage, subdomainsPage } from '../services/domain-extras';

/** The drawer's Subdomains and Email Addresses tabs (spec part 2, 2.7, 4.1, 5, 6 and 7.4). */
export const domainExtrasOperations = [
  implement(listSubdomainsOp, async (c, { params, query }) => {
    const { db, now } = c.var.deps;
    const parent = await visibleDomain(db, c.var.company, params.guid, DOMAIN_NOT_FOUND, { zoneOwner: true });
    return subdomainsPage(db, parent, query, now());
  }),

  implement(createSubdomainOp, async (c, { params, body }) => {
    const parent = await visibleDomain(c.var.deps.db, c.var.company, params.guid, DOMAIN_NOT_FOUND, { zoneOwner: true });
    const { subdomain, task } = await createSubdomain(c, parent, body);
    return { message: SUBDOMAIN_CREATED, subdomain, task };
  }),

  implement(listForwardersOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const d = await visibleDomain(db, c.var.company, params.guid, DOMAIN_NOT_FOUND, { zoneOwner: true });
    return forwardersPage(db, d, query);
  }),

  implement(createForwarderOp, async (c, { params, body }) => {
    const d = await visibleDomain(c.var.deps.db, c.var.company, params.guid, DOMAIN_NOT_FOUND, { zoneOwner: true });
    const { forwarder, task } = await createForwarder(c, d, body);
    return { message: EMAIL_ADDRESS_CREATED, email_address: forwarder, task };
  }),

  implement(deleteForwarderOp, async (c, { params }) => ({ message: EMAIL_ADDRESS_DELETION_SCHEDULED, task: await deleteForwarder(c, params.guid) })),
];
