import { normalizePath, parseCookies, predefinedBotIn, type FirewallRequest } from '../../lib/firewall';
import { agentOf } from './agents';

/**
 * The one place a FirewallRequest is built (issue 9; docs/decisions.md "The edge enforces the
 * firewall" and "Firewall calls"): the edge builds it from a live request, the dry run from a
 * recorded row, so a replayed request reads as the edge read it.
 */

/** What is known of a request before the evaluator's derived facts (cookies, is-bot, predefined bot). */
export interface RequestFacts {
  method: string;
  /** The Host header's name, lower-cased, without its port. */
  host: string;
  /** Normalised (`normalizePath`). */
  path: string;
  query: string;
  /** By lower-cased name, repeats joined with ', '. */
  headers: Readonly<Record<string, string | undefined>>;
  userAgent: string;
  /** '' or null when unknown. */
  client: string | null;
  country: string | null;
  asn: number | null;
}

/** The request as the evaluator sees it: cookies from the Cookie header, is-bot (isbot) and the predefined bot from the user agent (read once per agent). */
export function firewallRequestOf(facts: RequestFacts): FirewallRequest {
  const agent = agentOf(facts.userAgent);
  return {
    method: facts.method,
    host: facts.host,
    path: facts.path,
    query: facts.query,
    headers: facts.headers,
    cookies: parseCookies(facts.headers.cookie),
    client: facts.client || null,
    country: facts.country,
    asn: facts.asn,
    isBot: agent.isBot,
    predefinedBot: agent.predefinedBot,
  };
}

/** An edge_requests row as the dry run reads it (schema traffic.ts); the firewall's facts are null on rows from before the firewall. */
export interface RecordedRequest {
  path: string;
  country: string | null;
  bot: string | null;
  method: string | null;
  host: string | null;
  query: string | null;
  userAgent: string | null;
  address: string | null;
  asn: number | null;
  headers: Record<string, string> | null;
}

/**
 * A recorded request as the edge saw it. A row from before the firewall keeps only its path,
 * country and crawler name (docs/decisions.md "Firewall calls"): the host reads as the domain's
 * name, is-bot and the predefined bot come from the crawler's name, and the rest (method,
 * query, headers, cookies, address, ASN) reads as missing, as the evaluator reads a missing fact.
 * The path is normalised again: rows recorded before normalisation (issue 33) hold it as sent,
 * and a normalised one stays as it is. Null for a path the edge would now refuse with 400.
 */
export function recordedFirewallRequest(row: RecordedRequest, domainName: string): FirewallRequest | null {
  const path = normalizePath(row.path);
  if (path === null) return null;
  // No prototype: a header named __proto__ is a header like any other (as at the edge).
  const headers = Object.assign(Object.create(null) as Record<string, string>, row.headers ?? {});
  const request = firewallRequestOf({
    method: row.method ?? '',
    host: row.host ?? domainName,
    path,
    query: row.query ?? '',
    headers,
    userAgent: row.userAgent ?? headers['user-agent'] ?? '',
    client: row.address,
    country: row.country,
    asn: row.asn,
  });
  if (row.userAgent !== null || row.bot === null) return request;
  return { ...request, isBot: true, predefinedBot: predefinedBotIn(row.bot)?.value ?? null };
}
