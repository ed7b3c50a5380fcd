import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { activityLogs, emails, sessionTokens, users } from '../../src/server/db/schema/index';
import { hashToken, newToken } from '../../src/server/auth/tokens';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { changePassword, getProfile, updatePreference, updateProfile } from '../../src/lib/requests/account';
import { openSeededApp, type TestApp } from './helpers/app';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
});
afterAll(() => database.close());

/** A token of the seeded API key's user (the seed keeps only hashes, so make one). */
async function apiKeyToken(): Promise<{ token: string; company: string }> {
  const [apiUser] = await database.db.select().from(users).where(eq(users.userKind, 'API_USER'));
  const token = newToken();
  await database.db.insert(sessionTokens).values({ userGuid: apiUser!.guid, tokenHash: hashToken(token), kind: 'API_KEY', companyGuid: apiUser!.defaultCompanyGuid });
  return { token, company: apiUser!.defaultCompanyGuid! };
}

describe('GET /account/profile/', () => {
  it('answers the names, the read-only email and the four preferences', async () => {
    expect(await getProfile(t.client(demo))).toEqual({
      first_name: 'Dana',
      last_name: 'Demo',
      email: 'demo@hostdeck.test',
      receive_failed_login_emails: true,
      receive_automated_sales_emails: true,
      receive_marketing_emails: true,
      receive_update_emails: true,
    });
  });

  it('refuses customer-type users', async () => {
    const customer = await t.signIn('customer@hostdeck.test');
    await expect(getProfile(t.client(customer))).rejects.toMatchObject({ status: 403, body: { errors: ['This area is not available for customer accounts.'] } });
  });

  it('needs a session', async () => {
    await expect(getProfile(t.client())).rejects.toMatchObject({ status: 401 });
  });
});

describe('POST /account/profile/', () => {
  it('updates the names and records the activity', async () => {
    const api = t.client(demo);
    expect(await updateProfile(api, { first_name: '  Danielle ', last_name: 'Demo' })).toMatchObject({
      message: 'Profile successfully updated!',
      profile: { first_name: 'Danielle', last_name: 'Demo' },
    });
    const [log] = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.verb, 'updated the profile of'), eq(activityLogs.actionObject, 'Danielle Demo')));
    expect(log).toMatchObject({ actorFirstName: 'Danielle', actionObjectType: 'user', companyGuid: null, ipAddress: '127.0.0.1' });
    await updateProfile(api, { first_name: 'Dana', last_name: 'Demo' });
  });

  it('answers each missing name with its sentence and changes nothing', async () => {
    await expect(updateProfile(t.client(demo), { first_name: ' ', last_name: '' })).rejects.toMatchObject({
      status: 400,
      body: { errors: ['Please enter your first name!', 'Please enter your last name!'] },
    });
    const [u] = await database.db.select().from(users).where(eq(users.email, 'demo@hostdeck.test'));
    expect(u!.firstName).toBe('Dana');
  });

  it('refuses API keys', async () => {
    const key = t.client(await apiKeyToken());
    await expect(updateProfile(key, { first_name: 'Deploy', last_name: 'Bot' })).rejects.toMatchObject({ status: 403 });
    await expect(updatePreference(key, { receive_marketing_emails: false })).rejects.toMatchObject({ status: 403 });
    await expect(changePassword(key, { old_password: 'x', new_password: 'abcdefgh1', new_password_repeat: 'abcdefgh1' })).rejects.toMatchObject({ status: 403 });
  });
});

describe('POST /account/profile/preferences/', () => {
  it('saves one preference and records the activity', async () => {
    const api = t.client(demo);
    expect(await updatePreference(api, { receive_marketing_emails: false })).toMatchObject({
      message: 'Preferences successfully updated!',
      preferences: { receive_marketing_emails: false, receive_update_emails: true },
    });
    const profile = await getProfile(api);
    expect(profile.receive_marketing_emails).toBe(false);
    const logs = await database.db.select().from(activityLogs).where(eq(activityLogs.verb, 'updated the email preferences of'));
    expect(logs.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses no field, two fields, an unknown field or a non-boolean', async () => {
    for (const body of [{}, { receive_marketing_emails: true, receive_update_emails: true }, { receive_marketing_emails: 'yes' }]) {
      const res = await t.call('POST', '/account/profile/preferences/', { ...demo, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('POST /account/password/', () => {
  it('answers each missing field, the mismatch and the wrong old password', async () => {
    const staff = t.client(await t.signIn('staff@hostdeck.test'));
    await expect(changePassword(staff, { old_password: '', new_password: '', new_password_repeat: '' })).rejects.toMatchObject({
      status: 400,
      body: { errors: ['Please enter your old password!', 'Please enter a new password!', 'Please repeat the new password!'] },
    });
    await expect(changePassword(staff, { old_password: DEMO_PASSWORD, new_password: 'new-pass-2027', new_password_repeat: 'new-pass-2028' })).rejects.toMatchObject({
      body: { errors: ['New passwords do not match!'] },
    });
    await expect(changePassword(staff, { old_password: DEMO_PASSWORD, new_password: 'abc', new_password_repeat: 'abc' })).rejects.toMatchObject({
      body: { errors: ['Your password must be at least 8 characters long.'] },
    });
    await expect(changePassword(staff, { old_password: 'not-it-at-all', new_password: 'new-pass-2027', new_password_repeat: 'new-pass-2027' })).rejects.toMatchObject({
      status: 400,
      body: { errors: ['Your old password is incorrect!'], fields: { old_password: 'Your old password is incorrect!' } },
    });
  });

  it('changes the password, ends every other session, keeps this one, and sends a notice', async () => {
    const here = await t.signIn('staff@hostdeck.test');
    const elsewhere = await t.signIn('staff@hostdeck.test');
    expect(await changePassword(t.client(here), { old_password: DEMO_PASSWORD, new_password: 'new-pass-2027', new_password_repeat: 'new-pass-2027' })).toEqual({
      message: 'Password successfully updated!',
    });

    await getProfile(t.client(here));
    await expect(getProfile(t.client(elsewhere))).rejects.toMatchObject({ status: 401 });
    expect((await t.call('POST', '/auth/login/', { body: { email: 'staff@hostdeck.test', password: DEMO_PASSWORD } })).status).toBe(400);
    expect((await t.call('POST', '/auth/login/', { body: { email: 'staff@hostdeck.test', password: 'new-pass-2027' } })).status).toBe(200);

    const mail = t.outbox.find((m) => m.to === 'staff@hostdeck.test' && m.subject === 'Your password was changed');
    expect(mail).toBeDefined();
    const [row] = await database.db
      .select()
      .from(emails)
      .where(and(eq(emails.email, 'staff@hostdeck.test'), eq(emails.template, 'password_changed')));
    expect(row).toMatchObject({ isSent: true });
    const [log] = await database.db.select().from(activityLogs).where(eq(activityLogs.verb, 'changed the password of'));
    expect(log).toMatchObject({ actionObject: 'Sam Staffer' });
  });
});
