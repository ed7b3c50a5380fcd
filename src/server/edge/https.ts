import type { IncomingMessage, RequestListener } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSecureContext, type SecureContext, type TLSSocket } from 'node:tls';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { domains, sslCertificates } from '../db/schema/index';
import { openSecret } from '../services/secret-box';
import type { Site } from './site';

/**
 * The edge's HTTPS side (issue 30 "TLS at the edge"): a TLS listener (EDGE_TLS_PORT) that serves
 * each domain's issued certificate by SNI and hands the requests to the same handler as the HTTP
 * port. A request is HTTPS because its socket is TLS; X-Forwarded-Proto is believed only from a
 * proxy the edge trusts (TRUST_PROXY=1), as X-Forwarded-For is.
 */

export type Scheme = 'http' | 'https';

/** How the client reached the edge: TLS on this socket, else what a trusted proxy in front says. */
export function requestScheme(req: IncomingMessage, trustProxy: boolean): Scheme {
  if ((req.socket as Partial<TLSSocket>).encrypted === true) return 'https';
  if (!trustProxy) return 'http';
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim()
    .toLowerCase();
  return forwarded === 'https' ? 'https' : 'http';
}

/**
 * HSTS (RFC 6797) for a domain that forces HTTPS, on its HTTPS answers only (a browser ignores
 * it over HTTP). A day, not the usual year: the switch can be turned off and the certificate
 * removed from the panel, and a browser holding a year's policy would refuse the site
 * meanwhile. Turned to HTTP, the domain sends max-age=0, which makes browsers forget it before
 * they follow the redirect to http://.
 */
export const HSTS_MAX_AGE_SECONDS = 86_400;
export function hstsHeader(site: Pick<Site, 'redirectToHttps' | 'redirectToHttp'>, scheme: Scheme): string | null {
  if (scheme !== 'https') return null;
  if (site.redirectToHttps) return `max-age=${HSTS_MAX_AGE_SECONDS}`;
  if (site.redirectToHttp) return 'max-age=0';
  return null;
}

export interface CertificateContexts {
  /** The TLS context of the certificate that covers `servername`, or null when none does. */
  contextFor(servername: string): Promise<SecureContext | null>;
}

/** Contexts kept at most; the oldest go first. */
const MAX_CONTEXTS = 1_000;

/**
 * The certificates the edge serves, as TLS contexts: that of an ACTIVE domain whose ACTIVE
 * certificate has a chain and covers the name asked (with or without www.). Each handshake asks
 * the database which certificate is current (its serial, one indexed row); the context built
 * for a serial is reused until the domain's serial changes (a renewal, a new certificate), so
 * a change is served from the next handshake on, in every process, without building a context
 * (and opening the sealed key) for each one.
 */
export function createCertificateContexts(db: Db, log: (message: string) => void): CertificateContexts {
  const contexts = new Map<string, { serial: string; context: Promise<SecureContext | null> }>();

  async function build(domainGuid: string, serial: string): Promise<SecureContext | null> {
    const [row] = await db
      .select({ chainPem: sslCertificates.chainPem, sealed: sslCertificates.privateKeySealed, serial: sslCertificates.serial })
      .from(sslCertificates)
      .where(eq(sslCertificates.domainGuid, domainGuid));
    if (!row?.chainPem || !row.sealed || row.serial !== serial) return null;
    const key = await openSecret(db, row.sealed);
    if (!key) {
      log(`[hostdeck] edge: the private key of certificate ${serial} cannot be opened (another SECRET_KEY?); it is not served.`);
      return null;
    }
    return createSecureContext({ cert: row.chainPem, key });
  }

  return {
    async contextFor(servername) {
      const name = servername.toLowerCase().replace(/\.$/, '');
      const names = name.startsWith('www.') ? [name, name.slice(4)] : [name];
      const rows = await db
        .select({ domainGuid: sslCertificates.domainGuid, serial: sslCertificates.serial, names: sslCertificates.names })
        .from(sslCertificates)
        .innerJoin(domains, eq(domains.guid, sslCertificates.domainGuid))
        .where(
          and(
            inArray(domains.domain, names),
            eq(domains.status, 'ACTIVE'),
            eq(domains.sslStatus, 'ACTIVE'),
            isNotNull(sslCertificates.chainPem),
            isNotNull(sslCertificates.serial),
          ),
        );
      const covering = rows.find((r) => r.names.includes(name));
      if (!covering?.serial) return null;
      const { domainGuid, serial } = covering;
      const kept = contexts.get(domainGuid);
      if (kept?.serial === serial) return kept.context;
      const context = build(domainGuid, serial).catch((error: unknown) => {
        log(`[hostdeck] edge: the certificate of ${name} could not be loaded: ${String(error)}`);
        return null;
      });
      contexts.delete(domainGuid);
      contexts.set(domainGuid, { serial, context });
      if (contexts.size > MAX_CONTEXTS) contexts.delete(contexts.keys().next().value!);
      // A context that could not be built is not kept: the next handshake tries again.
      void context.then((built) => {
        if (!built && contexts.get(domainGuid)?.context === context) contexts.delete(domainGuid);
      });
      return context;
    },
  };
}

/**
 * Starts the TLS listener on `at.port` (0: a free one; shared with other processes' edges with
 * `reusePort`). A handshake for a name without a certificate is refused (an unrecognised-name
 * alert), as is one that names no server.
 */
export async function listenTls(
  contexts: CertificateContexts,
  handler: RequestListener,
  at: { port: number; host: string; reusePort: boolean },
  log: (message: string) => void,
): Promise<Server> {
  const server = createServer(
    {
      minVersion: 'TLSv1.2',
      SNICallback(servername, done) {
        contexts.contextFor(servername).then(
          (context) => (context ? done(null, context) : done(new Error(`No certificate for ${servername}.`))),
          (error: unknown) => {
            log(`[hostdeck] edge: no certificate could be looked up for ${servername}: ${String(error)}`);
            done(error instanceof Error ? error : new Error(String(error)));
          },
        );
      },
    },
    handler,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

export const portOf = (server: Server) => (server.address() as AddressInfo).port;
