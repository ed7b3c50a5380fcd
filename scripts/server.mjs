#!/usr/bin/env node
// The production server: Astro's standalone handler (pages, API, static files) behind the
// security headers every answer must carry, static files included, which Astro's own
// server would send without them. Pages replace the default CSP with Astro's hashed one.
// Answers are compressed when the client accepts it; hashed assets go out pre-compressed.
import http from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { outDir } from './build.mjs';
// Node strips the types of this dependency-free module; the API answers the same sentence.
import { URL_NOT_DECODABLE } from '../src/lib/rules/api-input.ts';
import { compressAnswers } from '../src/server/http/compression.ts';
import { servePrecompressed } from '../src/server/http/precompressed.ts';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(pathToFileURL(resolve(outDir(), 'server/entry.mjs')).href);
const clientDir = resolve(outDir(), 'client');

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

const server = http.createServer(async (req, res) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  if (isApi(req.url) && !decodable(req.url)) {
    // The node adapter would answer a plain-text 400 here; under /api the API's envelope is due.
    res.writeHead(400, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ errors: [URL_NOT_DECODABLE], code: 'bad_address' }));
    return;
  }
  try {
    if (await servePrecompressed(req, res, clientDir)) return;
  } catch (error) {
    // A pre-compressed copy that cannot be read: Astro serves the original instead.
    console.error('[hostdeck] pre-compressed asset failed:', error);
    if (res.headersSent) return;
  }
  compressAnswers(req, res);
  handler(req, res);
});
function isApi(url = '') {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function decodable(url = '') {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

server.listen(port, host, () => console.log(`[hostdeck] listening on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
