import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../db/connection';
import { eq } from 'drizzle-orm';
import { normalizePath, splitTarget, type FirewallDecision } from '../../lib/firewall';
import { createFirewall, warmFirewallData, type Firewall } from './decide';
import { domains, hostingAccounts } from '../db/schema/index';
import { LOGIN_PATH_PREFIX, useLoginLink } from '../services/login-links';
import { badPathPage, controlPanelPage, limitedPage, linkUsedPage, noSitePage, placeholderPage, rejectedPage, softwareAdminPage, softwarePage } from './pages';
import { createRecorder, type Recorder } from './recorder';
import { matchRedirect, metaRedirect, type EdgeRequest } from './rules';
import { activeRedirects, findSite, hostName, type Site } from './site';
import { challengeAnswer } from './acme-challenge';
import { createCertificateContexts, hstsHeader, listenTls, portOf, requestScheme, type Scheme } from './https';

/**
 * The HTTP edge (issue 8 "An HTTP edge", DESIGN "The reference API's real parts"): serves every
 * ACTIVE domain and subdomain by its Host header, in this order: the firewall's decision
 * (./decide.ts), the HTTPS and www toggles, the ACTIVE URL redirects, then the page (the
 * installed software's start page, else the placeholder). It speaks HTTP on its port and, with
 * a TLS port, HTTPS with each domain's issued certificate (./https.ts); before all of it, the
 * ACME HTTP-01 challenges of pending certificate orders (./acme-challenge.ts). Each answer for
 * a domain is recorded, with what the firewall read and decided (issue 9), the requests it
 * turned away too.
 */
export interface EdgeHandle {
  /** The port it listens on (the one chosen when asked for 0). */
  readonly port: number;
  /** The HTTPS port, when it listens on one. */
  readonly tlsPort: number | null;
  /** Writes the requests recorded so far. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface EdgeOptions {
  port: number;
  host: string;
  /** The HTTPS port (EDGE_TLS_PORT; 0: a free one); none when absent or null. */
  tlsPort?: number | null;
  /** Believe X-Forwarded-For for the visitor's address and X-Forwarded-Proto for the scheme (TRUST_PROXY=1). */
  trustProxy?: boolean;
  /** How long a site's firewall rules are reused before they are read again (default 2 s). */
  firewallCacheMs?: number;
  log?: (message: string) => void;
}

/**
 * EDGE_PORT (0: a free one), EDGE_TLS_PORT (unset: no HTTPS; 0: a free one) and EDGE_HOST,
 * documented in README "Configuration".
 */
export const DEFAULT_EDGE_PORT = 4380;
export function edgeOptionsFromEnv(env = process.env): EdgeOptions {
  const port = env.EDGE_PORT !== undefined && env.EDGE_PORT !== '' ? Number(env.EDGE_PORT) : DEFAULT_EDGE_PORT;
  const tlsPort = env.EDGE_TLS_PORT !== undefined && env.EDGE_TLS_PORT !== '' ? Number(env.EDGE_TLS_PORT) : null;
  return {
    port: Number.isInteger(port) && port >= 0 ? port : DEFAULT_EDGE_PORT,
    tlsPort: tlsPort !== null && Number.isInteger(tlsPort) && tlsPort >= 0 ? tlsPort : null,
    host: env.EDGE_HOST || '127.0.0.1',
    trustProxy: env.TRUST_PROXY === '1',
  };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const html = (status: number, body: string): Answer => ({ status, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body });
const redirect = (status: number, location: string): Answer => ({ status, headers: { Location: location, 'Content-Type': 'text/plain; charset=utf-8' }, body: `Redirecting to ${location}\n` });

/**
 * The request target with its path normalised (`normalizePath`, issue 33), the query as sent:
 * what the firewall, the request log and the site read alike. Null when the path cannot be
 * normalised. A target not in origin form (`*`, an absolute URL) reads as '/'.
 */
function normalisedTarget(url: string | undefined): string | null {
  const { path, query } = splitTarget(url?.startsWith('/') ? url : '/');
  const normalised = normalizePath(path);
  return normalised === null ? null : query ? `${normalised}?${query}` : normalised;
}

function edgeRequestOf(req: IncomingMessage, host: string, target: string, scheme: Scheme, schemePorts: EdgeRequest['schemePorts']): EdgeRequest {
  const port = /:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? null;
  return { scheme, host, port, path: target, schemePorts };
}

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

async function answerFor(db: Db, site: Site, request: EdgeRequest, decision: FirewallDecision, now: Date): Promise<Answer> {
  const blocked = firewallAnswer(decision, request.host);
  if (blocked) return blocked;

  // A sign-in link opens before the HTTPS and www toggles: the edge itself speaks plain HTTP on its name.
  if (request.path.startsWith(LOGIN_PATH_PREFIX)) return html(...(await signInPage(db, site, request.path.slice(LOGIN_PATH_PREFIX.length).split('?')[0] ?? '', now)));

  const toggled = metaRedirect(site, request);
  if (toggled) return redirect(301, toggled);
  const matched = matchRedirect(await activeRedirects(db, site.guid), request.path);
  if (matched) return redirect(matched.responseCode, matched.destination);
  return html(200, site.software ? softwarePage(site, site.software) : placeholderPage(site));
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
  return [200, controlPanelPage(account, link.username, onAccount.map((d) => d.domain))];
}

function addressOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',')[0]?.trim() : '';
  return forwarded || req.socket.remoteAddress || '';
}

