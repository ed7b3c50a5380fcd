import { z } from 'zod';
import { tasksRoutes } from '../requests/tasks';
import { defineOperation, guidParam, pageOf } from './define';
import { PAGE_SIZES, pagingSchema } from '../schemas/lists';
import { TASK_ITEM_STATUSES, TASK_STATUSES } from '../schemas/task-event';

/**
 * Provisioning tasks as the group Tasks tab shows them (spec part 2, 2.7 "Group Tasks tab" and
 * 3 "Task"): one task per request, one item per step, followed live over Server-Sent Events.
 */

export { TASK_STATUSES, TASK_ITEM_STATUSES, isTaskFinished, type TaskStatus, type TaskItemStatus, type TaskEvent } from '../schemas/task-event';

export const taskItem = z
  .object({
    guid: z.guid(),
    /** The step, e.g. RESET_DNS_RECORDS. */
    action: z.string(),
    status: z.enum(TASK_ITEM_STATUSES),
    details: z.string().nullable(),
    error: z.string().nullable(),
    date_created: z.iso.datetime(),
    date_completed: z.iso.datetime().nullable(),
  })
  .meta({ id: 'TaskItem' });
export type TaskItem = z.infer<typeof taskItem>;

export const task = z
  .object({
    guid: z.guid(),
    /** What was asked, e.g. DNS_ZONE_RESET (beyond the spec's fields: the tab names the task by it). */
    kind: z.string(),
    date_created: z.iso.datetime(),
    date_completed: z.iso.datetime().nullable(),
    status: z.enum(TASK_STATUSES),
    progress_percentage: z.number().int().min(0).max(100),
    items: z.array(taskItem),
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof task>;

export const TASK_LIST_MAX = PAGE_SIZES[PAGE_SIZES.length - 1]!;
export const groupTasksQuery = pagingSchema(TASK_LIST_MAX);
export type GroupTasksQuery = z.input<typeof groupTasksQuery>;

/** The Tasks tab is a tab of the group page, which needs can_view_domains (spec part 2, 2.1). */
const viewDomains = ['can_view_domains'] as const;

export const listGroupTasksOp = defineOperation({
  ...tasksRoutes.listGroupTasks,
  area: 'domains',
  summary: "A domain group's tasks with their items, newest first",
  params: z.object({ guid: guidParam }),
  query: groupTasksQuery,
  answer: pageOf(task),
  scopes: viewDomains,
  notFound: 'Domain group not found.',
});

/**
 * The company's task changes as Server-Sent Events (decided beyond spec/api-calls.tsv, see
 * docs/decisions.md): `ready` first, then `task` events; each has an `id`, and a client that
 * reconnects with `Last-Event-ID` first gets the state of every task that changed since.
 */
export const taskEventsOp = defineOperation({
  ...tasksRoutes.taskEvents,
  area: 'tasks',
  summary: "The company's task changes as Server-Sent Events (ready, task; comment heartbeats)",
  answer: 'events',
  scopes: viewDomains,
});
