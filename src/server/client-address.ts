/** The address the HTTP server saw for each request, recorded by the front door (src/fetch.ts). */
const addresses = new WeakMap<Request, string>();

export function rememberClientAddress(request: Request, address: string | undefined) {
  if (address) addresses.set(request, address);
}

/**
 * The client's address. X-Forwarded-For is believed only when TRUST_PROXY=1, i.e. when the
 * operator says a known proxy sits in front; otherwise anyone could pick their own address.
 */
export function clientAddressOf(request: Request): string | undefined {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return addresses.get(request);
}
