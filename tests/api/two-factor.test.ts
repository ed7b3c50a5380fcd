import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../src/server/db/connection';
import { backupCodes, loginChallenges, users } from '../../src/server/db/schema/index';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import type { Api } from '../../src/lib/api/client';
import { login, whoami } from '../../src/lib/requests/auth';
import { loginDevice, loginTwoFactor } from '../../src/lib/requests/auth-flows';
import { backupCodesLeft, confirmTwoFactor, disableTwoFactor, regenerateBackupCodes, startTwoFactor, twoFactorStatus } from '../../src/lib/requests/two-factor';
import type { DeviceLoginInput, TwoFactorLoginInput } from '../../src/lib/schemas/auth-flows';
import { openSeededApp, type TestApp } from './helpers/app';
import { codeFrom, lastMailTo } from './helpers/mail';

let database: Database;
let t: TestApp;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
});
afterAll(() => database.close());

const totp = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.deps.now().getTime() });
const signInAs = (email: string, fingerprint?: string) => login(t.client(), { email, password: DEMO_PASSWORD, ...(fingerprint ? { fingerprint } : {}) });
const twoFactorStep = (input: TwoFactorLoginInput) => loginTwoFactor(t.client(), input);
const deviceStep = (input: DeviceLoginInput) => loginDevice(t.client(), input);

/** Signs in with the password where a second step is expected, and answers that step. */
async function secondStep(email: string, fingerprint?: string) {
  const answer = await signInAs(email, fingerprint);
  if (!('session_id' in answer)) throw new Error(`${email} was signed in without a second step`);
  return answer;
}

/** The session of a client works, or has ended (401). */
const works = (api: Api) => expect(whoami(api)).resolves.toMatchObject({ user: expect.any(Object) });
const ended = (api: Api) => expect(whoami(api)).rejects.toMatchObject({ status: 401 });

/** Enables 2FA for a user and answers the secret and the backup codes. */
async function enableFor(email: string) {
  const api = t.client(await t.signIn(email));
  const started = await startTwoFactor(api);
  const done = await confirmTwoFactor(api, started.guid, totp(started.secret));
  return { api, secret: started.secret, codes: done.codes };
}

