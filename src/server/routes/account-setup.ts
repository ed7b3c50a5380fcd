import { closeTodoListOp, completeTodoItemOp } from '../../lib/api/account';
import { implement } from '../http/operation';
import { closeTodoList, completeTodoItem } from '../services/account-profile';

/** The account set-up to-do list of the home page (spec part 1, 4 and 7); it belongs to the user. */
export const accountSetupOperations = [
  implement(completeTodoItemOp, async (c, { body }) => ({ todo_list: await completeTodoItem(c, body) })),
  implement(closeTodoListOp, async (c) => ({ todo_list: await closeTodoList(c) })),
];
