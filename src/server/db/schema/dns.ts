import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, guidPk, ts } from './columns';
import { domains } from './domains';
import { companyGuid, userRef } from './refs';

/** A domain's zone, with its SOA inline (exactly one per zone, edited as one record). */
export const dnsZones = pgTable(
  'dns_zones',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    domainGuid: uuid('domain_guid')
      .notNull()
      .references(() => domains.guid, { onDelete: 'cascade' }),
    /** INTERNAL (served by the provider) or EXTERNAL (flagged in the panel). */
    dnsType: text('dns_type').notNull().default('INTERNAL'),
    /** PENDING until provisioned ('DNS zone is not available, yet!'), then ACTIVE. */
    status: text('status').notNull().default('PENDING'),
    soaNameserver: text('soa_nameserver').notNull(),
    soaEmail: text('soa_email').notNull(),
    soaSerial: bigint('soa_serial', { mode: 'number' }).notNull(),
    soaRefresh: integer('soa_refresh').notNull().default(86400),
    soaRetry: integer('soa_retry').notNull().default(7200),
    soaExpiry: integer('soa_expiry').notNull().default(3600000),
    soaTtl: integer('soa_ttl').notNull().default(3600),
    dateUpdated: ts('date_updated'),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('dns_zones_domain_key').on(t.domainGuid), index('dns_zones_company_idx').on(t.companyGuid)],
);

/**
 * One value per row; the API groups rows of the same type and name into one record with a
 * list of values. Names are relative to the zone ('' is the root).
 *
 * Two rules of DNS data hold here whatever writes the rows: a record set holds a value once
 * (RFC 2181, 5: the same record twice is one), and a name holds one CNAME (RFC 2181, 10.1).
 * Names compare without case, as DNS compares them; the value by its md5, as a TXT value of
 * 2048 characters can outgrow what a btree index entry may hold. That a type has one set at a
 * name, and that a CNAME stands alone, span rows of several values or types: a change checks
 * them under its zone's lock (src/server/services/dns-zones.ts changeZone).
 */
export const dnsRecords = pgTable(
  'dns_records',
  {
    guid: guidPk(),
    zoneGuid: uuid('zone_guid')
      .notNull()
      .references(() => dnsZones.guid, { onDelete: 'cascade' }),
    /** NS, A, AAAA, CNAME, MX, TXT. */
    type: text('type').notNull(),
    name: text('name').notNull().default(''),
    value: text('value').notNull(),
    ttl: integer('ttl').notNull().default(3600),
    position: integer('position').notNull().default(0),
    dateCreated: createdAt(),
  },
  (t) => [
    index('dns_records_zone_idx').on(t.zoneGuid, t.type, t.name),
    uniqueIndex('dns_records_record_key').on(t.zoneGuid, t.type, sql`lower(${t.name})`, sql`md5(${t.value})`),
    uniqueIndex('dns_records_cname_key').on(t.zoneGuid, sql`lower(${t.name})`).where(sql`${t.type} = 'CNAME'`),
  ],
);

/** A zone as it stood after one change: its SOA and its records, one value per entry. */
export interface ZoneSnapshot {
  soa: { nameserver: string; email: string; serial: number; refresh: number; retry: number; expiry: number; ttl: number };
  records: { type: string; name: string; value: string; ttl: number }[];
}

/**
 * The history of a zone: the whole zone after each change (record added, edited or deleted,
 * reset, import, restore), numbered per zone, with who made it and a one-line summary. A diff
 * is worked out between consecutive versions; restoring writes the old snapshot back as a
 * change of its own.
 */
export const dnsZoneVersions = pgTable(
  'dns_zone_versions',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    zoneGuid: uuid('zone_guid')
      .notNull()
      .references(() => dnsZones.guid, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    serial: bigint('serial', { mode: 'number' }).notNull(),
    snapshot: jsonb('snapshot').$type<ZoneSnapshot>().notNull(),
    summary: text('summary').notNull(),
    changedBy: userRef('changed_by'),
    dateCreated: createdAt(),
  },
  (t) => [uniqueIndex('dns_zone_versions_zone_version_key').on(t.zoneGuid, t.version)],
);
