import { z } from 'zod';
import { ipAddressesRoutes } from '../requests/ip-addresses';
import { defineOperation, guidParam, pageOf } from './define';
import {
  cancellationSchema,
  directAccessSchema,
  httpVersionSchema,
  ipAddressPatchSchema,
  ipBulkSchema,
  ipExportBody,
  ipExportQuery,
  ipGroupSchema,
  modifySlotsSchema,
  moveIpsSchema,
} from '../schemas/ip-addresses';
import { IP_LIST_MAX, pagingSchema, searchTagsSchema } from '../schemas/lists';

/** The company's IP addresses (spec part 3, 2.2 and 7). */

/** An address's HTTP version, place and website slots, as every list of addresses shows them (the IP list, a domain group's choices). */
export const ipAddressSlots = {
  http_version: z.union([z.literal(1), z.literal(2)]),
  country: z.string(),
  country_code: z.string(),
  city: z.string(),
  domain_count: z.number().int(),
  domains_allowed: z.number().int(),
};

const cents = z.number().int();
export const ipAddress = z
  .object({
    guid: z.guid(),
    ip_address: z.string(),
    ip_address_type: z.enum(['DEDICATED', 'SHARED']),
    status: z.enum(['ACTIVE', 'CANCELLED', 'PENDING_CANCELLATION', 'REPLACED']),
    ...ipAddressSlots,
    cost: z.object({ ip_address_cost: cents, additional_website_slot_cost: cents, additional_website_slots_total_cost: cents, currency: z.string() }),
    monthly_cost: z.object({ amount: cents, currency: z.string() }),
    order: z.object({ order_id: z.number().int(), renewal_date: z.iso.datetime().nullable() }).nullable(),
    signature: z.object({ guid: z.guid(), signature: z.string() }).nullable(),
    group: z.object({ guid: z.guid(), name: z.string() }),
    date_cancelled: z.iso.datetime().nullable(),
  })
  .meta({ id: 'IpAddress' });
export type IpAddress = z.infer<typeof ipAddress>;

export const ipListQuery = z.object({
  ...pagingSchema(IP_LIST_MAX).shape,
  group: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.uuid('Unknown IP address group.').optional()),
  search: z.optional(searchTagsSchema),
});
export type IpListQuery = z.input<typeof ipListQuery>;

/** Up to 99,999 rows a page (spec part 3, 9), sorted by address. */
export const listIpAddressesOp = defineOperation({
  ...ipAddressesRoutes.listIpAddresses,
  area: 'ip',
  summary: "The company's IP addresses, by address",
  query: ipListQuery,
  answer: pageOf(ipAddress),
  scopes: ['can_view_ip_addresses'],
});

export const ipGroup = z.object({ guid: z.guid(), name: z.string() }).meta({ id: 'IpGroup' });
export type IpGroup = z.infer<typeof ipGroup>;

/** The company's IP groups by name (spec part 3, 3 "IP group"); pickers ask for up to 9999 (spec part 2, 7.1). */
export const listIpGroupsOp = defineOperation({
  ...ipAddressesRoutes.listIpGroups,
  area: 'ip',
  summary: "The company's IP address groups, by name",
  query: pagingSchema(),
  answer: pageOf(ipGroup),
  scopes: ['can_view_ip_groups'],
});

export const signature = z.object({ guid: z.guid(), signature: z.string(), is_default: z.boolean() }).meta({ id: 'Signature' });
export type Signature = z.infer<typeof signature>;

/** The server signatures a dedicated address can answer with (spec part 2, 7.1: per_page up to 99999). */
export const listSignaturesOp = defineOperation({
  ...ipAddressesRoutes.listSignatures,
  area: 'ip',
  summary: 'The server signatures a dedicated IP address can answer with',
  query: pagingSchema(IP_LIST_MAX),
  answer: pageOf(signature),
  scopes: ['can_view_ip_addresses'],
});

// ---- The IP group page's calls (spec part 3, 2.2, 5 and 7 "IP addresses"). ----

const guidParams = z.object({ guid: guidParam });
const updated = z.object({ message: z.string(), updated: z.number().int() });

/** Modify signature: one dedicated address's server signature. */
export const updateIpAddressOp = defineOperation({
  ...ipAddressesRoutes.updateIpAddress,
  area: 'ip',
  summary: "Sets a dedicated IP address's server signature",
  params: guidParams,
  body: ipAddressPatchSchema,
  answer: z.object({ message: z.string(), signature: z.object({ guid: z.guid(), signature: z.string() }) }),
  scopes: ['can_view_ip_addresses', 'can_edit_ip_addresses'],
  notFound: 'IP address not found.',
});

/** Move IP addresses to another group of the company. */
export const moveIpAddressesOp = defineOperation({
  ...ipAddressesRoutes.moveIpAddresses,
  area: 'ip',
  summary: 'Moves IP addresses (guids or a filter) to another IP group',
  body: moveIpsSchema,
  answer: updated,
  scopes: ['can_view_ip_addresses', 'can_edit_ip_addresses'],
});

