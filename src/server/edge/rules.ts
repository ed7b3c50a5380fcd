import type { ActiveRedirect, Site } from './site';

/**
 * The edge's redirect rules, pure so they are tested without a socket: the domain's HTTPS and
 * www toggles (spec part 2, 4.4), then its URL redirects (3 "URL redirect", 5).
 */

export interface EdgeRequest {
  /** As the client asked: https on the edge's TLS port, or when a trusted proxy in front says so (X-Forwarded-Proto). */
  scheme: 'http' | 'https';
  /** The Host header's name, lowercased, and its port if any. */
  host: string;
  port: string | null;
  /** The path, normalised (`normalizePath`), and the query as asked. */
  path: string;
  /** The edge's own port for each scheme, where it listens on one (edge/https.ts). */
  schemePorts?: { http: number | null; https: number | null };
}

const DEFAULT_PORTS = { http: 80, https: 443 } as const;

/**
 * Where the toggles send a request, or null when they keep it. Both moves (scheme and www) are
 * made in one redirect. A www move alone keeps the port, so a local `curl -L` follows it. A
 * change of scheme drops the port (the edge stands in for 80 and 443), except that a request
 * which named a port is sent to the edge's port of the other scheme when it has one that is not
 * that scheme's default: http://name:4380/ goes to https://name:4343/ on a local edge.
 */
export function metaRedirect(site: Site, request: EdgeRequest): string | null {
  let scheme = request.scheme;
  if (site.redirectToHttps && scheme === 'http') scheme = 'https';
  else if (site.redirectToHttp && scheme === 'https') scheme = 'http';
  let host = request.host;
  if (site.redirectToWww && !site.isWww) host = `www.${site.domain}`;
  else if (site.redirectToNonwww && site.isWww) host = site.domain;
  if (scheme === request.scheme && host === request.host) return null;
  const other = request.schemePorts?.[scheme] ?? null;
  const port = scheme === request.scheme ? request.port : request.port && other !== null && other !== DEFAULT_PORTS[scheme] ? String(other) : null;
  return `${scheme}://${host}${port ? `:${port}` : ''}${request.path}`;
}

const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The URL redirect for a path: an exact URL (a trailing slash either way), else the longest
 * wildcard URL ('/blog/*') the path starts with. The query string is not part of the match.
 */
export function matchRedirect(redirects: readonly ActiveRedirect[], pathWithQuery: string): ActiveRedirect | null {
  const path = withoutSlash(pathWithQuery.split('?')[0] ?? '/');
  let best: { redirect: ActiveRedirect; length: number } | null = null;
  for (const redirect of redirects) {
    for (const url of redirect.urls) {
      if (url.endsWith('*')) {
        const prefix = url.slice(0, -1);
        if (path.startsWith(prefix) || `${path}/` === prefix) {
          if (!best || prefix.length > best.length) best = { redirect, length: prefix.length };
        }
      } else if (withoutSlash(url) === path) {
        return redirect;
      }
    }
  }
  return best?.redirect ?? null;
}
