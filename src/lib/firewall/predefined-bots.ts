/**
 * The predefined bots a rule can name (spec part 2, 3 "predefined bot (name, value)"; served by
 * GET /firewall/predefined-bots/, 7.6): crawlers of SEO tools and AI companies that site owners
 * commonly turn away. Search engines are left out on purpose: blocking them harms rankings.
 * `value` is what a condition stores, `name` what the panel shows and what the user agent carries.
 */
export interface PredefinedBot {
  name: string;
  value: string;
}

export const PREDEFINED_BOTS: readonly PredefinedBot[] = [
  { name: 'AhrefsBot', value: 'ahrefsbot' },
  { name: 'SemrushBot', value: 'semrushbot' },
  { name: 'MJ12bot', value: 'mj12bot' },
  { name: 'DotBot', value: 'dotbot' },
  { name: 'PetalBot', value: 'petalbot' },
  { name: 'Bytespider', value: 'bytespider' },
  { name: 'GPTBot', value: 'gptbot' },
  { name: 'ClaudeBot', value: 'claudebot' },
  { name: 'CCBot', value: 'ccbot' },
  { name: 'BLEXBot', value: 'blexbot' },
  { name: 'DataForSeoBot', value: 'dataforseobot' },
  { name: 'Barkrowler', value: 'barkrowler' },
  { name: 'serpstatbot', value: 'serpstatbot' },
  { name: 'Amazonbot', value: 'amazonbot' },
  { name: 'meta-externalagent', value: 'meta-externalagent' },
  { name: 'ImagesiftBot', value: 'imagesiftbot' },
  { name: 'AwarioBot', value: 'awariobot' },
  { name: 'SeekportBot', value: 'seekportbot' },
];

/** A bot's name as a word of its own, not the tail of a longer one ("RobotDotBot" is not DotBot); values are letters, digits and '-', safe in a pattern as they are. */
const BOT_PATTERNS = PREDEFINED_BOTS.map((bot) => ({
  bot,
  pattern: new RegExp(`(?:^|[^a-z0-9])${bot.value}(?:$|[^a-z0-9])`, 'i'),
}));

/**
 * The predefined bot a user agent names, by the bot's name as a word of it, any case
 * ("Mozilla/5.0 (compatible; AhrefsBot/7.0; ...)" is AhrefsBot); null for any other agent.
 * The edge and the dry run call it; whether an agent is a bot at all is isbot's call.
 */
export function predefinedBotIn(userAgent: string): PredefinedBot | null {
  return BOT_PATTERNS.find(({ pattern }) => pattern.test(userAgent))?.bot ?? null;
}
