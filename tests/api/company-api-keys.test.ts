import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { apiKeys, sessionTokens, users } from '../../src/server/db/schema/index';
import { clientAddressOf } from '../../src/server/client-address';
import { verifyEmail } from '../../src/lib/requests/auth-flows';
import { createApiKey, createCompanyUser, deleteApiKey, getCompanyUser, listApiKeyPermissions, listApiKeys, updateCompanyUser } from '../../src/lib/requests/company';
import { ALL_SCOPES } from '../../src/lib/rules/scopes';
import { hashFrom, lastMailTo } from './helpers/mail';
import { refusal } from './helpers/outcomes';
import { withoutOwnerScopes } from './helpers/scopes';
import type { TestApp } from './helpers/app';
import { useDemoAppWithBluebird, type Session } from './helpers/demo-app';

let database: Database;
let t: TestApp;
let demo: Session;
let bluebird: Session;

useDemoAppWithBluebird((app) => ({ database, t, demo, bluebird } = app));

const KEY = { name: 'CI deploy', allowed_ip_addresses: '10.0.0.0/8\n\n  2001:db8::/32  \n192.0.2.10\n', permissions: ['can_view_domains', 'can_view_domain_groups'] };

/** A request with the key's token from `address` (the test app reads it from x-test-ip). */
const withKey = (token: string, address: string, path = '/domains/groups/') => t.call('GET', path, { token, headers: { 'x-test-ip': address } });
const firstError = async (res: Response) => ((await res.json()) as { errors: string[] }).errors[0];

describe('GET /account/companies/{guid}/api/permissions/', () => {
  it('names every permission a key can hold and those the caller may grant', async () => {
    const answer = await listApiKeyPermissions(t.client(demo), demo.company);
    expect(answer.permissions).toEqual([...ALL_SCOPES]);
    expect(answer.grantable).toEqual([...ALL_SCOPES]);
    await withoutOwnerScopes(database, demo.company, ['can_view_billing'], async () => {
      expect((await listApiKeyPermissions(t.client(demo), demo.company)).grantable).not.toContain('can_view_billing');
    });
  });

  it("needs can_view_api_keys, and 404 for another company's path", async () => {
    await withoutOwnerScopes(database, demo.company, ['can_view_api_keys'], async () => {
      expect((await refusal(listApiKeyPermissions(t.client(demo), demo.company))).status).toBe(403);
    });
    expect((await refusal(listApiKeyPermissions(t.client(demo), bluebird.company))).status).toBe(404);
  });
});

