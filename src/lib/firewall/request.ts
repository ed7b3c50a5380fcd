/**
 * What the evaluator decides on: one request, with the facts the caller looked up beforehand
 * (country and ASN from the GeoIP data, is-bot from isbot, the predefined bot from
 * `predefinedBotIn`), so the evaluator does no I/O and runs alike at the edge, in the dry run
 * and in the browser.
 */
export interface FirewallRequest {
  /** As sent (GET, post, ...); compared without case. */
  method: string;
  /** The Host header's name without its port; compared without case. */
  host: string;
  /** The path without the query string, normalised (`normalizePath`): what the site is served. */
  path: string;
  /** The query string without its '?', as sent; '' when there is none. */
  query: string;
  /** Request headers by lower-cased name, repeated ones joined with ', ' as HTTP allows. */
  headers: Readonly<Record<string, string | undefined>>;
  /** Cookies by name, values as sent (see `parseCookies`). */
  cookies: Readonly<Record<string, string>>;
  /** The client's address, IPv4 or IPv6; null when unknown. */
  client: string | null;
  /** ISO 3166 alpha-2 code of the client's address; null when it has none (private, loopback). */
  country: string | null;
  /** The autonomous system number the client's address belongs to; null when unknown. */
  asn: number | null;
  isBot: boolean;
  /** The value of the predefined bot the user agent names (PREDEFINED_BOTS), or null. */
  predefinedBot: string | null;
}

/** A request target split into path and query at the first '?'. */
export function splitTarget(target: string): { path: string; query: string } {
  const at = target.indexOf('?');
  return at < 0 ? { path: target, query: '' } : { path: target.slice(0, at), query: target.slice(at + 1) };
}

/**
 * The cookies of a Cookie header by name, values as sent. When a name repeats the first is
 * kept: browsers send the cookie of the most specific path first (RFC 6265, 5.4).
 */
export function parseCookies(header: string | undefined): Record<string, string> {
  // No prototype: a cookie named __proto__ is a cookie like any other.
  const cookies = Object.create(null) as Record<string, string>;
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (name && !Object.hasOwn(cookies, name)) cookies[name] = pair.slice(at + 1).trim();
  }
  return cookies;
}
