import { eq } from 'drizzle-orm';
import { sessionTokens } from '../db/schema/index';
import { preparedStatement } from '../db/prepared';
import type { CompanyContext, ServerDeps, Viewer } from '../context';
import { isGuid } from '../../lib/schemas/ids';
import { hashToken } from './tokens';
import { apiKeyRefusal } from './api-key-policy';

export interface ResolvedViewer {
  viewer: Viewer;
  /** The company the request acts for, or null with the reason. */
  company: CompanyContext | null;
  /** The company the request named (the header, or an API key's own), if any. */
  requested: string | null;
}

/** The row behind a token, as resolved and as the viewer cache keeps it. */
export interface ViewerRow {
  session_guid: string;
  kind: string;
  key_company: string | null;
  expires_at: Date | null;
  last_used_at: Date;
  user_guid: string;
  email: string;
  first_name: string;
  last_name: string;
  is_customer: boolean;
  user_kind: string;
  membership_guid: string | null;
  company_guid: string | null;
  account_type: string | null;
  user_type: string | null;
  permissions: string[] | null;
  allowed_ip_groups: string[] | null;
  allowed_domain_groups: string[] | null;
  allowed_hosting_accounts: string[] | null;
  allowed_software_presets: string[] | null;
  company_name: string | null;
  last_ip_address: string | null;
  key_allowed_ip_addresses: string[] | null;
  key_expires: Date | null;
}

/**
 * Behind every signed-in request, so it is planned once: the session, its user and the
 * membership that applies ($2, the `Company` header; else an API key's own company; else the
 * default company, else the oldest membership), with only the columns a request needs.
 */
const resolveStatement = preparedStatement<ViewerRow>(
  'hostdeck_resolve_viewer',
  `select s.guid as session_guid, s.kind, s.company_guid as key_company, s.expires_at, s.last_used_at,
     u.guid as user_guid, u.email, u.first_name, u.last_name, u.is_customer, u.user_kind,
     m.guid as membership_guid, m.company_guid, m.account_type, m.user_type, m.permissions,
     m.allowed_ip_groups, m.allowed_domain_groups, m.allowed_hosting_accounts, m.allowed_software_presets,
     c.name as company_name, s.ip_address as last_ip_address,
     k.allowed_ip_addresses as key_allowed_ip_addresses, k.date_expires as key_expires
   from session_tokens s
   join users u on u.guid = s.user_guid
   left join memberships m on m.user_guid = u.guid and m.status = 'ACTIVE'
     and case when $2::uuid is null then (s.company_guid is null or m.company_guid = s.company_guid) else m.company_guid = $2::uuid end
   left join companies c on c.guid = m.company_guid
   left join api_keys k on s.kind = 'API_KEY' and k.user_guid = s.user_guid
   where s.token_hash = $1 and s.revoked_at is null
   order by (m.company_guid = u.default_company_guid) desc nulls last, m.date_created asc
   limit 1`,
  ['text', 'uuid'],
);

/**
 * The viewer behind a token and the company of the request: the session, its user and the
 * membership that applies (the `Company` header's, else the default company's, else the
 * oldest). Read with one query and then kept by `deps.viewers` until the database announces a
 * change to any of them (src/server/auth/viewer-cache.ts), so a revoked token or a removed
 * permission stops working on the next request, and a request repeating a token asks the
 * database nothing. The session's idle clock is written at most once a minute. Null when the
 * token is unknown, revoked, expired or idle too long.
 */
export async function resolveViewer(
  deps: Pick<ServerDeps, 'db' | 'viewers' | 'config'>,
  token: string,
  companyHeader: string | null,
  now: Date,
  clientIp?: string,
): Promise<ResolvedViewer | null> {
  const { db, viewers, config } = deps;
  const hash = hashToken(token);
  const named = companyHeader && isGuid(companyHeader) ? companyHeader.toLowerCase() : null;
  // Keyed by what the header can name (a guid, or no company): any other text gives the same
  // row, and must not let one token fill the cache with long headers.
  const key = `${hash} ${named ?? (companyHeader ? '-' : '')}`;
  let row = viewers.get(key);
  // Another server may have seen the session since: only the database may say it is idle.
  if (row && !isLive(row, now, config.sessionIdleMinutes)) {
    viewers.delete(key);
    row = undefined;
  }
  if (!row) {
    const snapshot = viewers.snapshot();
    // A header that is not a guid names no company; it must not reach a uuid column.
    const [found] = await resolveStatement(db, [hash, named]);
    if (!found) return null;
    row = companyHeader && !named ? { ...found, membership_guid: null } : found;
    if (!isLive(row, now, config.sessionIdleMinutes)) return null;
    viewers.set(key, row, snapshot);
  }
  if (row.kind === 'SESSION') {
    // Writing on every request would cost a round trip each time; a minute's precision is enough.
    if (now.getTime() - row.last_used_at.getTime() > 60_000) {
      await db.update(sessionTokens).set({ lastUsedAt: now }).where(eq(sessionTokens.guid, row.session_guid));
      row.last_used_at = now;
    }
  } else {
    // An API key: its expiry and its allowlist (spec part 3, 2.9 API Keys; docs/decisions.md).
    const refusal = apiKeyRefusal({ expires: row.key_expires, allowed: row.key_allowed_ip_addresses ?? [] }, clientIp, now);
    if (refusal) throw refusal;
    // The last use as the key list shows it: the clock to the minute, as sessions keep theirs, and a new address at once.
    if (now.getTime() - row.last_used_at.getTime() > 60_000 || (clientIp && clientIp !== row.last_ip_address)) {
      await db
        .update(sessionTokens)
        .set({ lastUsedAt: now, ipAddress: clientIp ?? null })
        .where(eq(sessionTokens.guid, row.session_guid));
      row.last_used_at = now;
      row.last_ip_address = clientIp ?? null;
    }
  }
  const viewer: Viewer = {
    userGuid: row.user_guid,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isCustomer: row.is_customer,
    userKind: row.user_kind,
    sessionGuid: row.session_guid,
    sessionKind: row.kind === 'API_KEY' ? 'API_KEY' : 'SESSION',
    keyCompanyGuid: row.key_company,
  };
  const company: CompanyContext | null =
    row.membership_guid && row.company_guid && row.company_name !== null
      ? {
          guid: row.company_guid,
          name: row.company_name,
          membershipGuid: row.membership_guid,
          accountType: row.account_type!,
          userType: row.user_type!,
          permissions: new Set(row.permissions ?? []),
          allowedIpGroups: row.allowed_ip_groups ?? [],
          allowedDomainGroups: row.allowed_domain_groups ?? [],
          allowedHostingAccounts: row.allowed_hosting_accounts ?? [],
          allowedSoftwarePresets: row.allowed_software_presets ?? [],
        }
      : null;
  return { viewer, company, requested: companyHeader || row.key_company };
}

/** Not expired, and (a sign-in session) used within the idle time. */
function isLive(row: ViewerRow, now: Date, idleMinutes: number): boolean {
  if (row.expires_at && row.expires_at <= now) return false;
  return row.kind !== 'SESSION' || row.last_used_at.getTime() + idleMinutes * 60_000 > now.getTime();
}
