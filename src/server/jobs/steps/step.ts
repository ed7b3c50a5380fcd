import type { Db } from '../../db/connection';
import type { taskItems } from '../../db/schema/index';
import type { Resolver } from '../../dns/resolver';
import type { CertificateIssuer } from '../../services/certificate-issuer';

export type TaskItemRow = typeof taskItems.$inferSelect;

/** What a step is given: the transaction that also records the item as done, the item and the time. */
export interface StepContext {
  tx: Db;
  item: TaskItemRow;
  now: Date;
  /** What the step's `observe` found, if it has one. */
  observed?: unknown;
}

/** What a step may look at before its transaction: the database and the outside world. */
export interface ObserveContext {
  db: Db;
  item: TaskItemRow;
  now: Date;
  /** Asks the reference API's DNS server, as a provider's backend asks the internet's resolvers. */
  resolver: Resolver;
  /** Issues certificates: the configured ACME directory, else the sandbox issuer. */
  certificates: CertificateIssuer;
}

/**
 * One kind of step (a task item's `action`). Its effect runs inside the transaction that marks
 * the item COMPLETED, so a process killed half-way leaves either both or neither: a step never
 * takes effect twice, whatever it does.
 */
export interface Step {
  /**
   * Looks at the outside world first (a DNS question), outside the transaction: on PGlite the
   * DNS server's own reads would wait for it. Its answer reaches `run` as `observed`.
   */
  observe?(context: ObserveContext): Promise<unknown>;
  run(context: StepContext): Promise<void>;
  /**
   * What the item's object shows once the item has failed for good, in the transaction that
   * marks it FAILURE (a certificate that will not be issued is no longer PENDING).
   */
  failed?(context: StepContext): Promise<void>;
  /** The item's domain now resolves differently (new, or moved): its health is checked within moments, not at the next round. */
  checkDomainSoon?: boolean;
}

/** A failure retrying cannot mend (the item fails at once); any other error is retried. */
export class StepFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepFailure';
  }
}

/**
 * The outside world is not ready yet (a domain that does not resolve to its address): the item
 * is tried again a minute or so later without using up its attempts, saying what it waits for,
 * until WAIT_LIMIT_MS after it was created; then it fails with `giveUp`.
 */
export class StepWaiting extends Error {
  constructor(
    message: string,
    readonly giveUp: string,
  ) {
    super(message);
    this.name = 'StepWaiting';
  }
}

/** How long a waiting item keeps waiting (a provider gives a certificate request a day). */
export const WAIT_LIMIT_MS = 24 * 3_600_000;
