import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { changePasswordOp, getProfileOp, updatePreferenceOp, updateProfileOp, type Profile } from '../../lib/api/account';
import { passwordProblem } from '../../lib/rules/password-policy';
import { PREFERENCE_KEYS } from '../../lib/schemas/account';
import type { AppEnv } from '../context';
import { users } from '../db/schema/index';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { badRequest, notFound } from '../http/errors';
import { implement } from '../http/operation';
import { recordActivity } from '../services/activity';
import { mailSecurityNotice, PASSWORD_CHANGED } from '../services/auth-mail';

const WRONG_OLD_PASSWORD = 'Your old password is incorrect!';

const COLUMNS = {
  receive_failed_login_emails: 'receiveFailedLoginEmails',
  receive_automated_sales_emails: 'receiveAutomatedSalesEmails',
  receive_marketing_emails: 'receiveMarketingEmails',
  receive_update_emails: 'receiveUpdateEmails',
} as const;

/** The profile answer (spec part 1, 3 Profile). */
function profileJson(u: typeof users.$inferSelect): Profile {
  return {
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    receive_failed_login_emails: u.receiveFailedLoginEmails,
    receive_automated_sales_emails: u.receiveAutomatedSalesEmails,
    receive_marketing_emails: u.receiveMarketingEmails,
    receive_update_emails: u.receiveUpdateEmails,
  };
}

async function loadUser(c: Context<AppEnv>) {
  const [user] = await c.var.deps.db.select().from(users).where(eq(users.guid, c.var.viewer.userGuid));
  if (!user) throw notFound('User not found.');
  return user;
}

/** Profile, password and email preferences of the signed-in user (spec part 1, 2.6 Profile, 7). */
export const accountProfileOperations = [
  implement(getProfileOp, async (c) => profileJson(await loadUser(c))),
  implement(updateProfileOp, async (c, { body: input }) => {
    const user = await c.var.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ firstName: input.first_name, lastName: input.last_name })
        .where(eq(users.guid, c.var.viewer.userGuid))
        .returning();
      // The log shows the new name as the actor, as the person now reads it.
      c.set('viewer', { ...c.var.viewer, firstName: input.first_name, lastName: input.last_name });
      await recordActivity(c, { verb: 'updated the profile of', object: `${input.first_name} ${input.last_name}`, objectType: 'user', objectGuid: row!.guid, companyGuid: null }, tx);
      return row!;
    });
    return { message: 'Profile successfully updated!', profile: profileJson(user) };
  }),
  implement(changePasswordOp, async (c, { body: input }) => {
    const { deps } = c.var;
    const user = await loadUser(c);
    if (!(await verifyPassword(input.old_password, user.passwordHash))) throw badRequest({ old_password: WRONG_OLD_PASSWORD }, 'wrong_password');
    const weak = passwordProblem(input.new_password, user.email);
    if (weak) throw badRequest({ new_password: weak });
    const hash = await hashPassword(input.new_password);
    const at = deps.now();
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: hash, passwordChangedAt: at }).where(eq(users.guid, user.guid));
      // Whoever else held a session (a stolen one, say) is signed out; this browser stays in.
      await revokeUserSessions(tx, user.guid, at, c.var.viewer.sessionGuid);
      await recordActivity(c, { verb: 'changed the password of', object: `${user.firstName} ${user.lastName}`, objectType: 'user', objectGuid: user.guid, companyGuid: null }, tx);
    });
    await mailSecurityNotice(
      deps,
      deps.db,
      user,
      `The password of your account was changed on ${at.toISOString()} from the address ${c.var.ip}. Every other signed-in session was ended.`,
      PASSWORD_CHANGED,
    );
    return { message: 'Password successfully updated!' };
  }),
  implement(updatePreferenceOp, async (c, { body: input }) => {
    const key = PREFERENCE_KEYS.find((k) => input[k] !== undefined)!;
    const value = input[key]!;
    const user = await c.var.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ [COLUMNS[key]]: value })
        .where(eq(users.guid, c.var.viewer.userGuid))
        .returning();
      await recordActivity(c, { verb: 'updated the email preferences of', object: `${row!.firstName} ${row!.lastName}`, objectType: 'user', objectGuid: row!.guid, companyGuid: null }, tx);
      return row!;
    });
    const { first_name: _f, last_name: _l, email: _e, ...preferences } = profileJson(user);
    return { message: 'Preferences successfully updated!', preferences };
  }),
];
