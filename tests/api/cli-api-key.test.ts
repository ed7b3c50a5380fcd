import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/lib/requests/company';
import { listDomainGroups } from '../../src/lib/requests/domains';
import { clientAddressOf } from '../../src/server/client-address';
import type { Database } from '../../src/server/db/connection';
import { listenApi } from '../../src/server/standalone';
import { run, tempConfigDir } from '../cli/helpers/run';
import { openSeededApp, type TestApp } from './helpers/app';

/**
 * A company API key restricted to addresses (spec part 3, 2.9 API Keys), used from the CLI over
 * HTTP on 127.0.0.1 as a script would, and from another address: the CLI's requests pass a proxy
 * that says where they come from (X-Forwarded-For), which the API believes only with
 * TRUST_PROXY=1 (issue 11, done when 1).
 */
let database: Database;
let t: TestApp;
let server: Server;
let apiUrl: string;
let configDir: string;
let cleanup: () => Promise<void>;
let demo: { token: string; company: string };
const savedTrust = process.env.TRUST_PROXY;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  // The address the HTTP server saw, as the running API reads it.
  t.deps.clientIp = clientAddressOf;
  const listening = await listenApi(t.deps);
  server = listening.server;
  apiUrl = `http://127.0.0.1:${listening.port}`;
  demo = await t.signIn('demo@hostdeck.test');
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});
beforeEach(async () => {
  ({ dir: configDir, cleanup } = await tempConfigDir());
});
afterEach(async () => {
  if (savedTrust === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = savedTrust;
  await cleanup();
});

/** The CLI's requests as a proxy in front of the API forwards them: from `address`. */
const viaProxy =
  (address: string): typeof globalThis.fetch =>
  (input, init) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set('X-Forwarded-For', address);
    return globalThis.fetch(new Request(request, { headers }));
  };

const cli = (argv: string[], options: { stdin?: string; fetch?: typeof globalThis.fetch } = {}) =>
  run(['--api-url', apiUrl, ...argv], { configDir, fetch: options.fetch ?? globalThis.fetch, ...(options.stdin === undefined ? {} : { stdin: options.stdin }) });

const key = (allowed: string) =>
  createApiKey(t.client(demo), demo.company, { name: `CLI ${allowed}`, allowed_ip_addresses: allowed, permissions: ['can_view_domains', 'can_view_domain_groups'] });

describe('an API key kept to one CIDR range, from the CLI', () => {
  it('works from 127.0.0.1 inside 127.0.0.0/8 and is refused from an address outside it', async () => {
    const { token } = await key('127.0.0.0/8');
    const login = await cli(['login', '--token-stdin'], { stdin: token });
    expect(login.code, login.stderr).toBe(0);

    const listed = await cli(['--json', 'groups', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    const groups = (await listDomainGroups(t.client(demo), { per_page: 9999 })).data;
    expect((JSON.parse(listed.stdout) as { guid: string }[]).length).toBe(groups.length);

    process.env.TRUST_PROXY = '1';
    const elsewhere = await cli(['--json', 'groups', 'list'], { fetch: viaProxy('203.0.113.9') });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stdout).toBe('');
    expect(elsewhere.stderr).toContain('This API key cannot be used from 203.0.113.9: the address is not in its allowed IP addresses.');
  });

  it('works only through the proxy when kept to the proxy’s clients, and the proxy’s word counts only with TRUST_PROXY=1', async () => {
    const { token } = await key('203.0.113.0/24');
    process.env.TRUST_PROXY = '1';
    const login = await cli(['login', '--token-stdin'], { stdin: token, fetch: viaProxy('203.0.113.9') });
    expect(login.code, login.stderr).toBe(0);
    expect((await cli(['--json', 'groups', 'list'], { fetch: viaProxy('203.0.113.9') })).code).toBe(0);

    const direct = await cli(['--json', 'groups', 'list']);
    expect(direct.code).toBe(1);
    expect(direct.stderr).toContain('This API key cannot be used from 127.0.0.1');

    delete process.env.TRUST_PROXY;
    const untrusted = await cli(['--json', 'groups', 'list'], { fetch: viaProxy('203.0.113.9') });
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr).toContain('This API key cannot be used from 127.0.0.1');
  });
});
