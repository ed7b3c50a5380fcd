import { Hono } from 'hono';
import { astro } from 'astro/hono';
import { apiApp } from './server/mount';

const app = new Hono({ strict: false });
app.route('/api', apiApp);
app.all('*', astro());
export default app;