describe('enabling 2FA (/account/2fa/)', () => {
  it('shows a QR code and the secret, checks the code, answers ten backup codes and ends the sessions', async () => {
    const session = await t.signIn('staff@hostdeck.test');
    const api = t.client(session);
    const other = t.client(await t.signIn('staff@hostdeck.test'));
    expect(await twoFactorStatus(api)).toEqual({ enabled: false });
    const started = await startTwoFactor(api);
    expect(started.qrcode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(started.qrcode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);

    // A body without the code cannot be sent through the typed client.
    const missing = await t.call('POST', `/account/2fa/${started.guid}/`, { ...session, body: {} });
    expect(await missing.json()).toMatchObject({ fields: { code: 'Please enter the code from Google Authenticator app!' } });
    await expect(confirmTwoFactor(api, started.guid, '000000')).rejects.toMatchObject({ status: 400 });
    await expect(confirmTwoFactor(api, '00000000-0000-4000-8000-000000000000', '123456')).rejects.toMatchObject({ status: 404 });

    const done = await confirmTwoFactor(api, started.guid, totp(started.secret));
    expect(done.codes).toHaveLength(10);
    for (const code of done.codes) expect(code).toMatch(/^[A-Z2-9]{10}$/);
    // Other sessions end at once; this one may still show the codes, then ends at sign-out or in 15 minutes.
    await ended(other);
    await works(api);
    t.advance(15 * 60_000 + 1000);
    await ended(api);
    expect(lastMailTo(t, 'staff@hostdeck.test').subject).toBe('Security notice: your sign-in settings changed');

    const [user] = await database.db.select().from(users).where(eq(users.email, 'staff@hostdeck.test'));
    const stored = await database.db.select().from(backupCodes).where(eq(backupCodes.userGuid, user!.guid));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(done.codes).not.toContain(row.codeHash);
  });

  it("answers 404 for another user's set-up", async () => {
    const started = await startTwoFactor(t.client(await t.signIn('bluebird@hostdeck.test')));
    const demo = t.client(await t.signIn('demo@hostdeck.test'));
    await expect(confirmTwoFactor(demo, started.guid, totp(started.secret))).rejects.toMatchObject({ status: 404 });
  });

  it('is not offered to customer accounts', async () => {
    await expect(startTwoFactor(t.client(await t.signIn('customer@hostdeck.test')))).rejects.toMatchObject({ status: 403 });
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
    const first = await secondStep('demo@hostdeck.test', 'laptop');
    expect(first.verification).toBe('2fa');
    await expect(twoFactorStep({ session_id: first.session_id, code: '  ', code_type: 'CODE' })).rejects.toMatchObject({
      body: { fields: { code: 'Please enter the 6 digit code!' } },
    });
    await expect(twoFactorStep({ session_id: first.session_id, code: '1234567', code_type: 'CODE' })).rejects.toMatchObject({
      body: { fields: { code: 'Please enter the 6 digit code!' } },
    });
    const code = totp(secret);
    const ok = await twoFactorStep({ session_id: first.session_id, code: `${code.slice(0, 3)} ${code.slice(3)}`, code_type: 'CODE' });
    await works(t.client(ok));

    // The same code again, on a new challenge within its 30 seconds: refused.
    const second = await secondStep('demo@hostdeck.test', 'laptop');
    await expect(twoFactorStep({ session_id: second.session_id, code, code_type: 'CODE' })).rejects.toMatchObject({
      body: { errors: ['The code is not correct. Please try again.'] },
    });
    // The used challenge cannot be answered again.
    await expect(twoFactorStep({ session_id: first.session_id, code: totp(secret), code_type: 'CODE' })).rejects.toMatchObject({
      body: { errors: ['Your sign-in has expired. Please sign in again.'] },
    });
    t.advance(30_000);
    await expect(twoFactorStep({ session_id: second.session_id, code: totp(secret), code_type: 'CODE' })).resolves.toMatchObject({ token: expect.any(String) });
  });

  it('accepts each backup code once, in any case and with spaces', async () => {
    const a = await secondStep('demo@hostdeck.test');
    await expect(twoFactorStep({ session_id: a.session_id, code: 'ABCDEFGHJKM', code_type: 'BACKUP_CODE' })).rejects.toMatchObject({
      body: { fields: { code: 'Please enter the 10 character backup code!' } },
    });
    const spaced = `${codes[0]!.slice(0, 5).toLowerCase()} ${codes[0]!.slice(5)}`;
    await expect(twoFactorStep({ session_id: a.session_id, code: spaced, code_type: 'BACKUP_CODE' })).resolves.toMatchObject({ token: expect.any(String) });
    const b = await secondStep('demo@hostdeck.test');
    await expect(twoFactorStep({ session_id: b.session_id, code: codes[0], code_type: 'BACKUP_CODE' })).rejects.toMatchObject({ status: 400 });
  });

  it('ends a challenge after five wrong codes, and one that is 10 minutes old', async () => {
    const a = await secondStep('demo@hostdeck.test');
    for (let i = 0; i < 4; i++) {
      await expect(twoFactorStep({ session_id: a.session_id, code: '000000', code_type: 'CODE' })).rejects.toMatchObject({
        body: { errors: ['The code is not correct. Please try again.'] },
      });
    }
    await expect(twoFactorStep({ session_id: a.session_id, code: '000000', code_type: 'CODE' })).rejects.toMatchObject({
      body: { errors: ['Too many wrong codes. Please sign in again.'] },
    });
    t.advance(30_000);
    await expect(twoFactorStep({ session_id: a.session_id, code: totp(secret), code_type: 'CODE' })).rejects.toMatchObject({ status: 400 });

    const late = await secondStep('demo@hostdeck.test');
    t.advance(11 * 60_000);
    await expect(twoFactorStep({ session_id: late.session_id, code: totp(secret), code_type: 'CODE' })).rejects.toMatchObject({
      body: { errors: ['Your sign-in has expired. Please sign in again.'] },
    });
  });

  it('limits wrong codes per account across challenges', async () => {
    t.advance(16 * 60_000);
    for (let i = 0; i < 2; i++) {
      const { session_id } = await secondStep('demo@hostdeck.test');
      for (let j = 0; j < 5; j++) await twoFactorStep({ session_id, code: '000000', code_type: 'CODE' }).catch(() => undefined);
    }
    const { session_id } = await secondStep('demo@hostdeck.test');
    t.advance(30_000);
    await expect(twoFactorStep({ session_id, code: totp(secret), code_type: 'CODE' })).rejects.toMatchObject({
      status: 429,
      body: { errors: ['Too many wrong codes. Please wait 15 minutes and try again.'] },
    });
    t.advance(16 * 60_000);
  });

  it('counts, regenerates with the password, and disables 2FA with the password', async () => {
    const { session_id } = await secondStep('demo@hostdeck.test');
    const session = await twoFactorStep({ session_id, code: codes[1], code_type: 'BACKUP_CODE' });
    const api = t.client(session);
    expect(await backupCodesLeft(api)).toEqual({ codes: 8 });
    await expect(regenerateBackupCodes(api, 'nope')).rejects.toMatchObject({ body: { fields: { password: 'The password is not correct.' } } });
    // A body without the password cannot be sent through the typed client.
    expect(await (await t.call('POST', '/account/2fa/backup-codes/', { token: session.token, body: {} })).json()).toMatchObject({
      fields: { password: 'Please enter your password!' },
    });
    const fresh = await regenerateBackupCodes(api, DEMO_PASSWORD);
    expect(fresh.codes).toHaveLength(10);
    expect(fresh.codes).not.toContain(codes[2]);

    const { session_id: s2 } = await secondStep('demo@hostdeck.test');
    const other = t.client(await twoFactorStep({ session_id: s2, code: fresh.codes[0], code_type: 'BACKUP_CODE' }));
    await expect(disableTwoFactor(api, 'nope')).rejects.toMatchObject({ body: { fields: { password: 'The password is not correct.' } } });
    expect(await disableTwoFactor(api, DEMO_PASSWORD)).toEqual({ message: '2FA successfully disabled!' });
    await works(api);
    await ended(other);
    expect(await twoFactorStatus(api)).toEqual({ enabled: false });
    // 2FA off: the device that passed 2FA is trusted; one never seen gets the emailed code.
    expect(await signInAs('demo@hostdeck.test', 'laptop')).toMatchObject({ token: expect.any(String) });
    expect(await signInAs('demo@hostdeck.test', 'phone')).toMatchObject({ verification: 'device' });
  });
});

describe('device verification', () => {
  const email = 'bluebird@hostdeck.test';

  it('enrols the first device, then emails a code for a new one and trusts it for 60 days when asked', async () => {
    expect(await signInAs(email, 'device-a')).toMatchObject({ token: expect.any(String) });
    expect(await signInAs(email, 'device-a')).toMatchObject({ token: expect.any(String) });

    const step = await secondStep(email, 'device-b');
    expect(step.verification).toBe('device');
    const code = codeFrom(lastMailTo(t, email).text);
    const [challenge] = await database.db.select().from(loginChallenges).where(eq(loginChallenges.guid, step.session_id));
    expect(challenge!.codeHash).not.toContain(code);

    await expect(deviceStep({ session_id: step.session_id, code: '' })).rejects.toMatchObject({ body: { fields: { code: 'Please enter the 6 digit code!' } } });
    await expect(deviceStep({ session_id: step.session_id, code: 'abcdef' })).rejects.toMatchObject({ body: { fields: { code: 'Please enter the 6 digit code!' } } });
    await expect(deviceStep({ session_id: step.session_id, code: code === '000000' ? '111111' : '000000' })).rejects.toMatchObject({
      body: { errors: ['The code is not correct. Please try again.'] },
    });
    const ok = await deviceStep({ session_id: step.session_id, code: `${code.slice(0, 3)} ${code.slice(3)}`, remember: true });
    await works(t.client(ok));
    await expect(deviceStep({ session_id: step.session_id, code, remember: true })).rejects.toMatchObject({ status: 400 });

    expect(await signInAs(email, 'device-b')).toMatchObject({ token: expect.any(String) });
    t.advance(61 * 86_400_000);
    expect(await signInAs(email, 'device-b')).toMatchObject({ verification: 'device' });
  });

  it('asks again next time when the device was not trusted, and asks clients that send no device id', async () => {
    const step = await secondStep(email, 'device-c');
    const code = codeFrom(lastMailTo(t, email).text);
    await expect(deviceStep({ session_id: step.session_id, code })).resolves.toMatchObject({ token: expect.any(String) });
    expect(await signInAs(email, 'device-c')).toMatchObject({ verification: 'device' });
    expect(await signInAs(email)).toMatchObject({ verification: 'device' });
  });

  it('lets a device code expire after 10 minutes', async () => {
    const step = await secondStep(email, 'device-d');
    const code = codeFrom(lastMailTo(t, email).text);
    t.advance(10 * 60_000 + 1000);
    await expect(deviceStep({ session_id: step.session_id, code })).rejects.toMatchObject({ body: { errors: ['Your sign-in has expired. Please sign in again.'] } });
  });
});
