import { closeTodoList, completeTodoItem } from '../lib/requests/notices';
import type { TodoKey } from '../lib/rules/todo-list';
import { api } from './api';
import { loadUser } from './session';
import { toastError } from './toasts';

/*
 * The account set-up to-do list of the home page (spec part 1, 4). The list lives on the
 * session user (whoami's todo_list), so after each change the user is loaded again.
 */

/** Ticks one item; answers whether it worked. */
export async function completeTodo(key: TodoKey): Promise<boolean> {
  try {
    await completeTodoItem(api, { [key]: true });
    await loadUser();
    return true;
  } catch (error) {
    toastError(error);
    return false;
  }
}

/** Closes the list for good (after the confirmation). */
export async function closeTodo(): Promise<boolean> {
  try {
    await closeTodoList(api);
    await loadUser();
    return true;
  } catch (error) {
    toastError(error);
    return false;
  }
}
