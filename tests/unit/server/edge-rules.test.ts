import { describe, expect, it } from 'vitest';
import { matchRedirect, metaRedirect, type EdgeRequest } from '../../../src/server/edge/rules';
import { HSTS_MAX_AGE_SECONDS, hstsHeader } from '../../../src/server/edge/https';
import { hostName, type Site } from '../../../src/server/edge/site';
import { generatedDay, spread } from '../../../src/server/services/traffic-history';

const site = (flags: Partial<Site> = {}): Site => ({
  guid: '00000000-0000-4000-8000-000000000001',
  companyGuid: '00000000-0000-4000-8000-000000000002',
  parentDomainGuid: null,
  domain: 'example.com',
  isWww: false,
  redirectToHttps: false,
  redirectToHttp: false,
  redirectToWww: false,
  redirectToNonwww: false,
  software: null,
  ...flags,
});
const request = (over: Partial<EdgeRequest> = {}): EdgeRequest => ({ scheme: 'http', host: 'example.com', port: null, path: '/a?b=1', ...over });

describe('metaRedirect', () => {
  it('keeps a request the toggles allow', () => {
    expect(metaRedirect(site(), request())).toBeNull();
    expect(metaRedirect(site({ redirectToHttps: true }), request({ scheme: 'https' }))).toBeNull();
  });

  it('moves scheme and host in one redirect, dropping the port with the scheme', () => {
    expect(metaRedirect(site({ redirectToHttps: true, redirectToWww: true }), request({ port: '4380' }))).toBe('https://www.example.com/a?b=1');
    expect(metaRedirect(site({ redirectToHttp: true, isWww: true, redirectToNonwww: true }), request({ scheme: 'https', host: 'www.example.com' }))).toBe(
      'http://example.com/a?b=1',
    );
    expect(metaRedirect(site({ redirectToWww: true }), request({ port: '4380' }))).toBe('http://www.example.com:4380/a?b=1');
  });

  it("moves a change of scheme to the edge's port of the other scheme when the request named a port", () => {
    const schemePorts = { http: 4380, https: 4343 };
    expect(metaRedirect(site({ redirectToHttps: true }), request({ port: '4380', schemePorts }))).toBe('https://example.com:4343/a?b=1');
    expect(metaRedirect(site({ redirectToHttp: true }), request({ scheme: 'https', port: '4343', schemePorts }))).toBe('http://example.com:4380/a?b=1');
    // Behind 80 and 443 the Host names no port, and a default port is not written.
    expect(metaRedirect(site({ redirectToHttps: true }), request({ schemePorts }))).toBe('https://example.com/a?b=1');
    expect(metaRedirect(site({ redirectToHttps: true }), request({ port: '8080', schemePorts: { http: 8080, https: 443 } }))).toBe('https://example.com/a?b=1');
    // No HTTPS port: the scheme moves to the default one.
    expect(metaRedirect(site({ redirectToHttps: true }), request({ port: '4380', schemePorts: { http: 4380, https: null } }))).toBe('https://example.com/a?b=1');
  });
});

describe('hstsHeader', () => {
  it('asks browsers to keep to HTTPS only over HTTPS, for a domain that forces it, and to forget it for one turned to HTTP', () => {
    expect(hstsHeader(site({ redirectToHttps: true }), 'https')).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
    expect(hstsHeader(site({ redirectToHttps: true }), 'http')).toBeNull();
    expect(hstsHeader(site(), 'https')).toBeNull();
    expect(hstsHeader(site({ redirectToHttp: true }), 'https')).toBe('max-age=0');
  });
});

describe('matchRedirect', () => {
  const redirects = [
    { urls: ['/old', '/older/'], destination: 'https://a.example/', responseCode: 301 },
    { urls: ['/blog/*'], destination: 'https://b.example/', responseCode: 302 },
    { urls: ['/blog/2026/*'], destination: 'https://c.example/', responseCode: 307 },
  ];
  it('matches exactly (either trailing slash), else the longest wildcard, ignoring the query', () => {
    expect(matchRedirect(redirects, '/old/?x=1')?.destination).toBe('https://a.example/');
    expect(matchRedirect(redirects, '/older')?.destination).toBe('https://a.example/');
    expect(matchRedirect(redirects, '/blog/2025/x')?.destination).toBe('https://b.example/');
    expect(matchRedirect(redirects, '/blog/2026/x')?.destination).toBe('https://c.example/');
    expect(matchRedirect(redirects, '/blog')?.destination).toBe('https://b.example/');
    expect(matchRedirect(redirects, '/oldest')).toBeNull();
  });
});

describe('hostName', () => {
  it('lowercases and drops the port and a trailing dot; refuses what is not a name', () => {
    expect(hostName('Example.COM.:8080')).toBe('example.com');
    expect(hostName(undefined)).toBeNull();
    expect(hostName('bad host')).toBeNull();
  });
});

describe('generated traffic history', () => {
  it('is the same for the same domain and day, and adds up', () => {
    const a = generatedDay('00000000-0000-4000-8000-000000000001', '2026-11-20');
    expect(generatedDay('00000000-0000-4000-8000-000000000001', '2026-11-20')).toEqual(a);
    expect(a.hours.reduce((x, y) => x + y, 0)).toBe(a.visits);
    expect([...a.fields.COUNTRIES.values()].reduce((x, y) => x + y, 0)).toBe(a.visits);
    expect([...a.fields.DEVICES.values()].reduce((x, y) => x + y, 0)).toBe(a.visits);
    expect(a.unique).toBeLessThanOrEqual(a.visits);
  });

  it('spreads a total over weights in whole numbers', () => {
    expect(spread(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(spread(0, [1, 2])).toEqual([0, 0]);
  });
});