/** Bulk actions: HTTP/2 on or off for the dedicated addresses selected. */
export const ipBulkActionOp = defineOperation({
  ...ipAddressesRoutes.ipBulkAction,
  area: 'ip',
  summary: 'Turns HTTP/2 on or off for the selected dedicated IP addresses',
  body: ipBulkSchema,
  answer: updated.extend({ skipped_shared: z.number().int() }),
  scopes: ['can_view_ip_addresses', 'can_edit_ip_addresses'],
});

/** The row's HTTP/2 toggle. */
export const setHttpVersionOp = defineOperation({
  ...ipAddressesRoutes.setHttpVersion,
  area: 'ip',
  summary: "Sets a dedicated IP address's HTTP version (1 or 2)",
  params: guidParams,
  body: httpVersionSchema,
  answer: z.object({ message: z.string(), http_version: z.union([z.literal(1), z.literal(2)]) }),
  scopes: ['can_view_ip_addresses', 'can_edit_ip_addresses'],
  notFound: 'IP address not found.',
});

/** Whether the address answers requests made to it directly (by address, not by a domain). */
export const setDirectAccessOp = defineOperation({
  ...ipAddressesRoutes.setDirectAccess,
  area: 'ip',
  summary: 'Allows or refuses requests made to an IP address directly',
  params: guidParams,
  body: directAccessSchema,
  answer: z.object({ message: z.string(), direct_access: z.boolean() }),
  scopes: ['can_view_ip_addresses', 'can_edit_ip_addresses'],
  notFound: 'IP address not found.',
});

export const ipGroupDetail = ipGroup.extend({ ip_address_count: z.number().int(), active_count: z.number().int(), date_created: z.iso.datetime() }).meta({ id: 'IpGroupDetail' });
export type IpGroupDetail = z.infer<typeof ipGroupDetail>;

/** A new IP group (decided in spec/api-calls.tsv: the getting-started wizard needs it). */
export const createIpGroupOp = defineOperation({
  ...ipAddressesRoutes.createIpGroup,
  area: 'ip',
  summary: 'Creates an IP address group',
  body: ipGroupSchema,
  answer: z.object({ message: z.string(), group: ipGroupDetail }),
  status: 201,
  scopes: ['can_view_ip_groups', 'can_edit_ip_groups'],
});

/** One group, with its address counts (the group page's heading). */
export const getIpGroupOp = defineOperation({
  ...ipAddressesRoutes.getIpGroup,
  area: 'ip',
  summary: 'One IP address group with its address counts',
  params: guidParams,
  answer: ipGroupDetail,
  scopes: ['can_view_ip_addresses'],
  notFound: 'IP address group not found.',
});

/** Group settings: rename. */
export const updateIpGroupOp = defineOperation({
  ...ipAddressesRoutes.updateIpGroup,
  area: 'ip',
  summary: 'Renames an IP address group',
  params: guidParams,
  body: ipGroupSchema,
  answer: z.object({ message: z.string(), group: ipGroupDetail }),
  scopes: ['can_view_ip_addresses', 'can_edit_ip_groups'],
  notFound: 'IP address group not found.',
});

/** Export (spec part 3, 9): CSV or JSON, streamed. */
export const exportIpAddressesOp = defineOperation({
  ...ipAddressesRoutes.exportIpAddresses,
  area: 'ip',
  summary: "Exports a group's IP addresses as CSV or JSON (streamed)",
  query: ipExportQuery,
  answer: 'file',
  scopes: ['can_view_ip_addresses'],
});

/** The export of a selection too long for a URL (a decided extra, as for domains). */
export const exportSelectedIpAddressesOp = defineOperation({
  ...ipAddressesRoutes.exportSelectedIpAddresses,
  area: 'ip',
  summary: 'Exports selected IP addresses (guids or a filter) as CSV or JSON (streamed)',
  body: ipExportBody,
  answer: 'file',
  scopes: ['can_view_ip_addresses'],
});

/** A cancellation request for IP addresses (spec part 3, 5 and 7 "Billing"). */
export const createCancellationOp = defineOperation({
  ...ipAddressesRoutes.createCancellation,
  area: 'billing',
  summary: 'Requests the cancellation of IP addresses',
  body: cancellationSchema,
  answer: z.object({ message: z.string(), guid: z.guid(), ip_address_count: z.number().int(), date_effective: z.iso.datetime() }),
  status: 201,
  scopes: ['can_view_ip_addresses', 'can_add_cancellation_requests'],
});

/**
 * Modify website slots (spec part 3, 4 "Website slots", 5 and 9): downgrades wait for the end of
 * the billing cycle; upgrades make an invoice of what is due today, applied once it is paid.
 */
export const modifySlotsOp = defineOperation({
  ...ipAddressesRoutes.modifySlots,
  area: 'billing',
  summary: 'Changes the website slots of IP addresses: an invoice for upgrades, downgrades at the end of the cycle',
  body: modifySlotsSchema,
  answer: z.object({ message: z.string(), invoice_id: z.number().int().nullable() }),
  scopes: ['can_view_ip_addresses', 'can_edit_ip_addresses'],
});
