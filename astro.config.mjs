// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { outDir } from './scripts/build.mjs';
import { PRE_PAINT_HASH } from './src/layouts/pre-paint';

/** A panel built against another provider API must be allowed to call it. */
const apiOrigin = (() => {
  try {
    return process.env.PUBLIC_API_URL ? new URL(process.env.PUBLIC_API_URL).origin : '';
  } catch {
    return '';
  }
})();

export default defineConfig({
  output: 'server',
  // Several builds side by side (parallel browser-test runs) each take their own folder.
  outDir: outDir(),
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
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
      directives: ["default-src 'self'", "img-src 'self' data:", `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`, "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"],
    },
  },
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'pg-boss', 'pg', 'maxmind', 'nodemailer'] },
  },
});
