import { expect } from 'vitest';
import type { Api } from '../../../src/lib/api/client';
import type { Task } from '../../../src/lib/api/tasks';
import { ApiError } from '../../../src/lib/errors';
import { listGroupTasks } from '../../../src/lib/requests/tasks';
import { isTaskFinished } from '../../../src/lib/schemas/task-event';

/** The ApiError a call was refused with (and its status, when given). */
export async function refusal(promise: Promise<unknown>, status?: number): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  if (status !== undefined) expect((error as ApiError).status).toBe(status);
  return error as ApiError;
}

/** Waits for a task to finish, reading the group's Tasks list as the panel does. */
export async function taskFinished(client: Api, group: string, task: string): Promise<Task> {
  for (let i = 0; i < 400; i++) {
    const found = (await listGroupTasks(client, group, { per_page: 100 })).data.find((x) => x.guid === task);
    if (found && isTaskFinished(found.status)) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`The task ${task} did not finish.`);
}
