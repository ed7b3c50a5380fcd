import { and, asc, count, eq, gt, inArray, isNotNull, lte, min, notInArray, or, sql } from 'drizzle-orm';
import type { TaskEvent, TaskItemStatus, TaskStatus } from '../../lib/api/tasks';
import type { Db } from '../db/connection';
import { taskItems, tasks } from '../db/schema/index';
import type { TaskItemRow } from './steps/index';

/**
 * The task and task-item rows as a work list (schema tasks.ts): items are claimed with a lease
 * (`locked_until`), each one's effect is committed with its COMPLETED mark, and the task's
 * status and progress are worked out from its items in the same transaction.
 */

export type TaskRow = typeof tasks.$inferSelect;

export interface NewTaskItem {
  action: string;
  domainGuid?: string | null;
  details?: string | null;
  payload?: Record<string, unknown>;
}

export interface NewTask {
  companyGuid: string;
  domainGroupGuid: string | null;
  kind: string;
  createdBy: string | null;
  items: NewTaskItem[];
}

const FINISHED = ['COMPLETED', 'FAILURE'];
/** An item is tried this many times before it fails for good. */
export const MAX_ATTEMPTS = 3;
const SKIPPED = 'Not run: an earlier step failed.';
/** What an item says when every attempt at it was cut off (its process stopped, or its step never returned). */
export const ABANDONED = `The step was interrupted ${MAX_ATTEMPTS} times without finishing, so it was not tried again.`;

export async function insertTask(tx: Db, input: NewTask, now: Date): Promise<{ task: TaskRow; items: TaskItemRow[] }> {
  const [task] = await tx
    .insert(tasks)
    .values({
      companyGuid: input.companyGuid,
      domainGroupGuid: input.domainGroupGuid,
      kind: input.kind,
      createdBy: input.createdBy,
      status: 'PENDING',
      progressPercentage: 0,
      dateCreated: now,
    })
    .returning();
  const items = await tx
    .insert(taskItems)
    .values(
      input.items.map((it, position) => ({
        taskGuid: task!.guid,
        action: it.action,
        domainGuid: it.domainGuid ?? null,
        details: it.details ?? null,
        payload: it.payload ?? {},
        position,
        runAfter: now,
        dateCreated: now,
      })),
    )
    .returning();
  return { task: task!, items };
}

/** The unfinished task of `kind` that has an item for `domainGuid`, if any. */
export async function unfinishedTaskFor(tx: Db, companyGuid: string, kind: string, domainGuid: string): Promise<TaskRow | undefined> {
  const [row] = await tx
    .select({ task: tasks })
    .from(tasks)
    .innerJoin(taskItems, eq(taskItems.taskGuid, tasks.guid))
    .where(and(eq(tasks.companyGuid, companyGuid), eq(tasks.kind, kind), notInArray(tasks.status, FINISHED), eq(taskItems.domainGuid, domainGuid)))
    .limit(1);
  return row?.task;
}

/** Serialises writers of one key until the transaction ends (on PostgreSQL and PGlite alike). */
export async function lockKey(tx: Db, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

export type Claim = { item: TaskItemRow; task: TaskRow } | { done: true } | { busy: true } | { waitUntil: Date } | { abandoned: TaskItemRow };

/**
 * Takes the task's next unfinished item for `leaseMs`, unless another worker holds it. The
 * update re-checks the lease, so two workers racing for one item cannot both get it. An item
 * left ACTIVE without a live lease was cut off (its process stopped, or its step never returned):
 * it is taken again while attempts remain, else answered as abandoned, for the runner to fail.
 */
export async function claimNextItem(db: Db, taskGuid: string, now: Date, leaseMs: number): Promise<Claim> {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select()
      .from(taskItems)
      .where(and(eq(taskItems.taskGuid, taskGuid), notInArray(taskItems.status, FINISHED)))
      .orderBy(asc(taskItems.position))
      .limit(1);
    if (!next) return { done: true } as const;
    if (next.lockedUntil && next.lockedUntil > now) return { busy: true } as const;
    if (next.status === 'ACTIVE' && next.attempts >= MAX_ATTEMPTS) return { abandoned: next };
    if (next.runAfter > now) return { waitUntil: next.runAfter };
    const [item] = await tx
      .update(taskItems)
      .set({ status: 'ACTIVE', error: null, attempts: sql`${taskItems.attempts} + 1`, lockedUntil: new Date(now.getTime() + leaseMs) })
      .where(and(eq(taskItems.guid, next.guid), notInArray(taskItems.status, FINISHED), or(sql`${taskItems.lockedUntil} is null`, lte(taskItems.lockedUntil, now))))
      .returning();
    if (!item) return { busy: true } as const;
    return { item, task: await recompute(tx, taskGuid, now) };
  });
}

