import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import { isbot, isbotMatch } from 'isbot';
import { lookupLocation } from '../services/geoip';

/** What edge_requests keeps of a visitor (schema traffic.ts): no address, only what analytics counts. */
export interface VisitorFacts {
  visitor: string;
  country: string | null;
  os: string;
  browser: string;
  device: 'DESKTOP' | 'MOBILE' | 'TABLET' | 'BOT';
  bot: string | null;
}

/** A SHA-256 of address and user agent: enough to count unique visits without keeping the address. */
export const visitorId = (address: string, userAgent: string) => createHash('sha256').update(`${address}\n${userAgent}`).digest('hex');

/** The crawler's name: Bowser's for the ones it knows (Googlebot), else isbot's match without its version (curl/8.0 -> curl). */
function botName(userAgent: string, parsed: Bowser.Parser.ParsedResult): string | null {
  if (parsed.platform.type === 'bot' && parsed.browser.name) return parsed.browser.name;
  if (!isbot(userAgent)) return null;
  const match = isbotMatch(userAgent) ?? 'Unknown bot';
  return match.split('/')[0]!.trim().slice(0, 100) || 'Unknown bot';
}

/**
 * OS, browser, device (bowser), bot (isbot) and country (geoip) of one request; a country the
 * firewall already looked up is passed in rather than looked up again.
 */
export async function visitorFacts(address: string, userAgent: string, known?: { country: string | null }): Promise<VisitorFacts> {
  const parsed = Bowser.parse(userAgent || 'unknown');
  const bot = botName(userAgent, parsed);
  const type = parsed.platform.type;
  const device = bot ? 'BOT' : type === 'mobile' ? 'MOBILE' : type === 'tablet' ? 'TABLET' : 'DESKTOP';
  const country = known ? known.country : ((await lookupLocation(address)).country?.code ?? null);
  return {
    visitor: visitorId(address, userAgent),
    country,
    os: parsed.os.name || 'Unknown',
    browser: parsed.browser.name || 'Unknown',
    device,
    bot,
  };
}
