import { getEmojiFlag, type TCountryCode } from 'countries-list';
import { describe, expect, it } from 'vitest';
import { flagOf } from '../../../src/lib/format/flag';

describe('flagOf', () => {
  it('gives the flag countries-list gives, for every country it knows', async () => {
    const { countries } = await import('countries-list');
    for (const code of Object.keys(countries)) expect(flagOf(code), code).toBe(getEmojiFlag(code as TCountryCode));
    expect(flagOf('ee')).toBe(flagOf('EE'));
  });

  it('gives none for what is not two letters', () => {
    for (const code of ['', 'E', 'EST', '1A', 'É1']) expect(flagOf(code)).toBe('');
  });
});
