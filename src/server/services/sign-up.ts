import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { registerOp, resetPasswordOp } from '../../lib/api/auth-flows';
import { passwordProblem } from '../../lib/rules/password-policy';
import { VAT_COMPANY_MISMATCH, VAT_INVALID } from '../../lib/schemas/register';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { loginChallenges, users } from '../db/schema/index';
import { badRequest, problem, tooManyRequests } from '../http/errors';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { clearFailures, failuresSince, recordFailure } from '../auth/throttle';
import { recordActivity } from './activity';
import { mailResetPassword, mailSecurityNotice, mailVerifyEmail } from './auth-mail';
import { consumeEmailToken, findEmailToken, issueEmailToken, retireEmailTokens } from './email-tokens';
import { checkVat, createAccount, viewerOf } from './registration';

/** Signing up, email verification and password recovery (spec part 1, 5 and 7). */

type Register = ParsedInput<typeof registerOp>['body'];
type ResetPassword = ParsedInput<typeof resetPasswordOp>['body'];

/** Sign-up checks and emailing requests from one address per window (they reveal or send something). */
const IP_MAX_LOOKUPS = 30;
const RESET_LINK_INVALID = 'This password reset link is not valid or has expired. Please request a new one.';
const VERIFY_LINK_INVALID = 'This verification link is not valid or has expired. Please request a new verification email from the login page.';

/** Counts one lookup of the request's address; past the window's limit, refuses it. */
export async function limitLookups(c: Context<AppEnv>): Promise<void> {
  const { db, now, config } = c.var.deps;
  const key = `lookup-ip:${c.var.ip}`;
  const since = new Date(now().getTime() - config.loginWindowMinutes * 60_000);
  if ((await failuresSince(db, key, since)) >= IP_MAX_LOOKUPS) throw tooManyRequests(`Too many requests. Please wait ${config.loginWindowMinutes} minutes and try again.`);
  await recordFailure(db, key, now());
}

/** Sign-up necessarily says whether an address is taken; the lookups are limited per address (limitLookups). */
export async function emailAvailable(db: Db, email: string) {
  const [taken] = await db.select({ guid: users.guid }).from(users).where(eq(users.email, email));
  if (taken) throw badRequest({ email: 'This email address cannot be used for a new account. If it is yours, log in or reset your password.' }, 'email_taken');
  return { valid: true as const };
}

/** A new account with its company, its sign-up logged and a verification link issued in one transaction; the link is emailed once committed. */
export async function register(c: Context<AppEnv>, input: Register): Promise<void> {
  const deps = c.var.deps;
  const weak = passwordProblem(input.password, input.email);
  if (weak) throw badRequest({ password: weak });
  await emailAvailable(deps.db, input.email);
  if (input.vat_id) {
    const vat = await checkVat(deps.db, input.vat_id, input.company_name);
    if (!vat.is_valid) throw badRequest({ vat_id: VAT_INVALID });
    if (vat.invalid_company) throw badRequest({ company_name: VAT_COMPANY_MISMATCH });
  }
  let token = '';
  const { user } = await createAccount(deps.db, input, deps.now(), async (tx, created, company) => {
    c.set('viewer', viewerOf(created));
    await recordActivity(c, { verb: 'signed up with', object: company.name, objectType: 'group', objectGuid: company.guid, companyGuid: company.guid }, tx);
    token = await issueEmailToken(tx, { purpose: 'VERIFY_EMAIL', userGuid: created.guid, now: deps.now() });
  });
  await mailVerifyEmail(deps, deps.db, user, token);
}

/** Follows a verification link: the address is proved, once. */
export async function verifyEmail(c: Context<AppEnv>, token: string): Promise<void> {
  const { db, now } = c.var.deps;
  await db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, token, 'VERIFY_EMAIL', now());
    if (!used?.userGuid) throw problem(400, VERIFY_LINK_INVALID, { code: 'invalid_link' });
    const [user] = await tx.update(users).set({ emailVerifiedAt: now() }).where(eq(users.guid, used.userGuid)).returning();
    c.set('viewer', viewerOf(user!));
    await recordActivity(
      c,
      { verb: 'verified the email address of', object: `${user!.firstName} ${user!.lastName}`, objectType: 'user', objectGuid: user!.guid, companyGuid: user!.defaultCompanyGuid },
      tx,
    );
  });
}

/** The person of an address (people only, not API keys' users), if any. */
async function personOf(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.userKind, 'USER')));
  return user;
}

/** A new verification link for an unverified address, the older ones retired. Silent otherwise: it tells nothing. */
export async function resendVerification(c: Context<AppEnv>, email: string): Promise<void> {
  const deps = c.var.deps;
  const user = await personOf(deps.db, email);
  if (!user || user.emailVerifiedAt) return;
  const token = await deps.db.transaction(async (tx) => {
    await retireEmailTokens(tx, user.guid, 'VERIFY_EMAIL', deps.now());
    return issueEmailToken(tx, { purpose: 'VERIFY_EMAIL', userGuid: user.guid, now: deps.now() });
  });
  await mailVerifyEmail(deps, deps.db, user, token);
}

/** A password reset link for a known address, the older ones retired. Silent otherwise: it tells nothing. */
export async function recoverPassword(c: Context<AppEnv>, email: string): Promise<void> {
  const deps = c.var.deps;
  const user = await personOf(deps.db, email);
  if (!user) return;
  const token = await deps.db.transaction(async (tx) => {
    await retireEmailTokens(tx, user.guid, 'RESET_PASSWORD', deps.now());
    return issueEmailToken(tx, { purpose: 'RESET_PASSWORD', userGuid: user.guid, now: deps.now() });
  });
  await mailResetPassword(deps, deps.db, user, token);
}

/** A dead link is a 400 with its sentence, not a 404: the page shows why and what to do. */
export async function requireLiveResetLink(db: Db, hash: string, now: Date): Promise<void> {
  if (!(await findEmailToken(db, hash, 'RESET_PASSWORD', now))) throw problem(400, RESET_LINK_INVALID, { code: 'invalid_link' });
}

/**
 * Sets a new password with a reset link: the link is used up, every session and unfinished
 * sign-in ends, sign-in failures are forgotten and the account is told by email.
 */
export async function resetPassword(c: Context<AppEnv>, input: ResetPassword): Promise<void> {
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
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now(), emailVerifiedAt: user.emailVerifiedAt ?? now() })
      .where(eq(users.guid, user.guid));
    await revokeUserSessions(tx, user.guid, now());
    await tx.update(loginChallenges).set({ usedAt: now() }).where(eq(loginChallenges.userGuid, user.guid));
    c.set('viewer', viewerOf(user));
    await recordActivity(c, { verb: 'reset the password of', object: `${user.firstName} ${user.lastName}`, objectType: 'user', objectGuid: user.guid, companyGuid: null }, tx);
    await clearFailures(tx, `login:${user.email}`);
  });
  await mailSecurityNotice(deps, db, user, 'The password of your account was reset, and every signed-in session was ended.');
}
