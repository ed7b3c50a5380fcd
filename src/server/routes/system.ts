import { eq } from 'drizzle-orm';
import { getErrorDescriptionOp, getSupportArticleOp, getWhiteLabelOp, searchOp } from '../../lib/api/system';
import { kbArticles, systemErrors } from '../db/schema/index';
import { notFound } from '../http/errors';
import { implement } from '../http/operation';
import { whiteLabelFor } from '../services/white-label';
import { searchCompany } from '../services/search';

/** Branding, error codes, the global search and support articles (spec part 1, 2.1; part 3, 2.14; decisions, 2). */
export const systemOperations = [
  implement(getWhiteLabelOp, async (c) => whiteLabelFor(c.var.deps.db, c.req.header('host'))),
  implement(getErrorDescriptionOp, async (c, { params }) => {
    const [row] = await c.var.deps.db.select().from(systemErrors).where(eq(systemErrors.code, params.code));
    if (!row) throw notFound(getErrorDescriptionOp.notFound);
    return { data: { code: row.code, description: row.description } };
  }),
  implement(searchOp, async (c, { query }) => searchCompany(c.var.deps.db, c.var.company, query.q)),
  implement(getSupportArticleOp, async (c, { params }) => {
    const [row] = await c.var.deps.db.select().from(kbArticles).where(eq(kbArticles.slug, params.id));
    if (!row) throw notFound(getSupportArticleOp.notFound);
    return { data: { slug: row.slug, title: row.title, content: row.content } };
  }),
];