/**
 * Runs `effect` and marks the item COMPLETED in one transaction, holding the item's row lock:
 * a second worker that reaches the same item waits, then finds it done and does nothing.
 */
export async function completeItem(
  db: Db,
  itemGuid: string,
  now: Date,
  effect: (tx: Db, item: TaskItemRow) => Promise<void>,
): Promise<{ item: TaskItemRow; task: TaskRow } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(taskItems).where(eq(taskItems.guid, itemGuid)).for('update');
    if (!current || FINISHED.includes(current.status)) return null;
    await effect(tx, current);
    const [item] = await tx.update(taskItems).set({ status: 'COMPLETED', error: null, lockedUntil: null, dateCompleted: now }).where(eq(taskItems.guid, itemGuid)).returning();
    return { item: item!, task: await recompute(tx, current.taskGuid, now) };
  });
}

/**
 * Records a failed attempt: RETRYING with a growing delay while attempts remain, else FAILURE,
 * which also fails the items after it (they would act on a half-done task) and so the task.
 */
export async function failItem(
  db: Db,
  itemGuid: string,
  error: string,
  now: Date,
  final: boolean,
  givenUp?: (tx: Db, item: TaskItemRow) => Promise<void>,
): Promise<{ item: TaskItemRow; task: TaskRow; retryAt: Date | null } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(taskItems).where(eq(taskItems.guid, itemGuid)).for('update');
    if (!current || FINISHED.includes(current.status)) return null;
    const giveUp = final || current.attempts >= MAX_ATTEMPTS;
    const retryAt = giveUp ? null : new Date(now.getTime() + 1000 * 2 ** current.attempts);
    const [item] = await tx
      .update(taskItems)
      .set(
        giveUp
          ? { status: 'FAILURE', error, lockedUntil: null, dateCompleted: now }
          : { status: 'RETRYING', error: `${error} It will be tried again.`, lockedUntil: null, runAfter: retryAt! },
      )
      .where(eq(taskItems.guid, itemGuid))
      .returning();
    if (giveUp) {
      await givenUp?.(tx, item!);
      await tx
        .update(taskItems)
        .set({ status: 'FAILURE', error: SKIPPED, lockedUntil: null, dateCompleted: now })
        .where(and(eq(taskItems.taskGuid, current.taskGuid), notInArray(taskItems.status, FINISHED), gt(taskItems.position, current.position)));
    }
    return { item: item!, task: await recompute(tx, current.taskGuid, now), retryAt };
  });
}

/**
 * Records that the item waits on the outside world (StepWaiting): RETRYING with what it waits
 * for, due again at `retryAt`, its attempt given back so waiting never uses attempts up.
 */
export async function waitItem(db: Db, itemGuid: string, message: string, now: Date, retryAt: Date): Promise<{ item: TaskItemRow; task: TaskRow } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(taskItems).where(eq(taskItems.guid, itemGuid)).for('update');
    if (!current || FINISHED.includes(current.status)) return null;
    const [item] = await tx
      .update(taskItems)
      .set({ status: 'RETRYING', error: message, lockedUntil: null, runAfter: retryAt, attempts: sql`greatest(${taskItems.attempts} - 1, 0)` })
      .where(eq(taskItems.guid, itemGuid))
      .returning();
    return { item: item!, task: await recompute(tx, current.taskGuid, now) };
  });
}

