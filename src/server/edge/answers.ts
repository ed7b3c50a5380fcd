import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { FirewallDecision } from '../../lib/firewall';
import type { Db } from '../db/connection';
import { domains, hostingAccounts } from '../db/schema/index';
import { LOGIN_PATH_PREFIX, useLoginLink } from '../services/login-links';
import { controlPanelPage, limitedPage, linkUsedPage, rejectedPage, softwareAdminPage } from './pages';
import { matchRedirect, metaRedirect, type EdgeRequest } from './rules';
import type { Site } from './site';
import type { ServedSite } from './site-index';

/** What the edge answers a request with (./server.ts), and how it is written. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

const HTML = { 'Content-Type': 'text/html; charset=utf-8' };
export const html = (status: number, body: string | Buffer): Answer => ({ status, headers: HTML, body });
const redirect = (status: number, location: string): Answer => ({
  status,
  headers: { Location: location, 'Content-Type': 'text/plain; charset=utf-8' },
  body: `Redirecting to ${location}\n`,
});

/** What the firewall's decision answers before anything else; null lets the request on. */
function firewallAnswer(decision: FirewallDecision, host: string): Answer | null {
  switch (decision.action) {
    case 'REJECT':
      return html(403, rejectedPage(host));
    case 'REDIRECT':
      return redirect(decision.status, decision.destination);
    case 'LIMITED': {
      const answer = html(429, limitedPage(host, decision.retryAfterSeconds));
      return { ...answer, headers: { ...answer.headers, 'Retry-After': String(decision.retryAfterSeconds) } };
    }
    case 'ALLOW':
      return null;
  }
}

export async function answerFor(db: Db, served: ServedSite, site: Site, request: EdgeRequest, decision: FirewallDecision, now: Date): Promise<Answer> {
  const blocked = firewallAnswer(decision, request.host);
  if (blocked) return blocked;

  // A sign-in link opens before the HTTPS and www toggles: the edge itself speaks plain HTTP on its name.
  if (request.path.startsWith(LOGIN_PATH_PREFIX)) return html(...(await signInPage(db, site, request.path.slice(LOGIN_PATH_PREFIX.length).split('?')[0] ?? '', now)));

  const toggled = metaRedirect(site, request);
  if (toggled) return redirect(301, toggled);
  const matched = matchRedirect(served.redirects, request.path);
  if (matched) return redirect(matched.responseCode, matched.destination);
  return html(200, served.page);
}

/** A one-time sign-in link (src/server/services/login-links.ts): the software's admin or the account's control panel. */
async function signInPage(db: Db, site: Site, token: string, now: Date): Promise<[number, string]> {
  const link = await useLoginLink(db, token, site.guid, now);
  if (!link) return [403, linkUsedPage()];
  if (link.kind === 'SOFTWARE') return site.software ? [200, softwareAdminPage(site, site.software, link.username)] : [403, linkUsedPage()];
  const [account] = await db
    .select({ guid: hostingAccounts.guid, name: hostingAccounts.name })
    .from(domains)
    .innerJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    .where(eq(domains.guid, site.guid));
  if (!account) return [403, linkUsedPage()];
  const onAccount = await db.select({ domain: domains.domain }).from(domains).where(eq(domains.hostingAccountGuid, account.guid)).orderBy(domains.domain).limit(500);
  return [
    200,
    controlPanelPage(
      account,
      link.username,
      onAccount.map((d) => d.domain),
    ),
  ];
}

/** Answers sent with every page: no sniffing, no caching (a switch must apply at the next request). */
const ALWAYS = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };

/** Writes the answer (no body for HEAD) and returns the bytes of its body. */
export function send(req: IncomingMessage, res: ServerResponse, answer: Answer): number {
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
  res.writeHead(answer.status, { ...answer.headers, 'Content-Length': String(body.byteLength), ...ALWAYS });
  res.end(req.method === 'HEAD' ? undefined : body);
  return req.method === 'HEAD' ? 0 : body.byteLength;
}
