import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normalizePath, splitTarget } from '../../lib/firewall';
import { LOGIN_PATH_PREFIX } from '../services/login-links';
import { answerFor, html, send } from './answers';
import { createFirewall, warmFirewallData, type Firewall } from './decide';
import { badPathPage, noSitePage } from './pages';
import { createRecorder, type Recorder, type RecorderOptions } from './recorder';
import type { EdgeRequest } from './rules';
import { hostName } from './site';
import { SiteIndex } from './site-index';
import { followSites, type EdgeDatabase } from './site-source';
import { ACME_CHALLENGE_PREFIX, challengeAnswer } from './acme-challenge';
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
 *
 * Issue 30 "Edge from memory": the sites, their switches, redirects, software and firewall rules
 * are kept in memory (./site-index.ts), loaded at start and again part by part as the database
 * announces changes (./site-source.ts), so a request runs no SQL (a challenge and a sign-in link
 * are the exceptions: one-time answers kept in the database); the records are written in
 * batches behind the answers (./recorder.ts). With `reusePort` several edges (processes, on
 * PostgreSQL: ./processes.ts) share one port and the kernel spreads the connections.
 */
export interface EdgeHandle {
  /** The port it listens on (the one chosen when asked for 0). */
  readonly port: number;
  /** The HTTPS port, when it listens on one. */
  readonly tlsPort: number | null;
  /**
   * Resolves once every change to the sites announced so far is served. The database announces
   * a change made through this process before the write returns, and a request waits for the
   * changes being loaded when it comes, so tests need this only to look at the edge's memory.
   */
  settled(): Promise<void>;
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
  /** Listen with SO_REUSEPORT (EDGE_REUSE_PORT=1), so edges of other processes may serve the same port. */
  reusePort?: boolean;
  /**
   * Edge processes serving the port in all (EDGE_PROCESSES, PostgreSQL only): this one and the
   * rest started beside it (./processes.ts). 1 when unset.
   */
  processes?: number;
  /** How the request log is written (tests and the benchmark tune it). */
  recording?: RecorderOptions;
  log?: (message: string) => void;
}

/**
 * EDGE_PORT (0: a free one), EDGE_TLS_PORT (unset: no HTTPS; 0: a free one), EDGE_HOST,
 * EDGE_REUSE_PORT and EDGE_PROCESSES, documented in README "Configuration".
 */
export const DEFAULT_EDGE_PORT = 4380;
export function edgeOptionsFromEnv(env = process.env): EdgeOptions {
  const port = env.EDGE_PORT !== undefined && env.EDGE_PORT !== '' ? Number(env.EDGE_PORT) : DEFAULT_EDGE_PORT;
  const tlsPort = env.EDGE_TLS_PORT !== undefined && env.EDGE_TLS_PORT !== '' ? Number(env.EDGE_TLS_PORT) : null;
  const processes = Number(env.EDGE_PROCESSES ?? 1);
  return {
    port: Number.isInteger(port) && port >= 0 ? port : DEFAULT_EDGE_PORT,
    tlsPort: tlsPort !== null && Number.isInteger(tlsPort) && tlsPort >= 0 ? tlsPort : null,
    host: env.EDGE_HOST || '127.0.0.1',
    trustProxy: env.TRUST_PROXY === '1',
    reusePort: env.EDGE_REUSE_PORT === '1',
    processes: Number.isInteger(processes) && processes >= 1 ? processes : 1,
  };
}

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

function addressOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')[0]
        ?.trim()
    : '';
  return forwarded || req.socket.remoteAddress || '';
}

/** Starts the edge with every site loaded first, so no request is answered 404 for want of them. */
export async function startEdge(database: EdgeDatabase, options: EdgeOptions, now: () => Date = () => new Date()): Promise<EdgeHandle> {
  const { db } = database;
  const log = options.log ?? console.error;
  const index = new SiteIndex();
  const sites = await followSites(database, index, log);
  // PGlite writes in this thread, so a batch holds the answers up while it is written: small
  // ones there; PostgreSQL writes beside it, where fewer, larger statements cost less.
  const recorder: Recorder = createRecorder(db, { log, batch: database.kind === 'pglite' ? 100 : 1000, ...options.recording });
  const firewall: Firewall = createFirewall({ now, log });
  warmFirewallData(log);
  const schemePorts: NonNullable<EdgeRequest['schemePorts']> = { http: null, https: null };
  const trustProxy = options.trustProxy ?? false;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Before anything reads the path: a path that cannot be normalised could mean one thing to
    // the firewall and another to the site. Not recorded, as it reached no site.
    const target = normalisedTarget(req.url);
    if (target === null) return send(req, res, html(400, badPathPage()));
    const host = hostName(req.headers.host);
    const proof = host && target.startsWith(ACME_CHALLENGE_PREFIX) ? await challengeAnswer(db, host, target, now()) : null;
    if (proof !== null) return send(req, res, { status: 200, headers: { 'Content-Type': 'application/octet-stream' }, body: proof });
    // A change already announced is served before this answer: a write, then a request, sees the write.
    if (sites.loading) await sites.settled();
    const found = host ? index.find(host) : undefined;
    if (!host || !found) return send(req, res, html(404, noSitePage(host)));
    const { served, site } = found;
    const address = addressOf(req, trustProxy);
    const request = edgeRequestOf(req, host, target, requestScheme(req, trustProxy), schemePorts);
    const method = req.method ?? 'GET';
    const verdict = await firewall.decide({ rules: index.rulesOf(served), host, method, target: request.path, headers: req.headers, address });
    const answered = await answerFor(db, served, site, request, verdict.decision, now());
    const hsts = hstsHeader(site, request.scheme);
    const answer = hsts ? { ...answered, headers: { ...answered.headers, 'Strict-Transport-Security': hsts } } : answered;
    const bytes = send(req, res, answer);
    recorder.record({
      companyGuid: site.companyGuid,
      domainGuid: site.guid,
      at: now(),
      address,
      userAgent: verdict.request.headers['user-agent'] ?? '',
      // A sign-in link's token is not kept in the traffic records.
      path: request.path.startsWith(LOGIN_PATH_PREFIX) ? LOGIN_PATH_PREFIX : verdict.request.path,
      referer: verdict.request.headers.referer ?? null,
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
  const reusePort = options.reusePort ?? false;
  const server = createServer(handler);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: options.port, host: options.host, reusePort }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await sites.close();
    throw error;
  }
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
      : await listenTls(createCertificateContexts(db, log), handler, { port: options.tlsPort, host: options.host, reusePort }, log).catch((error: unknown) => {
          log(`[hostdeck] edge: HTTPS did not start on ${options.host}:${options.tlsPort}; the sites are served over HTTP only: ${String(error)}`);
          return null;
        });
  schemePorts.http = port;
  schemePorts.https = tls ? portOf(tls) : null;
  return {
    port,
    tlsPort: schemePorts.https,
    settled: () => sites.settled(),
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
      await sites.close();
      await recorder.close();
    },
  };
}