/** Status and progress follow the items: any failure fails the task; all completed completes it. */
async function recompute(tx: Db, taskGuid: string, now: Date): Promise<TaskRow> {
  const counts = await tx.select({ status: taskItems.status, n: count() }).from(taskItems).where(eq(taskItems.taskGuid, taskGuid)).groupBy(taskItems.status);
  const by = (s: TaskItemStatus) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
  const completed = by('COMPLETED');
  const status: TaskStatus = by('FAILURE') ? 'FAILURE' : completed === total ? 'COMPLETED' : completed || by('ACTIVE') || by('RETRYING') ? 'ACTIVE' : 'PENDING';
  const finished = status === 'COMPLETED' || status === 'FAILURE';
  const [task] = await tx
    .update(tasks)
    .set({
      status,
      progressPercentage: total ? Math.round((100 * completed) / total) : 100,
      dateCompleted: finished ? sql`coalesce(${tasks.dateCompleted}, ${now.toISOString()}::timestamptz)` : null,
    })
    .where(eq(tasks.guid, taskGuid))
    .returning();
  return task!;
}

export function taskEventOf(task: TaskRow, item?: TaskItemRow): TaskEvent {
  return {
    task: task.guid,
    kind: task.kind,
    domain_group: task.domainGroupGuid,
    status: task.status as TaskStatus,
    progress_percentage: task.progressPercentage,
    date_completed: task.dateCompleted?.toISOString() ?? null,
    item: item ? { guid: item.guid, action: item.action, status: item.status as TaskItemStatus, error: item.error } : null,
  };
}

/** After a restart on PGlite no other process can hold a lease: every lease left is a dead one. */
export async function releaseLeases(db: Db): Promise<number> {
  const released = await db
    .update(taskItems)
    .set({ lockedUntil: null })
    .where(and(isNotNull(taskItems.lockedUntil), notInArray(taskItems.status, FINISHED)))
    .returning({ guid: taskItems.guid });
  return released.length;
}

/**
 * Whether a task of the given kinds can be worked on now: the next item of an unfinished task is
 * due and nobody holds it. An item waiting for a later time (a retry, the outside world) is not.
 */
export async function hasDueTask(db: Db, kinds: readonly string[], now: Date): Promise<boolean> {
  if (!kinds.length) return false;
  const at = sql`${now.toISOString()}::timestamptz`;
  const next = db
    .select({ taskGuid: taskItems.taskGuid, runAfter: taskItems.runAfter, lockedUntil: taskItems.lockedUntil })
    .from(taskItems)
    .where(and(sql`${taskItems.taskGuid} = ${tasks.guid}`, notInArray(taskItems.status, FINISHED)))
    .orderBy(asc(taskItems.position))
    .limit(1)
    .as('next');
  const rows = await db
    .select({ guid: tasks.guid })
    .from(tasks)
    .innerJoinLateral(next, sql`true`)
    .where(
      and(inArray(tasks.kind, [...kinds]), notInArray(tasks.status, FINISHED), sql`${next.runAfter} <= ${at}`, sql`(${next.lockedUntil} is null or ${next.lockedUntil} <= ${at})`),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Unfinished tasks of the given kinds that nobody works on (no item under a live lease), with
 * the moment their next item is due: what the sweep hands to the queue again. A task between two
 * turns is among them; queuing it again is harmless (at most one turn per task waits).
 */
export async function orphanedTasks(db: Db, kinds: readonly string[], now: Date): Promise<{ guid: string; companyGuid: string; due: Date }[]> {
  if (!kinds.length) return [];
  const rows = await db
    .select({
      guid: tasks.guid,
      companyGuid: tasks.companyGuid,
      due: min(taskItems.runAfter),
      leased: sql<number>`count(*) filter (where ${taskItems.lockedUntil} > ${now.toISOString()}::timestamptz)`,
    })
    .from(tasks)
    .innerJoin(taskItems, and(eq(taskItems.taskGuid, tasks.guid), notInArray(taskItems.status, FINISHED)))
    .where(and(inArray(tasks.kind, [...kinds]), notInArray(tasks.status, FINISHED)))
    .groupBy(tasks.guid, tasks.companyGuid);
  return rows.filter((r) => Number(r.leased) === 0).map((r) => ({ guid: r.guid, companyGuid: r.companyGuid, due: r.due ?? now }));
}
