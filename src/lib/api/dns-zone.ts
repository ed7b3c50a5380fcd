import { z } from 'zod';
import { dnsZoneRoutes } from '../requests/dns-zone';
import { defineOperation, guidParam } from './define';
import { task } from './tasks';

/** A domain's DNS zone (spec part 2, 2.6 DNS zone panel and 7.4). */

/** Spec part 2, 8: the panel's words for a zone that is not provisioned. */
export const DNS_ZONE_UNAVAILABLE = 'DNS zone is not available, yet!';
/** Spec part 2, 8: the success toast of the reset. */
export const DNS_ZONE_RESET_DONE = 'DNS zone successfully reset!';

export const dnsZoneResetAnswer = z.object({ message: z.string(), task }).meta({ id: 'DnsZoneReset' });
export type DnsZoneResetAnswer = z.infer<typeof dnsZoneResetAnswer>;

/**
 * Restores the zone's SOA and records to the provider's defaults, as a task (its items are the
 * steps); a reset asked while one is still running answers that one.
 */
export const resetDnsZoneOp = defineOperation({
  ...dnsZoneRoutes.resetDnsZone,
  area: 'domains',
  summary: "Resets the domain's DNS zone to its defaults (a task)",
  params: z.object({ guid: guidParam }),
  answer: dnsZoneResetAnswer,
  scopes: ['can_reset_domain_dns_zone'],
  notFound: 'Domain not found.',
});

