import { createServer } from 'node:net';
import dns2 from 'dns2';
import type { Db } from '../db/connection';
import { lookup, type SoaData, type ZoneRecord } from './answer';

const { Packet } = dns2;

/**
 * The authoritative DNS server of the reference API (issue 8, "Real parts"): UDP and TCP on
 * DNS_PORT, answering A, CNAME, MX, TXT, NS and SOA from the zones in the database, read on every
 * question, so an edit in the panel is what `dig @127.0.0.1 -p <port> <domain>` shows at once.
 */
export interface DnsHandle {
  /** The address it listens on; a resolver asks it here (0.0.0.0 is asked on 127.0.0.1). */
  host: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_DNS_PORT = 5300;

export function dnsOptionsFromEnv(env = process.env): { port: number; host: string } {
  const port = env.DNS_PORT !== undefined && env.DNS_PORT !== '' ? Number(env.DNS_PORT) : DEFAULT_DNS_PORT;
  return { port: Number.isInteger(port) && port >= 0 ? port : DEFAULT_DNS_PORT, host: env.DNS_HOST || '127.0.0.1' };
}

const TYPE_NAMES: Record<number, ZoneRecord['type']> = {
  [Packet.TYPE.A]: 'A',
  [Packet.TYPE.CNAME]: 'CNAME',
  [Packet.TYPE.MX]: 'MX',
  [Packet.TYPE.TXT]: 'TXT',
  [Packet.TYPE.NS]: 'NS',
  [Packet.TYPE.SOA]: 'SOA',
};

function freeTcpPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/*
 * Resources are plain objects: dns2 encodes them by their type, though its typings describe the
 * decoded class (with toBuffer); hence the casts where they are pushed.
 */
const soaResource = (name: string, soa: SoaData) => ({
  name,
  type: Packet.TYPE.SOA,
  class: Packet.CLASS.IN,
  ttl: soa.ttl,
  primary: soa.nameserver,
  admin: soa.email,
  serial: soa.serial,
  refresh: soa.refresh,
  retry: soa.retry,
  expiration: soa.expiry,
  minimum: soa.ttl,
});

function resource(r: ZoneRecord, soa: SoaData) {
  const base = { name: r.name, class: Packet.CLASS.IN, ttl: r.ttl };
  switch (r.type) {
    case 'A':
      return { ...base, type: Packet.TYPE.A, address: r.value };
    case 'CNAME':
      return { ...base, type: Packet.TYPE.CNAME, domain: r.value.replace(/\.$/, '') };
    case 'NS':
      return { ...base, type: Packet.TYPE.NS, ns: r.value.replace(/\.$/, '') };
    case 'MX': {
      const [priority, exchange] = r.value.split(/\s+/);
      return { ...base, type: Packet.TYPE.MX, priority: Number(priority), exchange: exchange!.replace(/\.$/, '') };
    }
    case 'TXT':
      return { ...base, type: Packet.TYPE.TXT, data: r.value.replace(/^"|"$/g, '') };
    case 'SOA':
      return soaResource(r.name, soa);
  }
}

export async function startDnsServer(db: Db, options: { port: number; host: string }): Promise<DnsHandle> {
  const server = dns2.createServer({
    udp: true,
    tcp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const type = question ? TYPE_NAMES[question.type] : undefined;
      if (!question || request.errors.length) {
        response.header.rcode = Packet.RCODE.FORMERR;
        void send(response);
        return;
      }
      lookup(db, question.name, type ?? 'NONE')
        .then((found) => {
          if (found.kind === 'refused') {
            response.header.rcode = Packet.RCODE.REFUSED;
            return;
          }
          response.header.aa = 1;
          if (found.kind === 'nxdomain') {
            response.header.rcode = Packet.RCODE.NXDOMAIN;
            response.authorities.push(soaResource(found.zone, found.soa) as never);
            return;
          }
          for (const r of found.records) response.answers.push(resource(r, found.soa) as never);
          // An empty answer says where the zone's authority is (RFC 2308).
          if (!found.records.length) response.authorities.push(soaResource(found.zone, found.soa) as never);
        })
        .catch((error: unknown) => {
          console.error('[hostdeck] DNS lookup failed:', error);
          response.header.rcode = Packet.RCODE.SERVFAIL;
        })
        .finally(() => void send(response));
    },
  });
  // UDP and TCP share one port; port 0 asks the system for one that TCP has free, then UDP takes it too.
  const wanted = options.port === 0 ? await freeTcpPort(options.host) : options.port;
  const addresses = await server.listen({ udp: { port: wanted, address: options.host }, tcp: { port: wanted, address: options.host } });
  const port = addresses.udp?.port ?? wanted;
  return { host: options.host === '0.0.0.0' ? '127.0.0.1' : options.host, port, close: () => server.close() };
}
