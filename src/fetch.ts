import { Hono } from 'hono';
import { astro, getFetchState } from 'astro/hono';
import { serveApi } from './server/mount';

const app = new Hono({ strict: false });

// Everything under /api is the API's, whatever the method and content type: the pages'
// cross-site form check must never answer an API request.
app.all('/api', (c) => serveApi(c.req.raw, getFetchState(c).clientAddress));
app.all('/api/*', (c) => serveApi(c.req.raw, getFetchState(c).clientAddress));
app.all('*', astro());

export default app;
