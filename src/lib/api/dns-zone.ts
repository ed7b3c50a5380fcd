import { z } from 'zod';
import { dnsZoneRoutes } from '../requests/dns-zone';
import { defineOperation, guidParam, pageOf } from './define';
import { dnsRecordCreateSchema, dnsRecordUpdateSchema, zoneImportSchema, ZONE_TYPES } from '../schemas/dns';
import { pagingSchema } from '../schemas/lists';
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

const recordSet = z.object({ name: z.string(), records: z.array(z.string()), ttl: z.number().int() });
const soa = z.object({
  nameserver: z.string(),
  email: z.string(),
  serial: z.number().int(),
  refresh: z.number().int(),
  retry: z.number().int(),
  expiry: z.number().int(),
  ttl: z.number().int(),
});

/** A zone as the DNS Zone panel shows it (spec part 2, 2.6 and 3 "DNS zone"). */
export const dnsZone = z
  .object({
    domain: z.string(),
    /** INTERNAL (served by the provider's nameservers) or EXTERNAL (flagged in the panel). */
    dns_type: z.string(),
    status: z.string(),
    records: z.object({ SOA: soa, NS: z.array(recordSet), A: z.array(recordSet), CNAME: z.array(recordSet), MX: z.array(recordSet), TXT: z.array(recordSet) }),
  })
  .meta({ id: 'DnsZone' });
export type DnsZone = z.infer<typeof dnsZone>;

const params = z.object({ guid: guidParam });
const notFound = 'Domain not found.';
const changed = z.object({ message: z.string(), zone: dnsZone });

export const getDnsZoneOp = defineOperation({
  ...dnsZoneRoutes.getDnsZone,
  area: 'domains',
  summary: "The domain's DNS zone",
  params,
  answer: dnsZone,
  scopes: ['can_view_domains'],
  notFound,
});

export const addDnsRecordOp = defineOperation({
  ...dnsZoneRoutes.addDnsRecord,
  area: 'domains',
  summary: 'Adds a record set (values one a row) to the zone',
  params,
  body: dnsRecordCreateSchema,
  answer: changed,
  status: 201,
  scopes: ['can_view_domains', 'can_add_domain_dns_zone_records'],
  notFound,
});

export const updateDnsRecordOp = defineOperation({
  ...dnsZoneRoutes.updateDnsRecord,
  area: 'domains',
  summary: 'Changes a record set, found by its type and old_name (or the SOA)',
  params,
  body: dnsRecordUpdateSchema,
  answer: changed,
  scopes: ['can_view_domains', 'can_edit_domain_dns_zone_records'],
  notFound,
});

export const deleteDnsRecordOp = defineOperation({
  ...dnsZoneRoutes.deleteDnsRecord,
  area: 'domains',
  summary: "Deletes a record set ('@' is the domain itself; for NS the name is the record's value)",
  params: z.object({ guid: guidParam, type: z.enum(ZONE_TYPES), name: z.string().min(1).max(253) }),
  answer: changed,
  scopes: ['can_view_domains', 'can_delete_domain_dns_zone_records'],
  notFound: 'DNS record not found.',
});

export const zoneVersion = z
  .object({
    version: z.number().int(),
    serial: z.number().int(),
    summary: z.string(),
    changed_by: z.object({ name: z.string(), email: z.string() }).nullable(),
    date_created: z.iso.datetime(),
    /** Against the version before it. */
    diff: z.object({ removed: z.array(z.string()), added: z.array(z.string()) }),
  })
  .meta({ id: 'DnsZoneVersion' });
export type ZoneVersion = z.infer<typeof zoneVersion>;

/** The zone's history, newest first (a decided extra: issue 8 "History of every DNS zone"). */
export const zoneHistoryOp = defineOperation({
  ...dnsZoneRoutes.zoneHistory,
  area: 'domains',
  summary: "The zone's versions, newest first, each with who made it and its diff",
  params,
  query: pagingSchema(100),
  answer: pageOf(zoneVersion),
  scopes: ['can_view_domains'],
  notFound,
});

export const restoreDnsZoneOp = defineOperation({
  ...dnsZoneRoutes.restoreDnsZone,
  area: 'domains',
  summary: 'Restores an earlier version of the zone, as a change of its own',
  params: z.object({ guid: guidParam, version: z.coerce.number().int().min(1) }),
  answer: changed,
  scopes: ['can_view_domains', 'can_edit_domain_dns_zone_records'],
  notFound: 'Version not found.',
});

/** The zone as a BIND zone file (a decided extra: issue 8 "zones import and export as BIND zone files"). */
export const exportZoneFileOp = defineOperation({
  ...dnsZoneRoutes.exportZoneFile,
  area: 'domains',
  summary: 'The zone as a BIND zone file',
  params,
  answer: 'file',
  scopes: ['can_view_domains'],
  notFound,
});

/** A BIND zone file: what it would change (and each bad line), then, with `apply`, the change as one version. */
export const importZoneFileOp = defineOperation({
  ...dnsZoneRoutes.importZoneFile,
  area: 'domains',
  summary: 'Previews or applies a BIND zone file',
  params,
  body: zoneImportSchema,
  answer: z.object({
    message: z.string().nullable(),
    records: z.number().int(),
    added: z.array(z.string()),
    removed: z.array(z.string()),
    errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
    zone: dnsZone.nullable(),
  }),
  scopes: ['can_view_domains', 'can_edit_domain_dns_zone_records'],
  notFound,
});
