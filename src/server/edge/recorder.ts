import type { Db } from '../db/connection';
import { edgeRequests } from '../db/schema/index';
import { visitorFacts } from './visitor';

/** One answered request, as the edge saw it. */
export interface AnsweredRequest {
  companyGuid: string;
  domainGuid: string;
  at: Date;
  address: string;
  userAgent: string;
  path: string;
  referer: string | null;
  status: number;
  bytes: number;
}

export interface Recorder {
  record(request: AnsweredRequest): void;
  /** Resolves once everything recorded so far is written (tests, shutdown). */
  flush(): Promise<void>;
}

const BATCH = 100;
const INTERVAL_MS = 250;
/** Beyond this many unwritten requests (a database that stopped answering) new ones are dropped, not kept in memory. */
const BACKLOG_MAX = 10_000;
const TEXT_MAX = 2000;

/**
 * Writes answered requests to edge_requests in the background, in batches of up to 100 every
 * quarter second, so a request never waits on the database. A failed batch is logged and
 * dropped: analytics may lose a few requests, the sites stay up.
 */
export function createRecorder(db: Db, log: (message: string) => void = console.error): Recorder {
  const queue: AnsweredRequest[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;

  async function writeBatch(batch: AnsweredRequest[]) {
    try {
      const rows = await Promise.all(
        batch.map(async (r) => ({
          companyGuid: r.companyGuid,
          domainGuid: r.domainGuid,
          at: r.at,
          path: r.path.slice(0, TEXT_MAX),
          referer: r.referer ? r.referer.slice(0, TEXT_MAX) : null,
          status: r.status,
          bytes: r.bytes,
          ...(await visitorFacts(r.address, r.userAgent)),
        })),
      );
      await db.insert(edgeRequests).values(rows);
    } catch (error) {
      log(`[hostdeck] edge: ${batch.length} request records were not written: ${String(error)}`);
    }
  }

  function drain(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    writing = writing.then(async () => {
      while (queue.length) await writeBatch(queue.splice(0, BATCH));
    });
    return writing;
  }

  return {
    record(request) {
      if (queue.length >= BACKLOG_MAX) {
        if (dropped++ % 1000 === 0) log('[hostdeck] edge: the request log is behind; new requests are not recorded.');
        return;
      }
      queue.push(request);
      if (queue.length >= BATCH) void drain();
      else if (!timer) {
        timer = setTimeout(() => void drain(), INTERVAL_MS);
        timer.unref();
      }
    },
    flush: drain,
  };
}
