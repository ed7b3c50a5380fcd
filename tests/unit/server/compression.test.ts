import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedCodings, chooseCoding, compressAnswers, isCompressibleType } from '../../../src/server/http/compression';
import { IMMUTABLE, precompressAssets, servePrecompressed } from '../../../src/server/http/precompressed';

/** A JSON list well over the threshold, like the IP address list in small. */
const bigJson = JSON.stringify({ data: Array.from({ length: 2000 }, (_, i) => ({ guid: `ip-${i}`, ip: `10.0.${i >> 8}.${i & 255}`, status: 'ACTIVE' })) });
const smallJson = JSON.stringify({ ok: true });
/** A page of a list: well over the threshold, under the one-call limit. */
const pageJson = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ guid: `ip-${i}`, status: 'ACTIVE' })) });

type Route = (req: IncomingMessage, res: ServerResponse) => void;
/** Ways a handler writes an answer: Astro's (writeHead with an object, then chunks), Node's flat header list, implicit headers. */
const routes: Record<string, Route> = {
  '/big': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    for (let i = 0; i < bigJson.length; i += 4096) res.write(bigJson.slice(i, i + 4096));
    res.end();
  },
  '/big-flat': (_req, res) => {
    res.writeHead(200, ['Content-Type', 'application/json', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']);
    res.end(bigJson);
  },
  '/big-implicit': (_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(bigJson));
    res.setHeader('ETag', '"v1"');
    res.end(bigJson);
  },
  '/page': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    for (let i = 0; i < pageJson.length; i += 1000) res.write(pageJson.slice(i, i + 1000));
    res.end();
  },
  '/small': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write(smallJson);
    res.end();
  },
  '/encoded': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'identity-but-custom' });
    res.end(bigJson);
  },
  '/image': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'image/png' });
    res.end(Buffer.alloc(4096, 1));
  },
  '/events': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.write('event: ready\ndata: {}\n\n');
    // The stream stays open until the client has read the first event and goes away.
  },
};

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    compressAnswers(req, res);
    routes[req.url ?? '']!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

/** A request with exactly the Accept-Encoding given; the body as it came over the wire. */
function get(path: string, acceptEncoding?: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded({ headers, raw }: Answer): string {
  if (headers['content-encoding'] === 'br') return brotliDecompressSync(raw).toString();
  if (headers['content-encoding'] === 'gzip') return gunzipSync(raw).toString();
  return raw.toString();
}

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br;q=0.5, gzip', ['gzip', 'br']],
    ['gzip;q=0, br;q=0', []],
    ['*', ['br', 'gzip']],
    ['*;q=0.1, gzip', ['gzip', 'br']],
    ['identity', []],
    ['', []],
    ['x-gzip', ['gzip']],
  ])('%j accepts %j', (header, expected) => {
    expect(acceptedCodings(header)).toEqual(expected);
  });

  it('chooses nothing without the header', () => {
    expect(chooseCoding(undefined)).toBeNull();
  });

  it('takes text formats and leaves event streams and images alone', () => {
    expect(isCompressibleType('application/json')).toBe(true);
    expect(isCompressibleType('text/html; charset=utf-8')).toBe(true);
    expect(isCompressibleType('application/problem+json')).toBe(true);
    expect(isCompressibleType('image/svg+xml')).toBe(true);
    expect(isCompressibleType('text/event-stream')).toBe(false);
    expect(isCompressibleType('image/png')).toBe(false);
    expect(isCompressibleType(undefined)).toBe(false);
  });
});

