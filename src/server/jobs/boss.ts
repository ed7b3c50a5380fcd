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

/** Every task queue: woken by NOTIFY, retried with backoff; a job a dead process held expires. */
export const TASK_QUEUE: Omit<Queue, 'name'> = {
  notify: true,
  retryLimit: 10,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 60,
  expireInSeconds: 300,
};

/**
 * With LISTEN/NOTIFY on, a burst of jobs stalls until the backup poll unless full batches fetch
 * again at once (LIBRARIES 13: `burstWhenBatchFull`); each job of a batch settles on its own.
 * A job sent for later (a retry) wakes nobody when it comes due, so the backup poll stays short.
 */
export const TASK_WORK = {
  batchSize: 4,
  burstWhenBatchFull: true,
  perJobResults: true,
  pollingIntervalSeconds: 2,
  notifyPollingIntervalSeconds: 2,
} as const satisfies WorkOptions;

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
