import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  DESTINATION_SCHEME,
  ENTER_DESTINATION,
  ENTER_URL,
  META_BOTH_OF_PAIR,
  redirectCreateSchema,
  metaUpdateSchema,
  urlRows,
  withExclusions,
} from '../../../src/lib/schemas/redirects';

const messages = (schema: z.ZodMiniType, input: unknown) => z.safeParse(schema, input).error?.issues.map((i) => i.message) ?? [];

describe('the New URL Redirect form (spec part 2, 5 "URL redirect")', () => {
  it('takes the rows of the textarea, lowercases the destination and defaults to 301', () => {
    const urls = urlRows(' /old \n\n/blog/*\r\n');
    expect(urls).toEqual(['/old', '/blog/*']);
    expect(z.parse(redirectCreateSchema, { urls, destination: ' HTTPS://Example.com/New ' })).toEqual({ urls, destination: 'https://example.com/new', response_code: 301 });
  });

  it("says the spec's sentences", () => {
    expect(messages(redirectCreateSchema, { urls: [], destination: 'https://example.com/' })).toEqual([ENTER_URL]);
    expect(messages(redirectCreateSchema, { urls: ['/a'], destination: '  ' })).toEqual([ENTER_DESTINATION]);
    expect(messages(redirectCreateSchema, { urls: ['/a'], destination: 'example.com' })).toEqual([DESTINATION_SCHEME]);
  });
});

describe('the redirect and caching toggles (spec part 2, 4.4)', () => {
  it('turns the other of a pair off', () => {
    expect(withExclusions({ redirect_to_https: true })).toEqual({ redirect_to_https: true, redirect_to_http: false });
    expect(withExclusions({ redirect_to_nonwww: true, cache_enabled: true })).toEqual({ redirect_to_nonwww: true, redirect_to_www: false, cache_enabled: true });
    expect(withExclusions({ redirect_to_www: false })).toEqual({ redirect_to_www: false });
  });

  it('refuses both of a pair on at once', () => {
    expect(messages(metaUpdateSchema, { redirect_to_www: true, redirect_to_nonwww: true })).toEqual([META_BOTH_OF_PAIR]);
  });
});
