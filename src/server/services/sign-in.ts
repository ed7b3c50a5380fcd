import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { loginOp } from '../../lib/api/auth';
import type { loginDeviceOp, loginTwoFactorOp } from '../../lib/api/auth-flows';
import type { AppEnv } from '../context';
import { loginRecords, users } from '../db/schema/index';
import { problem, tooManyRequests } from '../http/errors';
import { dummyHash, verifyPassword } from '../auth/passwords';
import { clearFailures, failuresSince, recordFailure } from '../auth/throttle';
import { hashCode } from '../auth/codes';
import { completeSignIn, finishChallenge, liveChallenge, nextStep, openChallenge, rememberDevice, twoFactorSecretOf, wrongCode } from './login-steps';
import { useBackupCode, useTotp } from './two-factor';

/** Sign-in with a password and its second steps (spec part 1, 5 and 7; docs/decisions.md "Sessions and sign-in"). */

type Login = ParsedInput<typeof loginOp>['body'];
type TwoFactorLogin = ParsedInput<typeof loginTwoFactorOp>['body'];
type DeviceLogin = ParsedInput<typeof loginDeviceOp>['body'];

const WRONG_CREDENTIALS = 'Unable to log in with provided credentials.';
const WRONG_CODE = 'The code is not correct. Please try again.';
/** Guesses from one address across all accounts, before it is refused for the window. */
const IP_MAX_FAILURES = 50;

/**
 * A password sign-in: throttled per account and per address; a wrong password counts against
 * both and is recorded on the account's sign-ins (in one transaction); a right one opens the
 * second step the account needs, or the session.
 */
export async function signIn(c: Context<AppEnv>, input: Login) {
  const { db, now, config } = c.var.deps;
  const email = input.email.toLowerCase();
  const since = new Date(now().getTime() - config.loginWindowMinutes * 60_000);
  const accountKey = `login:${email}`;
  const ipKey = `login-ip:${c.var.ip}`;
  const throttled = `Too many failed sign-in attempts. Please wait ${config.loginWindowMinutes} minutes and try again.`;
  if ((await failuresSince(db, accountKey, since)) >= config.loginMaxFailures) throw tooManyRequests(throttled);
  if ((await failuresSince(db, ipKey, since)) >= IP_MAX_FAILURES) throw tooManyRequests(throttled);

  const [user] = await db.select().from(users).where(eq(users.email, email));
  const known = user && user.userKind !== 'API_USER';
  // An unknown email costs the same hashing as a wrong password, so the time tells nothing.
  const ok = known ? await verifyPassword(input.password, user.passwordHash) : await verifyPassword(input.password, await dummyHash()).then(() => false);
  if (!user || !ok) {
    await db.transaction(async (tx) => {
      await recordFailure(tx, accountKey, now());
      await recordFailure(tx, ipKey, now());
      if (user) await tx.insert(loginRecords).values({ userGuid: user.guid, timestamp: now(), ipAddress: c.var.ip, userAgent: c.var.userAgent, status: 'FAILURE' });
    });
    throw problem(400, WRONG_CREDENTIALS, { code: 'invalid_credentials' });
  }
  if (!user.emailVerifiedAt) {
    throw problem(400, 'Please verify your email address before signing in.', { code: 'email_not_verified', email_not_verified: true });
  }
  await clearFailures(db, accountKey);
  const step = await nextStep(db, user, input.fingerprint, now());
  if (step) return { session_id: await openChallenge(c, user, step, input.fingerprint), verification: step };
  return completeSignIn(c, user.guid);
}

/** The 2FA step: a TOTP or a backup code, each good once. */
export async function signInWithTwoFactor(c: Context<AppEnv>, input: TwoFactorLogin) {
  const { challenge, user } = await liveChallenge(c, input.session_id, '2fa');
  const { db, now } = c.var.deps;
  const secret = await twoFactorSecretOf(db, user.guid);
  const ok = secret && (input.code_type === 'CODE' ? await useTotp(db, secret, input.code, now()) : await useBackupCode(db, user.guid, input.code, now()));
  if (!ok) return wrongCode(c, challenge, WRONG_CODE);
  // A device that passed 2FA needs no emailed code should 2FA be turned off later.
  if (challenge.deviceId) await rememberDevice(db, user.guid, challenge.deviceId, true, now());
  return finishChallenge(c, challenge.guid, user.guid);
}

/** The new device's step: the emailed code; `remember` trusts the device. */
export async function signInWithDeviceCode(c: Context<AppEnv>, input: DeviceLogin) {
  const { challenge, user } = await liveChallenge(c, input.session_id, 'device');
  if (!challenge.codeHash || challenge.codeHash !== hashCode(challenge.guid, input.code)) return wrongCode(c, challenge, WRONG_CODE);
  const { db, now } = c.var.deps;
  if (challenge.deviceId) await rememberDevice(db, user.guid, challenge.deviceId, input.remember, now());
  return finishChallenge(c, challenge.guid, user.guid);
}
