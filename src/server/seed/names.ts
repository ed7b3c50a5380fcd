import type { Rng } from './prng';

/** Word lists for domain names that read like real small sites. */
export const PREFIXES = [
  'green', 'urban', 'smart', 'daily', 'happy', 'bright', 'pure', 'north', 'blue', 'silver',
  'golden', 'wild', 'modern', 'simple', 'true', 'rapid', 'cozy', 'fresh', 'lucky', 'prime',
  'little', 'grand', 'clever', 'sunny', 'quiet', 'bold', 'savvy', 'honest', 'epic', 'vivid',
  'coastal', 'mountain', 'river', 'maple', 'cedar', 'oak', 'harbor', 'meadow', 'summit', 'pixel',
] as const;
export const TOPICS = [
  'garden', 'kitchen', 'travel', 'pet', 'fitness', 'tech', 'finance', 'home', 'style', 'coffee',
  'camping', 'outdoor', 'photo', 'recipe', 'yoga', 'bike', 'fishing', 'crafts', 'parenting', 'gadget',
  'wine', 'beauty', 'health', 'career', 'crypto', 'garage', 'hiking', 'baking', 'music', 'gaming',
  'decor', 'budget', 'running', 'skincare', 'tea', 'vegan', 'diy', 'auto', 'study', 'wedding',
  'dental', 'legal', 'realty', 'plumbing', 'roofing', 'solar', 'insurance', 'loans', 'fashion', 'fitgear',
] as const;
export const SUFFIXES = ['hub', 'guide', 'tips', 'blog', 'zone', 'lab', 'spot', 'daily', 'world', 'insider', 'place', 'review'] as const;
export const TLDS = ['com', 'com', 'com', 'net', 'org', 'io', 'co', 'info', 'blog', 'co.uk', 'de', 'nl'] as const;

/** A new name like 'greenkitchentips.com', never one already in `used`. */
export function domainName(rng: Rng, used: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const base = `${rng.pick(PREFIXES)}${rng.pick(TOPICS)}${rng.pick(SUFFIXES)}`;
    const name = `${attempt > 20 ? `${base}${rng.int(2, 99)}` : base}.${rng.pick(TLDS)}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}
