import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { changePasswordOp, completeTodoItemOp, Profile, updatePreferenceOp, updateProfileOp } from '../../lib/api/account';
import type { TodoList } from '../../lib/api/auth';
import { passwordProblem } from '../../lib/rules/password-policy';
import { EMPTY_TODO_LIST, TODO_ITEMS } from '../../lib/rules/todo-list';
import { PREFERENCE_KEYS } from '../../lib/schemas/account';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { users } from '../db/schema/index';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { badRequest, notFound } from '../http/errors';
import { recordActivity } from './activity';
import { mailSecurityNotice, PASSWORD_CHANGED } from './auth-mail';

/** The signed-in user's own account: profile, password, email preferences (spec part 1, 2.6 Profile) and the set-up to-do list (part 1, 4). */

type ProfileChange = ParsedInput<typeof updateProfileOp>['body'];
type PasswordChange = ParsedInput<typeof changePasswordOp>['body'];
type PreferenceChange = ParsedInput<typeof updatePreferenceOp>['body'];
type TodoStep = ParsedInput<typeof completeTodoItemOp>['body'];
type Preferences = Omit<Profile, 'first_name' | 'last_name' | 'email'>;

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

async function loadUser(db: Db, userGuid: string) {
  const [user] = await db.select().from(users).where(eq(users.guid, userGuid));
  if (!user) throw notFound('User not found.');
  return user;
}

export const profileOf = async (db: Db, userGuid: string): Promise<Profile> => profileJson(await loadUser(db, userGuid));

export async function updateProfile(c: Context<AppEnv>, input: ProfileChange): Promise<Profile> {
  const user = await c.var.deps.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ firstName: input.first_name, lastName: input.last_name }).where(eq(users.guid, c.var.viewer.userGuid)).returning();
    // The log shows the new name as the actor, as the person now reads it.
    c.set('viewer', { ...c.var.viewer, firstName: input.first_name, lastName: input.last_name });
    await recordActivity(c, { verb: 'updated the profile of', object: `${input.first_name} ${input.last_name}`, objectType: 'user', objectGuid: row!.guid, companyGuid: null }, tx);
    return row!;
  });
  return profileJson(user);
}

/** A new password, after the old one: every other session ends, and the account is told by email. */
export async function changePassword(c: Context<AppEnv>, input: PasswordChange): Promise<void> {
  const { deps } = c.var;
  const user = await loadUser(deps.db, c.var.viewer.userGuid);
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
}

/** Sets the one email preference the body names; answers them all. */
export async function updatePreference(c: Context<AppEnv>, input: PreferenceChange): Promise<Preferences> {
  const key = PREFERENCE_KEYS.find((k) => input[k] !== undefined)!;
  const value = input[key]!;
  const user = await c.var.deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ [COLUMNS[key]]: value })
      .where(eq(users.guid, c.var.viewer.userGuid))
      .returning();
    await recordActivity(
      c,
      { verb: 'updated the email preferences of', object: `${row!.firstName} ${row!.lastName}`, objectType: 'user', objectGuid: row!.guid, companyGuid: null },
      tx,
    );
    return row!;
  });
  const { first_name: _f, last_name: _l, email: _e, ...preferences } = profileJson(user);
  return preferences;
}

/** The user's list, locked for the rest of the transaction so two ticks at once both count. */
async function lockedTodo(tx: Db, userGuid: string): Promise<TodoList> {
  const [row] = await tx.select({ todo: users.todoList }).from(users).where(eq(users.guid, userGuid)).for('update');
  return { ...EMPTY_TODO_LIST, ...(row?.todo ?? {}) };
}

/** Ticks one step of the account set-up to-do list; answers the list. */
export async function completeTodoItem(c: Context<AppEnv>, key: TodoStep): Promise<TodoList> {
  const userGuid = c.var.viewer.userGuid;
  return c.var.deps.db.transaction(async (tx) => {
    const next = { ...(await lockedTodo(tx, userGuid)), [key]: true };
    await tx.update(users).set({ todoList: next }).where(eq(users.guid, userGuid));
    const label = TODO_ITEMS.find((item) => item.key === key)!.label;
    await recordActivity(c, { verb: 'completed the account set-up step', object: label, objectType: 'user', objectGuid: userGuid }, tx);
    return next;
  });
}

/** Closes the to-do list for good; answers the list. */
export async function closeTodoList(c: Context<AppEnv>): Promise<TodoList> {
  const userGuid = c.var.viewer.userGuid;
  return c.var.deps.db.transaction(async (tx) => {
    const next = { ...(await lockedTodo(tx, userGuid)), closed: true };
    await tx.update(users).set({ todoList: next }).where(eq(users.guid, userGuid));
    await recordActivity(c, { verb: 'closed', object: 'the account set-up to-do list', objectType: 'user', objectGuid: userGuid }, tx);
    return next;
  });
}
