// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { outDir } from './scripts/build.mjs';
import { PRE_PAINT_HASH } from './src/layouts/pre-paint';
import { precompressAssets } from './src/server/http/precompressed.ts';

/** A panel built against another provider API must be allowed to call it. */
const apiOrigin = (() => {
  try {
    return process.env.PUBLIC_API_URL ? new URL(process.env.PUBLIC_API_URL).origin : '';
  } catch {
    return '';
  }
})();

/**
 * Writes .br and .gz beside the hashed assets once a build is done (`npm run build`, and the
 * builds `npm start`, the browser tests and the benchmarks make), for scripts/server.mjs to serve.
 * @returns {import('astro').AstroIntegration}
 */
function precompressedAssets() {
  /** @type {URL | undefined} */
  let assets;
  return {
    name: 'hostdeck:precompressed-assets',
    hooks: {
      'astro:config:done': ({ config }) => {
        assets = new URL(`${config.build.assets}/`, config.build.client);
      },
      'astro:build:done': async ({ logger }) => {
        if (!assets) return;
        const written = await precompressAssets(fileURLToPath(assets));
        logger.info(`${written} pre-compressed copies of the hashed assets written`);
      },
    },
  };
}

export default defineConfig({
  output: 'server',
  // Several builds side by side (parallel browser-test runs) each take their own folder.
  outDir: outDir(),
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), precompressedAssets()],
  session: false,
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  devToolbar: { enabled: false },
  // No markdown pages; Shiki's inline styles would not pass the CSP anyway.
  markdown: { syntaxHighlight: false },
  security: {
    // The API authenticates by the Authorization header only (never cookies), so a
    // cross-site form cannot act for a user; Hono's routes bypass Astro's origin check.
    checkOrigin: true,
    csp: {
      algorithm: 'SHA-256',
      // The one inline script: the theme before the first paint.
      scriptDirective: { hashes: [PRE_PAINT_HASH] },
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
    },
  },
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'pg-boss', 'pg', 'maxmind', 'nodemailer'] },
  },
});
