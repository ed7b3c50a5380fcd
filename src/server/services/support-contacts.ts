import { asc, eq } from 'drizzle-orm';
import type { SupportPage } from '../../lib/api/services';
import { SUPPORT_HOURS } from '../../lib/rules/support';
import type { Db } from '../db/connection';
import { companies, kbArticles, providers } from '../db/schema/index';

const DEPARTMENTS = [
  { key: 'technical', name: 'Technical support', hours: SUPPORT_HOURS.technical },
  { key: 'sales', name: 'Sales', hours: SUPPORT_HOURS.office },
  { key: 'billing', name: 'Billing', hours: SUPPORT_HOURS.office },
  { key: 'abuse', name: 'Abuse', hours: SUPPORT_HOURS.office },
] as const;

/**
 * The support page of a company's provider (spec part 3, 2.11): the provider's support address
 * answers technical questions; sales, billing and abuse are the same mailbox names at its domain
 * (docs/decisions.md "Support and services"). Tickets go to SUPPORT_PANEL_URL when one is set,
 * else by mail to technical support.
 */
export async function supportPageOf(db: Db, companyGuid: string): Promise<SupportPage> {
  const [provider] = await db
    .select({ email: providers.supportEmail })
    .from(companies)
    .innerJoin(providers, eq(providers.guid, companies.providerGuid))
    .where(eq(companies.guid, companyGuid));
  const technical = provider?.email ?? 'support@example.com';
  const domain = technical.slice(technical.lastIndexOf('@') + 1);
  const departments = DEPARTMENTS.map((d) => ({ ...d, email: d.key === 'technical' ? technical : `${d.key}@${domain}` }));
  const articles = await db.select({ slug: kbArticles.slug, title: kbArticles.title }).from(kbArticles).orderBy(asc(kbArticles.position), asc(kbArticles.title));
  return { departments, support_panel_url: process.env.SUPPORT_PANEL_URL || `mailto:${technical}`, articles };
}
