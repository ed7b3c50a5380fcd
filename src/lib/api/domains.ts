import { z } from 'zod';
import { z as mini } from 'zod/mini';
import { domainsRoutes } from '../requests/domains';
import { defineOperation, guidParam, messageAnswer, pageOf } from './define';
import { IP_LIST_MAX, PICKER_PAGE_SIZE, pagingSchema, searchTagsSchema } from '../schemas/lists';
import { domainGroupCreateSchema, domainGroupUpdateSchema } from '../schemas/domain-groups';
import { addDomainsSchema } from '../schemas/add-domains';
import { bulkActionSchema } from '../schemas/bulk-actions';
import { domainExportBody, domainExportQuery } from '../schemas/domain-export';
import { createInCpanelSchema, modifyHostingSchema, modifyIpSchema } from '../schemas/domain-placement';
import { notesSchema } from '../schemas/domain-notes';
import { task } from './tasks';
import { domainMeta } from './domain-web';
import { ipAddressSlots } from './ip-addresses';
import { DOMAIN_GROUP_PAGE_SIZE } from '../rules/domain-groups';

/** Domain groups, the domain list and one domain (spec part 2, 2.2-2.5, 3 and 7.1-7.3). */

const ref = z.object({ guid: z.guid(), name: z.string() });
const iso = z.iso.datetime();

export const hostingAccountRef = z
  .object({ guid: z.guid(), name: z.string(), account_type: z.enum(['SHARED_HOSTING', 'CUSTOM_HOST']), status: z.string() })
  .meta({ id: 'HostingAccountRef' });

export const domainGroup = z
  .object({
    guid: z.guid(),
    name: z.string(),
    default_hosting_account: hostingAccountRef.nullable(),
    domain_count: z.number().int(),
    date_created: iso,
    is_internal: z.boolean(),
    include_subdomains_in_list: z.boolean(),
    /** Empty: every IP group of the company may be used. */
    allowed_ip_address_groups: z.array(ref),
  })
  .meta({ id: 'DomainGroup' });
export type DomainGroup = z.infer<typeof domainGroup>;

