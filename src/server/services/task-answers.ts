import { asc, inArray } from 'drizzle-orm';
import type { Task, TaskItemStatus, TaskStatus } from '../../lib/api/tasks';
import type { Db } from '../db/connection';
import { taskItems } from '../db/schema/index';
import type { TaskRow } from '../jobs/store';

/** Tasks with their items in position order, as the Tasks tab shows them (spec part 2, 3 "Task"). */
export async function taskAnswers(db: Db, rows: TaskRow[]): Promise<Task[]> {
  const guids = rows.map((r) => r.guid);
  const items = guids.length ? await db.select().from(taskItems).where(inArray(taskItems.taskGuid, guids)).orderBy(asc(taskItems.position)) : [];
  const byTask = Map.groupBy(items, (i) => i.taskGuid);
  return rows.map((t) => ({
    guid: t.guid,
    kind: t.kind,
    date_created: t.dateCreated.toISOString(),
    date_completed: t.dateCompleted?.toISOString() ?? null,
    status: t.status as TaskStatus,
    progress_percentage: t.progressPercentage,
    items: (byTask.get(t.guid) ?? []).map((i) => ({
      guid: i.guid,
      action: i.action,
      status: i.status as TaskItemStatus,
      details: i.details,
      error: i.error,
      date_created: i.dateCreated.toISOString(),
      date_completed: i.dateCompleted?.toISOString() ?? null,
    })),
  }));
}
