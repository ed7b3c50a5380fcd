import { z } from 'zod';
import { ipAddressesRoutes } from '../requests/ip-addresses';
import { defineOperation, pageOf } from './define';
import { IP_LIST_MAX, pagingSchema, searchTagsSchema } from '../schemas/lists';

/** The company's IP addresses (spec part 3, 2.2 and 7). */

const cents = z.number().int();
export const ipAddress = z
  .object({
    guid: z.guid(),
    ip_address: z.string(),
    ip_address_type: z.enum(['DEDICATED', 'SHARED']),
    status: z.enum(['ACTIVE', 'CANCELLED', 'PENDING_CANCELLATION', 'REPLACED']),
    http_version: z.union([z.literal(1), z.literal(2)]),
    country: z.string(),
    country_code: z.string(),
    city: z.string(),
    domain_count: z.number().int(),
    domains_allowed: z.number().int(),
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
