import { asc, eq, or } from 'drizzle-orm';
import type { WhiteLabel } from '../../lib/api/system';
import type { Db } from '../db/connection';
import { providers } from '../db/schema/index';

/** Where the Knowledge Base link points when no URL is configured (decisions, 3). */
export const DEFAULT_KNOWLEDGE_BASE = '/support';

/** The provider's branding for a host name: the provider registered for that host, else the first one. */
export async function whiteLabelFor(db: Db, host: string | undefined, fallbackName = 'Hostdeck'): Promise<WhiteLabel> {
  const hostname = host?.split(':')[0]?.toLowerCase();
  const rows = await db
    .select()
    .from(providers)
    .where(hostname ? or(eq(providers.hostname, hostname), eq(providers.hostname, '')) : undefined)
    .orderBy(asc(providers.dateCreated))
    .limit(5);
  const all = rows.length ? rows : await db.select().from(providers).orderBy(asc(providers.dateCreated)).limit(1);
  const p = all.find((r) => r.hostname === hostname) ?? all[0];
  const wl = (p?.whiteLabel ?? {}) as Partial<Record<'logo' | 'icon_logo', string>> & { custom_styles?: Record<string, string | boolean> };
  return {
    name: p?.name ?? fallbackName,
    logo: wl.logo ?? null,
    icon_logo: wl.icon_logo ?? null,
    knowledge_base_url: p?.knowledgeBaseUrl || process.env.KNOWLEDGE_BASE_URL || DEFAULT_KNOWLEDGE_BASE,
    chat_url: p?.chatUrl ?? null,
    support: { email: p?.supportEmail ?? 'support@example.com' },
    custom_styles: wl.custom_styles ?? null,
  };
}
