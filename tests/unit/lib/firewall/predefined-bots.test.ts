import { isbot } from 'isbot';
import { describe, expect, it } from 'vitest';
import { PREDEFINED_BOTS, predefinedBotIn } from '../../../../src/lib/firewall';
import { AHREFS_AGENT, BAIDU_AGENT, BROWSER_AGENT, SEMRUSH_AGENT } from '../../../fixtures/firewall-cases';

describe('predefined bots', () => {
  it('have unique lower-case values, as the seed stores them', () => {
    const values = PREDEFINED_BOTS.map((bot) => bot.value);
    expect(new Set(values).size).toBe(values.length);
    for (const bot of PREDEFINED_BOTS) expect(bot.value).toBe(bot.name.toLowerCase());
    expect(values).toEqual(expect.arrayContaining(['ahrefsbot', 'semrushbot', 'mj12bot', 'dotbot', 'petalbot', 'bytespider', 'gptbot']));
  });

  it('are found in their user agents, any case', () => {
    expect(predefinedBotIn(AHREFS_AGENT)?.value).toBe('ahrefsbot');
    expect(predefinedBotIn(SEMRUSH_AGENT)?.value).toBe('semrushbot');
    expect(predefinedBotIn('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)')?.value).toBe('gptbot');
    expect(predefinedBotIn('mozilla/5.0 (compatible; mj12bot/v1.4.8; http://mj12bot.com/)')?.value).toBe('mj12bot');
    expect(predefinedBotIn('meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)')?.value).toBe('meta-externalagent');
  });

  it('are not found in browsers, other crawlers, or inside a longer name', () => {
    expect(predefinedBotIn(BROWSER_AGENT)).toBeNull();
    expect(predefinedBotIn(BAIDU_AGENT)).toBeNull();
    expect(predefinedBotIn('Mozilla/5.0 (compatible; RobotDotBot/1.0)')).toBeNull();
    expect(predefinedBotIn('')).toBeNull();
  });

  it('are all bots to isbot, which decides is bot at the edge', () => {
    for (const bot of PREDEFINED_BOTS) expect(isbot(`Mozilla/5.0 (compatible; ${bot.name}/1.0; +https://example.test/bot)`), bot.name).toBe(true);
  });
});
