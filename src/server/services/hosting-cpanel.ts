import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../context';
import { hostingAccounts, users } from '../db/schema/index';
import { badRequest, problem, tooManyRequests } from '../http/errors';
import { verifyPassword } from '../auth/passwords';
import { clearFailures, failuresSince, recordFailure } from '../auth/throttle';
import { recordActivity } from './activity';
import { visibleHostingAccount } from './hosting-accounts';
import { createSandboxCpanelLink } from './sandbox-cpanel';
import { openSecret, sealSecret } from './secret-box';
import { passwordUnavailable } from './software-refusals';

/** A shared hosting account's cPanel (spec part 3, 2.8 and 7 "Hosting and plans"): its password and its login link. */

export const WRONG_ACCOUNT_PASSWORD = 'Your account password is not correct.';
export const WRONG_CPANEL_PASSWORD = 'The current cPanel password is not correct.';
export const NO_CPANEL = 'Only shared hosting accounts have a cPanel.';
export const NOT_CREATED = 'This account has not been created, yet, so it has no cPanel.';
export const cpanelClosed = (status: string) => `cPanel login is not available while the account is ${status.toLowerCase()}.`;

type Account = typeof hostingAccounts.$inferSelect;

/** A cPanel exists only for a shared hosting account that has been created. */
function needsCpanel(account: Account): void {
  if (account.accountType !== 'SHARED_HOSTING') throw problem(409, NO_CPANEL, { code: 'no_cpanel' });
  if (!account.isCreated) throw problem(409, NOT_CREATED, { code: 'not_created' });
}

/** The account's cPanel password as kept, or 409 when none is. */
async function storedPassword(c: Context<AppEnv>, account: Account): Promise<string> {
  const password = account.cpanelPasswordSecret ? await openSecret(c.var.deps.db, account.cpanelPasswordSecret) : null;
  if (password === null) throw passwordUnavailable();
  return password;
}

/**
 * Guessing a password through these calls is throttled as sign-in is (per user, the same window
 * and count of failures): the password sent is the user's own, or the account's current cPanel one.
 */
async function throttled(c: Context<AppEnv>, key: string, attempt: () => Promise<boolean>, refusal: () => Error): Promise<void> {
  const { db, now, config } = c.var.deps;
  const since = new Date(now().getTime() - config.loginWindowMinutes * 60_000);
  if ((await failuresSince(db, key, since)) >= config.loginMaxFailures) {
    throw tooManyRequests(`Too many wrong passwords. Please wait ${config.loginWindowMinutes} minutes and try again.`);
  }
  if (!(await attempt())) {
    await recordFailure(db, key, now());
    throw refusal();
  }
  await clearFailures(db, key);
}

/** Compares two secrets in constant time (their digests, so lengths do not show either). */
const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** The cPanel password, to the member who gives their own account password again. */
export async function revealCpanelPassword(c: Context<AppEnv>, guid: string, password: string, missing: string): Promise<string> {
  const { db } = c.var.deps;
  const account = await visibleHostingAccount(db, c.var.company, guid, missing);
  needsCpanel(account);
  const userGuid = c.var.viewer.userGuid;
  await throttled(
    c,
    `cpanel-reveal:${userGuid}`,
    async () => {
      const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.guid, userGuid));
      return Boolean(user && (await verifyPassword(password, user.hash)));
    },
    () => badRequest({ password: WRONG_ACCOUNT_PASSWORD }, 'wrong_password'),
  );
  return storedPassword(c, account);
}

/** A new cPanel password, after the current one. */
export async function changeCpanelPassword(c: Context<AppEnv>, guid: string, current: string, next: string, missing: string): Promise<void> {
  const { db } = c.var.deps;
  const account = await visibleHostingAccount(db, c.var.company, guid, missing);
  needsCpanel(account);
  const stored = await storedPassword(c, account);
  await throttled(
    c,
    `cpanel-change:${c.var.viewer.userGuid}`,
    async () => sameSecret(current, stored),
    () => badRequest({ current_password: WRONG_CPANEL_PASSWORD }, 'wrong_password'),
  );
  const sealed = await sealSecret(db, next);
  await db.transaction(async (tx) => {
    await tx.update(hostingAccounts).set({ cpanelPasswordSecret: sealed }).where(eq(hostingAccounts.guid, account.guid));
    await recordActivity(c, { verb: 'changed the cPanel password of', object: account.name, objectType: 'shared_hosting_account', objectGuid: account.guid }, tx);
  });
}

/** A one-time link to the account's control panel, opened on the panel's origin as the request reached it. */
export async function cpanelLoginLink(c: Context<AppEnv>, guid: string, missing: string): Promise<string> {
  const { db, now } = c.var.deps;
  const account = await visibleHostingAccount(db, c.var.company, guid, missing);
  needsCpanel(account);
  if (account.status !== 'ACTIVE') throw problem(409, cpanelClosed(account.status), { code: 'login_not_allowed' });
  // src/server/mount.ts keeps the host, so the page opens where the person is.
  const origin = new URL(c.req.url).origin;
  return createSandboxCpanelLink(db, { accountGuid: account.guid, userGuid: c.var.viewer.userGuid, origin }, now());
}
