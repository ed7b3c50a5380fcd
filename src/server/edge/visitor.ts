import { createHash } from 'node:crypto';
import { agentOf, type AgentFacts } from './agents';

/** What edge_requests keeps of a visitor (schema traffic.ts): no address, only what analytics counts. */
export interface VisitorFacts extends Pick<AgentFacts, 'os' | 'browser' | 'device' | 'bot'> {
  visitor: string;
  country: string | null;
}

/** A SHA-256 of address and user agent: enough to count unique visits without keeping the address. */
export const visitorId = (address: string, userAgent: string) => createHash('sha256').update(`${address}\n${userAgent}`).digest('hex');

/** OS, browser, device (bowser) and bot (isbot) of one request, with the country the firewall looked up (geoip). */
export function visitorFacts(address: string, userAgent: string, country: string | null): VisitorFacts {
  const { os, browser, device, bot } = agentOf(userAgent);
  return { visitor: visitorId(address, userAgent), country, os, browser, device, bot };
}
