import type { Api } from '../api/client';
import { call } from '../api/send';
import type { IpListQuery, listIpAddressesOp, listIpGroupsOp, listSignaturesOp } from '../api/ip-addresses';

/** Where each call of this area lives: written once here, spread into its definition in ../api/ip-addresses.ts. */
export const ipAddressesRoutes = {
  listIpAddresses: { id: 'ip.addresses.list', method: 'get', path: '/ip_addresses/' },
  listIpGroups: { id: 'ip.groups.list', method: 'get', path: '/ip_addresses/groups/' },
  listSignatures: { id: 'ip.signatures.list', method: 'get', path: '/ip_addresses/signatures/' },
} as const;

export const listIpAddresses = (api: Api, query: IpListQuery) => call<typeof listIpAddressesOp>(api, ipAddressesRoutes.listIpAddresses, { query });
export const listIpGroups = (api: Api, query: { page?: number; per_page?: number } = {}) => call<typeof listIpGroupsOp>(api, ipAddressesRoutes.listIpGroups, { query });
export const listSignatures = (api: Api, query: { page?: number; per_page?: number } = {}) => call<typeof listSignaturesOp>(api, ipAddressesRoutes.listSignatures, { query });
