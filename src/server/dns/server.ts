import type { Socket as UdpSocket } from 'node:dgram';
import type { Server as TcpServer } from 'node:net';
import dns2 from 'dns2';
import type { Db } from '../db/connection';
import { asciiLower, RR_TYPE, type Answer } from './answer';
import { encodeResponse, RCODE, type ResponseMessage, type WireQuestion } from './wire';
import { lookup } from './zones';

/**
 * The authoritative DNS server of the reference API (issue 8, "Real parts"): UDP and TCP on
 * DNS_PORT, answering A, CNAME, MX, TXT, NS and SOA from the zones in the database, read on every
 * question, so an edit in the panel is what `dig @127.0.0.1 -p <port> <domain>` shows at once.
 * dns2 carries the messages; the answers are worked out in ./answer and written in ./wire.
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

type Request = InstanceType<typeof dns2.Packet>;

/** RFC 6891 6.2.5: what a UDP answer may fill when the client's EDNS allows more than 512 bytes. */
const EDNS_UDP_SIZE = 1232;
const PLAIN_UDP_SIZE = 512;
const TCP_SIZE = 0xffff;
const CLASS_IN = 1;
const CLASS_ANY = 255;

const RCODE_OF: Record<Answer['rcode'], number> = { NOERROR: RCODE.NOERROR, NXDOMAIN: RCODE.NXDOMAIN, REFUSED: RCODE.REFUSED };

/** dns2 decodes a name's bytes one character each and joins the labels with dots. */
const questionOf = (q: { name: string; type: number; class: number }): WireQuestion => ({
  labels: q.name ? q.name.split('.').map((l) => Buffer.from(l, 'latin1')) : [],
  type: q.type,
  class: q.class,
});

/** The response to one request: header and question echoed, the rest from the zone that holds the name. */
async function respond(db: Db, request: Request, transport: 'udp' | 'tcp'): Promise<Buffer> {
  const opt = request.additionals.find((r) => r.type === 41);
  const question = request.questions.length === 1 ? questionOf(request.questions[0]!) : null;
  const message: ResponseMessage = {
    id: request.header.id,
    opcode: request.header.opcode,
    rd: Boolean(request.header.rd),
    aa: false,
    rcode: RCODE.NOERROR,
    question,
    answer: [],
    authority: [],
    additional: [],
    edns: opt ? { udpSize: EDNS_UDP_SIZE } : null,
  };
  const limit = transport === 'tcp' ? TCP_SIZE : opt ? Math.min(Math.max(opt.class, PLAIN_UDP_SIZE), EDNS_UDP_SIZE) : PLAIN_UDP_SIZE;
  const reply = (rcode: number) => encodeResponse({ ...message, rcode }, limit);

  if (request.errors.length || !question || request.additionals.filter((r) => r.type === 41).length > 1) return reply(RCODE.FORMERR);
  if (opt && (opt.version ?? 0) !== 0) return reply(RCODE.BADVERS);
  if (request.header.opcode !== 0) return reply(RCODE.NOTIMP);
  if (question.class !== CLASS_IN && question.class !== CLASS_ANY) return reply(RCODE.REFUSED);
  // Zone transfers are not offered: the zones are the panel's to hand out.
  if (question.type === RR_TYPE.AXFR || question.type === RR_TYPE.IXFR) return reply(RCODE.REFUSED);

  let answer: Answer;
  try {
    answer = await lookup(db, asciiLower(request.questions[0]!.name), question.type);
  } catch (error) {
    console.error('[hostdeck] DNS lookup failed:', error);
    return reply(RCODE.SERVFAIL);
  }
  return encodeResponse({ ...message, rcode: RCODE_OF[answer.rcode], aa: answer.authoritative, answer: answer.answer, authority: answer.authority, additional: answer.additional }, limit);
}

function handler(db: Db, transport: 'udp' | 'tcp') {
  return (request: Request, send: (response: Buffer) => Promise<Buffer>) => {
    // A response sent to us is not a question.
    if (request.header.qr) return;
    respond(db, request, transport)
      .then(send)
      .catch((error: unknown) => console.error(`[hostdeck] DNS answer over ${transport.toUpperCase()} failed:`, error));
  };
}

/** Settles once the socket is bound: rejected with the bind's error (EADDRINUSE, EACCES) instead of its being thrown. */
function bound(start: (done: () => void) => void, emitter: UdpSocket | TcpServer): Promise<void> {
  return new Promise((resolve, reject) => {
    emitter.once('error', reject);
    start(() => {
      emitter.off('error', reject);
      resolve();
    });
  });
}

const closeUdp = (socket: UdpSocket) => new Promise<void>((resolve) => {
  try {
    socket.close(() => resolve());
  } catch {
    // Never bound, or closed already.
    resolve();
  }
});
const closeTcp = (server: TcpServer) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

/** Binding to a free port (0) retries this often when UDP has the port TCP found free taken. */
const FREE_PORT_TRIES = 5;

/**
 * Starts the DNS server on `options.port` (0: one free for both TCP and UDP). Rejects, with both
 * sockets closed, when the port cannot be had: a port taken is an error the caller reports.
 */
export async function startDnsServer(db: Db, options: { port: number; host: string }): Promise<DnsHandle> {
  for (let attempt = 1; ; attempt++) {
    const tcp = dns2.createTCPServer(handler(db, 'tcp'));
    const udp = dns2.createUDPServer({ type: options.host.includes(':') ? 'udp6' : 'udp4' });
    udp.on('request', handler(db, 'udp'));
    try {
      await bound((done) => tcp.listen(options.port, options.host, done), tcp);
      const port = (tcp.address() as { port: number }).port;
      await bound((done) => udp.bind(port, options.host, done), udp);
      // From here on a socket's error is logged: it must not end the process the API runs in.
      tcp.on('error', (error) => console.error('[hostdeck] DNS server (TCP):', error));
      udp.on('error', (error) => console.error('[hostdeck] DNS server (UDP):', error));
      return {
        host: options.host === '0.0.0.0' ? '127.0.0.1' : options.host,
        port,
        close: async () => {
          await Promise.all([closeTcp(tcp), closeUdp(udp)]);
        },
      };
    } catch (error) {
      await Promise.all([closeTcp(tcp), closeUdp(udp)]);
      const taken = (error as { code?: string }).code === 'EADDRINUSE';
      if (options.port !== 0 || !taken || attempt >= FREE_PORT_TRIES) throw error;
    }
  }
}

/**
 * The DNS server beside the API: started, or, when it cannot be (a port already taken), the
 * reason logged and null, so the API serves on without it (docs/decisions.md, the DNS server).
 */
export async function startDnsServerBeside(db: Db, options: { port: number; host: string }, log: (line: string) => void = console.error): Promise<DnsHandle | null> {
  try {
    return await startDnsServer(db, options);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why = code === 'EADDRINUSE' ? 'the port is already taken' : error instanceof Error ? error.message : String(error);
    log(`[hostdeck] DNS server did not start on ${options.host}:${options.port} (${why}); the API serves on without it.`);
    return null;
  }
}
