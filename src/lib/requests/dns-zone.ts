import type { Api } from '../api/client';
import { call } from '../api/send';
import type { importZoneFileOp, addDnsRecordOp, deleteDnsRecordOp, getDnsZoneOp, restoreDnsZoneOp, resetDnsZoneOp, updateDnsRecordOp, zoneHistoryOp } from '../api/dns-zone';
import type { DnsRecordCreate, DnsRecordUpdate, ZoneImport, ZoneType } from '../schemas/dns';
import { fillPath } from '../api/send';

/** Where each call of this area lives: written once here, spread into its definition in ../api/dns-zone.ts. */
export const dnsZoneRoutes = {
  resetDnsZone: { id: 'domains.dns_zone.reset', method: 'post', path: '/domains/{guid}/dns_zone/reset/' },
  getDnsZone: { id: 'domains.dns_zone.get', method: 'get', path: '/domains/{guid}/dns_zone/' },
  addDnsRecord: { id: 'domains.dns_zone.add', method: 'post', path: '/domains/{guid}/dns_zone/' },
  updateDnsRecord: { id: 'domains.dns_zone.update', method: 'put', path: '/domains/{guid}/dns_zone/' },
  deleteDnsRecord: { id: 'domains.dns_zone.delete', method: 'delete', path: '/domains/{guid}/dns_zone/{type}/{name}/' },
  zoneHistory: { id: 'domains.dns_zone.history', method: 'get', path: '/domains/{guid}/dns_zone/history/' },
  restoreDnsZone: { id: 'domains.dns_zone.restore', method: 'post', path: '/domains/{guid}/dns_zone/history/{version}/restore/' },
  exportZoneFile: { id: 'domains.dns_zone.export', method: 'get', path: '/domains/{guid}/dns_zone/export/' },
  importZoneFile: { id: 'domains.dns_zone.import', method: 'post', path: '/domains/{guid}/dns_zone/import/' },
} as const;

export const resetDnsZone = (api: Api, domain: string) => call<typeof resetDnsZoneOp>(api, dnsZoneRoutes.resetDnsZone, { params: { guid: domain } });
export const getDnsZone = (api: Api, domain: string) => call<typeof getDnsZoneOp>(api, dnsZoneRoutes.getDnsZone, { params: { guid: domain } });
export const addDnsRecord = (api: Api, domain: string, body: DnsRecordCreate) => call<typeof addDnsRecordOp>(api, dnsZoneRoutes.addDnsRecord, { params: { guid: domain }, body });
export const updateDnsRecord = (api: Api, domain: string, body: DnsRecordUpdate) =>
  call<typeof updateDnsRecordOp>(api, dnsZoneRoutes.updateDnsRecord, { params: { guid: domain }, body });
/** `name` '@' is the domain itself; for NS it is the value of the record to delete (spec part 2, 7.4). */
export const deleteDnsRecord = (api: Api, domain: string, type: ZoneType, name: string) =>
  call<typeof deleteDnsRecordOp>(api, dnsZoneRoutes.deleteDnsRecord, { params: { guid: domain, type, name: name || '@' } });
export const zoneHistory = (api: Api, domain: string, query: { page?: number; per_page?: number } = {}) =>
  call<typeof zoneHistoryOp>(api, dnsZoneRoutes.zoneHistory, { params: { guid: domain }, query });
export const restoreDnsZone = (api: Api, domain: string, version: number) =>
  call<typeof restoreDnsZoneOp>(api, dnsZoneRoutes.restoreDnsZone, { params: { guid: domain, version } });
/** The zone as a BIND zone file. */
export const exportZoneFile = (api: Api, domain: string) => api.download(fillPath(dnsZoneRoutes.exportZoneFile.path, { guid: domain }));
export const importZoneFile = (api: Api, domain: string, body: ZoneImport) => call<typeof importZoneFileOp>(api, dnsZoneRoutes.importZoneFile, { params: { guid: domain }, body });
