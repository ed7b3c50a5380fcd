import { Hono } from 'hono';
import { astro, getFetchState } from 'astro/hono';
import { apiApp } from './server/mount';
import { rememberClientAddress } from './server/client-address';

const app = new Hono({ strict: false });

app.use('/api/*', async (c, next) => {
  rememberClientAddress(c.req.raw, getFetchState(c).clientAddress);
  await next();
});
app.route('/api', apiApp);
app.all('*', astro());

export default app;
