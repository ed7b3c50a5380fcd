import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { companies, domainGroups, hostingAccounts, ipGroups, orders } from '../db/schema/index';
import { PREFIXES, TLDS, TOPICS } from './names';
import { PLACES, SLOT_CENTS, toEur } from './places';

export interface BulkCounts {
  ipAddresses?: number;
  domains?: number;
}

/** Bulk addresses live in 5.0.0.0-63.255.255.255; the hand-made demo data stays above it. */
const BULK_FIRST = 5 * 2 ** 24;
const BULK_END = 64 * 2 ** 24;
/** Rows per INSERT ... SELECT: big enough to be fast, small enough to keep memory flat. */
const CHUNK = 25_000;

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Adds volume to a company: addresses in an IP group named "Bulk" and domains in a domain
 * group named "Bulk", generated inside PostgreSQL (generate_series) so 100,000 rows take
 * seconds. Safe to call again: addresses continue after the last bulk one, names after the
 * last bulk domain.
 */
export async function seedBulk(db: Db, companyGuid: string, counts: BulkCounts): Promise<{ ipAddresses: number; domains: number }> {
  const wantIps = Math.max(0, Math.floor(counts.ipAddresses ?? 0));
  const wantDomains = Math.max(0, Math.floor(counts.domains ?? 0));
  if (wantIps === 0 && wantDomains === 0) return { ipAddresses: 0, domains: 0 };
  return db.transaction(async (tx) => {
    const now = new Date();
    const [company] = await tx.select({ currency: companies.currency }).from(companies).where(eq(companies.guid, companyGuid));
    if (!company) throw new Error(`No company ${companyGuid}: seedBulk adds rows to an existing company.`);
    const [hosting] = await tx
      .select({ guid: hostingAccounts.guid })
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, companyGuid), eq(hostingAccounts.accountType, 'SHARED_HOSTING'), eq(hostingAccounts.status, 'ACTIVE')))
      .orderBy(asc(hostingAccounts.dateCreated))
      .limit(1);
    const ipGroup = await findOrCreate(tx, ipGroups, companyGuid, () => tx.insert(ipGroups).values({ companyGuid, name: 'Bulk' }).returning({ guid: ipGroups.guid }));
    const domainGroup = await findOrCreate(tx, domainGroups, companyGuid, () =>
      tx
        .insert(domainGroups)
        .values({ companyGuid, name: 'Bulk', defaultHostingAccountGuid: hosting?.guid ?? null })
        .returning({ guid: domainGroups.guid }),
    );

    let ipCount = 0;
    if (wantIps > 0) {
      const [order] = await tx
        .insert(orders)
        .values({
          companyGuid,
          orderType: 'IP_ADDRESS_HOSTING',
          status: 'ACTIVE',
          billingCycle: 'MONTHLY',
          ipGroupGuid: ipGroup,
          currency: company.currency,
          dateActivated: now,
          dateNextInvoice: new Date(now.getTime() + 30 * 86_400_000),
        })
        .returning({ id: orders.id });
      const maxRow = await tx.execute(sql`select max(ip_numeric)::text as max from ip_addresses where ip_numeric >= ${BULK_FIRST} and ip_numeric < ${BULK_END}`);
      const max = rowsOf<{ max: string | null }>(maxRow)[0]?.max;
      // Start on a fresh /24 after the last bulk address.
      const base = max ? (Math.floor(Number(max) / 256) + 1) * 256 : BULK_FIRST;
      if (base + Math.ceil(wantIps / 254) * 256 > BULK_END) throw new Error('The bulk address range (5.0.0.0/8 to 63.255.255.255) is full.');
      const eur = company.currency === 'EUR';
      for (let from = 0; from < wantIps; from += CHUNK) {
        const to = Math.min(wantIps, from + CHUNK) - 1;
        await tx.execute(sql`
          insert into ip_addresses (company_guid, group_guid, ip_address, ip_address_type, status, http_version, country, country_code,
            city, location_guid, domains_allowed, signature_guid, order_id, ip_cost_cents, slot_cost_cents, currency, date_created)
          select ${companyGuid}, ${ipGroup},
            host('0.0.0.0'::inet + (${base}::bigint + (g / 254) * 256 + (g % 254) + 1)),
            case when g % 10 = 9 then 'SHARED' else 'DEDICATED' end,
            'ACTIVE',
            case when g % 10 <> 9 and g % 3 = 0 then 2 else 1 end,
            (${textArray(PLACES.map((p) => p.country))})[1 + g % ${PLACES.length}],
            (${textArray(PLACES.map((p) => p.countryCode))})[1 + g % ${PLACES.length}],
            (${textArray(PLACES.map((p) => p.city))})[1 + g % ${PLACES.length}],
            (select guid from marketplace_locations m where m.hash = (${textArray(PLACES.map((p) => p.hash))})[1 + g % ${PLACES.length}]),
            case when g % 10 = 9 then 1 else (array[1, 1, 2, 3, 5, 10])[1 + g % 6] end,
            sig.guids[1 + g % greatest(sig.n, 1)],
            ${order!.id},
            case when g % 10 = 9 then ${eur ? toEur(100) : 100}
              else (${sql.raw(`array[${PLACES.map((p) => (eur ? toEur(p.dedicatedCents) : p.dedicatedCents)).join(', ')}]`)})[1 + g % ${PLACES.length}] end,
            case when g % 10 = 9 then 0 else ${eur ? toEur(SLOT_CENTS) : SLOT_CENTS} end,
            ${company.currency},
            ${now.toISOString()}::timestamptz - (g % 365) * interval '1 day'
          from generate_series(${from}::int, ${to}::int) as g,
            (select array_agg(guid order by position) as guids, count(*)::int as n from signatures) as sig`);
      }
      await tx
        .update(orders)
        .set({ monthlyCostCents: sql`(select coalesce(sum(monthly_cost_cents), 0) from ip_addresses where order_id = ${order!.id})` })
        .where(eq(orders.id, order!.id));
      ipCount = wantIps;
    }

    let domainCount = 0;
    if (wantDomains > 0) {
      const counted = await tx.execute(sql`select count(*)::int as n from domains where group_guid = ${domainGroup}`);
      const existing = rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
      for (let from = existing; from < existing + wantDomains; from += CHUNK) {
        const to = Math.min(existing + wantDomains, from + CHUNK) - 1;
        const inserted = await tx.execute(sql`
          with ips as (
            select guid, ip_address, (row_number() over (order by ip_numeric) - 1) as rn from ip_addresses
            where company_guid = ${companyGuid} and group_guid = ${ipGroup} and status = 'ACTIVE' and ip_address_type = 'DEDICATED'
          ), n as (select nullif(count(*), 0) as c from ips)
          insert into domains (company_guid, group_guid, domain, status, hosting_type, ip_address_guid, hosting_account_guid, is_in_cpanel,
            ssl_status, ssl_certificate_type, redirect_to_https, cache_enabled, date_whois_checked, whois_expires,
            date_metrics_checked, tf, da, date_health_checked, is_nxdomain, is_expired, is_cloudflare, resolved_ip_address, date_created)
          select ${companyGuid}, ${domainGroup},
            ${bulkName()},
            'ACTIVE', 'ADDON_DOMAIN', ips.guid, ${hosting?.guid ?? null}::uuid, ${Boolean(hosting)},
            case when g % 4 = 0 then null else 'ACTIVE' end,
            case when g % 4 = 0 then null else 'LETS_ENCRYPT' end,
            g % 4 <> 0 and g % 3 = 0,
            g % 5 = 0,
            ${now.toISOString()}::timestamptz - interval '1 day',
            ${now.toISOString()}::timestamptz + ((g * 37) % 760 - 30) * interval '1 day',
            ${now.toISOString()}::timestamptz - interval '2 days',
            (g * 7) % 46, (g * 11) % 61,
            ${now.toISOString()}::timestamptz - interval '3 hours',
            g % 50 = 7, (g * 37) % 760 < 30, g % 40 = 9,
            ips.ip_address,
            ${now.toISOString()}::timestamptz - (g % 400) * interval '1 day'
          from generate_series(${from}::int, ${to}::int) as g
          left join ips on ips.rn = g % (select c from n)
          on conflict do nothing`);
        domainCount += affected(inserted);
      }
    }
    return { ipAddresses: ipCount, domains: domainCount };
  });
}

/** 'green-garden.com', 'urban-kitchen7.io': one name per g, never a hand-made demo name (those have no hyphen). */
function bulkName(): SQL {
  const p = PREFIXES.length;
  const t = TOPICS.length;
  return sql`(${textArray(PREFIXES)})[1 + g % ${p}] || '-' || (${textArray(TOPICS)})[1 + (g / ${p}) % ${t}]
    || case when g >= ${p * t} then (g / ${p * t})::text else '' end || '.' || (${textArray(TLDS)})[1 + (g / 7) % ${TLDS.length}]`;
}

async function findOrCreate(tx: Db, table: typeof ipGroups | typeof domainGroups, companyGuid: string, create: () => Promise<{ guid: string }[]>) {
  const [found] = await tx
    .select({ guid: table.guid })
    .from(table)
    .where(and(eq(table.companyGuid, companyGuid), eq(table.name, 'Bulk')))
    .limit(1);
  if (found) return found.guid;
  const [made] = await create();
  return made!.guid;
}

/** node-postgres and PGlite answer execute() in slightly different shapes. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.affectedRows ?? r.rowCount ?? 0;
}
