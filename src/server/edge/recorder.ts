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
  /**
   * What the firewall's conditions read (issue 9: kept so a rule can be dry-run against real
   * traffic) and what it decided; `firewallRuleGuid` is null when no rule decided.
   */
  firewall: {
    method: string;
    host: string;
    query: string;
    headers: Readonly<Record<string, string | undefined>>;
    country: string | null;
    asn: number | null;
    action: string;
    ruleGuid: string | null;
  };
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
/** Headers past this many are not kept: a request with hundreds would bloat the log. */
const HEADERS_MAX = 64;
/** Credentials are never kept in the request log (the schema's `headers`, traffic.ts). */
const UNRECORDED_HEADERS = new Set(['authorization', 'proxy-authorization']);

const clip = (text: string) => text.slice(0, TEXT_MAX);

/** The headers as the log keeps them: names lower-cased, without credentials, values clipped. */
export function recordedHeaders(headers: Readonly<Record<string, string | undefined>>): Record<string, string> {
  // A plain object (the JSON column's writer wants one), so a header named __proto__ is left out.
  const kept: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (value === undefined || UNRECORDED_HEADERS.has(key) || key === '__proto__') continue;
    if (count++ >= HEADERS_MAX) break;
    kept[key] = clip(value);
  }
  return kept;
}

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
          path: clip(r.path),
          referer: r.referer ? clip(r.referer) : null,
          status: r.status,
          bytes: r.bytes,
          ...(await visitorFacts(r.address, r.userAgent, { country: r.firewall.country })),
          method: clip(r.firewall.method),
          host: clip(r.firewall.host),
          query: clip(r.firewall.query),
          userAgent: clip(r.userAgent),
          address: r.address ? clip(r.address) : null,
          asn: r.firewall.asn,
          headers: recordedHeaders(r.firewall.headers),
          firewallAction: r.firewall.action,
          firewallRuleGuid: r.firewall.ruleGuid,
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
