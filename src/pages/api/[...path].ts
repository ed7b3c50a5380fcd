import type { APIRoute } from 'astro';
import { serveApi } from '../../server/mount';

/**
 * The node adapter only hands a request to `src/fetch.ts` when some page route matches it,
 * so this catch-all claims `/api/*`; `src/fetch.ts` answers it before Astro's pipeline runs.
 * Should a request reach this endpoint anyway, it is served by the same API app.
 */
export const ALL: APIRoute = ({ request, clientAddress }) => serveApi(request, clientAddress);
