import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { passwordProblem } from '../../lib/rules/password-policy';
import { passwordChangeSchema, PREFERENCE_KEYS, preferenceSchema, profileSchema } from '../../lib/schemas/account';
import type { AppEnv } from '../context';
import { users } from '../db/schema/index';
import { notForCustomers } from '../auth/middleware';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { badRequest, notFound } from '../http/errors';
import { readBody } from '../http/validate';
import { escapeHtml, sendEmail } from '../mail/send';
import { recordActivity } from '../services/activity';
import { endOtherSessions, profileJson, refuseApiKeys } from '../services/account';

export const WRONG_OLD_PASSWORD = 'Your old password is incorrect!';

const COLUMNS = {
  receive_failed_login_emails: 'receiveFailedLoginEmails',
  receive_automated_sales_emails: 'receiveAutomatedSalesEmails',
  receive_marketing_emails: 'receiveMarketingEmails',
  receive_update_emails: 'receiveUpdateEmails',
} as const;

async function loadUser(c: { var: AppEnv['Variables'] }) {
  const [user] = await c.var.deps.db.select().from(users).where(eq(users.guid, c.var.viewer.userGuid));
  if (!user) throw notFound('User not found.');
  return user;
}

/** Profile, password and email preferences of the signed-in user (spec part 1, 2.6 Profile, 7). */
export const accountProfileRoutes = new Hono<AppEnv>()
  .get('/profile', notForCustomers, async (c) => c.json(profileJson(await loadUser(c))))
  .post('/profile', notForCustomers, async (c) => {
    refuseApiKeys(c);
    const input = await readBody(c, profileSchema);
    const { db } = c.var.deps;
    const user = await db.transaction(async (tx) => {
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
    return c.json({ message: 'Profile successfully updated!', profile: profileJson(user) });
  })
  .post('/password', notForCustomers, async (c) => {
    refuseApiKeys(c);
    const input = await readBody(c, passwordChangeSchema);
    const { db, mailer, now } = c.var.deps;
    const user = await loadUser(c);
    if (!(await verifyPassword(input.old_password, user.passwordHash))) throw badRequest({ old_password: WRONG_OLD_PASSWORD }, 'wrong_password');
    const weak = passwordProblem(input.new_password, user.email);
    if (weak) throw badRequest({ new_password: weak });
    const hash = await hashPassword(input.new_password);
    const at = now();
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: hash, passwordChangedAt: at }).where(eq(users.guid, user.guid));
      // Whoever else held a session (a stolen one, say) is signed out; this browser stays in.
      await endOtherSessions(tx, user.guid, c.var.viewer.sessionGuid, at);
      await recordActivity(c, { verb: 'changed the password of', object: `${user.firstName} ${user.lastName}`, objectType: 'user', objectGuid: user.guid, companyGuid: null }, tx);
    });
    const name = `${user.firstName} ${user.lastName}`.trim();
    await sendEmail(
      db,
      mailer,
      {
        to: user.email,
        name,
        userGuid: user.guid,
        template: 'password_changed',
        subject: 'Your password was changed',
        html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>The password of your account was changed on ${escapeHtml(at.toISOString())} from the address ${escapeHtml(c.var.ip)}. Every other signed-in session was ended.</p><p>If you did not do this, reset your password at once and contact our support.</p>`,
        text: `Hello ${user.firstName},\n\nThe password of your account was changed on ${at.toISOString()} from the address ${c.var.ip}. Every other signed-in session was ended.\n\nIf you did not do this, reset your password at once and contact our support.\n`,
      },
      at,
    );
    return c.json({ message: 'Password successfully updated!' });
  })
  .post('/profile/preferences', notForCustomers, async (c) => {
    refuseApiKeys(c);
    const input = await readBody(c, preferenceSchema);
    const key = PREFERENCE_KEYS.find((k) => input[k] !== undefined)!;
    const value = input[key]!;
    const { db } = c.var.deps;
    const user = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ [COLUMNS[key]]: value })
        .where(eq(users.guid, c.var.viewer.userGuid))
        .returning();
      await recordActivity(c, { verb: 'updated the email preferences of', object: `${row!.firstName} ${row!.lastName}`, objectType: 'user', objectGuid: row!.guid, companyGuid: null }, tx);
      return row!;
    });
    const { first_name: _f, last_name: _l, email: _e, ...preferences } = profileJson(user);
    return c.json({ message: 'Preferences successfully updated!', preferences });
  });
