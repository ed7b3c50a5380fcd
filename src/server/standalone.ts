import http from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { createApiApp } from './app';
import { rememberClientAddress } from './client-address';
import type { ServerDeps } from './context';
import { compressAnswers } from './http/compression';

/**
 * The reference API alone over node:http, without the panel in front (benchmarks, process
 * tests, an API-only deployment): the same app the panel's server mounts under /api, its
 * answers compressed as the panel's server compresses them.
 */
export function listenApi(deps: ServerDeps | (() => Promise<ServerDeps>), options: { port?: number; host?: string } = {}) {
  const app = createApiApp(deps);
  const server = http.createServer(async (req, res) => {
    compressAnswers(req, res);
    try {
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([k, v]) =>
          Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : v === undefined ? [] : [[k, v] as [string, string]],
        ),
        ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
      } as RequestInit);
      rememberClientAddress(request, req.socket.remoteAddress);
      const answer = await app.fetch(request);
      res.writeHead(answer.status, [...answer.headers].flat());
      if (answer.body) {
        const reader = answer.body.getReader();
        res.on('close', () => void reader.cancel().catch(() => undefined));
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          res.write(value);
        }
      }
      res.end();
    } catch (error) {
      console.error('[hostdeck] API server failed to answer:', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end();
    }
  });
  return new Promise<{ server: http.Server; port: number }>((resolve) => {
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
}
