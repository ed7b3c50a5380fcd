import { Hono } from 'hono';
import { astro, getFetchState } from 'astro/hono';
import { apiApp } from './server/mount';
import { rememberClientAddress } from './server/client-address';

const app = new Hono({ strict: false });

/** Headers every answer carries; pages also get Astro's hashed Content-Security-Policy. */
app.use(async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (!c.res.headers.has('Content-Security-Policy')) {
    c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  }
});

app.use('/api/*', async (c, next) => {
  rememberClientAddress(c.req.raw, getFetchState(c).clientAddress);
  await next();
});
app.route('/api', apiApp);
app.all('*', astro());

export default app;