/** Domain statuses (spec part 2, 4.1). */
export const DOMAIN_STATUSES = ['ADDING', 'ACTIVE', 'PENDING', 'DELETING', 'SCHEDULED', 'UPDATING', 'UPDATING_HOSTING', 'SUSPENDED'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

export const domainSoftware = z
  .object({
    guid: z.guid(),
    key: z.string(),
    software_name: z.string(),
    date_installed: iso.nullable(),
    date_created: iso,
    status: z.string(),
    is_imported: z.boolean(),
    username: z.string().nullable(),
  })
  .meta({ id: 'DomainSoftware' });

/** A domain as the group's table and the drawer show it (spec part 2, 3 "Domain"). */
export const domain = z
  .object({
    guid: z.guid(),
    domain: z.string(),
    status: z.enum(DOMAIN_STATUSES),
    is_subdomain: z.boolean(),
    parent_domain: z.guid().nullable(),
    hosting_type: z.string(),
    group: ref,
    has_ssl_certificate: z.boolean(),
    ssl_certificate: z
      .object({
        certificate_type: z.string(),
        date_created: iso.nullable(),
        status: z.string(),
        include_www_subdomain: z.boolean(),
        /** Beyond the spec: when an issued certificate runs out, and who issued it (the reference API names its sandbox). */
        date_expires: iso.nullable(),
        issuer: z.string().nullable(),
      })
      .nullable(),
    redirect_to_https: z.boolean(),
    software: domainSoftware.nullable(),
    software_protocol: z.string().nullable(),
    software_preset: ref.nullable(),
    ip_address: z.object({ guid: z.guid(), ip_address: z.string(), country: z.string(), city: z.string(), country_code: z.string() }).nullable(),
    hosting_account: hostingAccountRef.nullable(),
    whois: z.object({ date_whois_checked: iso.nullable(), whois_expires: iso.nullable(), days_until_expiration: z.number().int().nullable() }),
    metrics: z.object({ date_metrics_checked: iso.nullable(), tf: z.number().int().nullable(), da: z.number().int().nullable() }),
    google_safe_browsing: z.object({ statuses: z.array(z.string()), date_last_check: iso.nullable(), date_status_expires: iso.nullable() }).nullable(),
    has_notes: z.boolean(),
    health: z.object({
      date_health_checked: iso.nullable(),
      is_nxdomain: z.boolean().nullable(),
      is_expired: z.boolean().nullable(),
      is_cloudflare: z.boolean().nullable(),
      resolved_ip_address: z.string().nullable(),
      resolved_www_ip_address: z.string().nullable(),
    }),
    date_created: iso,
  })
  .meta({ id: 'Domain' });
export type Domain = z.infer<typeof domain>;

/** One domain in the drawer: the list's fields, and the address and account in full (spec part 2, 2.5 and 3). */
export const domainDetail = domain
  .extend({
    ip_address: z
      .object({
        guid: z.guid(),
        ip_address: z.string(),
        country: z.string(),
        city: z.string(),
        country_code: z.string(),
        ip_address_type: z.enum(['SHARED', 'DEDICATED']),
        http_version: z.union([z.literal(1), z.literal(2)]),
        status: z.string(),
        domain_count: z.number().int(),
        domains_allowed: z.number().int(),
        signature: z.object({ guid: z.guid(), signature: z.string() }).nullable(),
        order: z.object({ order_id: z.number().int(), renewal_date: iso.nullable() }).nullable(),
      })
      .nullable(),
    hosting_account: hostingAccountRef
      .extend({
        hostname: z.string().nullable(),
        username: z.string().nullable(),
        is_internal: z.boolean(),
        custom_host_server: z.object({ destination_type: z.enum(['HOSTNAME', 'IP_ADDRESS']), hostname: z.string().nullable(), ip_address: z.string().nullable() }).nullable(),
      })
      .nullable(),
    meta: domainMeta,
    is_in_cpanel: z.boolean(),
  })
  .meta({ id: 'DomainDetail' });
export type DomainDetail = z.infer<typeof domainDetail>;

/** An address the group's domains may use, with its free website slots (spec part 2, 2.8 and 7.1). */
export const groupIpAddress = z
  .object({
    guid: z.guid(),
    ip_address: z.string(),
    ip_address_type: z.enum(['SHARED', 'DEDICATED']),
    ...ipAddressSlots,
    group: ref,
  })
  .meta({ id: 'GroupIpAddress' });
export type GroupIpAddress = z.infer<typeof groupIpAddress>;

const groupParams = z.object({ guid: guidParam });
const GROUP_NOT_FOUND = 'Domain group not found.';
const view = { area: 'domains', scopes: ['can_view_domains'] } as const;

export const listDomainGroupsOp = defineOperation({
  ...domainsRoutes.listDomainGroups,
  ...view,
  summary: "The company's domain groups, by name",
  query: pagingSchema(PICKER_PAGE_SIZE, DOMAIN_GROUP_PAGE_SIZE),
  answer: pageOf(domainGroup),
});

export const createDomainGroupOp = defineOperation({
  ...domainsRoutes.createDomainGroup,
  area: 'domains',
  summary: 'Creates a domain group',
  body: domainGroupCreateSchema,
  answer: z.object({ message: z.string(), group: domainGroup }),
  status: 201,
  scopes: ['can_view_domains', 'can_add_domain_groups'],
});

export const getDomainGroupOp = defineOperation({
  ...domainsRoutes.getDomainGroup,
  ...view,
  summary: 'One domain group',
  params: groupParams,
  answer: domainGroup,
  notFound: GROUP_NOT_FOUND,
});

export const updateDomainGroupOp = defineOperation({
  ...domainsRoutes.updateDomainGroup,
  area: 'domains',
  summary: "Changes a domain group's settings",
  params: groupParams,
  body: domainGroupUpdateSchema,
  answer: z.object({ message: z.string(), group: domainGroup }),
  scopes: ['can_view_domains', 'can_edit_domain_groups'],
  notFound: GROUP_NOT_FOUND,
});

/** No scope of its own in the spec: deleting a group is part of editing groups. */
export const deleteDomainGroupOp = defineOperation({
  ...domainsRoutes.deleteDomainGroup,
  area: 'domains',
  summary: 'Deletes an empty domain group that is not internal',
  params: groupParams,
  answer: messageAnswer,
  scopes: ['can_view_domains', 'can_edit_domain_groups'],
  notFound: GROUP_NOT_FOUND,
});

export const groupIpAddressesOp = defineOperation({
  ...domainsRoutes.groupIpAddresses,
  ...view,
  summary: "The ACTIVE addresses the group's domains may use, with their free slots",
  params: groupParams,
  query: pagingSchema(IP_LIST_MAX),
  answer: pageOf(groupIpAddress),
  notFound: GROUP_NOT_FOUND,
});

export const groupExpiringOp = defineOperation({
  ...domainsRoutes.groupExpiring,
  ...view,
  summary: "How many of the group's domains expire in less than 10 days",
  params: groupParams,
  answer: z.object({ expiring_domains: z.number().int() }),
  notFound: GROUP_NOT_FOUND,
});

export const domainListQuery = mini.object({
  ...pagingSchema().shape,
  group: mini.optional(
    mini.pipe(
      mini.transform((v: unknown) => (Array.isArray(v) ? v[0] : v)),
      mini.guid('Unknown domain group.'),
    ),
  ),
  search: mini.optional(searchTagsSchema),
});
export type DomainListQuery = mini.input<typeof domainListQuery>;

export const listDomainsOp = defineOperation({
  ...domainsRoutes.listDomains,
  ...view,
  summary: 'Domains of a group (or of every group the member may see), by name; search tags match the domain, its address or its hosting account',
  query: domainListQuery,
  answer: pageOf(domain),
});

export const getDomainOp = defineOperation({
  ...domainsRoutes.getDomain,
  ...view,
  summary: 'One domain or subdomain',
  params: z.object({ guid: guidParam }),
  answer: domainDetail,
  notFound: 'Domain not found.',
});

/**
 * Adds domains to groups (spec part 2, 2.8 and 7.2) as one task with an item per step of each
 * domain. All or nothing: a refused row refuses the submission, with each row's sentence in
 * `fields` under `domains.{index}.{field}`.
 */
export const addDomainsOp = defineOperation({
  ...domainsRoutes.addDomains,
  area: 'domains',
  summary: 'Adds domains (one task for the whole submission)',
  body: addDomainsSchema,
  answer: z.object({ message: z.string(), task, domains: z.array(z.object({ guid: z.guid(), domain: z.string() })) }),
  status: 201,
  scopes: ['can_view_domains', 'can_add_domains'],
  // A double click or a retry after a lost connection must not add anything twice.
  idempotent: true,
});

/** Spec part 2, 4.5 and 7.2: one of eleven actions on selected ACTIVE domains of a group; a task when there is provisioning to do. */
export const bulkActionOp = defineOperation({
  ...domainsRoutes.bulkAction,
  area: 'domains',
  summary: 'Runs a bulk action on domains of a group',
  body: bulkActionSchema,
  answer: z.object({ message: z.string(), task: task.nullable() }),
  scopes: ['can_view_domains', 'can_edit_domains'],
});

/** Spec part 2, 4.1: a domain ACTIVE or SUSPENDED (a subdomain ACTIVE or PENDING) is deleted by a task. */
export const deleteDomainOp = defineOperation({
  ...domainsRoutes.deleteDomain,
  area: 'domains',
  summary: 'Deletes a domain or subdomain (a task)',
  params: z.object({ guid: guidParam }),
  answer: z.object({ message: z.string(), task }),
  scopes: ['can_view_domains', 'can_delete_domains'],
  notFound: 'Domain not found.',
});

/** Spec part 2, 7.2 and 9: the group's domains (or the selected ones) as CSV or JSON, sorted as asked. */
export const exportDomainsOp = defineOperation({
  ...domainsRoutes.exportDomains,
  area: 'domains',
  summary: "Exports a group's domains as CSV or JSON (streamed)",
  query: domainExportQuery,
  answer: 'file',
  scopes: ['can_view_domains'],
});

/** The export of a selection too long for a URL: the same choices in a JSON body (a decided extra). */
export const exportSelectedDomainsOp = defineOperation({
  ...domainsRoutes.exportSelectedDomains,
  area: 'domains',
  summary: 'Exports the selected domains of a group as CSV or JSON (streamed); the choices of GET /domains/export/ in the body',
  body: domainExportBody,
  answer: 'file',
  scopes: ['can_view_domains'],
});

const scheduled = z.object({ message: z.string(), task });

/** Modify IP Address (spec part 2, 2.5): another address with a free slot, and a dedicated one's signature and HTTP version. */
export const modifyIpOp = defineOperation({
  ...domainsRoutes.modifyIp,
  area: 'domains',
  summary: "Moves a domain to another IP address, or sets its dedicated address's signature and HTTP version (a task)",
  params: z.object({ guid: guidParam }),
  body: modifyIpSchema,
  answer: scheduled,
  scopes: ['can_view_domains', 'can_edit_domains'],
  notFound: 'Domain not found.',
});

/** Modify Hosting Account (spec part 2, 2.5 and 4.1): an ACTIVE account only, for an ACTIVE domain. */
export const modifyHostingOp = defineOperation({
  ...domainsRoutes.modifyHosting,
  area: 'domains',
  summary: 'Moves a domain to another hosting account (a task)',
  params: z.object({ guid: guidParam }),
  body: modifyHostingSchema,
  answer: scheduled,
  scopes: ['can_view_domains', 'can_edit_domains'],
  notFound: 'Domain not found.',
});

/** Create Domain in cPanel (spec part 2, 2.5): "can take a couple of minutes". */
export const createInCpanelOp = defineOperation({
  ...domainsRoutes.createInCpanel,
  area: 'domains',
  summary: "Creates the domain in its hosting account's cPanel (a task)",
  body: createInCpanelSchema,
  answer: scheduled,
  scopes: ['can_view_domains', 'can_edit_domains'],
});

/**
 * The guids of the ACTIVE domains a group's list shows with its search (at most 10,000, a bulk
 * action's limit): 'Select all N' across pages (spec part 2, 2.3) without loading every page.
 */
export const selectableDomainsOp = defineOperation({
  ...domainsRoutes.selectableDomains,
  area: 'domains',
  summary: "The guids of a group's ACTIVE domains matching the search, for selecting them all",
  query: mini.object({
    group: mini.pipe(
      mini.transform((v: unknown) => (Array.isArray(v) ? v[0] : v)),
      mini.guid('Unknown domain group.'),
    ),
    search: mini.optional(searchTagsSchema),
  }),
  answer: z.object({ guids: z.array(z.guid()), total: z.number().int() }),
  scopes: ['can_view_domains'],
});

/** The drawer's Notes tab (spec part 2, 2.7 and 7.3). */
export const getNotesOp = defineOperation({
  ...domainsRoutes.getNotes,
  area: 'domains',
  summary: "The domain's notes",
  params: z.object({ guid: guidParam }),
  answer: z.object({ notes: z.string() }),
  scopes: ['can_view_domains'],
  notFound: 'Domain not found.',
});

/** Notes are part of editing a domain: can_edit_domains. */
export const saveNotesOp = defineOperation({
  ...domainsRoutes.saveNotes,
  area: 'domains',
  summary: "Saves the domain's notes (at most 1000 characters, trimmed)",
  params: z.object({ guid: guidParam }),
  body: notesSchema,
  answer: z.object({ message: z.string(), notes: z.string() }),
  scopes: ['can_view_domains', 'can_edit_domains'],
  notFound: 'Domain not found.',
});
