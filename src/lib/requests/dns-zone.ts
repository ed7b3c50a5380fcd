import type { Api } from '../api/client';
import { call } from '../api/send';
import type { resetDnsZoneOp } from '../api/dns-zone';

/** Where each call of this area lives: written once here, spread into its definition in ../api/dns-zone.ts. */
export const dnsZoneRoutes = {
  resetDnsZone: { id: 'domains.dns_zone.reset', method: 'post', path: '/domains/{guid}/dns_zone/reset/' },
} as const;

export const resetDnsZone = (api: Api, domain: string) => call<typeof resetDnsZoneOp>(api, dnsZoneRoutes.resetDnsZone, { params: { guid: domain } });
