import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { Operation } from '../../lib/api/define';
import type { AppEnv } from '../context';
import { openApiDocument } from '../http/openapi';

/** The viewer's script, served from the installed package: the docs work offline and under the CSP. */
const viewerScript = () => {
  const require = createRequire(join(process.cwd(), 'package.json'));
  return join(dirname(require.resolve('@scalar/api-reference')), 'browser/standalone.js');
};

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Hostdeck API</title></head>
<body>
<script id="api-reference" data-url="openapi.json" data-configuration='{"withDefaultFonts":false,"hideClientButton":true,"telemetry":false}'></script>
<script src="docs/viewer.js"></script>
</body>
</html>`;

/** Scalar styles itself at run time, and nothing here may load from another origin. */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'";

/** `GET /openapi.json` (generated from the definitions) and `GET /docs`, a viewer of it. */
export function apiDocsRoutes(operations: readonly Operation[]) {
  let document: string | undefined;
  let script: Promise<Buffer> | undefined;
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      document ??= JSON.stringify(openApiDocument(operations, { version: '1' }));
      return c.body(document, 200, { 'Content-Type': 'application/json' });
    })
    .get('/docs', (c) => c.html(DOCS_HTML, 200, { 'Content-Security-Policy': DOCS_CSP }))
    .get('/docs/viewer.js', async (c) => {
      script ??= readFile(viewerScript());
      return c.body(new Uint8Array(await script), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
    });
}
