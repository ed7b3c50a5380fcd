import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, guidPk, ts } from './columns';
import { domainGroups, domains } from './domains';
import { companyGuid, userRef } from './refs';

/**
 * What the user sees of provisioning (the group Tasks tab): one task per request, one item
 * per step or per domain. Items are also the work queue: a worker claims due items with
 * FOR UPDATE SKIP LOCKED (status PENDING or RETRYING, run_after passed), so any number of
 * processes share the work and a restart loses nothing.
 */
export const tasks = pgTable(
  'tasks',
  {
    guid: guidPk(),
    companyGuid: companyGuid(),
    domainGroupGuid: uuid('domain_group_guid').references(() => domainGroups.guid, { onDelete: 'set null' }),
    /** What was asked: ADD_DOMAINS, INSTALL_SSL, INSTALL_SOFTWARE, BULK_ACTION, DELETE_DOMAIN, ... */
    kind: text('kind').notNull(),
    /** PENDING, ACTIVE, COMPLETED, FAILURE. */
    status: text('status').notNull().default('PENDING'),
    progressPercentage: integer('progress_percentage').notNull().default(0),
    createdBy: userRef('created_by'),
    dateCompleted: ts('date_completed'),
    dateCreated: createdAt(),
  },
  (t) => [index('tasks_company_idx').on(t.companyGuid, t.dateCreated), index('tasks_group_idx').on(t.domainGroupGuid, t.dateCreated)],
);

export const taskItems = pgTable(
  'task_items',
  {
    guid: guidPk(),
    taskGuid: uuid('task_guid')
      .notNull()
      .references(() => tasks.guid, { onDelete: 'cascade' }),
    domainGuid: uuid('domain_guid').references(() => domains.guid, { onDelete: 'set null' }),
    /** The step, e.g. CREATE_DOMAIN, INSTALL_LETS_ENCRYPT, INSTALL_WORDPRESS, UPDATE_DNS. */
    action: text('action').notNull(),
    /** ACTIVE (running), PENDING, COMPLETED, FAILURE, RETRYING. */
    status: text('status').notNull().default('PENDING'),
    details: text('details'),
    error: text('error'),
    /** What the step needs to run (chosen options); never secrets in clear. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    runAfter: ts('run_after').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    position: integer('position').notNull().default(0),
    dateCompleted: ts('date_completed'),
    dateCreated: createdAt(),
  },
  (t) => [index('task_items_task_idx').on(t.taskGuid, t.position), index('task_items_due_idx').on(t.status, t.runAfter)],
);
