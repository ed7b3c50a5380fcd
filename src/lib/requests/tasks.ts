import type { Api } from '../api/client';
import { call } from '../api/send';
import type { GroupTasksQuery, listGroupTasksOp } from '../api/tasks';

/** Where each call of this area lives: written once here, spread into its definition in ../api/tasks.ts. */
export const tasksRoutes = {
  listGroupTasks: { id: 'domains.groups.tasks.list', method: 'get', path: '/domains/groups/{guid}/tasks/' },
  taskEvents: { id: 'tasks.events', method: 'get', path: '/tasks/events/' },
} as const;

export const listGroupTasks = (api: Api, group: string, query: GroupTasksQuery = {}) =>
  call<typeof listGroupTasksOp>(api, tasksRoutes.listGroupTasks, { params: { guid: group }, query });
