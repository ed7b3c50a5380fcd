import { setTimeout as delay } from 'node:timers/promises';
import type { Job, JobResult, PgBoss } from 'pg-boss';
import type { Database, Db } from '../db/connection';
import { runBillingCycle } from '../billing/billing-cycle';
import { configuredRate } from '../billing/exchange-rate';
import { CERTIFICATES_CRON, CERTIFICATES_QUEUE, HOSTING_CRON, HOSTING_QUEUE } from './boss';
import { SANDBOX_ISSUER, type CertificateIssuer } from '../services/certificate-issuer';
import { renewDueCertificates } from '../services/certificates';
import { provisionHostingAccounts } from '../billing/hosting-provision';
import { deliverLeftCompanyEmails, deliverQueuedCompanyEmails } from '../services/company-mail';
import type { Mailer } from '../mail/mailer';
import { BILLING_CRON, BILLING_QUEUE, CHECKS_CRON, CHECKS_QUEUE, SWEEP_CRON, SWEEP_QUEUE, TASK_QUEUE, TASK_QUEUE_OPTIONS, TASK_WORK, createBoss, legacyTaskQueueOf } from './boss';
import { runDueChecks } from '../checks/domain-checks';
import { AFFILIATE_REVIEW_CRON, AFFILIATE_REVIEW_QUEUE, approveDueAffiliateRequests } from './affiliate-review';
import { invoiceClearedPayouts } from '../services/affiliate-invoicing';
import { SANDBOX_SOURCES } from '../checks/sources';
import { memoryEventBus, postgresEventBus, type TaskEventBus } from './events';
import { runTask, type RunnerDeps, type TaskRef } from './runner';
import { dnsServerResolver } from '../dns/resolver';
import { TASK_KINDS } from './steps/index';
import { hasDueTask, insertTask, lockKey, orphanedTasks, releaseLeases, taskEventOf, unfinishedTaskFor, type NewTask, type TaskRow } from './store';

/** What the engine reads of the server's dependencies, each time it needs it. */
export interface EngineDeps {
  now(): Date;
  config: { provisionStepMs: number; eurPerUsd: number };
  /** The DNS server, once started: steps and checks resolve names through it. */
  dns?: { host: string; port: number };
  /** Hands out the company emails the billing and hosting runs record (services/company-mail.ts). */
  mailer?: Mailer;
  /** Issues the certificates (services/acme-issuer.ts); the sandbox issuer when absent. */
  certificates?: CertificateIssuer;
}

/**
 * Background jobs (DESIGN "Jobs"): tasks whose items are steps of the registry in ./steps, run
 * by pg-boss workers inside the server process, with every change published for the company's
 * event streams. The engine starts with the server (`start`), or on the first task.
 */
export interface JobEngine {
  readonly events: TaskEventBus;
  start(): Promise<void>;
  /** Lets running steps finish their transaction, stops the workers and the event listener. */
  stop(): Promise<void>;
  /**
   * Records a task and its items and queues it. With `onePerDomain`, a task of the same kind
   * still unfinished for that domain is answered instead of a second one (a double click).
   * `alongside` makes the change the task is about (a status set to PENDING, a row inserted)
   * in the task's own transaction, so neither is kept without the other; it is not run when
   * an unfinished task is answered instead.
   */
  startTask(input: NewTask, options?: { onePerDomain?: string; alongside?: (tx: Db) => Promise<void> }): Promise<{ task: TaskRow; created: boolean }>;
  /** Queues the creation of paid shared hosting accounts now (after a payment committed), rather than at the minute's run. */
  provisionHostingSoon(): Promise<void>;
  /**
   * Resolves once the billing run and the hosting run have each run once in this process (done or
   * failed). The first ones come seconds after start and email what fell due meanwhile; the server
   * prints its sign-in table after them, so they do not push it off the screen (runtime.ts).
   */
  firstRuns(): Promise<void>;
  /**
   * Runs the sweep now, as the minute's job does: every unfinished task nobody works on (a
   * process that held it stopped, its turn was lost) is queued again, and company emails left
   * unsent are delivered.
   */
  sweep(): Promise<void>;
  /**
   * Resolves once no task runs in this process and none can be worked on now: every task is
   * finished or waits for a later time. Tests await it instead of sleeping; it checks again each
   * time a task's job ends, so it waits for work already queued to be picked up.
   */
  idle(): Promise<void>;
  /** Runs the certificate renewal now, as the minute's job does: the certificates due are issued again. */
  renewCertificates(): Promise<{ renewed: number; failed: number }>;
}

/** A turn of a task (boss.ts TASK_QUEUE). */
interface TurnData {
  task: string;
  company: string;
}
type TaskJob = Job<TurnData>;

/** How long after a new or moved domain its checks run (more such domains wait for the last). */
const CHECK_SOON_MS = 2000;

