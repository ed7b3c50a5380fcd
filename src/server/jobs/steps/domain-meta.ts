import { eq } from 'drizzle-orm';
import type { MetaFlags } from '../../../lib/schemas/redirects';
import { domains } from '../../db/schema/index';
import type { NewTaskItem } from '../store';
import { StepFailure, type Step } from './step';

/**
 * A change of the redirect and caching toggles (spec part 2, 4.4 and 7.4 `POST
 * /domains/{guid}/meta/`): one step that applies the flags and sets the meta back to ACTIVE,
 * so the HTTP edge (src/server/edge) serves by them from the moment the task finishes.
 */
export const DOMAIN_META = 'DOMAIN_META';
export const APPLY_DOMAIN_META = 'APPLY_DOMAIN_META';

export function domainMetaItems(domain: { guid: string; domain: string }, change: Partial<MetaFlags>): NewTaskItem[] {
  return [{ action: APPLY_DOMAIN_META, domainGuid: domain.guid, details: domain.domain, payload: { change } }];
}

const columnOf = {
  redirect_to_https: 'redirectToHttps',
  redirect_to_http: 'redirectToHttp',
  redirect_to_www: 'redirectToWww',
  redirect_to_nonwww: 'redirectToNonwww',
  cache_enabled: 'cacheEnabled',
} as const satisfies Record<keyof MetaFlags, keyof typeof domains.$inferSelect>;

/** The flags as the domains table names them. */
export function metaColumns(change: Partial<MetaFlags>) {
  const set: Partial<Record<(typeof columnOf)[keyof MetaFlags], boolean>> = {};
  for (const [flag, column] of Object.entries(columnOf) as [keyof MetaFlags, (typeof columnOf)[keyof MetaFlags]][]) {
    const value = change[flag];
    if (typeof value === 'boolean') set[column] = value;
  }
  return set;
}

const applyMeta: Step = {
  async run({ tx, item, now }) {
    if (!item.domainGuid) throw new StepFailure('The domain no longer exists.');
    const change = (item.payload as { change?: Partial<MetaFlags> }).change ?? {};
    const updated = await tx
      .update(domains)
      .set({ ...metaColumns(change), metaStatus: 'ACTIVE', dateUpdated: now })
      .where(eq(domains.guid, item.domainGuid))
      .returning({ guid: domains.guid });
    if (updated.length === 0) throw new StepFailure('The domain no longer exists.');
  },
};

export const domainMetaSteps: Record<string, Step> = { [APPLY_DOMAIN_META]: applyMeta };
