import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { loginOp, logoutOp } from '../../lib/api/auth';
import { checkVatOp, loginDeviceOp, loginTwoFactorOp, recoverPasswordOp, registerOp, resendVerificationOp, resetPasswordOp, validateEmailOp, validateResetHashOp, verifyEmailOp } from '../../lib/api/auth-flows';
import { passwordProblem } from '../../lib/rules/password-policy';
import type { AppEnv } from '../context';
import { loginChallenges, loginRecords, users } from '../db/schema/index';
import { badRequest, problem, tooManyRequests } from '../http/errors';
import { implement } from '../http/operation';
import { dummyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { revokeSession, revokeUserSessions } from '../auth/sessions';
import { clearFailures, failuresSince, recordFailure } from '../auth/throttle';
import { hashCode } from '../auth/codes';
import { recordActivity } from '../services/activity';
import { completeSignIn, finishChallenge, liveChallenge, nextStep, openChallenge, rememberDevice, twoFactorSecretOf, wrongCode } from '../services/login-steps';
import { useBackupCode, useTotp } from '../services/two-factor';
import { consumeEmailToken, findEmailToken, issueEmailToken, retireEmailTokens } from '../services/email-tokens';
import { mailResetPassword, mailSecurityNotice, mailVerifyEmail } from '../services/auth-mail';
import { VAT_COMPANY_MISMATCH, VAT_INVALID } from '../../lib/schemas/register';
import { checkVat, createAccount, viewerOf } from '../services/registration';

const WRONG_CREDENTIALS = 'Unable to log in with provided credentials.';
/** Guesses from one address across all accounts, before it is refused for the window. */
const IP_MAX_FAILURES = 50;
/** Sign-up checks and emailing requests from one address per window (they reveal or send something). */
const IP_MAX_LOOKUPS = 30;
const WRONG_CODE = 'The code is not correct. Please try again.';
const RECOVER_SENT = 'If your email exists in our database, you will get an email very soon with instructions to reset your password!';
const VERIFY_REQUESTED = 'Verification successfully requested! Please check your mailbox!';
const RESET_LINK_INVALID = 'This password reset link is not valid or has expired. Please request a new one.';
const VERIFY_LINK_INVALID = 'This verification link is not valid or has expired. Please request a new verification email from the login page.';

/** Sign-in and its second steps, sign-out, sign-up, email verification and password recovery (spec part 1, 5 and 7). */
export const authOperations = [
  implement(loginOp, async (c, { body: input }) => {
    const { db, now, config } = c.var.deps;
    const email = input.email.toLowerCase();
    const since = new Date(now().getTime() - config.loginWindowMinutes * 60_000);
    const accountKey = `login:${email}`;
    const ipKey = `login-ip:${c.var.ip}`;
    const throttled = `Too many failed sign-in attempts. Please wait ${config.loginWindowMinutes} minutes and try again.`;
    if ((await failuresSince(db, accountKey, since)) >= config.loginMaxFailures) throw tooManyRequests(throttled);
    if ((await failuresSince(db, ipKey, since)) >= IP_MAX_FAILURES) throw tooManyRequests(throttled);

    const [user] = await db.select().from(users).where(eq(users.email, email));
    const ok = user && user.userKind !== 'API_USER' ? await verifyPassword(input.password, user.passwordHash) : (await verifyPassword(input.password, await dummyHash()), false);
    if (!user || !ok) {
      await recordFailure(db, accountKey, now());
      await recordFailure(db, ipKey, now());
      if (user) await db.insert(loginRecords).values({ userGuid: user.guid, timestamp: now(), ipAddress: c.var.ip, userAgent: c.var.userAgent, status: 'FAILURE' });
      throw problem(400, WRONG_CREDENTIALS, { code: 'invalid_credentials' });
    }
    if (!user.emailVerifiedAt) {
      throw problem(400, 'Please verify your email address before signing in.', { code: 'email_not_verified', email_not_verified: true });
    }
    await clearFailures(db, accountKey);
    const step = await nextStep(db, user, input.fingerprint, now());
    if (step) return { session_id: await openChallenge(c, user, step, input.fingerprint), verification: step };
    return completeSignIn(c, user.guid);
  }),
  implement(loginTwoFactorOp, async (c, { body: input }) => {
    const { challenge, user } = await liveChallenge(c, input.session_id, '2fa');
    const { db, now } = c.var.deps;
    const secret = await twoFactorSecretOf(db, user.guid);
    const ok = secret && (input.code_type === 'CODE' ? await useTotp(db, secret, input.code, now()) : await useBackupCode(db, user.guid, input.code, now()));
    if (!ok) return wrongCode(c, challenge, WRONG_CODE);
    // A device that passed 2FA needs no emailed code should 2FA be turned off later.
    if (challenge.deviceId) await rememberDevice(db, user.guid, challenge.deviceId, true, now());
    return finishChallenge(c, challenge.guid, user.guid);
  }),
  implement(loginDeviceOp, async (c, { body: input }) => {
    const { challenge, user } = await liveChallenge(c, input.session_id, 'device');
    if (!challenge.codeHash || challenge.codeHash !== hashCode(challenge.guid, input.code)) return wrongCode(c, challenge, WRONG_CODE);
    const { db, now } = c.var.deps;
    if (challenge.deviceId) await rememberDevice(db, user.guid, challenge.deviceId, input.remember, now());
    return finishChallenge(c, challenge.guid, user.guid);
  }),
  implement(logoutOp, async (c) => {
    const { db, now } = c.var.deps;
    // An API key is not a session: signing out with it leaves it working.
    if (c.var.viewer.sessionKind === 'SESSION') await revokeSession(db, c.var.viewer.sessionGuid, now());
    return { success: true as const };
  }),
  implement(validateEmailOp, async (c, { body: { email } }) => {
    await limitLookups(c);
    return emailAvailable(c, email);
  }),
  implement(checkVatOp, async (c, { body: input }) => {
    await limitLookups(c);
    return checkVat(c.var.deps.db, input.vat_id, input.company_name);
  }),
  implement(registerOp, async (c, { body: input }) => {
    const deps = c.var.deps;
    const weak = passwordProblem(input.password, input.email);
    if (weak) throw badRequest({ password: weak });
    await emailAvailable(c, input.email);
    if (input.vat_id) {
      const vat = await checkVat(deps.db, input.vat_id, input.company_name);
      if (!vat.is_valid) throw badRequest({ vat_id: VAT_INVALID });
      if (vat.invalid_company) throw badRequest({ company_name: VAT_COMPANY_MISMATCH });
    }
    const { user } = await createAccount(deps.db, input, deps.now(), async (tx, created, company) => {
      c.set('viewer', viewerOf(created));
      await recordActivity(c, { verb: 'signed up with', object: company.name, objectType: 'group', objectGuid: company.guid, companyGuid: company.guid }, tx);
    });
    const token = await issueEmailToken(deps.db, { purpose: 'VERIFY_EMAIL', userGuid: user.guid, now: deps.now() });
    await mailVerifyEmail(deps, deps.db, user, token);
    return { message: 'Your account has been created! Please check your email to verify it.' };
  }),
  implement(verifyEmailOp, async (c, { body: { token } }) => {
    const { db, now } = c.var.deps;
    await db.transaction(async (tx) => {
      const used = await consumeEmailToken(tx, token, 'VERIFY_EMAIL', now());
      if (!used?.userGuid) throw problem(400, VERIFY_LINK_INVALID, { code: 'invalid_link' });
      const [user] = await tx.update(users).set({ emailVerifiedAt: now() }).where(eq(users.guid, used.userGuid)).returning();
      c.set('viewer', viewerOf(user!));
      await recordActivity(c, { verb: 'verified the email address of', object: `${user!.firstName} ${user!.lastName}`, objectType: 'user', objectGuid: user!.guid, companyGuid: user!.defaultCompanyGuid }, tx);
    });
    return { message: 'Email address successfully verified!' };
  }),
  implement(resendVerificationOp, async (c, { body: { email } }) => {
    await limitLookups(c);
    const deps = c.var.deps;
    const [user] = await deps.db.select().from(users).where(and(eq(users.email, email.toLowerCase()), eq(users.userKind, 'USER')));
    // The same answer whether or not the address exists or is verified: it tells nothing.
    if (user && !user.emailVerifiedAt) {
      await retireEmailTokens(deps.db, user.guid, 'VERIFY_EMAIL', deps.now());
      await mailVerifyEmail(deps, deps.db, user, await issueEmailToken(deps.db, { purpose: 'VERIFY_EMAIL', userGuid: user.guid, now: deps.now() }));
    }
    return { message: VERIFY_REQUESTED };
  }),
  implement(recoverPasswordOp, async (c, { body: { email_address } }) => {
    await limitLookups(c);
    const deps = c.var.deps;
    const [user] = await deps.db.select().from(users).where(and(eq(users.email, email_address.toLowerCase()), eq(users.userKind, 'USER')));
    if (user) {
      await retireEmailTokens(deps.db, user.guid, 'RESET_PASSWORD', deps.now());
      await mailResetPassword(deps, deps.db, user, await issueEmailToken(deps.db, { purpose: 'RESET_PASSWORD', userGuid: user.guid, now: deps.now() }));
    }
    return { message: RECOVER_SENT };
  }),
  implement(validateResetHashOp, async (c, { params }) => {
    // A dead link is a 400 with its sentence, not a 404: the page shows why and what to do.
    const row = await findEmailToken(c.var.deps.db, params.hash, 'RESET_PASSWORD', c.var.deps.now());
    if (!row) throw problem(400, RESET_LINK_INVALID, { code: 'invalid_link' });
    return { valid: true as const };
  }),
  implement(resetPasswordOp, async (c, { body: input }) => {
    const deps = c.var.deps;
    const { db, now } = deps;
    const live = await findEmailToken(db, input.hash, 'RESET_PASSWORD', now());
    const [user] = live?.userGuid ? await db.select().from(users).where(eq(users.guid, live.userGuid)) : [];
    if (!live || !user) throw problem(400, RESET_LINK_INVALID, { code: 'invalid_link' });
    const weak = passwordProblem(input.password, user.email);
    if (weak) throw badRequest({ password: weak });
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      if (!(await consumeEmailToken(tx, input.hash, 'RESET_PASSWORD', now()))) throw problem(400, RESET_LINK_INVALID, { code: 'invalid_link' });
      // Following the emailed link proves the mailbox too.
      await tx.update(users).set({ passwordHash, passwordChangedAt: now(), emailVerifiedAt: user.emailVerifiedAt ?? now() }).where(eq(users.guid, user.guid));
      await revokeUserSessions(tx, user.guid, now());
      await tx.update(loginChallenges).set({ usedAt: now() }).where(eq(loginChallenges.userGuid, user.guid));
      c.set('viewer', viewerOf(user));
      await recordActivity(c, { verb: 'reset the password of', object: `${user.firstName} ${user.lastName}`, objectType: 'user', objectGuid: user.guid, companyGuid: null }, tx);
    });
    await clearFailures(db, `login:${user.email}`);
    await mailSecurityNotice(deps, db, user, 'The password of your account was reset, and every signed-in session was ended.');
    return { message: 'Password successfully reset!' };
  }),
];

/** Sign-up necessarily says whether an address is taken; the lookups are limited per address. */
async function emailAvailable(c: Context<AppEnv>, email: string) {
  const [taken] = await c.var.deps.db.select({ guid: users.guid }).from(users).where(eq(users.email, email));
  if (taken) throw badRequest({ email: 'This email address cannot be used for a new account. If it is yours, log in or reset your password.' }, 'email_taken');
  return { valid: true as const };
}

async function limitLookups(c: Context<AppEnv>) {
  const { db, now, config } = c.var.deps;
  const key = `lookup-ip:${c.var.ip}`;
  const since = new Date(now().getTime() - config.loginWindowMinutes * 60_000);
  if ((await failuresSince(db, key, since)) >= IP_MAX_LOOKUPS) throw tooManyRequests(`Too many requests. Please wait ${config.loginWindowMinutes} minutes and try again.`);
  await recordFailure(db, key, now());
}
