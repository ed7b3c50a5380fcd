#!/usr/bin/env node
// The production server: Astro's standalone handler (pages, API, static files) behind the
// security headers every answer must carry, static files included, which Astro's own
// server would send without them. Pages replace the default CSP with Astro's hashed one.
import http from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { outDir } from './build.mjs';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(pathToFileURL(resolve(outDir(), 'server/entry.mjs')).href);

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

const server = http.createServer((req, res) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  handler(req, res);
});
server.listen(port, host, () => console.log(`[hostdeck] listening on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
