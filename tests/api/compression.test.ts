import http, { type IncomingHttpHeaders } from 'node:http';
import type { Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connection';
import { listenApi } from '../../src/server/standalone';
import { openSeededApp, type TestApp } from './helpers/app';

/**
 * The API served over HTTP (listenApi, the same compression as the panel's server): lists
 * compressed as the client accepts, the task event stream left to stream.
 */
let database: Database;
let t: TestApp;
let server: Server;
let port: number;
let auth: Record<string, string>;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  const demo = await t.signIn('demo@hostdeck.test');
  auth = { Authorization: `Token ${demo.token}`, Company: demo.company };
  ({ server, port } = await listenApi(t.deps));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.deps.jobs.stop();
  await database.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

function get(path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const LIST = '/ip_addresses/?page=1&per_page=99999';

describe('compressed API answers', () => {
  let plain: Answer;
  beforeAll(async () => {
    plain = await get(LIST, auth);
  });

  it('sends the list as it is to a client that accepts no coding', () => {
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect((JSON.parse(plain.raw.toString()) as { data: unknown[] }).data.length).toBeGreaterThan(100);
  });

  it('compresses the list with brotli when accepted, to the same JSON', async () => {
    const br = await get(LIST, { ...auth, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.raw.length).toBeLessThan(plain.raw.length / 5);
    expect(brotliDecompressSync(br.raw).equals(plain.raw)).toBe(true);
  });

  it('uses gzip when only gzip is accepted', async () => {
    const gz = await get(LIST, { ...auth, 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.raw).equals(plain.raw)).toBe(true);
  });

  it('leaves a small answer as it is', async () => {
    const small = await get('/system/whitelabel/', { 'Accept-Encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.raw.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.raw.toString())).toBeTypeOf('object');
  });

  it('streams task events uncompressed: the first event arrives while the stream stays open', async () => {
    const first = await new Promise<{ headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/tasks/events/', headers: { ...auth, Accept: 'text/event-stream', 'Accept-Encoding': 'br, gzip' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ headers: res.headers, text: chunk.toString() });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(first.headers['content-type']).toContain('text/event-stream');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.text).toMatch(/^(?:event|data|id|retry|:)/m);
  });
});
