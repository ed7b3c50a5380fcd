/**
 * Compression of the answers the servers make per request (issue 7: "brotli or gzip for HTML
 * and API JSON when the client accepts it, streamed for large answers"). Only erasable
 * TypeScript: scripts/server.mjs imports it straight from the sources (Node strips the types),
 * and src/server/standalone.ts uses the same function for the API alone.
 *
 * It works on node:http's ServerResponse, not on web Responses, because the production server
 * hands requests to Astro's node handler, which writes pages, API answers and static files to
 * the response itself. Hono's `compress` middleware sees only the Hono app's web Responses,
 * has no brotli, and compresses a streamed answer of any length; Express's `compression` decides
 * when the headers are written, so an answer without a length (Astro's pages, Hono's JSON) is
 * compressed however small, and flushes a streamed page only when the writer calls
 * `res.flush()`, which Astro never does. So the response handling is this module's own; the
 * Accept-Encoding reading and the list of compressible types are Hono's, the compressing zlib's.
 */
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type BrotliCompress, type Gzip } from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

export type Coding = 'br' | 'gzip';

/** Below this many bytes the saving is smaller than the work, and headers alone are a few hundred bytes. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * An answer whose whole body is written at once, up to this size (a page of a list, a page of
 * the panel), is compressed in one call and sent with its length, sparing a compression
 * stream per answer (its set-up, thread-pool round trips and flushes). Longer or slower
 * answers are compressed as a stream.
 */
export const ONE_SHOT_MAX_BYTES = 64 * 1024;

/**
 * Brotli quality for answers made per request: at 4 it is about as fast as gzip -6 and still
 * smaller. The build's pre-compressed assets use 11, which is far too slow per request.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * gzip level for answers made per request, for clients that take gzip but not brotli (scripts,
 * the CLI, Node's fetch): level 1, nginx's default. On a 25-row page of IP addresses (15 KB)
 * it takes half the time of zlib's default 6 (30 against 57 µs) for 7% more bytes.
 */
export const DYNAMIC_GZIP_LEVEL = 1;

/**
 * The codings the client accepts, best first: by the weight it gives them, brotli before gzip
 * when equal (smaller for the same work). An empty list means the answer goes as it is.
 */
export function acceptedCodings(acceptEncoding: string | string[] | undefined): Coding[] {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const { type, q } of parseAccept(header)) {
    const name = type.toLowerCase();
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  const weightOf = (coding: Coding) => weights.get(coding) ?? weights.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}

/** The coding to use for an answer to this client, or null for none. */
export function chooseCoding(acceptEncoding: string | string[] | undefined): Coding | null {
  return acceptedCodings(acceptEncoding)[0] ?? null;
}

/**
 * Text formats gain from compression; images, fonts and archives are compressed already (Hono's
 * list, after mime-db). Event streams are not on it: a compressor holds events back until it has
 * enough to emit.
 */
export function isCompressibleType(contentType: string | number | string[] | undefined): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);
}

/** Adds Accept-Encoding to the answer's Vary header, keeping what is there. */
export function varyOnAcceptEncoding(res: ServerResponse): void {
  const current = res.getHeader('Vary');
  const listed = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (listed.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return;
  res.setHeader('Vary', [...listed, 'Accept-Encoding'].join(', '));
}

export interface CompressionOptions {
  minBytes?: number;
  brotliQuality?: number;
}

type WriteCallback = (error?: Error | null) => void;
type Chunk = string | Uint8Array;
/** The write, end and writeHead signatures of ServerResponse, loosened to what is patched here. */
type Write = (chunk: Chunk, encoding?: BufferEncoding | WriteCallback, callback?: WriteCallback) => boolean;
type End = (chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), callback?: () => void) => ServerResponse;
type WriteHead = (status: number, reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]) => ServerResponse;
interface Patchable {
  write: Write;
  end: End;
  writeHead: WriteHead;
}

