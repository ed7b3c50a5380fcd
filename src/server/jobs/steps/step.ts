import type { Db } from '../../db/connection';
import type { taskItems } from '../../db/schema/index';

export type TaskItemRow = typeof taskItems.$inferSelect;

/** What a step is given: the transaction that also records the item as done, the item and the time. */
export interface StepContext {
  tx: Db;
  item: TaskItemRow;
  now: Date;
}

/**
 * One kind of step (a task item's `action`). Its effect runs inside the transaction that marks
 * the item COMPLETED, so a process killed half-way leaves either both or neither: a step never
 * takes effect twice, whatever it does.
 */
export interface Step {
  run(context: StepContext): Promise<void>;
}

/** A failure retrying cannot mend (the item fails at once); any other error is retried. */
export class StepFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepFailure';
  }
}
