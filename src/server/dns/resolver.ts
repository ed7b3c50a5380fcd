import { Resolver as NodeResolver } from 'node:dns/promises';

/**
 * What a name resolves to, asked of the reference API's own DNS server (issue 8: health checks
 * and the Let's Encrypt step "resolve through it"), the way a provider's checker asks the
 * internet's resolvers.
 */
export type Resolution =
  /** The name's IPv4 addresses (none: the name exists without an A record). */
  | { kind: 'addresses'; addresses: string[] }
  /** No such name: NXDOMAIN, or REFUSED for a name in no zone served here. */
  | { kind: 'nxdomain' }
  /** The question could not be answered (no DNS server, a timeout): nothing is concluded from it. */
  | { kind: 'unreachable'; reason: string };

export interface Resolver {
  addresses(name: string): Promise<Resolution>;
}

interface DnsError {
  code?: string;
}

/** A DNS server to ask; `settled`, when given, resolves once it answers every zone change made so far. */
export interface DnsTarget {
  host: string;
  port: number;
  settled?(): Promise<void>;
}

/**
 * A resolver that asks the DNS server listening at `target()` (read on each question, so a
 * server started after the resolver is found). Node's c-ares resolver: a real DNS client,
 * over UDP and, for long answers, TCP. It asks once the server has caught up with the zone
 * changes made so far, so a step that has just written a record finds it.
 */
export function dnsServerResolver(target: () => DnsTarget | null, options: { timeoutMs?: number } = {}): Resolver {
  return {
    async addresses(name) {
      const server = target();
      if (!server) return { kind: 'unreachable', reason: 'No DNS server is running.' };
      await server.settled?.();
      const resolver = new NodeResolver({ timeout: options.timeoutMs ?? 2000, tries: 2 });
      resolver.setServers([`${server.host}:${server.port}`]);
      try {
        return { kind: 'addresses', addresses: (await resolver.resolve4(name)).sort() };
      } catch (error) {
        const code = (error as DnsError).code;
        if (code === 'ENOTFOUND' || code === 'EREFUSED') return { kind: 'nxdomain' };
        if (code === 'ENODATA') return { kind: 'addresses', addresses: [] };
        return { kind: 'unreachable', reason: `${code ?? 'ERROR'}: ${String(error)}` };
      }
    },
  };
}