describe('POST and GET /account/companies/{guid}/api/', () => {
  it("creates a key, answers its token once, 'API key successfully created!', and lists it without the token", async () => {
    const created = await createApiKey(t.client(demo), demo.company, { ...KEY, date_expires: '2099-12-31' });
    expect(created.message).toBe('API key successfully created!');
    expect(created.token.length).toBeGreaterThan(30);
    const list = await listApiKeys(t.client(demo), demo.company, {});
    const row = list.data.find((k) => k.guid === created.guid)!;
    expect(row).toEqual({
      guid: created.guid,
      name: 'CI deploy',
      user_id: created.user_id,
      date_created: expect.any(String),
      date_expires: '2099-12-31T23:59:59.999Z',
      allowed_ip_addresses: ['10.0.0.0/8', '2001:db8::/32', '192.0.2.10'],
      permissions: ['can_view_domains', 'can_view_domain_groups'],
      date_last_used: null,
      last_used_ip_address: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.token);
    // Only a hash of the token is stored.
    const stored = await database.db.select().from(sessionTokens).where(eq(sessionTokens.userGuid, created.user_id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(created.token);
  });

  it('answers each message of spec part 3, 5 API key, naming a bad address', async () => {
    const empty = await refusal(createApiKey(t.client(demo), demo.company, { name: ' ', allowed_ip_addresses: ' \n\n ' }));
    expect(empty.body.fields).toEqual({ name: 'Please enter a name for the API key!', allowed_ip_addresses: 'Please enter at least one IP address!' });
    const bad = await refusal(createApiKey(t.client(demo), demo.company, { name: 'x', allowed_ip_addresses: '10.0.0.1\n10.0.0.300/8\n' }));
    expect(bad.body.fields).toEqual({ allowed_ip_addresses: '"10.0.0.300/8" is not an IP address or a CIDR range!' });
    const past = await refusal(createApiKey(t.client(demo), demo.company, { name: 'x', allowed_ip_addresses: ['10.0.0.1'], date_expires: '2001-01-01' }));
    expect(past.body.fields).toEqual({ date_expires: 'The expiry date must be in the future!' });
  });

  it('gives a key no permission its creator does not hold', async () => {
    await withoutOwnerScopes(database, demo.company, ['can_view_billing'], async () => {
      const error = await refusal(createApiKey(t.client(demo), demo.company, { ...KEY, permissions: ['can_view_domains', 'can_view_billing'] }));
      expect(error.status).toBe(403);
      expect(error.message).toBe('You cannot give permissions you do not hold yourself: can_view_billing.');
    });
  });

  it("needs can_create_api_keys to create and can_view_api_keys to list; 404 for another company's path", async () => {
    await withoutOwnerScopes(database, demo.company, ['can_create_api_keys'], async () => {
      const error = await refusal(createApiKey(t.client(demo), demo.company, KEY));
      expect(error.status).toBe(403);
      expect(error.message).toContain('can_create_api_keys');
    });
    await withoutOwnerScopes(database, demo.company, ['can_view_api_keys'], async () => {
      expect((await refusal(listApiKeys(t.client(demo), demo.company, {}))).status).toBe(403);
    });
    expect((await refusal(listApiKeys(t.client(demo), bluebird.company, {}))).status).toBe(404);
    expect((await refusal(createApiKey(t.client(demo), bluebird.company, KEY))).status).toBe(404);
  });

  it('is refused to an API key: a key cannot mint a wider key', async () => {
    const created = await createApiKey(t.client(demo), demo.company, { ...KEY, permissions: ['can_view_company_info', 'can_view_api_keys', 'can_create_api_keys'] });
    const res = await t.call('POST', `/account/companies/${demo.company}/api/`, { token: created.token, headers: { 'x-test-ip': '10.0.0.1' }, body: { ...KEY, permissions: [] } });
    expect(res.status).toBe(403);
    expect(await firstError(res)).toContain('API key');
  });
});

describe('using a key', () => {
  it('is accepted inside a v4 and a v6 range and from a listed address, and records the last use', async () => {
    const { token, guid } = await createApiKey(t.client(demo), demo.company, KEY);
    expect((await withKey(token, '10.20.30.40')).status).toBe(200);
    expect((await withKey(token, '2001:db8:1:2::99')).status).toBe(200);
    expect((await withKey(token, '192.0.2.10')).status).toBe(200);
    // A dual-stack socket reports an IPv4 client as ::ffff:a.b.c.d.
    expect((await withKey(token, '::ffff:10.1.1.1')).status).toBe(200);
    const row = (await listApiKeys(t.client(demo), demo.company, {})).data.find((k) => k.guid === guid)!;
    expect(row.last_used_ip_address).toBe('::ffff:10.1.1.1');
    expect(row.date_last_used).not.toBeNull();
  });

  it('writes the last use at most once a minute from the same address', async () => {
    const { token, user_id } = await createApiKey(t.client(demo), demo.company, KEY);
    expect((await withKey(token, '10.0.0.5')).status).toBe(200);
    const [first] = await database.db.select().from(sessionTokens).where(eq(sessionTokens.userGuid, user_id));
    t.advance(30_000);
    expect((await withKey(token, '10.0.0.5')).status).toBe(200);
    const [same] = await database.db.select().from(sessionTokens).where(eq(sessionTokens.userGuid, user_id));
    expect(same!.lastUsedAt).toEqual(first!.lastUsedAt);
    t.advance(31_000);
    expect((await withKey(token, '10.0.0.5')).status).toBe(200);
    const [later] = await database.db.select().from(sessionTokens).where(eq(sessionTokens.userGuid, user_id));
    expect(later!.lastUsedAt.getTime()).toBeGreaterThan(first!.lastUsedAt.getTime());
  });

  it('is refused with 403 and a sentence from an address outside its allowlist', async () => {
    const { token } = await createApiKey(t.client(demo), demo.company, KEY);
    const res = await withKey(token, '11.0.0.1');
    expect(res.status).toBe(403);
    expect(await firstError(res)).toBe('This API key cannot be used from 11.0.0.1: the address is not in its allowed IP addresses.');
    expect((await withKey(token, '2001:db9::1')).status).toBe(403);
  });

  it('reads the address from X-Forwarded-For only behind a trusted proxy (TRUST_PROXY=1)', async () => {
    const { token } = await createApiKey(t.client(demo), demo.company, { ...KEY, allowed_ip_addresses: '203.0.113.0/24' });
    const before = { ip: t.deps.clientIp, env: process.env.TRUST_PROXY };
    t.deps.clientIp = clientAddressOf;
    try {
      process.env.TRUST_PROXY = '1';
      expect((await t.call('GET', '/domains/groups/', { token, headers: { 'X-Forwarded-For': '203.0.113.9, 10.0.0.1' } })).status).toBe(200);
      expect((await t.call('GET', '/domains/groups/', { token, headers: { 'X-Forwarded-For': '198.51.100.1' } })).status).toBe(403);
      process.env.TRUST_PROXY = '0';
      expect((await t.call('GET', '/domains/groups/', { token, headers: { 'X-Forwarded-For': '203.0.113.9' } })).status).toBe(403);
    } finally {
      t.deps.clientIp = before.ip;
      if (before.env === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before.env;
    }
  });

  it('is refused with 401 after its expiry', async () => {
    const expires = new Date(t.deps.now().getTime() + 3_600_000).toISOString();
    const { token } = await createApiKey(t.client(demo), demo.company, { ...KEY, date_expires: expires });
    expect((await withKey(token, '10.0.0.1')).status).toBe(200);
    t.advance(3_600_001);
    const res = await withKey(token, '10.0.0.1');
    expect(res.status).toBe(401);
    expect(await firstError(res)).toBe('This API key has expired. Please create a new one.');
  });
});

describe('editing a key through POST /account/companies/{guid}/users/{userGuid}/', () => {
  it("changes its name, addresses, expiry and permissions: 'User or API key successfully updated!'", async () => {
    const { token, user_id } = await createApiKey(t.client(demo), demo.company, KEY);
    const answer = await updateCompanyUser(t.client(demo), demo.company, user_id, {
      permissions: ['can_view_domains'],
      api_key: { name: 'Renamed', allowed_ip_addresses: ['172.16.0.0/12'], date_expires: null },
    });
    expect(answer.message).toBe('User or API key successfully updated!');
    expect(answer.user).toMatchObject({
      account_type: 'API_USER',
      permissions: ['can_view_domains'],
      api_key: { name: 'Renamed', allowed_ip_addresses: ['172.16.0.0/12'], date_expires: null },
    });
    expect((await getCompanyUser(t.client(demo), demo.company, user_id)).api_key?.name).toBe('Renamed');
    expect((await withKey(token, '10.0.0.1')).status).toBe(403);
    expect((await withKey(token, '172.16.5.5')).status).toBe(200);
    // A removed permission is gone on the key's next request.
    expect((await withKey(token, '172.16.5.5', '/ip_addresses/groups/')).status).toBe(403);
    const bad = await refusal(updateCompanyUser(t.client(demo), demo.company, user_id, { api_key: { allowed_ip_addresses: 'nonsense' } }));
    expect(bad.body.fields).toEqual({ 'api_key.allowed_ip_addresses': '"nonsense" is not an IP address or a CIDR range!' });
  });

  it('needs can_create_api_keys and gives no permission the editor lacks', async () => {
    const { user_id } = await createApiKey(t.client(demo), demo.company, KEY);
    await withoutOwnerScopes(database, demo.company, ['can_create_api_keys'], async () => {
      const error = await refusal(updateCompanyUser(t.client(demo), demo.company, user_id, { api_key: { name: 'x' } }));
      expect(error.status).toBe(403);
      expect(error.message).toContain('can_create_api_keys');
    });
    await withoutOwnerScopes(database, demo.company, ['can_view_billing'], async () => {
      expect((await refusal(updateCompanyUser(t.client(demo), demo.company, user_id, { permissions: ['can_view_billing'] }))).message).toContain('can_view_billing');
    });
  });

  it("keeps a person's settings apart from a key's", async () => {
    const email = `person-${Date.now()}@example.test`;
    const person = await createCompanyUser(t.client(demo), demo.company, { first_name: 'P', last_name: 'Q', email, password: 'a long enough passphrase' });
    await verifyEmail(t.client(), hashFrom(lastMailTo(t, email).text, '/auth/verify'));
    const error = await refusal(updateCompanyUser(t.client(demo), demo.company, person.user.user.guid, { api_key: { name: 'x' } }));
    expect(error.status).toBe(400);
  });
});

describe('DELETE /account/companies/{guid}/api/{keyGuid}/', () => {
  it("deletes the key: 'API key successfully deleted!', and its token stops working at once", async () => {
    const { token, guid, user_id } = await createApiKey(t.client(demo), demo.company, KEY);
    expect((await withKey(token, '10.0.0.1')).status).toBe(200);
    expect(await deleteApiKey(t.client(demo), demo.company, guid)).toEqual({ message: 'API key successfully deleted!' });
    expect((await withKey(token, '10.0.0.1')).status).toBe(401);
    expect(await database.db.select().from(apiKeys).where(eq(apiKeys.guid, guid))).toEqual([]);
    expect(await database.db.select().from(users).where(eq(users.guid, user_id))).toEqual([]);
  });

  it("is 404 for another company's key and needs can_create_api_keys", async () => {
    const [foreign] = await database.db.select().from(apiKeys).where(eq(apiKeys.companyGuid, demo.company)).limit(1);
    const error = await refusal(deleteApiKey(t.client(bluebird), bluebird.company, foreign!.guid));
    expect(error.status).toBe(404);
    expect(error.message).toBe('API key not found.');
    await withoutOwnerScopes(database, demo.company, ['can_create_api_keys'], async () => {
      expect((await refusal(deleteApiKey(t.client(demo), demo.company, foreign!.guid))).status).toBe(403);
    });
  });
});
