import type { IncomingHttpHeaders } from 'node:http';
import { createMemoryRateCounter, decideInOrder, splitTarget, type FirewallDecision, type FirewallRequest, type FirewallRule } from '../../lib/firewall';
import { asnOf } from '../services/asn';
import { lookupLocation } from '../services/geoip';
import { firewallRequestOf } from './firewall-request';

/**
 * What the edge does with a request before the domain's redirects and page: the firewall's
 * decision (spec part 2, 2.10 and 3; issue 9 "The edge enforces it"; docs/decisions.md "The edge
 * enforces the firewall"), made by the one evaluator of src/lib/firewall.
 */

export interface DecisionInput {
  /** The site's rules in the order they are tried (the edge keeps them in memory, ./site-index.ts). */
  rules: readonly FirewallRule[];
  /** The Host header's name, lowercased, without its port. */
  host: string;
  method: string;
  /** The request target: its path normalised (`normalizePath`, the edge did it), the query as sent. */
  target: string;
  headers: IncomingHttpHeaders;
  /** The client's address as the edge believes it; '' when unknown. */
  address: string;
}

/** The decision and the request as the evaluator saw it, which the request log keeps for dry runs. */
export interface EdgeVerdict {
  decision: FirewallDecision;
  request: FirewallRequest;
}

export interface Firewall {
  decide(input: DecisionInput): Promise<EdgeVerdict>;
}

export interface FirewallOptions {
  /** The edge's clock: rate-limit windows follow it. */
  now: () => Date;
  log?: (message: string) => void;
}

/** Spec part 2, 3 "Condition fields": headers by lower-cased name, repeated ones joined as HTTP allows. */
function headersOf(headers: IncomingHttpHeaders): Record<string, string> {
  // No prototype: a header named __proto__ is a header like any other.
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * The edge's firewall: one rate counter for the life of the process (so limits hold across
 * requests), and the facts the evaluator needs looked up here: country (DB-IP), ASN
 * (@ip-location-db/asn); is-bot and the predefined bot are read by `firewallRequestOf`, which the
 * dry run shares.
 */
export function createFirewall(options: FirewallOptions): Firewall {
  const log = options.log ?? console.error;
  const counter = createMemoryRateCounter();
  let asnFailed = false;

  /** A missing ASN table must not stop the sites: the field reads as none, logged once. */
  async function asnFor(address: string): Promise<number | null> {
    try {
      return await asnOf(address);
    } catch (error) {
      if (!asnFailed) log(`[hostdeck] edge: the ASN data could not be read, the autonomous number field matches nothing: ${String(error)}`);
      asnFailed = true;
      return null;
    }
  }

  return {
    async decide(input) {
      const now = options.now().getTime();
      const headers = headersOf(input.headers);
      const userAgent = headers['user-agent'] ?? '';
      const { path, query } = splitTarget(input.target);
      const [location, asn] = await Promise.all([lookupLocation(input.address), asnFor(input.address)]);
      const request = firewallRequestOf({
        method: input.method,
        host: input.host,
        path,
        query,
        headers,
        userAgent,
        client: input.address,
        country: location.country?.code ?? null,
        asn,
      });
      return { decision: decideInOrder(request, input.rules, counter, now), request };
    },
  };
}

/** Reads the ASN table now, so the first request does not wait for it (about 0.8 s). */
export function warmFirewallData(log: (message: string) => void = console.error): void {
  asnOf('192.0.2.1').catch((error: unknown) => log(`[hostdeck] edge: the ASN data could not be read: ${String(error)}`));
}
