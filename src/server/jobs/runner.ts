import type { Db } from '../db/connection';
import type { CompanyTaskEvent } from './events';
import type { Resolver } from '../dns/resolver';
import type { CertificateIssuer } from '../services/certificate-issuer';
import { STEPS, StepFailure, StepWaiting, WAIT_LIMIT_MS } from './steps/index';
import { ABANDONED, claimNextItem, completeItem, failItem, taskEventOf, waitItem, type TaskRow } from './store';
import type { Step, TaskItemRow } from './steps/index';

/** The task a turn is for, and its company (whose share of the workers the turn takes). */
export interface TaskRef {
  guid: string;
  companyGuid: string;
}

export interface RunnerDeps {
  db: Db;
  now(): Date;
  /** The configured delay of each step (PROVISION_STEP_MS). */
  stepMs(): number;
  publish(change: CompanyTaskEvent): Promise<void>;
  /** Queues the task's next turn, at `at` or as soon as a worker is free (null). */
  reschedule(task: TaskRef, at: Date | null): Promise<void>;
  /** Resolves after `ms`, or early once the engine stops. */
  sleep(ms: number): Promise<void>;
  stopping(): boolean;
  log(message: string): void;
  /** What steps that look at DNS ask (the reference API's DNS server). */
  resolver: Resolver;
  /** Who issues certificates, read when a step needs one. */
  certificates(): CertificateIssuer;
  /** Checks the domain shortly (a step's `checkDomainSoon`). */
  checkSoon(domainGuid: string): void;
}

/**
 * A waiting item is looked at again after a quarter of the time it has waited, at least 20
 * steps' delay (6 s by default, a blink in tests) and at most five minutes.
 */
const WAIT_MIN_STEPS = 20;
const WAIT_MAX_MS = 5 * 60_000;

/**
 * A turn runs at most this many items, and starts no further item after SLICE_MS, then queues
 * the task's next turn behind the turns already waiting: a long task yields its worker every few
 * seconds, so another company's small task starts within seconds (decisions "Background jobs").
 */
export const SLICE_ITEMS = 10;
export const SLICE_MS = 5_000;

/** How long a claim holds an item: long enough for the delay and the step, short after a crash. */
export const leaseMs = (stepMs: number) => Math.max(30_000, 2 * stepMs + 10_000);

/**
 * Runs one turn of a task: its items one after another, from the first unfinished one (so a
 * task picks up where a killed process left it). Returns when the task is finished, waits for a
 * later time (its next turn is queued for then), is held by another worker (who queues the next
 * turn), or its turn is used up (the next one is queued now).
 */
export async function runTask(deps: RunnerDeps, ref: TaskRef): Promise<void> {
  const turnEnds = Date.now() + SLICE_MS;
  let ran = 0;
  while (!deps.stopping()) {
    const claim = await claimNextItem(deps.db, ref.guid, deps.now(), leaseMs(deps.stepMs()));
    if ('abandoned' in claim) {
      await giveUp(deps, claim.abandoned);
      continue;
    }
    if ('waitUntil' in claim) {
      await deps.reschedule(ref, claim.waitUntil);
      return;
    }
    // Finished, or held by another worker, who queues the task's next turn (a dead one's lease runs out and the sweep does).
    if (!('item' in claim)) return;
    const { item, task } = claim;
    await publish(deps, task, item);
    // A provider's backend takes time for each step; the delay lets people watch it happen.
    await deps.sleep(deps.stepMs());
    if (deps.stopping()) return;
    const outcome = await runStep(deps, item);
    if (outcome === 'stop') return;
    if (++ran >= SLICE_ITEMS || Date.now() >= turnEnds) {
      if (outcome === 'next') await deps.reschedule(ref, null);
      return;
    }
  }
}

/** Fails an item every attempt of which was cut off, with the sentence that says so. */
async function giveUp(deps: RunnerDeps, item: TaskItemRow) {
  deps.log(`[hostdeck] task item ${item.guid} (${item.action}) was interrupted ${item.attempts} times; it is failed.`);
  const failed = await failItem(deps.db, item.guid, ABANDONED, deps.now(), true, givenUp(STEPS[item.action], deps));
  if (failed) await publish(deps, failed.task, failed.item);
}

/** 'finished': the item was the task's last; 'next': more remain; 'stop': the turn ends here (a retry or a wait is queued, or the task failed). */
async function runStep(deps: RunnerDeps, claimed: TaskItemRow): Promise<'next' | 'finished' | 'stop'> {
  const step = STEPS[claimed.action];
  try {
    if (!step) throw new StepFailure(`This step is not supported: ${claimed.action}.`);
    const observed = step.observe ? await step.observe({ db: deps.db, item: claimed, now: deps.now(), resolver: deps.resolver, certificates: deps.certificates() }) : undefined;
    const done = await completeItem(deps.db, claimed.guid, deps.now(), (tx, item) => step.run({ tx, item, now: deps.now(), observed }));
    if (done) await publish(deps, done.task, done.item);
    if (done && step.checkDomainSoon && done.item.domainGuid) deps.checkSoon(done.item.domainGuid);
    return done?.task.status === 'COMPLETED' ? 'finished' : 'next';
  } catch (error) {
    if (error instanceof StepWaiting) return wait(deps, claimed, error);
    const final = error instanceof StepFailure;
    const message = final ? error.message : 'The step failed.';
    if (!final) deps.log(`[hostdeck] task item ${claimed.guid} (${claimed.action}) failed: ${String(error)}`);
    const failed = await failItem(deps.db, claimed.guid, message, deps.now(), final, givenUp(step, deps));
    if (!failed) return 'next';
    await publish(deps, failed.task, failed.item);
    if (failed.retryAt) await deps.reschedule(refOf(failed.task), failed.retryAt);
    return 'stop';
  }
}

/** The step's own last word on an item that failed for good, if it has one. */
const givenUp = (step: Step | undefined, deps: RunnerDeps) => (step?.failed ? (tx: Db, item: TaskItemRow) => step.failed!({ tx, item, now: deps.now() }) : undefined);

/** A step waiting on the outside world is tried again later, until its day is up. */
async function wait(deps: RunnerDeps, claimed: TaskItemRow, waiting: StepWaiting): Promise<'stop'> {
  const now = deps.now();
  const waited = now.getTime() - claimed.dateCreated.getTime();
  if (waited >= WAIT_LIMIT_MS) {
    const failed = await failItem(deps.db, claimed.guid, waiting.giveUp, now, true, givenUp(STEPS[claimed.action], deps));
    if (failed) await publish(deps, failed.task, failed.item);
    return 'stop';
  }
  const delay = Math.min(WAIT_MAX_MS, Math.max(WAIT_MIN_STEPS * deps.stepMs(), waited / 4));
  const waitingItem = await waitItem(deps.db, claimed.guid, waiting.message, now, new Date(now.getTime() + delay));
  if (!waitingItem) return 'stop';
  await publish(deps, waitingItem.task, waitingItem.item);
  await deps.reschedule(refOf(waitingItem.task), new Date(now.getTime() + delay));
  return 'stop';
}

const refOf = (task: TaskRow): TaskRef => ({ guid: task.guid, companyGuid: task.companyGuid });

const publish = (deps: RunnerDeps, task: TaskRow, item: TaskItemRow) =>
  deps.publish({ company: task.companyGuid, event: taskEventOf(task, item) }).catch((error: unknown) => deps.log(`[hostdeck] a task event was not published: ${String(error)}`));
