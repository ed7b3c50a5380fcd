import { createApi } from '../lib/api/client';
import type { WhiteLabel } from '../lib/api/system';
import { getWhiteLabel } from '../lib/requests/system';
import { API_BASE } from '../stores/environment';

/** What a page shows when the API cannot name the brand (not started, or unreachable). */
export const FALLBACK_WHITE_LABEL: WhiteLabel = {
  name: 'Hostdeck',
  logo: null,
  icon_logo: null,
  knowledge_base_url: '/support',
  chat_url: null,
  support: { email: 'support@hostdeck.test' },
  custom_styles: null,
};

const TTL_MS = 60_000;
/** A failure is remembered briefly, so an unreachable API does not hold up every page. */
const FAILURE_TTL_MS = 5_000;
const cache = new Map<string, { at: number; value: WhiteLabel }>();

/**
 * The branding for server-rendered frames, read from the API the panel talks to. Cached a
 * minute per API base; a failure falls back to the default brand rather than failing the page.
 */
export async function loadWhiteLabel(pageUrl: URL): Promise<WhiteLabel> {
  const base = new URL(API_BASE, pageUrl.origin).href;
  const hit = cache.get(base);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const api = createApi({
    baseURL: base,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(3000) }),
  });
  try {
    const value = await getWhiteLabel(api);
    cache.set(base, { at: Date.now(), value });
    return value;
  } catch {
    cache.set(base, { at: Date.now() - TTL_MS + FAILURE_TTL_MS, value: FALLBACK_WHITE_LABEL });
    return FALLBACK_WHITE_LABEL;
  }
}
