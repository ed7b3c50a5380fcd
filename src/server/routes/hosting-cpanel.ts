import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { changeCpanelPasswordOp, createCustomHostOp, hostingCpanelLoginOp, revealCpanelPasswordOp } from '../../lib/api/hosting';
import { verifyPassword } from '../auth/passwords';
import { clearFailures, failuresSince, recordFailure } from '../auth/throttle';
import type { AppEnv } from '../context';
import { lockCompany } from '../db/locks';
import { companies, hostingAccounts, users } from '../db/schema/index';
import { badRequest, problem, tooManyRequests } from '../http/errors';
import { implement } from '../http/operation';
import { recordActivity } from '../services/activity';
import { hostingAccountDetail, visibleHostingAccount } from '../services/hosting-accounts';
import { createSandboxCpanelLink } from '../services/sandbox-cpanel';
import { recordSetupEvent } from '../services/getting-started';
import { openSecret, sealSecret } from '../services/secret-box';
import { PASSWORD_UNAVAILABLE } from './domain-software';
import { requireUnlimited } from '../services/access';

export const CPANEL_PASSWORD_UPDATED = 'cPanel password successfully updated!';
export const CUSTOM_HOST_ADDED = 'Custom host successfully added!';
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

/**
 * Guessing a password through these calls is throttled as sign-in is (per user, the same window
 * and count of failures): the password sent is the user's own, or the account's current cPanel one.
 */
async function throttled<T>(c: Context<AppEnv>, key: string, attempt: () => Promise<T | null>, refusal: () => Error): Promise<T> {
  const { db, now, config } = c.var.deps;
  const since = new Date(now().getTime() - config.loginWindowMinutes * 60_000);
  if ((await failuresSince(db, key, since)) >= config.loginMaxFailures) {
    throw tooManyRequests(`Too many wrong passwords. Please wait ${config.loginWindowMinutes} minutes and try again.`);
  }
  const result = await attempt();
  if (result === null) {
    await recordFailure(db, key, now());
    throw refusal();
  }
  await clearFailures(db, key);
  return result;
}

/** Compares two secrets in constant time (their digests, so lengths do not show either). */
const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** cPanel password, cPanel login and custom hosts (spec part 3, 2.8 and 7 "Hosting and plans"). */
export const hostingCpanelOperations = [
  implement(revealCpanelPasswordOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const account = await visibleHostingAccount(db, c.var.company, params.guid, revealCpanelPasswordOp.notFound);
    needsCpanel(account);
    const userGuid = c.var.viewer.userGuid;
    await throttled(
      c,
      `cpanel-reveal:${userGuid}`,
      async () => {
        const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.guid, userGuid));
        return user && (await verifyPassword(body.password, user.hash)) ? true : null;
      },
      () => badRequest({ password: WRONG_ACCOUNT_PASSWORD }, 'wrong_password'),
    );
    const password = account.cpanelPasswordSecret ? await openSecret(db, account.cpanelPasswordSecret) : null;
    if (password === null) throw problem(409, PASSWORD_UNAVAILABLE, { code: 'password_unavailable' });
    return { password };
  }),

  implement(changeCpanelPasswordOp, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const account = await visibleHostingAccount(db, c.var.company, params.guid, changeCpanelPasswordOp.notFound);
    needsCpanel(account);
    const stored = account.cpanelPasswordSecret ? await openSecret(db, account.cpanelPasswordSecret) : null;
    if (stored === null) throw problem(409, PASSWORD_UNAVAILABLE, { code: 'password_unavailable' });
    await throttled(
      c,
      `cpanel-change:${c.var.viewer.userGuid}`,
      async () => (sameSecret(body.current_password, stored) ? true : null),
      () => badRequest({ current_password: WRONG_CPANEL_PASSWORD }, 'wrong_password'),
    );
    const sealed = await sealSecret(db, body.new_password);
    await db.transaction(async (tx) => {
      await tx.update(hostingAccounts).set({ cpanelPasswordSecret: sealed }).where(eq(hostingAccounts.guid, account.guid));
      await recordActivity(c, { verb: 'changed the cPanel password of', object: account.name, objectType: 'shared_hosting_account', objectGuid: account.guid }, tx);
    });
    return { message: CPANEL_PASSWORD_UPDATED };
  }),

  implement(hostingCpanelLoginOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const account = await visibleHostingAccount(db, c.var.company, params.guid, hostingCpanelLoginOp.notFound);
    needsCpanel(account);
    if (account.status !== 'ACTIVE') throw problem(409, cpanelClosed(account.status), { code: 'login_not_allowed' });
    // The panel's origin as the request reached it (src/server/mount.ts keeps the host), so the page opens where the person is.
    const origin = new URL(c.req.url).origin;
    return { redirect_url: await createSandboxCpanelLink(db, { accountGuid: account.guid, userGuid: c.var.viewer.userGuid, origin }, now()) };
  }),

  implement(createCustomHostOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    requireUnlimited(company, 'allowed_hosting_accounts');
    const [owner] = await db.select({ currency: companies.currency }).from(companies).where(eq(companies.guid, company.guid));
    const byName = body.destination_type === 'HOSTNAME';
    const guid = await db.transaction(async (tx) => {
      // The company's row first (src/server/db/locks.ts): the set-up event below locks it again.
      await lockCompany(tx, company.guid);
      const [row] = await tx
        .insert(hostingAccounts)
        .values({
          companyGuid: company.guid,
          name: body.name,
          accountType: 'CUSTOM_HOST',
          // A server of the customer's own: nothing to provision, it is usable at once.
          status: 'ACTIVE',
          isCreated: true,
          destinationType: body.destination_type,
          customHostname: byName ? body.hostname : null,
          customIpAddress: byName ? null : body.ip_address,
          monthlyCostCents: 0,
          currency: owner?.currency ?? 'USD',
          dateCreated: now(),
        })
        .returning({ guid: hostingAccounts.guid });
      await recordActivity(c, { verb: 'created', object: body.name, objectType: 'custom_host', objectGuid: row!.guid }, tx);
      await recordSetupEvent(tx, company.guid, { kind: 'custom_host_added' });
      return row!.guid;
    });
    return { message: CUSTOM_HOST_ADDED, data: await hostingAccountDetail(db, guid) };
  }),
];
