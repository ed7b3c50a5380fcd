import { z } from 'zod/mini';

/**
 * What the task event stream sends (`event: task`), read by the panel's Tasks tab and the
 * CLI's `--wait` with the same schema; zod/mini, so the panel's bundle stays small.
 */

export const TASK_STATUSES = ['PENDING', 'ACTIVE', 'COMPLETED', 'FAILURE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Item statuses (spec part 2, 3). */
export const TASK_ITEM_STATUSES = ['ACTIVE', 'PENDING', 'COMPLETED', 'FAILURE', 'RETRYING'] as const;
export type TaskItemStatus = (typeof TASK_ITEM_STATUSES)[number];

/** A task in one of these states changes no more. */
export const isTaskFinished = (status: string) => status === 'COMPLETED' || status === 'FAILURE';

/**
 * One change of a task: the task's state after the change and, when an item changed, that
 * item. The tab reloads the tasks it names (spec part 2, 2.7: "a socket message that carries
 * task guids"); `--wait` follows status and progress.
 */
export const taskEventSchema = z.object({
  task: z.guid(),
  kind: z.string(),
  domain_group: z.nullable(z.guid()),
  status: z.enum(TASK_STATUSES),
  progress_percentage: z.number().check(z.int(), z.gte(0), z.lte(100)),
  date_completed: z.nullable(z.iso.datetime()),
  item: z.nullable(z.object({ guid: z.guid(), action: z.string(), status: z.enum(TASK_ITEM_STATUSES), error: z.nullable(z.string()) })),
});
export type TaskEvent = z.infer<typeof taskEventSchema>;
