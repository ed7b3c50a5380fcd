import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../src/server/db/connection';
import { backupCodes, loginChallenges, users } from '../../src/server/db/schema/index';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { openSeededApp, type TestApp } from './helpers/app';
import { codeFrom, lastMailTo } from './helpers/mail';

let database: Database;
let t: TestApp;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
});
afterAll(() => database.close());

const totp = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.deps.now().getTime() });
const json = async <T = Record<string, unknown>>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const login = (email: string, fingerprint?: string) => t.call('POST', '/auth/login/', { body: { email, password: DEMO_PASSWORD, ...(fingerprint ? { fingerprint } : {}) } });

/** Enables 2FA for demo@ and answers the secret and the backup codes. */
async function enableFor(email: string) {
  const { token } = await t.signIn(email);
  const started = await json<{ qrcode: string; guid: string; secret: string }>(t.call('POST', '/account/2fa/', { token }));
  const done = await json<{ codes: string[] }>(t.call('POST', `/account/2fa/${started.guid}/`, { token, body: { code: totp(started.secret) } }));
  return { token, secret: started.secret, codes: done.codes };
}

describe('enabling 2FA (/account/2fa/)', () => {
  it('shows a QR code and the secret, checks the code, answers ten backup codes and ends the sessions', async () => {
    const { token } = await t.signIn('staff@hostdeck.test');
    const other = await t.signIn('staff@hostdeck.test');
    expect(await json(t.call('GET', '/account/2fa/', { token }))).toEqual({ enabled: false });
    const started = await json<{ qrcode: string; guid: string; secret: string }>(t.call('POST', '/account/2fa/', { token }));
    expect(started.qrcode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(started.qrcode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);

    const missing = await t.call('POST', `/account/2fa/${started.guid}/`, { token, body: {} });
    expect(await missing.json()).toMatchObject({ fields: { code: 'Please enter the code from Google Authenticator app!' } });
    const wrong = await t.call('POST', `/account/2fa/${started.guid}/`, { token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    const unknown = await t.call('POST', '/account/2fa/00000000-0000-4000-8000-000000000000/', { token, body: { code: '123456' } });
    expect(unknown.status).toBe(404);

    const done = await json<{ codes: string[] }>(t.call('POST', `/account/2fa/${started.guid}/`, { token, body: { code: totp(started.secret) } }));
    expect(done.codes).toHaveLength(10);
    for (const code of done.codes) expect(code).toMatch(/^[A-Z2-9]{10}$/);
    // Other sessions end at once; this one may still show the codes, then ends at sign-out or in 15 minutes.
    expect((await t.call('GET', '/account/whoami/', { token: other.token })).status).toBe(401);
    expect((await t.call('GET', '/account/whoami/', { token })).status).toBe(200);
    t.advance(15 * 60_000 + 1000);
    expect((await t.call('GET', '/account/whoami/', { token })).status).toBe(401);
    expect(lastMailTo(t, 'staff@hostdeck.test').subject).toBe('Security notice: your sign-in settings changed');

    const [user] = await database.db.select().from(users).where(eq(users.email, 'staff@hostdeck.test'));
    const stored = await database.db.select().from(backupCodes).where(eq(backupCodes.userGuid, user!.guid));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(done.codes).not.toContain(row.codeHash);
  });

  it("answers 404 for another user's set-up", async () => {
    const owner = await t.signIn('bluebird@hostdeck.test');
    const started = await json<{ guid: string; secret: string }>(t.call('POST', '/account/2fa/', { token: owner.token }));
    const demo = await t.signIn('demo@hostdeck.test');
    const other = await t.call('POST', `/account/2fa/${started.guid}/`, { token: demo.token, body: { code: totp(started.secret) } });
    expect(other.status).toBe(404);
  });

  it('is not offered to customer accounts', async () => {
    const { token } = await t.signIn('customer@hostdeck.test');
    expect((await t.call('POST', '/account/2fa/', { token })).status).toBe(403);
  });
});

describe('signing in with 2FA', () => {
  let secret: string;
  let codes: string[];
  beforeAll(async () => {
    ({ secret, codes } = await enableFor('demo@hostdeck.test'));
  });

  it('asks for the second step, then accepts a TOTP code once', async () => {
    t.advance(30_000); // the enrolment used the current step's code
    const first = await json<{ session_id: string; verification: string }>(login('demo@hostdeck.test', 'laptop'));
    expect(first.verification).toBe('2fa');
    const missing = await t.call('POST', '/auth/login/2fa/', { body: { session_id: first.session_id, code: '  ', code_type: 'CODE' } });
    expect(await missing.json()).toMatchObject({ fields: { code: 'Please enter the 6 digit code!' } });
    const long = await t.call('POST', '/auth/login/2fa/', { body: { session_id: first.session_id, code: '1234567', code_type: 'CODE' } });
    expect(await long.json()).toMatchObject({ fields: { code: 'Please enter the 6 digit code!' } });
    const code = totp(secret);
    const ok = await json<{ token: string }>(t.call('POST', '/auth/login/2fa/', { body: { session_id: first.session_id, code: `${code.slice(0, 3)} ${code.slice(3)}`, code_type: 'CODE' } }));
    expect((await t.call('GET', '/account/whoami/', { token: ok.token })).status).toBe(200);

    // The same code again, on a new challenge within its 30 seconds: refused.
    const second = await json<{ session_id: string }>(login('demo@hostdeck.test', 'laptop'));
    const replay = await t.call('POST', '/auth/login/2fa/', { body: { session_id: second.session_id, code, code_type: 'CODE' } });
    expect(await replay.json()).toMatchObject({ errors: ['The code is not correct. Please try again.'] });
    // The used challenge cannot be answered again.
    const reused = await t.call('POST', '/auth/login/2fa/', { body: { session_id: first.session_id, code: totp(secret), code_type: 'CODE' } });
    expect(await reused.json()).toMatchObject({ errors: ['Your sign-in has expired. Please sign in again.'] });
    t.advance(30_000);
    expect((await t.call('POST', '/auth/login/2fa/', { body: { session_id: second.session_id, code: totp(secret), code_type: 'CODE' } })).status).toBe(200);
  });

  it('accepts each backup code once, in any case and with spaces', async () => {
    const a = await json<{ session_id: string }>(login('demo@hostdeck.test'));
    const long = await t.call('POST', '/auth/login/2fa/', { body: { session_id: a.session_id, code: 'ABCDEFGHJKM', code_type: 'BACKUP_CODE' } });
    expect(await long.json()).toMatchObject({ fields: { code: 'Please enter the 10 character backup code!' } });
    const spaced = `${codes[0]!.slice(0, 5).toLowerCase()} ${codes[0]!.slice(5)}`;
    expect((await t.call('POST', '/auth/login/2fa/', { body: { session_id: a.session_id, code: spaced, code_type: 'BACKUP_CODE' } })).status).toBe(200);
    const b = await json<{ session_id: string }>(login('demo@hostdeck.test'));
    const again = await t.call('POST', '/auth/login/2fa/', { body: { session_id: b.session_id, code: codes[0], code_type: 'BACKUP_CODE' } });
    expect(again.status).toBe(400);
  });

  it('ends a challenge after five wrong codes, and one that is 10 minutes old', async () => {
    const a = await json<{ session_id: string }>(login('demo@hostdeck.test'));
    for (let i = 0; i < 4; i++) {
      const res = await t.call('POST', '/auth/login/2fa/', { body: { session_id: a.session_id, code: '000000', code_type: 'CODE' } });
      expect(await res.json()).toMatchObject({ errors: ['The code is not correct. Please try again.'] });
    }
    const fifth = await t.call('POST', '/auth/login/2fa/', { body: { session_id: a.session_id, code: '000000', code_type: 'CODE' } });
    expect(await fifth.json()).toMatchObject({ errors: ['Too many wrong codes. Please sign in again.'] });
    t.advance(30_000);
    expect((await t.call('POST', '/auth/login/2fa/', { body: { session_id: a.session_id, code: totp(secret), code_type: 'CODE' } })).status).toBe(400);

    const late = await json<{ session_id: string }>(login('demo@hostdeck.test'));
    t.advance(11 * 60_000);
    const expired = await t.call('POST', '/auth/login/2fa/', { body: { session_id: late.session_id, code: totp(secret), code_type: 'CODE' } });
    expect(await expired.json()).toMatchObject({ errors: ['Your sign-in has expired. Please sign in again.'] });
  });

  it('limits wrong codes per account across challenges', async () => {
    t.advance(16 * 60_000);
    for (let i = 0; i < 2; i++) {
      const { session_id } = await json<{ session_id: string }>(login('demo@hostdeck.test'));
      for (let j = 0; j < 5; j++) await t.call('POST', '/auth/login/2fa/', { body: { session_id, code: '000000', code_type: 'CODE' } });
    }
    const { session_id } = await json<{ session_id: string }>(login('demo@hostdeck.test'));
    t.advance(30_000);
    const blocked = await t.call('POST', '/auth/login/2fa/', { body: { session_id, code: totp(secret), code_type: 'CODE' } });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ errors: ['Too many wrong codes. Please wait 15 minutes and try again.'] });
    t.advance(16 * 60_000);
  });

  it('counts, regenerates with the password, and disables 2FA with the password', async () => {
    const { session_id } = await json<{ session_id: string }>(login('demo@hostdeck.test'));
    const { token } = await json<{ token: string }>(t.call('POST', '/auth/login/2fa/', { body: { session_id, code: codes[1], code_type: 'BACKUP_CODE' } }));
    expect(await json(t.call('GET', '/account/2fa/backup-codes/', { token }))).toEqual({ codes: 8 });
    const wrong = await t.call('POST', '/account/2fa/backup-codes/', { token, body: { password: 'nope' } });
    expect(await wrong.json()).toMatchObject({ fields: { password: 'The password is not correct.' } });
    expect(await json(t.call('POST', '/account/2fa/backup-codes/', { token, body: {} }))).toMatchObject({ fields: { password: 'Please enter your password!' } });
    const fresh = await json<{ codes: string[] }>(t.call('POST', '/account/2fa/backup-codes/', { token, body: { password: DEMO_PASSWORD } }));
    expect(fresh.codes).toHaveLength(10);
    expect(fresh.codes).not.toContain(codes[2]);

    const { session_id: s2 } = await json<{ session_id: string }>(login('demo@hostdeck.test'));
    const other = await json<{ token: string }>(t.call('POST', '/auth/login/2fa/', { body: { session_id: s2, code: fresh.codes[0], code_type: 'BACKUP_CODE' } }));
    expect(await json(t.call('POST', '/account/2fa/disable/', { token, body: { password: 'nope' } }))).toMatchObject({ fields: { password: 'The password is not correct.' } });
    expect(await json(t.call('POST', '/account/2fa/disable/', { token, body: { password: DEMO_PASSWORD } }))).toEqual({ message: '2FA successfully disabled!' });
    expect((await t.call('GET', '/account/whoami/', { token })).status).toBe(200);
    expect((await t.call('GET', '/account/whoami/', { token: other.token })).status).toBe(401);
    expect(await json(t.call('GET', '/account/2fa/', { token }))).toEqual({ enabled: false });
    // 2FA off: the device that passed 2FA is trusted; one never seen gets the emailed code.
    expect(await json(login('demo@hostdeck.test', 'laptop'))).toMatchObject({ token: expect.any(String) });
    expect(await json(login('demo@hostdeck.test', 'phone'))).toMatchObject({ verification: 'device' });
  });
});

describe('device verification', () => {
  const email = 'bluebird@hostdeck.test';

  it('enrols the first device, then emails a code for a new one and trusts it for 60 days when asked', async () => {
    expect(await json(login(email, 'device-a'))).toMatchObject({ token: expect.any(String) });
    expect(await json(login(email, 'device-a'))).toMatchObject({ token: expect.any(String) });

    const step = await json<{ session_id: string; verification: string }>(login(email, 'device-b'));
    expect(step.verification).toBe('device');
    const code = codeFrom(lastMailTo(t, email).text);
    const [challenge] = await database.db.select().from(loginChallenges).where(eq(loginChallenges.guid, step.session_id));
    expect(challenge!.codeHash).not.toContain(code);

    const missing = await t.call('POST', '/auth/login/device/', { body: { session_id: step.session_id, code: '' } });
    expect(await missing.json()).toMatchObject({ fields: { code: 'Please enter the 6 digit code!' } });
    const letters = await t.call('POST', '/auth/login/device/', { body: { session_id: step.session_id, code: 'abcdef' } });
    expect(await letters.json()).toMatchObject({ fields: { code: 'Please enter the 6 digit code!' } });
    const wrong = await t.call('POST', '/auth/login/device/', { body: { session_id: step.session_id, code: code === '000000' ? '111111' : '000000' } });
    expect(await wrong.json()).toMatchObject({ errors: ['The code is not correct. Please try again.'] });
    const ok = await json<{ token: string }>(t.call('POST', '/auth/login/device/', { body: { session_id: step.session_id, code: `${code.slice(0, 3)} ${code.slice(3)}`, remember: true } }));
    expect((await t.call('GET', '/account/whoami/', { token: ok.token })).status).toBe(200);
    expect((await t.call('POST', '/auth/login/device/', { body: { session_id: step.session_id, code, remember: true } })).status).toBe(400);

    expect(await json(login(email, 'device-b'))).toMatchObject({ token: expect.any(String) });
    t.advance(61 * 86_400_000);
    expect(await json(login(email, 'device-b'))).toMatchObject({ verification: 'device' });
  });

  it('asks again next time when the device was not trusted, and asks clients that send no device id', async () => {
    const step = await json<{ session_id: string }>(login(email, 'device-c'));
    const code = codeFrom(lastMailTo(t, email).text);
    expect((await t.call('POST', '/auth/login/device/', { body: { session_id: step.session_id, code } })).status).toBe(200);
    expect(await json(login(email, 'device-c'))).toMatchObject({ verification: 'device' });
    expect(await json(login(email))).toMatchObject({ verification: 'device' });
  });

  it('lets a device code expire after 10 minutes', async () => {
    const step = await json<{ session_id: string }>(login(email, 'device-d'));
    const code = codeFrom(lastMailTo(t, email).text);
    t.advance(10 * 60_000 + 1000);
    const late = await t.call('POST', '/auth/login/device/', { body: { session_id: step.session_id, code } });
    expect(await late.json()).toMatchObject({ errors: ['Your sign-in has expired. Please sign in again.'] });
  });
});
