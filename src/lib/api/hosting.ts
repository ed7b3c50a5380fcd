import { z } from 'zod';
import { hostingRoutes } from '../requests/hosting';
import { defineOperation, pageOf } from './define';
import { pagingSchema } from '../schemas/lists';

/** Hosting accounts (spec part 3, 3 "Hosting account"); the domain area's pickers read them (spec part 2, 7.1). */

const iso = z.iso.datetime();
export const hostingAccount = z
  .object({
    guid: z.guid(),
    name: z.string(),
    account_type: z.enum(['SHARED_HOSTING', 'CUSTOM_HOST']),
    status: z.string(),
    is_created: z.boolean(),
    is_legacy: z.boolean(),
    is_internal: z.boolean(),
    is_managed: z.boolean(),
    allow_domain_deletion: z.boolean(),
    upgrade_pending: z.boolean(),
    order: z.object({ id: z.number().int() }).nullable(),
    order_renewal: iso.nullable(),
    date_to_be_terminated: iso.nullable(),
    date_created: iso,
    username: z.string().nullable(),
    domain_count: z.number().int(),
    cost: z.object({ amount: z.number().int(), currency: z.string() }),
    location: z.object({ city: z.string(), country_name: z.string() }).nullable(),
    hosting_server: z.object({ hostname: z.string(), ip_address: z.string() }).nullable(),
    custom_host_server: z.object({ destination_type: z.enum(['HOSTNAME', 'IP_ADDRESS']), hostname: z.string().nullable(), ip_address: z.string().nullable() }).nullable(),
    plan: z.object({ guid: z.guid(), name: z.string() }).nullable(),
  })
  .meta({ id: 'HostingAccount' });
export type HostingAccount = z.infer<typeof hostingAccount>;

export const listHostingAccountsOp = defineOperation({
  ...hostingRoutes.listHostingAccounts,
  area: 'hosting',
  summary: "The company's hosting accounts, newest first",
  query: pagingSchema(),
  answer: pageOf(hostingAccount),
  scopes: ['can_view_hosting_accounts'],
});
