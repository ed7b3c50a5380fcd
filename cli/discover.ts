import { CliError } from './errors';

/** The API answers JSON (or an event stream); a web page means the address is something else. */
const isWebPage = (res: Response) => /\btext\/html\b/i.test(res.headers.get('content-type') ?? '');

/** The address answered with a web page where the API should be (issue 12, "What was found"). */
export class NotAnApiError extends CliError {
  constructor(url: string, triedUnder: boolean) {
    super(`No Hostdeck API answers at ${url}: it answered with a web page.`, {
      hint: triedUnder
        ? `Nor did ${url}/api. Give the API's address with --api-url (or HOSTDECK_API_URL): the panel's address followed by /api, e.g. http://localhost:4321/api.`
        : "Give the API's address with --api-url (or HOSTDECK_API_URL): the panel's address followed by /api, e.g. http://localhost:4321/api.",
    });
    this.name = 'NotAnApiError';
  }
}

/**
 * A fetch that finds the API under the address given. People type the panel's address
 * (http://localhost:4321), which answers its pages; the API is mounted at `/api` under it. The
 * first answer from `base` that is a web page makes this ask `${base}/api` once instead: when
 * that is the API, every later request goes there and `onFound` is told; when it is not either,
 * the run ends with a plain sentence rather than the page.
 */
export function discoverApi(base: string, inner: typeof globalThis.fetch, onFound: (apiUrl: string) => void): typeof globalThis.fetch {
  const under = `${base}/api`;
  let decided: 'as-given' | 'under' | null = null;
  return async (input, init) => {
    const request = new Request(input, init);
    const inBase = request.url.startsWith(`${base}/`) && !request.url.startsWith(`${under}/`);
    if (!inBase || decided === 'as-given') return inner(request);
    // A body can be read only once; the request may have to go to a second address.
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const to = (url: string) => new Request(url, { method: request.method, headers: request.headers, body, signal: request.signal });
    const moved = () => to(under + request.url.slice(base.length));
    if (decided === 'under') return inner(moved());

    const res = await inner(to(request.url));
    if (!isWebPage(res)) {
      decided = 'as-given';
      return res;
    }
    await res.body?.cancel();
    if (base.endsWith('/api')) throw new NotAnApiError(base, false);
    const second = await inner(moved());
    if (isWebPage(second)) {
      await second.body?.cancel();
      throw new NotAnApiError(base, true);
    }
    decided = 'under';
    onFound(under);
    return second;
  };
}
