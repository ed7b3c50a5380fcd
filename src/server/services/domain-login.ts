import { eq } from 'drizzle-orm';
import type { CompanyContext, ServerDeps } from '../context';
import { domains, hostingAccounts, softwareInstallations } from '../db/schema/index';
import { problem } from '../http/errors';
import { needsActive, type DomainRef } from './domain-access';
import { createLoginLink, LOGIN_PATH_PREFIX } from './login-links';
import { softwareNotInstalled } from './software-refusals';

/** Automatic sign-in (spec part 2, 2.3 "Software column", 7.2): one-time links the panel opens in a new window. */

/** Spec part 2, section 8: said when automatic sign-in cannot be offered. */
export const AUTOMATIC_LOGIN_NOT_ALLOWED = 'Automatic login not allowed!';

/** The link on the HTTP edge, under the domain's own name (README "The HTTP edge": how a browser reaches it). */
function edgeLink(deps: ServerDeps, domain: string, token: string): string {
  if (!deps.edge) throw problem(503, 'The sites are not being served at the moment, so there is nothing to sign in to.', { code: 'edge_down' });
  const port = deps.edge.port === 80 ? '' : `:${deps.edge.port}`;
  return `http://${domain}${port}${LOGIN_PATH_PREFIX}${token}`;
}

/** A link that signs in to the admin of the domain's ACTIVE installation, one the provider installed. */
export async function softwareLoginLink(deps: ServerDeps, company: CompanyContext, d: DomainRef): Promise<string> {
  const { db, now } = deps;
  needsActive(d);
  const [row] = await db.select().from(softwareInstallations).where(eq(softwareInstallations.domainGuid, d.guid));
  if (row?.status !== 'ACTIVE') throw softwareNotInstalled();
  // An imported installation's admin is not known to the provider, so nobody can be signed in as it.
  if (row.isImported || !row.adminUsername) throw problem(409, AUTOMATIC_LOGIN_NOT_ALLOWED, { code: 'login_not_allowed' });
  const token = await createLoginLink(db, { companyGuid: company.guid, domainGuid: d.guid, kind: 'SOFTWARE', username: row.adminUsername }, now());
  return edgeLink(deps, d.domain, token);
}

/** A link that signs in to the cPanel of the domain's hosting account. */
export async function cpanelLoginLink(deps: ServerDeps, company: CompanyContext, d: DomainRef): Promise<string> {
  const { db, now } = deps;
  needsActive(d);
  const [account] = await db
    .select({ type: hostingAccounts.accountType, status: hostingAccounts.status, username: hostingAccounts.username, created: hostingAccounts.isCreated })
    .from(domains)
    .innerJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    .where(eq(domains.guid, d.guid));
  // Only an ACTIVE shared hosting account that exists has a control panel of ours; a custom host's is elsewhere.
  if (account?.type !== 'SHARED_HOSTING' || account.status !== 'ACTIVE' || !account.created || !account.username) {
    throw problem(409, AUTOMATIC_LOGIN_NOT_ALLOWED, { code: 'login_not_allowed' });
  }
  const token = await createLoginLink(db, { companyGuid: company.guid, domainGuid: d.guid, kind: 'CPANEL', username: account.username }, now());
  return edgeLink(deps, d.domain, token);
}
