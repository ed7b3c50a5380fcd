import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
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
  /** Queues a request; it is written within `intervalMs`, never while the answer waits. */
  record(request: AnsweredRequest): void;
  /** Resolves once everything recorded so far is written (tests call it rather than wait). */
  flush(): Promise<void>;
  /** Writes what is left and stops the timer. */
  close(): Promise<void>;
}

export interface RecorderOptions {
  /** Rows one statement writes at most (default 250; the edge picks by database, ./server.ts). */
  batch?: number;
  /** How long a recorded request waits at most before its batch is written (default 250 ms). */
  intervalMs?: number;
  /**
   * Unwritten requests kept at most (default 10,000): beyond, while the database cannot keep
   * up, new requests are answered but not recorded, rather than kept in memory.
   */
  backlog?: number;
  log?: (message: string) => void;
}

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

/** A row of edge_requests (schema traffic.ts) by column name, as jsonb_to_recordset reads it. */
function rowOf(r: AnsweredRequest): Record<string, unknown> {
  const visitor = visitorFacts(r.address, r.userAgent, r.firewall.country);
  return {
    company_guid: r.companyGuid,
    domain_guid: r.domainGuid,
    at: r.at.toISOString(),
    visitor: visitor.visitor,
    path: clip(r.path),
    referer: r.referer ? clip(r.referer) : null,
    country: visitor.country,
    os: visitor.os,
    browser: visitor.browser,
    device: visitor.device,
    bot: visitor.bot,
    status: r.status,
    bytes: r.bytes,
    method: clip(r.firewall.method),
    host: clip(r.firewall.host),
    query: clip(r.firewall.query),
    user_agent: clip(r.userAgent),
    address: r.address ? clip(r.address) : null,
    asn: r.firewall.asn,
    headers: recordedHeaders(r.firewall.headers),
    firewall_action: r.firewall.action,
    firewall_rule_guid: r.firewall.ruleGuid,
  };
}

/**
 * A whole batch in one statement with one parameter: the rows as JSON, unpacked by the server.
 * Binding 22 parameters a row made PGlite spend ~250 µs a row parsing them; this costs a tenth.
 */
const insertRows = (rows: Record<string, unknown>[]) => sql`
  insert into edge_requests (company_guid, domain_guid, at, visitor, path, referer, country, os, browser, device, bot, status, bytes, method, host, query, user_agent, address, asn, headers, firewall_action, firewall_rule_guid)
  select company_guid, domain_guid, at, visitor, path, referer, country, os, browser, device, bot, status, bytes, method, host, query, user_agent, address, asn, headers, firewall_action, firewall_rule_guid
  from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(company_guid uuid, domain_guid uuid, at timestamptz, visitor text, path text, referer text, country text, os text, browser text,
    device text, bot text, status integer, bytes integer, method text, host text, query text, user_agent text, address text, asn integer, headers jsonb, firewall_action text, firewall_rule_guid uuid)`;

/**
 * Writes answered requests to edge_requests behind the answers (issue 30: off the request path),
 * one multi-row insert per batch, every `intervalMs` or as soon as a batch is full; one batch
 * at a time, so a slow database holds a backlog, not a pile of statements. A failed batch is
 * logged and dropped: analytics may lose a few requests, the sites stay up.
 */
export function createRecorder(db: Db, options: RecorderOptions = {}): Recorder {
  const log = options.log ?? console.error;
  const batchSize = options.batch ?? 250;
  const intervalMs = options.intervalMs ?? 250;
  const backlog = options.backlog ?? 10_000;
  const queue: AnsweredRequest[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let dropped = 0;

  async function writeBatch(batch: AnsweredRequest[]) {
    try {
      await db.execute(insertRows(batch.map(rowOf)));
    } catch (error) {
      log(`[hostdeck] edge: ${batch.length} request records were not written: ${String(error)}`);
    }
    if (dropped && queue.length < backlog / 2) {
      log(`[hostdeck] edge: the request log caught up; ${dropped} requests were answered but not recorded.`);
      dropped = 0;
    }
  }

  /** Writes until the queue is empty; whoever calls while it runs shares the run. */
  function drain(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    writing ??= (async () => {
      while (queue.length) {
        await writeBatch(queue.splice(0, batchSize));
        // PGlite writes in this thread and settles its promise without leaving it: without a
        // turn of the event loop between batches, the requests waiting would wait for them all.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().finally(() => {
      writing = null;
    });
    return writing;
  }

  async function flush(): Promise<void> {
    // A run that started before the last record may have emptied the queue already: run again for what came after.
    while (writing || queue.length) await drain();
  }

  return {
    record(request) {
      if (queue.length >= backlog) {
        if (dropped++ === 0) log(`[hostdeck] edge: the request log is ${backlog} requests behind; new requests are not recorded until it catches up.`);
        return;
      }
      queue.push(request);
      if (queue.length >= batchSize && !writing) void drain();
      else if (!timer && !writing) {
        timer = setTimeout(() => void drain(), intervalMs);
        timer.unref();
      }
    },
    flush,
    async close() {
      await flush();
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