export function createJobEngine(database: Database, deps: () => EngineDeps, log: (message: string) => void = console.error): JobEngine {
  const events = database.kind === 'postgres' ? postgresEventBus(database.pool!, log) : memoryEventBus();
  let starting: Promise<PgBoss> | undefined;
  let stopped = false;
  const stopSignal = new AbortController();
  const running = new Set<Promise<void>>();
  const firstBilling = Promise.withResolvers<void>();
  const firstHosting = Promise.withResolvers<void>();
  /** Woken each time a task's job ends (idle() checks again then). */
  const jobEnded = new Set<() => void>();
  const deliverRunEmails = async () => {
    const { mailer } = deps();
    if (mailer) await deliverQueuedCompanyEmails(database.db, mailer, deps().now());
  };

  const started = () => {
    if (stopped) return Promise.reject(new Error('The job engine has stopped.'));
    starting ??= boot().catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
    return starting;
  };

  const runner: RunnerDeps = {
    db: database.db,
    now: () => deps().now(),
    stepMs: () => deps().config.provisionStepMs,
    publish: (change) => events.publish(change),
    reschedule: async (task, at) => {
      await queueTurn(await started(), task, at);
    },
    sleep: (ms) => delay(ms, undefined, { signal: stopSignal.signal }).catch(() => undefined),
    stopping: () => stopped,
    log,
    resolver: dnsServerResolver(() => deps().dns ?? null),
    certificates: () => deps().certificates ?? SANDBOX_ISSUER,
    checkSoon: (domainGuid) => {
      // Many domains added at once make one run, a moment after the last of them.
      soon.add(domainGuid);
      if (checkTimer) clearTimeout(checkTimer);
      checkTimer = setTimeout(() => {
        checkTimer = undefined;
        const guids = [...soon];
        soon.clear();
        if (!stopped) void runChecks(guids).catch((error: unknown) => log(`[hostdeck] domain checks failed: ${String(error)}`));
      }, CHECK_SOON_MS);
    },
  };
  const soon = new Set<string>();
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  const renewCertificates = () => renewDueCertificates({ db: database.db, issuer: runner.certificates(), now: deps().now(), log });
  const runChecks = (only?: string[]) =>
    runDueChecks({ db: database.db, resolver: runner.resolver, sources: SANDBOX_SOURCES, now: deps().now() }, only ? Math.max(only.length, 1) : undefined, only);

  /**
   * Queues a turn of the task in its company's group. While one already waits the send is
   * refused (boss.ts), which is what makes queuing again harmless. `at` is read on the engine's
   * clock, so it becomes a delay: the database's clock may differ (a test moves the engine's).
   */
  async function queueTurn(boss: PgBoss, task: TaskRef, at: Date | null) {
    const delayMs = at ? at.getTime() - deps().now().getTime() : 0;
    await boss.send(TASK_QUEUE, { task: task.guid, company: task.companyGuid } satisfies TurnData, {
      singletonKey: task.guid,
      group: { id: task.companyGuid },
      ...(delayMs > 0 ? { startAfter: Math.ceil(delayMs / 1000) } : {}),
    });
  }

  async function runJob(job: TaskJob): Promise<JobResult> {
    const run = runTask(runner, { guid: job.data.task, companyGuid: job.data.company });
    running.add(run);
    try {
      await run;
      return { id: job.id, status: 'completed' };
    } catch (error) {
      if (!stopped) log(`[hostdeck] task ${job.data.task} stopped with an error; its job is retried: ${String(error)}`);
      return { id: job.id, status: 'failed', output: { message: String(error) } };
    } finally {
      running.delete(run);
      for (const wake of jobEnded) wake();
      jobEnded.clear();
    }
  }

  /**
   * Queues every task nobody works on (on PGlite after a restart, that is every unfinished
   * one; elsewhere a task whose process stopped, once its lease has run out) and delivers the
   * company emails left unsent. A task between two turns is queued already: the send is refused.
   */
  async function sweep(boss: PgBoss) {
    const now = deps().now();
    for (const orphan of await orphanedTasks(database.db, TASK_KINDS, now)) {
      await queueTurn(boss, orphan, orphan.due > now ? orphan.due : null);
    }
    const { mailer } = deps();
    if (mailer) await deliverLeftCompanyEmails(database.db, mailer, now);
  }

  /**
   * Only one process can open a PGlite folder, so at start every lease and every active job is
   * a dead process's: released and cancelled here, the sweep then resumes their tasks at once.
   * On PostgreSQL other processes may be alive: their leases run out and the minute's sweep
   * (or the dead job's expiry) resumes the task.
   */
  async function recover(boss: PgBoss) {
    if (database.kind === 'pglite') {
      await releaseLeases(database.db);
      // A dead turn would count against its company's share until it expired.
      for (const orphan of await orphanedTasks(database.db, TASK_KINDS, deps().now())) {
        const stale = (await boss.findJobs(TASK_QUEUE, { key: orphan.guid })).filter((j) => j.state === 'active');
        if (stale.length)
          await boss.cancel(
            TASK_QUEUE,
            stale.map((j) => j.id),
          );
      }
    }
    await sweep(boss);
  }

  async function boot(): Promise<PgBoss> {
    await events.listen();
    const boss = createBoss(database);
    boss.on('error', (error) => log(`[hostdeck] jobs: ${error.message}`));
    await boss.start();
    // The earlier layout's queues go: recover() below queues their unfinished tasks here.
    const legacy = (await boss.getQueues(TASK_KINDS.map(legacyTaskQueueOf))).map((q) => q.name);
    for (const queue of legacy) await boss.deleteQueue(queue);
    await boss.createQueue(TASK_QUEUE, TASK_QUEUE_OPTIONS);
    await boss.work<TurnData, unknown, typeof TASK_WORK>(TASK_QUEUE, TASK_WORK, (jobs) => Promise.all(jobs.map(runJob)));
    await boss.createQueue(SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 60 });
    await boss.work(SWEEP_QUEUE, () => sweep(boss));
    await boss.schedule(SWEEP_QUEUE, SWEEP_CRON);
    await boss.createQueue(CHECKS_QUEUE, { retryLimit: 0, expireInSeconds: 120 });
    await boss.work(CHECKS_QUEUE, async () => {
      await runChecks();
    });
    await boss.schedule(CHECKS_QUEUE, CHECKS_CRON);
    await boss.createQueue(BILLING_QUEUE, { retryLimit: 0, expireInSeconds: 300 });
    await boss.work(BILLING_QUEUE, async () => {
      try {
        await runBillingCycle(database.db, configuredRate(deps().config.eurPerUsd), deps().now());
        await deliverRunEmails();
      } finally {
        firstBilling.resolve();
      }
    });
    await boss.schedule(BILLING_QUEUE, BILLING_CRON);
    await boss.createQueue(HOSTING_QUEUE, { retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: 300 });
    await boss.work(HOSTING_QUEUE, async () => {
      try {
        await provisionHostingAccounts(database.db, deps().now());
        await deliverRunEmails();
      } finally {
        firstHosting.resolve();
      }
    });
    await boss.schedule(HOSTING_QUEUE, HOSTING_CRON);
    // The affiliate team's stand-in: approves applications and custom links after the configured
    // delay, and puts payouts cleared before this month on the affiliates' invoices.
    await boss.createQueue(AFFILIATE_REVIEW_QUEUE, { retryLimit: 0, expireInSeconds: 60 });
    await boss.work(AFFILIATE_REVIEW_QUEUE, async () => {
      await approveDueAffiliateRequests(database.db, deps().now());
      await invoiceClearedPayouts(database.db, deps().now());
    });
    await boss.schedule(AFFILIATE_REVIEW_QUEUE, AFFILIATE_REVIEW_CRON);
    // An order takes seconds to a minute; a run outliving its minute overlaps the next, which
    // passes over the certificates the first has claimed.
    await boss.createQueue(CERTIFICATES_QUEUE, { retryLimit: 0, expireInSeconds: 900 });
    await boss.work(CERTIFICATES_QUEUE, async () => {
      await renewCertificates();
    });
    await boss.schedule(CERTIFICATES_QUEUE, CERTIFICATES_CRON);
    await recover(boss);
    return boss;
  }

  return {
    events,
    async start() {
      await started();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      stopSignal.abort();
      // Nothing runs from now on: whoever awaits idle() stops waiting.
      for (const wake of jobEnded) wake();
      jobEnded.clear();
      if (checkTimer) clearTimeout(checkTimer);
      const boss = await starting?.catch(() => undefined);
      await Promise.allSettled(running);
      await boss?.stop({ graceful: true, timeout: 5000 });
      await events.close();
    },
    async sweep() {
      await sweep(await started());
    },
    renewCertificates,
    async provisionHostingSoon() {
      await (await started()).send(HOSTING_QUEUE, {});
    },
    async firstRuns() {
      await Promise.all([firstBilling.promise, firstHosting.promise]);
    },
    async idle() {
      while (!stopped) {
        // Listening before looking, so a job that ends meanwhile is not missed.
        let wake!: () => void;
        const ended = new Promise<void>((resolve) => (wake = resolve));
        jobEnded.add(wake);
        if (!running.size && !(await hasDueTask(database.db, TASK_KINDS, deps().now()))) {
          jobEnded.delete(wake);
          return;
        }
        await ended;
      }
    },
    async startTask(input, options = {}) {
      if (!(TASK_KINDS as readonly string[]).includes(input.kind)) throw new Error(`No steps are registered for tasks of kind ${input.kind}.`);
      const boss = await started();
      const now = deps().now();
      const { onePerDomain, alongside } = options;
      const result = await database.db.transaction(async (tx) => {
        if (onePerDomain) {
          await lockKey(tx, `${input.kind}:${onePerDomain}`);
          const existing = await unfinishedTaskFor(tx, input.companyGuid, input.kind, onePerDomain);
          if (existing) return { task: existing, created: false };
        }
        await alongside?.(tx);
        return { task: (await insertTask(tx, input, now)).task, created: true };
      });
      if (result.created) {
        // Announced before it is queued, so its first event comes before any step's.
        await events
          .publish({ company: input.companyGuid, event: taskEventOf(result.task) })
          .catch((error: unknown) => log(`[hostdeck] a task event was not published: ${String(error)}`));
        // Were this send lost (a crash right here), the sweep would find the task unworked and queue it.
        await queueTurn(boss, result.task, null);
      }
      return result;
    },
  };
}
