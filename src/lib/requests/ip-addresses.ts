import type { Api } from '../api/client';
import { call } from '../api/send';
import type { IpListQuery, listIpAddressesOp } from '../api/ip-addresses';

/** Where each call of this area lives: written once here, spread into its definition in ../api/ip-addresses.ts. */
export const ipAddressesRoutes = {
  listIpAddresses: { id: 'ip.addresses.list', method: 'get', path: '/ip_addresses/' },
} as const;

export const listIpAddresses = (api: Api, query: IpListQuery) => call<typeof listIpAddressesOp>(api, ipAddressesRoutes.listIpAddresses, { query });
