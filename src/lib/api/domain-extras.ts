import { z } from 'zod';
import { domainExtrasRoutes } from '../requests/domain-extras';
import { EMAIL_ADDRESS_TYPES, forwarderCreateSchema, subdomainCreateSchema } from '../schemas/domain-extras';
import { pagingSchema } from '../schemas/lists';
import { defineOperation, guidParam, pageOf } from './define';
import { domain } from './domains';
import { task } from './tasks';

/**
 * A domain's subdomains and email forwarders: the drawer's Subdomains and Email Addresses tabs
 * (spec part 2, 2.7, 3 "Subdomain" and "Email forwarder", 4.1, 6 and 7.4).
 */

export const DOMAIN_NOT_FOUND = 'Domain not found.';
export const FORWARDER_NOT_FOUND = 'Email address not found.';

/** PENDING until its task makes it ACTIVE; DELETING until its removal's task ends. */
export const FORWARDER_STATUSES = ['PENDING', 'ACTIVE', 'DELETING'] as const;

/** Spec part 2, 3 "Email forwarder", with the full address and the catch-all flag beside it. */
export const emailForwarder = z
  .object({
    guid: z.guid(),
    /** The local part; '*' is the catch-all. */
    address: z.string(),
    /** `address@domain`, as the tab shows it. */
    email_address: z.string(),
    email_type: z.enum(EMAIL_ADDRESS_TYPES),
    forward_address: z.string(),
    is_catchall: z.boolean(),
    date_created: z.iso.datetime(),
    status: z.enum(FORWARDER_STATUSES),
  })
  .meta({ id: 'EmailForwarder' });
export type EmailForwarder = z.infer<typeof emailForwarder>;

const params = z.object({ guid: guidParam });
const area = 'domains';
const view = ['can_view_domains'] as const;

/**
 * A domain's subdomains, newest first. Rows are Domain answers (spec part 2, 3 "Subdomain" is
 * their guid, domain, date_created, status and hosting_type), so Manage can show one at once.
 */
export const listSubdomainsOp = defineOperation({
  ...domainExtrasRoutes.listSubdomains,
  area,
  summary: "A domain's subdomains, newest first",
  params,
  query: pagingSchema(100),
  answer: pageOf(domain),
  scopes: view,
  notFound: DOMAIN_NOT_FOUND,
});

/** Spec part 2, 6: can_add_domains also adds subdomains. */
export const createSubdomainOp = defineOperation({
  ...domainExtrasRoutes.createSubdomain,
  area,
  summary: "Adds a subdomain on an address with a free website slot; a task adds its A record to the parent's zone",
  params,
  body: subdomainCreateSchema,
  answer: z.object({ message: z.string(), subdomain: domain, task }),
  status: 201,
  scopes: [...view, 'can_add_domains'],
  notFound: DOMAIN_NOT_FOUND,
});

export const listForwardersOp = defineOperation({
  ...domainExtrasRoutes.listForwarders,
  area,
  summary: "A domain's email forwarders, by address",
  params,
  query: pagingSchema(),
  answer: pageOf(emailForwarder),
  scopes: view,
  notFound: DOMAIN_NOT_FOUND,
});

export const createForwarderOp = defineOperation({
  ...domainExtrasRoutes.createForwarder,
  area,
  summary: 'Adds an email forwarder (PENDING until its task makes it ACTIVE)',
  params,
  body: forwarderCreateSchema,
  answer: z.object({ message: z.string(), email_address: emailForwarder, task }),
  status: 201,
  scopes: [...view, 'can_add_email_addresses'],
  notFound: DOMAIN_NOT_FOUND,
});

/** Spec part 2, 4.1: a forwarder ACTIVE or PENDING may be deleted; it is DELETING until its task removes it. */
export const deleteForwarderOp = defineOperation({
  ...domainExtrasRoutes.deleteForwarder,
  area,
  summary: 'Deletes an email forwarder (a task)',
  params,
  answer: z.object({ message: z.string(), task }),
  scopes: [...view, 'can_delete_email_addresses'],
  notFound: FORWARDER_NOT_FOUND,
});
