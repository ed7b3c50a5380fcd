import { Resolver } from 'node:dns/promises';
import type { DnsHandle } from '../../../src/server/dns/server';

/**
 * A resolver asking `dns`, every question once the server answers each zone change made so far
 * (a write announces its change before it returns, so what a test has just written is answered).
 */
export function settledResolver(dns: DnsHandle): Resolver {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([`${dns.host}:${dns.port}`]);
  return new Proxy(resolver, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string' || !key.startsWith('resolve')) return value;
      return async (...args: unknown[]) => {
        await dns.settled();
        return value.apply(target, args);
      };
    },
  });
}
