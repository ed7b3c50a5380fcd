import { eq } from 'drizzle-orm';
import { closeTodoListOp, completeTodoItemOp } from '../../lib/api/account';
import type { TodoList } from '../../lib/api/auth';
import { EMPTY_TODO_LIST, TODO_ITEMS } from '../../lib/rules/todo-list';
import { users } from '../db/schema/index';
import { implement } from '../http/operation';
import { recordActivity } from '../services/activity';
import type { Db } from '../db/connection';

/** The user's list, locked for the rest of the transaction so two ticks at once both count. */
async function lockedTodo(tx: Db, userGuid: string): Promise<TodoList> {
  const [row] = await tx.select({ todo: users.todoList }).from(users).where(eq(users.guid, userGuid)).for('update');
  return { ...EMPTY_TODO_LIST, ...(row?.todo ?? {}) };
}

/** The account set-up to-do list of the home page (spec part 1, 4 and 7); it belongs to the user. */
export const accountSetupOperations = [
  implement(completeTodoItemOp, async (c, { body: key }) => {
    const userGuid = c.var.viewer.userGuid;
    const todo = await c.var.deps.db.transaction(async (tx) => {
      const next = { ...(await lockedTodo(tx, userGuid)), [key]: true };
      await tx.update(users).set({ todoList: next }).where(eq(users.guid, userGuid));
      const label = TODO_ITEMS.find((item) => item.key === key)!.label;
      await recordActivity(c, { verb: 'completed the account set-up step', object: label, objectType: 'user', objectGuid: userGuid }, tx);
      return next;
    });
    return { todo_list: todo };
  }),
  implement(closeTodoListOp, async (c) => {
    const userGuid = c.var.viewer.userGuid;
    const todo = await c.var.deps.db.transaction(async (tx) => {
      const next = { ...(await lockedTodo(tx, userGuid)), closed: true };
      await tx.update(users).set({ todoList: next }).where(eq(users.guid, userGuid));
      await recordActivity(c, { verb: 'closed', object: 'the account set-up to-do list', objectType: 'user', objectGuid: userGuid }, tx);
      return next;
    });
    return { todo_list: todo };
  }),
];
