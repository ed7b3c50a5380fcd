import type { DomainMeta } from '../../lib/api/domain-web';
import type { domains } from '../db/schema/index';

type DomainRow = typeof domains.$inferSelect;

/**
 * `status` is UPDATING while a change is applied, else the domain's own status: the Misc tab
 * enables its toggles only when it reads ACTIVE (spec part 2, 4.1), from this one answer.
 */
export const metaOf = (d: Pick<DomainRow, 'redirectToHttps' | 'redirectToHttp' | 'redirectToWww' | 'redirectToNonwww' | 'cacheEnabled' | 'metaStatus' | 'status'>): DomainMeta => ({
  redirect_to_https: d.redirectToHttps,
  redirect_to_http: d.redirectToHttp,
  redirect_to_www: d.redirectToWww,
  redirect_to_nonwww: d.redirectToNonwww,
  cache_enabled: d.cacheEnabled,
  status: d.metaStatus === 'UPDATING' ? 'UPDATING' : d.status,
});