describe('compressAnswers', () => {
  it('compresses a large JSON answer with brotli when accepted', async () => {
    const answer = await get('/big', 'gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.raw.length).toBeLessThan(bigJson.length / 5);
    expect(decoded(answer)).toBe(bigJson);
  });

  it('uses gzip when only gzip is accepted', async () => {
    const answer = await get('/big', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(decoded(answer)).toBe(bigJson);
  });

  it('sends the answer as it is when no coding is accepted, still varying on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity', 'gzip;q=0, br;q=0']) {
      const answer = await get('/big', accept);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.raw.toString()).toBe(bigJson);
    }
  });

  it("keeps headers given as Node's flat list, repeated ones included", async () => {
    const answer = await get('/big-flat', 'br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(decoded(answer)).toBe(bigJson);
  });

  it('compresses an answer whose headers are written implicitly, dropping its length and weakening its ETag', async () => {
    const answer = await get('/big-implicit', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers.etag).toBe('W/"v1"');
    expect(decoded(answer)).toBe(bigJson);
  });

  it('compresses a body written at once in one call, with the compressed length', async () => {
    expect(pageJson.length).toBeGreaterThan(4096);
    expect(pageJson.length).toBeLessThan(64 * 1024);
    const res = await fetch(`http://127.0.0.1:${port}/page`, { headers: { 'Accept-Encoding': 'br' } });
    const raw = Buffer.from(await res.arrayBuffer());
    // fetch decodes br itself; the length header names the bytes on the wire.
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(Number(res.headers.get('content-length'))).toBeLessThan(pageJson.length);
    expect(raw.toString()).toBe(pageJson);
  });

  it('leaves small answers as they are, with their length', async () => {
    const answer = await get('/small', 'br, gzip');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe(String(smallJson.length));
    expect(answer.raw.toString()).toBe(smallJson);
  });

  it('leaves answers that carry their own Content-Encoding, and types that do not compress', async () => {
    const encoded = await get('/encoded', 'br');
    expect(encoded.headers['content-encoding']).toBe('identity-but-custom');
    expect(encoded.raw.toString()).toBe(bigJson);
    const image = await get('/image', 'br');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.raw.length).toBe(4096);
  });

  it('answers HEAD without a body or a coding', async () => {
    const answer = await get('/big-implicit', 'br', 'HEAD');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.raw.length).toBe(0);
  });

  it('streams an event stream uncompressed, event by event', async () => {
    const first = await new Promise<{ headers: IncomingHttpHeaders; chunk: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/events', headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
        // The first event arrives while the stream is still open: nothing holds it back.
        res.once('data', (chunk: Buffer) => {
          resolve({ headers: res.headers, chunk: chunk.toString() });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(first.headers['content-type']).toBe('text/event-stream');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.chunk).toBe('event: ready\ndata: {}\n\n');
  });
});

describe('pre-compressed assets', () => {
  let dir: string;
  let assetServer: http.Server;
  let assetPort: number;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `row ${i}`))};\n`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hostdeck-precompressed-'));
    const assets = join(dir, '_astro');
    mkdirSync(assets);
    writeFileSync(join(assets, 'app.AbC123.js'), script);
    writeFileSync(join(assets, 'tiny.js'), 'x');
    writeFileSync(join(assets, 'photo.png'), Buffer.alloc(2048, 7));
    assetServer = http.createServer(async (req, res) => {
      if (await servePrecompressed(req, res, dir)) return;
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => assetServer.listen(0, '127.0.0.1', resolve));
    assetPort = (assetServer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => assetServer.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes .br and .gz beside compressible files, only where they are smaller', async () => {
    const written = await precompressAssets(join(dir, '_astro'));
    expect(written).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(dir, '_astro/app.AbC123.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, '_astro/app.AbC123.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(dir, '_astro/tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, '_astro/photo.png.br'))).toBe(false);
  });

  const fetchAsset = (path: string, acceptEncoding: string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: assetPort, path, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('serves the copy the client accepts, as the original type, cached for good', async () => {
    const br = await fetchAsset('/_astro/app.AbC123.js', 'gzip, br');
    expect(br.status).toBe(200);
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': 'text/javascript; charset=utf-8', 'cache-control': IMMUTABLE, vary: 'Accept-Encoding' });
    expect(decoded(br)).toBe(script);
    const gz = await fetchAsset('/_astro/app.AbC123.js?v=1', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(script);
  });

  it('leaves the request to the next handler when no copy applies', async () => {
    expect((await fetchAsset('/_astro/app.AbC123.js', 'identity')).status).toBe(404);
    expect((await fetchAsset('/_astro/tiny.js', 'br')).status).toBe(404);
    expect((await fetchAsset('/_astro/../_astro/app.AbC123.js', 'br')).status).toBe(404);
    expect((await fetchAsset('/other/app.AbC123.js', 'br')).status).toBe(404);
  });
});
