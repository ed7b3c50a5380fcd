import { Hono } from 'hono';

export function createApiApp() {
  const app = new Hono({ strict: false });
  app.get('/system/ping/', (c) => c.json({ ok: true }));
  return app;
}
