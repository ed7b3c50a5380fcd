import type { Api } from '../api/client';
import { call, withIdempotencyKey } from '../api/send';
import type {
  addDomainsOp,
  getNotesOp,
  saveNotesOp,
  selectableDomainsOp,
  createInCpanelOp,
  modifyHostingOp,
  modifyIpOp,
  bulkActionOp,
  deleteDomainOp,
  createDomainGroupOp,
  deleteDomainGroupOp,
  DomainListQuery,
  getDomainGroupOp,
  getDomainOp,
  groupExpiringOp,
  groupIpAddressesOp,
  listDomainGroupsOp,
  listDomainsOp,
  updateDomainGroupOp,
} from '../api/domains';
import type { DomainGroupCreate, DomainGroupUpdate } from '../schemas/domain-groups';
import type { AddDomainsBody } from '../schemas/add-domains';
import type { BulkActionBody } from '../schemas/bulk-actions';
import type { DomainExportQuery } from '../schemas/domain-export';
import type { ModifyHosting, ModifyIp } from '../schemas/domain-placement';
import type { NotesInput } from '../schemas/domain-notes';

/** Where each call of this area lives: written once here, spread into its definition in ../api/domains.ts. */
export const domainsRoutes = {
  listDomainGroups: { id: 'domains.groups.list', method: 'get', path: '/domains/groups/' },
  createDomainGroup: { id: 'domains.groups.create', method: 'post', path: '/domains/groups/' },
  getDomainGroup: { id: 'domains.groups.get', method: 'get', path: '/domains/groups/{guid}/' },
  updateDomainGroup: { id: 'domains.groups.update', method: 'post', path: '/domains/groups/{guid}/' },
  deleteDomainGroup: { id: 'domains.groups.delete', method: 'delete', path: '/domains/groups/{guid}/' },
  groupIpAddresses: { id: 'domains.groups.ip_addresses', method: 'get', path: '/domains/groups/{guid}/ip_addresses/' },
  groupExpiring: { id: 'domains.groups.expiring', method: 'get', path: '/domains/groups/{guid}/expiring/' },
  listDomains: { id: 'domains.list', method: 'get', path: '/domains/' },
  getDomain: { id: 'domains.get', method: 'get', path: '/domains/{guid}/' },
  addDomains: { id: 'domains.add', method: 'post', path: '/domains/' },
  bulkAction: { id: 'domains.bulk', method: 'patch', path: '/domains/' },
  exportDomains: { id: 'domains.export', method: 'get', path: '/domains/export/' },
  exportSelectedDomains: { id: 'domains.export.selected', method: 'post', path: '/domains/export/' },
  selectableDomains: { id: 'domains.selectable', method: 'get', path: '/domains/selectable/' },
  getNotes: { id: 'domains.notes.get', method: 'get', path: '/domains/{guid}/notes/' },
  saveNotes: { id: 'domains.notes.save', method: 'post', path: '/domains/{guid}/notes/' },
  modifyIp: { id: 'domains.ip_address.update', method: 'post', path: '/domains/{guid}/ip_address/' },
  modifyHosting: { id: 'domains.hosting_account.update', method: 'post', path: '/domains/{guid}/hosting_account/' },
  createInCpanel: { id: 'domains.cpanel.create', method: 'post', path: '/domains/create-in-cpanel/' },
  deleteDomain: { id: 'domains.delete', method: 'delete', path: '/domains/{guid}/' },
} as const;

export const listDomainGroups = (api: Api, query: { page?: number; per_page?: number } = {}) => call<typeof listDomainGroupsOp>(api, domainsRoutes.listDomainGroups, { query });
export const createDomainGroup = (api: Api, body: DomainGroupCreate) => call<typeof createDomainGroupOp>(api, domainsRoutes.createDomainGroup, { body });
export const getDomainGroup = (api: Api, guid: string) => call<typeof getDomainGroupOp>(api, domainsRoutes.getDomainGroup, { params: { guid } });
export const updateDomainGroup = (api: Api, guid: string, body: DomainGroupUpdate) =>
  call<typeof updateDomainGroupOp>(api, domainsRoutes.updateDomainGroup, { params: { guid }, body });
export const deleteDomainGroup = (api: Api, guid: string) => call<typeof deleteDomainGroupOp>(api, domainsRoutes.deleteDomainGroup, { params: { guid } });
export const groupIpAddresses = (api: Api, guid: string, query: { page?: number; per_page?: number } = {}) =>
  call<typeof groupIpAddressesOp>(api, domainsRoutes.groupIpAddresses, { params: { guid }, query });
export const groupExpiring = (api: Api, guid: string) => call<typeof groupExpiringOp>(api, domainsRoutes.groupExpiring, { params: { guid } });
export const listDomains = (api: Api, query: DomainListQuery) => call<typeof listDomainsOp>(api, domainsRoutes.listDomains, { query });
export const getDomain = (api: Api, guid: string) => call<typeof getDomainOp>(api, domainsRoutes.getDomain, { params: { guid } });
/** One submission of the Add Domains wizard or an import: its key makes a repeat (double click, retry) add nothing twice. */
export const addDomains = (api: Api, body: AddDomainsBody, idempotencyKey?: string) =>
  call<typeof addDomainsOp>(api, domainsRoutes.addDomains, { body }, withIdempotencyKey(idempotencyKey));
export const bulkAction = (api: Api, body: BulkActionBody) => call<typeof bulkActionOp>(api, domainsRoutes.bulkAction, { body });
export const deleteDomain = (api: Api, guid: string) => call<typeof deleteDomainOp>(api, domainsRoutes.deleteDomain, { params: { guid } });
/** The export file (CSV or JSON), named by the server; a selection goes in the body, where any number of guids fits. */
export const exportDomains = (api: Api, query: DomainExportQuery) =>
  query.selected_domains?.length ? api.download(domainsRoutes.exportSelectedDomains.path, undefined, query) : api.download(domainsRoutes.exportDomains.path, query);
export const modifyIp = (api: Api, guid: string, body: ModifyIp) => call<typeof modifyIpOp>(api, domainsRoutes.modifyIp, { params: { guid }, body });
export const modifyHosting = (api: Api, guid: string, body: ModifyHosting) => call<typeof modifyHostingOp>(api, domainsRoutes.modifyHosting, { params: { guid }, body });
export const createInCpanel = (api: Api, guid: string) => call<typeof createInCpanelOp>(api, domainsRoutes.createInCpanel, { body: { guid } });
/** Every ACTIVE domain of the list as filtered, for 'Select all N' across pages. */
export const selectableDomains = (api: Api, query: { group: string; search?: string }) => call<typeof selectableDomainsOp>(api, domainsRoutes.selectableDomains, { query });
export const getNotes = (api: Api, guid: string) => call<typeof getNotesOp>(api, domainsRoutes.getNotes, { params: { guid } });
export const saveNotes = (api: Api, guid: string, body: NotesInput) => call<typeof saveNotesOp>(api, domainsRoutes.saveNotes, { params: { guid }, body });
