import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { TodoList } from '../../lib/api/auth';
import { TODO_ITEMS } from '../../lib/rules/todo-list';
import { accountSetupSchema } from '../../lib/schemas/notices';
import type { AppEnv } from '../context';
import { users } from '../db/schema/index';
import { notForCustomers, scope } from '../auth/middleware';
import { readBody } from '../http/validate';
import { recordActivity } from '../services/activity';
import type { Db } from '../db/connection';

const EMPTY: TodoList = {
  set_up_hosting_account: false,
  set_up_ip_group: false,
  set_up_add_ip_addresses: false,
  set_up_domain_group: false,
  set_up_domains: false,
  closed: false,
};

/** The user's list, locked for the rest of the transaction so two ticks at once both count. */
async function lockedTodo(tx: Db, userGuid: string): Promise<TodoList> {
  const [row] = await tx.select({ todo: users.todoList }).from(users).where(eq(users.guid, userGuid)).for('update');
  return { ...EMPTY, ...(row?.todo ?? {}) };
}

/**
 * The account set-up to-do list of the home page (spec part 1, 4 and 7). It belongs to the
 * user; the home page shows it to viewers with can_view_billing, so only they may change it.
 */
export const accountSetupRoutes = new Hono<AppEnv>()
  .post('/', notForCustomers, scope('can_view_billing'), async (c) => {
    const key = await readBody(c, accountSetupSchema);
    const userGuid = c.var.viewer.userGuid;
    const todo = await c.var.deps.db.transaction(async (tx) => {
      const next = { ...(await lockedTodo(tx, userGuid)), [key]: true };
      await tx.update(users).set({ todoList: next }).where(eq(users.guid, userGuid));
      const label = TODO_ITEMS.find((item) => item.key === key)!.label;
      await recordActivity(c, { verb: 'completed the account set-up step', object: label, objectType: 'user', objectGuid: userGuid }, tx);
      return next;
    });
    return c.json({ todo_list: todo });
  })
  .delete('/', notForCustomers, scope('can_view_billing'), async (c) => {
    const userGuid = c.var.viewer.userGuid;
    const todo = await c.var.deps.db.transaction(async (tx) => {
      const next = { ...(await lockedTodo(tx, userGuid)), closed: true };
      await tx.update(users).set({ todoList: next }).where(eq(users.guid, userGuid));
      await recordActivity(c, { verb: 'closed', object: 'the account set-up to-do list', objectType: 'user', objectGuid: userGuid }, tx);
      return next;
    });
    return c.json({ todo_list: todo });
  });
