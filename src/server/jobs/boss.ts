import { PgBoss, fromPglite, type Queue, type WorkOptions } from 'pg-boss';
import type { Database } from '../db/connection';

/**
 * pg-boss inside the server process (LIBRARIES 13): on the server's own PGlite instance through
 * `fromPglite` with `backend: 'pglite'`, or on PostgreSQL with a small pool of its own on the
 * same database, where any number of processes share the queues.
 */
export function createBoss(database: Database): PgBoss {
  const common = { useListenNotify: true, application_name: 'hostdeck-jobs' } as const;
  if (database.kind === 'pglite') return new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' });
  const { connectionString, host, port, user, password, database: name, ssl } = database.pool!.options;
  return new PgBoss({ ...common, connectionString, host, port, user, password: password ?? undefined, database: name, ssl, max: 4 });
}

/**
 * Every task, whatever its kind, takes turns on this one queue (decisions "Background jobs"): a
 * job is one turn of one task, a slice of its items, after which the task queues its next turn
 * behind whoever is waiting. Jobs carry the task as their singleton key and the 'short' policy
 * keeps at most one turn per task waiting, so the sweep and the runner may queue a task freely.
 * Each job is in its company's group, which caps how many turns of one company run at once.
 */
export const TASK_QUEUE = 'tasks';

/** Woken by NOTIFY, retried with backoff; a turn a dead process held expires within a minute (a turn lasts seconds). */
export const TASK_QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  policy: 'short',
  notify: true,
  retryLimit: 10,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 60,
  expireInSeconds: 60,
  // A turn is history nobody reads once it has ended; the task's rows keep the record.
  deleteAfterSeconds: 3600,
};

/** How many turns this process runs at once. */
export const TASK_SLOTS = 8;
/** How many turns of one company run at once, across all processes: the rest is left for the others. */
export const COMPANY_SLOTS = 4;

/**
 * Independent workers, each fetching one turn and the next as soon as it ends (a batch would wait
 * for its slowest member before fetching again). A job sent for later (a retry) wakes nobody when
 * it comes due, so the backup poll stays short.
 */
export const TASK_WORK = {
  batchSize: 1,
  localConcurrency: TASK_SLOTS,
  groupConcurrency: COMPANY_SLOTS,
  perJobResults: true,
  pollingIntervalSeconds: 2,
  notifyPollingIntervalSeconds: 2,
} as const satisfies WorkOptions;

/** The queues of the earlier layout, one per kind of task, removed at start (their tasks are queued again on TASK_QUEUE). */
export const legacyTaskQueueOf = (kind: string) => `task.${kind.toLowerCase()}`;

/** The sweep: one worker a minute, across all processes, re-queues tasks nobody works on. */
export const SWEEP_QUEUE = 'task.sweep';
export const SWEEP_CRON = '* * * * *';

/** The domains' health, WHOIS and metrics checks: one worker a minute, across all processes. */
export const CHECKS_QUEUE = 'domain.checks';
export const CHECKS_CRON = '* * * * *';

/** The billing run (renewals, suspensions, cancellations due, the day's EUR rate): one worker a minute, across all processes. */
export const BILLING_QUEUE = 'billing.cycle';
export const BILLING_CRON = '* * * * *';

/** Creating paid shared hosting accounts (src/server/billing/hosting-provision.ts): sent after a payment, and every minute for accounts waiting for addresses. */
export const HOSTING_QUEUE = 'hosting.provision';
export const HOSTING_CRON = '* * * * *';

/** Renewing the certificates due (src/server/services/certificates.ts): one worker a minute, across all processes. */
export const CERTIFICATES_QUEUE = 'certificates.renew';
export const CERTIFICATES_CRON = '* * * * *';
