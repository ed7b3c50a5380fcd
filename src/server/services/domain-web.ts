import type { Context } from 'hono';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import { DOMAIN_BUSY, DOMAIN_NOT_FOUND, REDIRECT_NOT_FOUND, type createRedirectOp, type updateMetaOp, type UrlRedirect } from '../../lib/api/domain-web';
import { META_FLAGS, REDIRECT_FLAGS, withExclusions, type MetaFlags, type RedirectCode, type RedirectStatus } from '../../lib/schemas/redirects';
import type { AppEnv, CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { containsPattern, countRows, pageOfRows, type Paging } from '../db/lists';
import { domains, urlRedirects } from '../db/schema/index';
import { forbidden, notFound, problem } from '../http/errors';
import { DOMAIN_META, domainMetaItems, metaColumns } from '../jobs/steps/domain-meta';
import { visibleDomain, type DomainRef } from './domain-access';
import { metaOf } from './domain-meta';
import { taskAnswers } from './task-answers';

/** The Misc and URL Redirects tabs of the domain drawer (spec part 2, 2.7, 4.2, 4.4, 7.3, 7.4). */

type DomainRow = typeof domains.$inferSelect;
type RedirectRow = typeof urlRedirects.$inferSelect;
type MetaChange = ParsedInput<typeof updateMetaOp>['body'];
type NewRedirect = ParsedInput<typeof createRedirectOp>['body'];

const redirectOf = (r: RedirectRow): UrlRedirect => ({
  guid: r.guid,
  urls: r.urls,
  destination: r.destination,
  response_code: r.responseCode as RedirectCode,
  status: r.status as RedirectStatus,
  date_created: r.dateCreated.toISOString(),
});

/** The domain row the path names, on visibleDomain's terms (another company's: 404). */
export async function domainRow(db: Db, company: CompanyContext, guid: string): Promise<DomainRow> {
  const ref = await visibleDomain(db, company, guid, DOMAIN_NOT_FOUND);
  const [row] = await db.select().from(domains).where(eq(domains.guid, ref.guid));
  return row!;
}

/** The redirect the path names, of a domain the member may see. */
async function redirectRow(db: Db, company: CompanyContext, domainGuid: string, id: string): Promise<RedirectRow> {
  await visibleDomain(db, company, domainGuid, REDIRECT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(urlRedirects)
    .where(and(eq(urlRedirects.guid, id), eq(urlRedirects.domainGuid, domainGuid)));
  if (!row) throw notFound(REDIRECT_NOT_FOUND);
  return row;
}

/**
 * Spec part 2, 4.4 and 6: the redirect flags need can_edit_domain_redirects, caching
 * can_edit_domain_caching; only an ACTIVE domain with no change in flight (4.1). The domain is
 * UPDATING until its task has applied the change; answers the meta as it will then be, and the task.
 */
export async function updateMeta(c: Context<AppEnv>, guid: string, body: MetaChange) {
  const { db, jobs } = c.var.deps;
  const company = c.var.company;
  const row = await domainRow(db, company, guid);
  const touchesRedirects = REDIRECT_FLAGS.some((f) => body[f] !== undefined);
  if (touchesRedirects && !company.permissions.has('can_edit_domain_redirects')) throw forbidden();
  if (body.cache_enabled !== undefined && !company.permissions.has('can_edit_domain_caching')) throw forbidden();
  const change = withExclusions(Object.fromEntries(META_FLAGS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]])) as Partial<MetaFlags>);

  // The status check and the UPDATING mark in one statement, so two quick clicks start one change.
  const claimed = await db
    .update(domains)
    .set({ metaStatus: 'UPDATING', dateUpdated: c.var.deps.now() })
    .where(and(eq(domains.guid, row.guid), eq(domains.status, 'ACTIVE'), eq(domains.metaStatus, 'ACTIVE')))
    .returning();
  if (claimed.length === 0) throw problem(409, DOMAIN_BUSY, { code: 'domain_busy' });
  try {
    const { task } = await jobs.startTask({
      companyGuid: company.guid,
      domainGroupGuid: row.groupGuid,
      kind: DOMAIN_META,
      createdBy: c.var.viewer.userGuid,
      items: domainMetaItems(row, change),
    });
    const [answer] = await taskAnswers(db, [task]);
    // The meta as it will be once the task finishes, still UPDATING until then.
    return { meta: metaOf({ ...claimed[0]!, ...metaColumns(change) }), task: answer! };
  } catch (error) {
    await db.update(domains).set({ metaStatus: 'ACTIVE' }).where(eq(domains.guid, row.guid));
    throw error;
  }
}

/** The domain's redirects, newest first, searched in their destination and source URLs. */
export function redirectsPage(db: Db, domain: DomainRef, query: Paging & { search?: string | undefined }) {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  const filter: SQL | undefined = and(
    eq(urlRedirects.domainGuid, domain.guid),
    pattern ? or(ilike(urlRedirects.destination, pattern), sql`array_to_string(${urlRedirects.urls}, ' ') ilike ${pattern}`) : undefined,
  );
  return pageOfRows(
    query,
    async (limit, offset) =>
      (await db.select().from(urlRedirects).where(filter).orderBy(desc(urlRedirects.dateCreated), desc(urlRedirects.guid)).limit(limit).offset(offset)).map(redirectOf),
    () => countRows(db, urlRedirects, filter),
  );
}

export async function createRedirect(db: Db, domain: DomainRef, body: NewRedirect, now: Date): Promise<UrlRedirect> {
  const [row] = await db
    .insert(urlRedirects)
    .values({
      companyGuid: domain.companyGuid,
      domainGuid: domain.guid,
      urls: body.urls,
      destination: body.destination,
      responseCode: body.response_code,
      status: 'ACTIVE',
      dateCreated: now,
    })
    .returning();
  return redirectOf(row!);
}

export async function setRedirectStatus(db: Db, company: CompanyContext, domainGuid: string, id: string, status: RedirectStatus): Promise<UrlRedirect> {
  const row = await redirectRow(db, company, domainGuid, id);
  const [updated] = await db.update(urlRedirects).set({ status }).where(eq(urlRedirects.guid, row.guid)).returning();
  return redirectOf(updated!);
}

export async function deleteRedirect(db: Db, company: CompanyContext, domainGuid: string, id: string): Promise<void> {
  const row = await redirectRow(db, company, domainGuid, id);
  await db.delete(urlRedirects).where(eq(urlRedirects.guid, row.guid));
}

/** All or nothing: a guid that is not one of this domain's redirects refuses the whole request. Answers how many went. */
export async function deleteRedirects(db: Db, domain: DomainRef, guids: readonly string[]): Promise<number> {
  const ids = [...new Set(guids)];
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(urlRedirects)
      .where(and(eq(urlRedirects.domainGuid, domain.guid), inArray(urlRedirects.guid, ids)))
      .returning({ guid: urlRedirects.guid });
    if (gone.length !== ids.length) throw notFound(REDIRECT_NOT_FOUND);
    return gone.length;
  });
}