/**
 * Compresses what is written to `res` from here on when the client accepts br or gzip and the
 * answer is worth it: a compressible type, no Content-Encoding of its own, not `no-transform`,
 * and at least `minBytes` long. Those rules are checked when the headers are written; when the
 * length is not known then (streamed answers: Astro's pages and Hono's JSON carry no
 * Content-Length), up to `minBytes` of the body are held back to decide. Compressible answers
 * always get `Vary: Accept-Encoding`, compressed or not.
 *
 * The body is compressed as it is written, never collected first: a 63 MiB JSON list goes
 * through the compressor chunk by chunk, as fast as the socket takes the output. When the writer
 * pauses (a page streaming its parts), what has been compressed so far is flushed, so streamed
 * pages still arrive part by part.
 */
export function compressAnswers(req: IncomingMessage, res: ServerResponse, options: CompressionOptions = {}): void {
  const minBytes = options.minBytes ?? MIN_COMPRESS_BYTES;
  const brotliQuality = options.brotliQuality ?? DYNAMIC_BROTLI_QUALITY;
  // The methods are replaced on this one response object; `as unknown as` because
  // ServerResponse's overloads cannot be assigned one by one.
  const target = res as unknown as Patchable;
  const original = { write: target.write.bind(res) as Write, end: target.end.bind(res) as End, writeHead: target.writeHead.bind(res) as WriteHead };

  /** open: nothing written; waiting: headers given, length unknown; then the decision. */
  let mode: 'open' | 'waiting' | 'identity' | 'compress' = 'open';
  let coding: Coding | null = null;
  let held: { chunk: Buffer; callback?: WriteCallback }[] = [];
  let heldBytes = 0;
  let compressor: BrotliCompress | Gzip | null = null;
  let flushScheduled = false;

  /** What the headers alone decide: identity, compress, or wait for the body's length. */
  const verdict = (): 'identity' | 'compress' | 'wait' => {
    const encoding = res.getHeader('Content-Encoding');
    if (encoding !== undefined && String(encoding).toLowerCase() !== 'identity') return 'identity';
    if (!isCompressibleType(res.getHeader('Content-Type'))) return 'identity';
    varyOnAcceptEncoding(res);
    const status = res.statusCode;
    if (req.method === 'HEAD' || status < 200 || status === 204 || status === 206 || status === 304) return 'identity';
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''))) return 'identity';
    coding = chooseCoding(req.headers['accept-encoding']);
    if (!coding) return 'identity';
    const length = res.getHeader('Content-Length');
    if (length !== undefined) {
      const size = Number(length);
      return size < minBytes ? 'identity' : size <= ONE_SHOT_MAX_BYTES ? 'wait' : 'compress';
    }
    return 'wait';
  };

  const startIdentity = () => {
    mode = 'identity';
    original.writeHead(res.statusCode);
    replayHeld();
  };

  const startCompress = () => {
    mode = 'compress';
    res.removeHeader('Content-Length');
    res.setHeader('Content-Encoding', coding!);
    // The compressed bytes differ from the ones a strong validator named.
    const etag = res.getHeader('ETag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`);
    original.writeHead(res.statusCode);
    const stream =
      coding === 'br'
        ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
        : createGzip({ level: DYNAMIC_GZIP_LEVEL });
    compressor = stream;
    stream.on('data', (out: Buffer) => {
      if (!original.write(out)) stream.pause();
    });
    res.on('drain', () => stream.resume());
    // Writers that wait for 'drain' wait for the compressor's room, not the socket's.
    stream.on('drain', () => res.emit('drain'));
    stream.on('end', () => original.end());
    stream.on('error', (error) => res.destroy(error));
    res.on('close', () => stream.destroy());
    replayHeld();
  };

  let decisionScheduled = false;
  const decideWhenIdle = () => {
    if (decisionScheduled) return;
    decisionScheduled = true;
    setImmediate(() => {
      if (mode === 'waiting') startCompress();
    });
  };

  /** The held body and its last chunk, compressed in one call, with its length. */
  const endInOneShot = (last: Buffer | undefined, callback?: () => void): ServerResponse => {
    const body = Buffer.concat([...held.map((h) => h.chunk), ...(last ? [last] : [])]);
    const callbacks = held.flatMap((h) => (h.callback ? [h.callback] : []));
    held = [];
    heldBytes = 0;
    const packed =
      coding === 'br'
        ? brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : gzipSync(body, { level: DYNAMIC_GZIP_LEVEL });
    mode = 'identity';
    res.setHeader('Content-Encoding', coding!);
    res.setHeader('Content-Length', packed.length);
    const etag = res.getHeader('ETag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`);
    original.writeHead(res.statusCode);
    for (const done of callbacks) process.nextTick(done);
    return original.end(packed, callback);
  };

  const replayHeld = () => {
    const chunks = held;
    held = [];
    heldBytes = 0;
    for (const { chunk, callback } of chunks) forward(chunk, callback);
  };

  /** Passes a chunk on once the decision is made. */
  const forward = (chunk: Buffer, callback?: WriteCallback): boolean => {
    if (mode !== 'compress') return original.write(chunk, callback);
    const room = compressor!.write(chunk, callback);
    scheduleFlush();
    return room;
  };

  /** Emits what the compressor holds once the writer stops writing for a moment. */
  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      const stream = compressor!;
      if (stream.writableEnded || stream.destroyed) return;
      stream.flush(coding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH, () => undefined);
    });
  };

  const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
    typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

  target.writeHead = (status, reason, headers) => {
    if (mode !== 'open') return original.writeHead(status, reason, headers);
    res.statusCode = status;
    if (typeof reason === 'string') res.statusMessage = reason;
    else headers = reason;
    applyHeaders(res, headers);
    const decided = verdict();
    if (decided === 'identity') startIdentity();
    else if (decided === 'compress') startCompress();
    else mode = 'waiting';
    return res;
  };

  // Headers sent early would leave no room to decide: the answer then goes as it is.
  const flushHeaders = res.flushHeaders.bind(res);
  res.flushHeaders = () => {
    if (mode === 'open') target.writeHead(res.statusCode);
    if (mode === 'waiting') startIdentity();
    flushHeaders();
  };

  target.write = (chunk, encoding, callback) => {
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (mode === 'open') target.writeHead(res.statusCode);
    if (mode !== 'waiting') return forward(toBuffer(chunk, encoding), callback);
    const buffer = toBuffer(chunk, encoding);
    held.push({ chunk: buffer, callback });
    heldBytes += buffer.length;
    // Held while the writer keeps writing, so a body written at once is compressed in one call;
    // a writer that pauses (a page streaming its parts) gets a stream, flushed as it goes.
    if (heldBytes > ONE_SHOT_MAX_BYTES) startCompress();
    else if (heldBytes >= minBytes) decideWhenIdle();
    return true;
  };

  target.end = (chunk, encoding, callback) => {
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (mode === 'open') target.writeHead(res.statusCode);
    const last = chunk === undefined ? undefined : toBuffer(chunk, encoding);
    if (mode === 'waiting') {
      // The whole body is known now.
      const total = heldBytes + (last?.length ?? 0);
      if (total >= minBytes && total <= ONE_SHOT_MAX_BYTES) return endInOneShot(last, callback);
      if (total >= minBytes) startCompress();
      else {
        res.setHeader('Content-Length', total);
        startIdentity();
      }
    }
    if (mode === 'compress') {
      compressor!.end(last, callback);
      return res;
    }
    return last === undefined ? original.end(callback) : original.end(last, callback);
  };
}

/** Puts the headers given to writeHead (an object, or Node's flat [name, value, ...] list) on the response. */
function applyHeaders(res: ServerResponse, headers: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined): void {
  if (!headers) return;
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    return;
  }
  const grouped = new Map<string, { name: string; values: string[] }>();
  for (let i = 0; i + 1 < headers.length; i += 2) {
    const name = String(headers[i]);
    const entry = grouped.get(name.toLowerCase()) ?? { name, values: [] };
    const value = headers[i + 1]!;
    entry.values.push(...(Array.isArray(value) ? value : [String(value)]));
    grouped.set(name.toLowerCase(), entry);
  }
  for (const { name, values } of grouped.values()) res.setHeader(name, values.length === 1 ? values[0]! : values);
}
