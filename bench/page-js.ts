import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuilt, outDir } from '../scripts/build.mjs';

/** Pages of the panel to weigh; app pages are weighed as the browser loads them, signed out or in. */
const PAGES = ['/auth/login', '/auth/logout', '/', '/account/select-company/00000000-0000-4000-8000-000000000000', '/no-such-page'];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** Every module a page loads: its script tags and islands, then their static imports, transitively. */
function modulesOf(html: string, clientDir: string): Set<string> {
  const found = new Set<string>();
  const queue: string[] = [];
  const add = (url: string) => {
    if (!url.startsWith('/_astro/') || found.has(url)) return;
    found.add(url);
    queue.push(url);
  };
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) add(m[1]!);
  for (const m of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) add(m[1]!);
  while (queue.length) {
    const url = queue.pop()!;
    const file = join(clientDir, url);
    if (!existsSync(file)) continue;
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:import|export)\s*(?:[^'"]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      add(posix.normalize(posix.join(posix.dirname(url), m[1]!)));
    }
  }
  return found;
}

export async function measurePageJs() {
  console.log('\n## JavaScript each page ships up front (gzip -9; chunks imported later on demand are not counted)');
  const root = process.cwd();
  ensureBuilt(root);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-js-'));
  const server = spawn(process.execPath, [join(root, 'scripts/server.mjs')], { env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir }, stdio: 'ignore' });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${base}/auth/login`)).ok) break;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const clientDir = join(outDir(root), 'client');
    for (const page of PAGES) {
      const html = await (await fetch(base + page)).text();
      const modules = modulesOf(html, clientDir);
      let raw = 0;
      let gz = 0;
      for (const url of modules) {
        const buf = readFileSync(join(clientDir, url));
        raw += buf.length;
        gz += gzipSync(buf, { level: 9 }).length;
      }
      console.log(`${page.padEnd(60)} ${String(modules.size).padStart(3)} files  ${(raw / 1024).toFixed(1).padStart(7)} KiB  ${(gz / 1024).toFixed(1).padStart(6)} KiB gzipped`);
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
