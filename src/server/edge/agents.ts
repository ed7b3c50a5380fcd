import Bowser from 'bowser';
import { isbot, isbotMatch } from 'isbot';
import { predefinedBotIn } from '../../lib/firewall';

/**
 * What the edge reads from a user agent: is-bot and the predefined bot (for the firewall), OS,
 * browser, device and the crawler's name (for the request log). Worked out once per distinct
 * string (isbot's and bowser's patterns cost microseconds a request) and kept for the most
 * recently seen agents: traffic repeats a few hundred of them.
 */
export interface AgentFacts {
  isBot: boolean;
  /** The value of the predefined bot it names (PREDEFINED_BOTS), or null. */
  predefinedBot: string | null;
  os: string;
  browser: string;
  device: 'DESKTOP' | 'MOBILE' | 'TABLET' | 'BOT';
  /** The crawler's name when it is a bot. */
  bot: string | null;
}

/** Agents remembered: enough for real traffic, bounded against a flood of made-up ones. */
const AGENTS_KEPT = 2_000;

/**
 * `compute` kept by key for the `limit` most recently used keys: a Map in use order (a hit
 * moves its key to the end), so the first key is the one to drop.
 */
export function lruMemo<V>(compute: (key: string) => V, limit: number): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    const found = kept.get(key);
    if (found !== undefined) {
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const value = compute(key);
    if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    kept.set(key, value);
    return value;
  };
}

/** The crawler's name: Bowser's for the ones it knows (Googlebot), else isbot's match without its version (curl/8.0 -> curl). */
function botName(userAgent: string, parsed: Bowser.Parser.ParsedResult, isBot: boolean): string | null {
  if (parsed.platform.type === 'bot' && parsed.browser.name) return parsed.browser.name;
  if (!isBot) return null;
  const match = isbotMatch(userAgent) ?? 'Unknown bot';
  return match.split('/')[0]!.trim().slice(0, 100) || 'Unknown bot';
}

function readAgent(userAgent: string): AgentFacts {
  const isBot = isbot(userAgent);
  const parsed = Bowser.parse(userAgent || 'unknown');
  const bot = botName(userAgent, parsed, isBot);
  const type = parsed.platform.type;
  return {
    isBot,
    predefinedBot: predefinedBotIn(userAgent)?.value ?? null,
    os: parsed.os.name || 'Unknown',
    browser: parsed.browser.name || 'Unknown',
    device: bot ? 'BOT' : type === 'mobile' ? 'MOBILE' : type === 'tablet' ? 'TABLET' : 'DESKTOP',
    bot,
  };
}

/** The facts of a user agent, read once per distinct string while it keeps being seen. */
export const agentOf = lruMemo(readAgent, AGENTS_KEPT);
