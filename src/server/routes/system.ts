import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { SEARCH_EMPTY_MESSAGE } from '../../lib/rules/search';
import type { AppEnv } from '../context';
import { kbArticles, systemErrors } from '../db/schema/index';
import { notFound } from '../http/errors';
import { readQuery } from '../http/validate';
import { whiteLabelFor } from '../services/white-label';
import { searchCompany } from '../services/search';
import { required } from '../../lib/schemas/text';

/** Answered without a session: the sign-in page needs the branding, and error codes can arrive in any URL. */
export const publicSystemRoutes = new Hono<AppEnv>()
  .get('/whitelabel', async (c) => c.json(await whiteLabelFor(c.var.deps.db, c.req.header('host'))))
  .get('/errors/:code', async (c) => {
    const [row] = await c.var.deps.db.select().from(systemErrors).where(eq(systemErrors.code, c.req.param('code')));
    if (!row) throw notFound('Unknown error code.');
    return c.json({ data: { code: row.code, description: row.description } });
  });

const searchQuery = z.object({
  q: z.preprocess((v) => (Array.isArray(v) ? v[0] : (v ?? '')), required(SEARCH_EMPTY_MESSAGE, { label: 'The search', max: 253 })),
});

export const systemRoutes = new Hono<AppEnv>()
  .get('/search', async (c) => {
    const { q } = readQuery(c, searchQuery);
    return c.json(await searchCompany(c.var.deps.db, c.var.company, q));
  })
  /** The knowledge-base article behind a page's support info button (spec decisions, 2). */
  .get('/support/:id', async (c) => {
    const [row] = await c.var.deps.db.select().from(kbArticles).where(eq(kbArticles.slug, c.req.param('id')));
    if (!row) throw notFound('There is no support content for this page yet.');
    return c.json({ data: { slug: row.slug, title: row.title, content: row.content } });
  });
