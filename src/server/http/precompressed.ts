/**
 * The build's hashed assets, compressed once at build time at the highest settings and
 * served as they are (issue 7: "pre-compressed hashed assets served with `immutable`
 * caching"). Only erasable TypeScript, like ./compression.ts: the Astro
 * config runs `precompressAssets` when a build is done and scripts/server.mjs calls
 * `servePrecompressed` before Astro's handler.
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedCodings, type Coding } from './compression.ts';

/** The URL prefix of Astro's hashed assets (build.assets); their names change with their content. */
export const ASSETS_PREFIX = '/_astro/';

/** A year, and never revalidated: a changed file gets a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The formats worth compressing ahead, with the type they are served as; images and fonts are compressed already. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
};

const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every file of a type in
 * TYPES under `dir`, each only when it is smaller than the file. Returns how many it wrote.
 */
export async function precompressAssets(dir: string): Promise<number> {
  let written = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && TYPES[extname(e.name)] !== undefined).map((e) => join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
        gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      for (const [suffix, packed] of [
        [SUFFIX.br, br],
        [SUFFIX.gzip, gz],
      ] as const) {
        if (packed.length >= source.length) continue;
        await writeFile(file + suffix, packed);
        written++;
      }
    }),
  );
  return written;
}

/** Asset names as Astro writes them; anything else (escapes, dot segments) is left to Astro's handler. */
const PLAIN_ASSET_PATH = /^\/_astro\/(?:[\w@~-][\w.@~-]*\/)*[\w@~-][\w.@~-]*$/;

/**
 * Answers a GET or HEAD of a hashed asset with its pre-compressed copy when the client accepts
 * one and the build wrote it: the original's Content-Type, the coding, `Vary: Accept-Encoding`
 * and immutable caching. Returns false (nothing written) when it does not apply, so the caller
 * hands the request on.
 */
export async function servePrecompressed(req: IncomingMessage, res: ServerResponse, clientDir: string): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '').split('?')[0]!;
  if (!PLAIN_ASSET_PATH.test(path)) return false;
  const type = TYPES[extname(path)];
  if (!type) return false;
  for (const coding of acceptedCodings(req.headers['accept-encoding'])) {
    const file = join(clientDir, path + SUFFIX[coding]);
    const size = await stat(file).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
    if (size === null) continue;
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Encoding': coding,
      'Content-Length': size,
      'Cache-Control': IMMUTABLE,
      Vary: 'Accept-Encoding',
    });
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    const stream = createReadStream(file);
    stream.on('error', (error) => res.destroy(error));
    stream.pipe(res);
    return true;
  }
  return false;
}