export async function startEdge(db: Db, options: EdgeOptions, now: () => Date = () => new Date()): Promise<EdgeHandle> {
  const log = options.log ?? console.error;
  const recorder: Recorder = createRecorder(db, log);
  const firewall: Firewall = createFirewall(db, { now, cacheMs: options.firewallCacheMs, log });
  warmFirewallData(log);
  const schemePorts: NonNullable<EdgeRequest['schemePorts']> = { http: null, https: null };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Before anything reads the path: a path that cannot be normalised could mean one thing to
    // the firewall and another to the site. Not recorded, as it reached no site.
    const target = normalisedTarget(req.url);
    if (target === null) return send(req, res, html(400, badPathPage()));
    const host = hostName(req.headers.host);
    const proof = host ? await challengeAnswer(db, host, target, now()) : null;
    if (proof !== null) return send(req, res, { status: 200, headers: { 'Content-Type': 'application/octet-stream' }, body: proof });
    const site = host ? await findSite(db, host) : null;
    if (!host || !site) return send(req, res, html(404, noSitePage(host)));
    const address = addressOf(req, options.trustProxy ?? false);
    const request = edgeRequestOf(req, host, target, requestScheme(req, options.trustProxy ?? false), schemePorts);
    const method = req.method ?? 'GET';
    const verdict = await firewall.decide({ site, host, method, target: request.path, headers: req.headers, address });
    const answered = await answerFor(db, site, request, verdict.decision, now());
    const hsts = hstsHeader(site, request.scheme);
    const answer = hsts ? { ...answered, headers: { ...answered.headers, 'Strict-Transport-Security': hsts } } : answered;
    const bytes = send(req, res, answer);
    recorder.record({
      companyGuid: site.companyGuid,
      domainGuid: site.guid,
      at: now(),
      address,
      userAgent: String(req.headers['user-agent'] ?? ''),
      // A sign-in link's token is not kept in the traffic records.
      path: request.path.startsWith(LOGIN_PATH_PREFIX) ? LOGIN_PATH_PREFIX : (request.path.split('?')[0] ?? '/'),
      referer: typeof req.headers.referer === 'string' ? req.headers.referer : null,
      status: answer.status,
      bytes,
      firewall: {
        method,
        host,
        query: verdict.request.query,
        headers: verdict.request.headers,
        country: verdict.request.country,
        asn: verdict.request.asn,
        action: verdict.decision.action,
        ruleGuid: verdict.decision.rule,
      },
    });
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      log(`[hostdeck] edge: ${req.headers.host ?? ''}${req.url ?? ''} failed: ${String(error)}`);
      if (!res.headersSent) send(req, res, { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Something went wrong!\n' });
      else res.destroy();
    });
  };
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const stopHttp = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  // A taken HTTPS port leaves the sites on HTTP, as a taken DNS port leaves the API serving.
  const tls =
    options.tlsPort === undefined || options.tlsPort === null
      ? null
      : await listenTls(createCertificateContexts(db, log), handler, options.tlsPort, options.host, log).catch((error: unknown) => {
          log(`[hostdeck] edge: HTTPS did not start on ${options.host}:${options.tlsPort}; the sites are served over HTTP only: ${String(error)}`);
          return null;
        });
  schemePorts.http = port;
  schemePorts.https = tls ? portOf(tls) : null;
  return {
    port,
    tlsPort: schemePorts.https,
    flush: () => recorder.flush(),
    close: async () => {
      await Promise.all([
        stopHttp(),
        tls &&
          new Promise<void>((resolve) => {
            tls.close(() => resolve());
            tls.closeAllConnections();
          }),
      ]);
      await recorder.flush();
    },
  };
}

/** Writes the answer (no body for HEAD) and returns the bytes of its body. */
function send(req: IncomingMessage, res: ServerResponse, answer: Answer): number {
  const body = Buffer.from(answer.body);
  res.writeHead(answer.status, { ...answer.headers, 'Content-Length': String(body.byteLength), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
  return req.method === 'HEAD' ? 0 : body.byteLength;
}
