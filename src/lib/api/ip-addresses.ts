import { z } from 'zod';
import type { Api } from './client';
import { IP_LIST_MAX, pagingSchema, searchTagsSchema, type Page } from '../schemas/lists';

export interface IpAddress {
  guid: string;
  ip_address: string;
  ip_address_type: 'DEDICATED' | 'SHARED';
  status: 'ACTIVE' | 'CANCELLED' | 'PENDING_CANCELLATION' | 'REPLACED';
  http_version: 1 | 2;
  country: string;
  country_code: string;
  city: string;
  domain_count: number;
  domains_allowed: number;
  cost: { ip_address_cost: number; additional_website_slot_cost: number; additional_website_slots_total_cost: number; currency: string };
  monthly_cost: { amount: number; currency: string };
  order: { order_id: number; renewal_date: string | null } | null;
  signature: { guid: string; signature: string } | null;
  group: { guid: string; name: string };
  date_cancelled: string | null;
}

export const ipListQuery = pagingSchema(IP_LIST_MAX).extend({
  group: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.uuid('Unknown IP address group.').optional()),
  search: searchTagsSchema.optional(),
});
export type IpListQuery = z.input<typeof ipListQuery>;

export const listIpAddresses = (api: Api, query: IpListQuery) => api.get<Page<IpAddress>>('/ip_addresses/', query as Record<string, string>);
