import type { Api } from '../api/client';
import { call } from '../api/send';
import type {
  createCancellationOp,
  createIpGroupOp,
  getIpGroupOp,
  ipBulkActionOp,
  IpListQuery,
  listIpAddressesOp,
  listIpGroupsOp,
  listSignaturesOp,
  modifySlotsOp,
  moveIpAddressesOp,
  setDirectAccessOp,
  setHttpVersionOp,
  updateIpAddressOp,
  updateIpGroupOp,
} from '../api/ip-addresses';
import type { CancellationBody, IpBulk, IpExportBody, IpGroupInput, ModifySlots, MoveIps } from '../schemas/ip-addresses';

/** Where each call of this area lives: written once here, spread into its definition in ../api/ip-addresses.ts. */
export const ipAddressesRoutes = {
  listIpAddresses: { id: 'ip.addresses.list', method: 'get', path: '/ip_addresses/' },
  listIpGroups: { id: 'ip.groups.list', method: 'get', path: '/ip_addresses/groups/' },
  listSignatures: { id: 'ip.signatures.list', method: 'get', path: '/ip_addresses/signatures/' },
  updateIpAddress: { id: 'ip.addresses.update', method: 'patch', path: '/ip_addresses/{guid}/' },
  moveIpAddresses: { id: 'ip.addresses.move', method: 'patch', path: '/ip_addresses/' },
  ipBulkAction: { id: 'ip.addresses.bulk', method: 'post', path: '/ip_addresses/bulk/' },
  setHttpVersion: { id: 'ip.addresses.http_version', method: 'post', path: '/ip_addresses/{guid}/http_version/' },
  setDirectAccess: { id: 'ip.addresses.direct_access', method: 'post', path: '/ip_addresses/{guid}/direct_access/' },
  createIpGroup: { id: 'ip.groups.create', method: 'post', path: '/ip_addresses/groups/' },
  getIpGroup: { id: 'ip.groups.get', method: 'get', path: '/ip_addresses/groups/{guid}/' },
  updateIpGroup: { id: 'ip.groups.update', method: 'post', path: '/ip_addresses/groups/{guid}/' },
  exportIpAddresses: { id: 'ip.addresses.export', method: 'get', path: '/ip_addresses/export/' },
  exportSelectedIpAddresses: { id: 'ip.addresses.export.selected', method: 'post', path: '/ip_addresses/export/' },
  createCancellation: { id: 'billing.cancellations.create', method: 'post', path: '/billing/cancellations/' },
  modifySlots: { id: 'billing.ip_addresses.modify', method: 'post', path: '/billing/ip-addresses/modify/' },
} as const;

export const listIpAddresses = (api: Api, query: IpListQuery) => call<typeof listIpAddressesOp>(api, ipAddressesRoutes.listIpAddresses, { query });
export const listIpGroups = (api: Api, query: { page?: number; per_page?: number } = {}) => call<typeof listIpGroupsOp>(api, ipAddressesRoutes.listIpGroups, { query });
export const listSignatures = (api: Api, query: { page?: number; per_page?: number } = {}) => call<typeof listSignaturesOp>(api, ipAddressesRoutes.listSignatures, { query });
export const updateIpAddress = (api: Api, guid: string, body: { signature: string }) =>
  call<typeof updateIpAddressOp>(api, ipAddressesRoutes.updateIpAddress, { params: { guid }, body });
export const moveIpAddresses = (api: Api, body: MoveIps) => call<typeof moveIpAddressesOp>(api, ipAddressesRoutes.moveIpAddresses, { body });
export const ipBulkAction = (api: Api, body: IpBulk) => call<typeof ipBulkActionOp>(api, ipAddressesRoutes.ipBulkAction, { body });
export const setHttpVersion = (api: Api, guid: string, version: 1 | 2) =>
  call<typeof setHttpVersionOp>(api, ipAddressesRoutes.setHttpVersion, { params: { guid }, body: { version } });
export const setDirectAccess = (api: Api, guid: string, status: boolean) =>
  call<typeof setDirectAccessOp>(api, ipAddressesRoutes.setDirectAccess, { params: { guid }, body: { status } });
export const createIpGroup = (api: Api, body: IpGroupInput) => call<typeof createIpGroupOp>(api, ipAddressesRoutes.createIpGroup, { body });
export const getIpGroup = (api: Api, guid: string) => call<typeof getIpGroupOp>(api, ipAddressesRoutes.getIpGroup, { params: { guid } });
export const updateIpGroup = (api: Api, guid: string, body: IpGroupInput) => call<typeof updateIpGroupOp>(api, ipAddressesRoutes.updateIpGroup, { params: { guid }, body });
export const modifySlots = (api: Api, body: ModifySlots) => call<typeof modifySlotsOp>(api, ipAddressesRoutes.modifySlots, { body });
export const createCancellation = (api: Api, body: CancellationBody) => call<typeof createCancellationOp>(api, ipAddressesRoutes.createCancellation, { body });

/**
 * The export file, named by the server. A few selected addresses go in the URL as the spec
 * writes it; a longer selection or a filter ("all as searched, less some") goes in the body.
 */
export function exportIpAddresses(api: Api, body: IpExportBody & { search?: string[] }) {
  const { ip_addresses, filter, search, ...choices } = body;
  if (filter || (ip_addresses && ip_addresses.length > 100))
    return api.download(ipAddressesRoutes.exportSelectedIpAddresses.path, undefined, { ...choices, ...(filter ? { filter } : { ip_addresses }) });
  return api.download(ipAddressesRoutes.exportIpAddresses.path, {
    ...choices,
    ...(ip_addresses?.length ? { selected_ip_addresses: ip_addresses } : {}),
    ...(search?.length ? { search } : {}),
  });
}
