import { createSocket, type RemoteInfo, type Socket as UdpSocket } from 'node:dgram';
import type { Server as TcpServer } from 'node:net';
import dns2 from 'dns2';
import { answerQuestion, RR_TYPE, type Answer } from './answer';
import { encodeResponse, parsePlainQuery, questionLabels, RCODE, type PlainQuery, type ResponseMessage, type WireQuestion } from './wire';
import type { ZoneStore } from './zone-store';

/**
 * The DNS server's sockets: UDP and TCP on one port, answering from a ZoneStore. A plain UDP
 * query (nearly all of them) is read from its bytes and answered with a response kept by its
 * zone; dns2 reads TCP's framing and the unusual UDP messages. No database here: the sockets run
 * in the API's thread or in the DNS worker alike.
 */

type Request = InstanceType<typeof dns2.Packet>;

/** RFC 6891 6.2.5: what a UDP answer may fill when the client's EDNS allows more than 512 bytes. */
const EDNS_UDP_SIZE = 1232;
const PLAIN_UDP_SIZE = 512;
const TCP_SIZE = 0xffff;
const CLASS_IN = 1;
const CLASS_ANY = 255;

const RCODE_OF: Record<Answer['rcode'], number> = { NOERROR: RCODE.NOERROR, NXDOMAIN: RCODE.NXDOMAIN, REFUSED: RCODE.REFUSED };

const udpLimit = (ednsSize: number | null) => (ednsSize === null ? PLAIN_UDP_SIZE : Math.min(Math.max(ednsSize, PLAIN_UDP_SIZE), EDNS_UDP_SIZE));

/** dns2 decodes a name's bytes one character each and joins the labels with dots. */
const questionOf = (q: { name: string; type: number; class: number }): WireQuestion => ({
  labels: q.name ? q.name.split('.').map((l) => Buffer.from(l, 'latin1')) : [],
  type: q.type,
  class: q.class,
});

/**
 * The response to a message dns2 has read (TCP, and UDP messages off the common shape): header
 * and question echoed, the rest from the zone that holds the name.
 */
function respond(store: ZoneStore, request: Request, transport: 'udp' | 'tcp'): Buffer {
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
  const limit = transport === 'tcp' ? TCP_SIZE : udpLimit(opt ? opt.class : null);
  const reply = (rcode: number) => encodeResponse({ ...message, rcode }, limit);

  if (request.errors.length || !question || request.additionals.filter((r) => r.type === 41).length > 1) return reply(RCODE.FORMERR);
  if (opt && (opt.version ?? 0) !== 0) return reply(RCODE.BADVERS);
  if (request.header.opcode !== 0) return reply(RCODE.NOTIMP);
  if (question.class !== CLASS_IN && question.class !== CLASS_ANY) return reply(RCODE.REFUSED);
  // Zone transfers are not offered: the zones are the panel's to hand out.
  if (question.type === RR_TYPE.AXFR || question.type === RR_TYPE.IXFR) return reply(RCODE.REFUSED);

  try {
    const answer = store.answer(request.questions[0]!.name, question.type);
    return encodeResponse(
      { ...message, rcode: RCODE_OF[answer.rcode], aa: answer.authoritative, answer: answer.answer, authority: answer.authority, additional: answer.additional },
      limit,
    );
  } catch (error) {
    console.error('[hostdeck] DNS answer failed:', error);
    return reply(RCODE.SERVFAIL);
  }
}

/** A plain query this path answers; zone transfers and other classes go the general way. */
const plainlyAnswered = (q: PlainQuery) => (q.class === CLASS_IN || q.class === CLASS_ANY) && q.type !== RR_TYPE.AXFR && q.type !== RR_TYPE.IXFR;

/**
 * The response to a plain UDP query, with a zero id: kept by the zone that holds the name, under
 * the question's bytes as sent (so the echoed question, the case of its name included, and the
 * compression pointers into it are the same) and what else shapes the response (RD, EDNS and
 * the size it allows). A name in no zone is answered REFUSED, not kept.
 */
function plainResponse(store: ZoneStore, message: Buffer, q: PlainQuery): Buffer {
  const zone = store.find(q.name);
  const key = zone ? `${q.rd ? 'r' : '-'}${q.ednsSize === null ? 'n' : udpLimit(q.ednsSize)}|${message.toString('latin1', 12, q.questionEnd)}` : '';
  const kept = zone?.answers.get(key);
  if (kept) return kept;
  const answer: Answer = zone ? answerQuestion(zone.index, q.name, q.type) : { rcode: 'REFUSED', authoritative: false, answer: [], authority: [], additional: [] };
  const response = encodeResponse(
    {
      id: 0,
      opcode: 0,
      rd: q.rd,
      aa: answer.authoritative,
      rcode: RCODE_OF[answer.rcode],
      question: { labels: questionLabels(message), type: q.type, class: q.class },
      answer: answer.answer,
      authority: answer.authority,
      additional: answer.additional,
      edns: q.ednsSize === null ? null : { udpSize: EDNS_UDP_SIZE },
    },
    udpLimit(q.ednsSize),
  );
  if (zone) store.remember(zone, key, response);
  return response;
}

function answerUdp(store: ZoneStore, socket: UdpSocket, message: Buffer, from: RemoteInfo) {
  const q = parsePlainQuery(message);
  if (q && plainlyAnswered(q)) {
    let response: Buffer | undefined;
    try {
      response = plainResponse(store, message, q);
    } catch (error) {
      // Answered the general way below, which says SERVFAIL if it fails too.
      console.error('[hostdeck] DNS answer failed:', error);
    }
    if (response) {
      // The asker's id, then the kept response after its own zero id: nothing is copied.
      socket.send([message.subarray(0, 2), response.subarray(2)], from.port, from.address);
      return;
    }
  }
  let request: Request;
  try {
    request = dns2.Packet.parse(message);
  } catch {
    // Not a DNS message: nothing to answer.
    return;
  }
  // A response sent to us is not a question.
  if (request.header.qr) return;
  socket.send(respond(store, request, 'udp'), from.port, from.address);
}

function tcpHandler(store: ZoneStore) {
  return (request: Request, send: (response: Buffer) => Promise<Buffer>) => {
    if (request.header.qr) return;
    send(respond(store, request, 'tcp')).catch((error: unknown) => console.error('[hostdeck] DNS answer over TCP failed:', error));
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

const closeUdp = (socket: UdpSocket) =>
  new Promise<void>((resolve) => {
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

export interface ServedSockets {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * UDP and TCP on `options.port` (0: one free for both), answering from `store`. Rejects, with
 * both sockets closed, when the port cannot be had.
 */
export async function serveZones(store: ZoneStore, options: { port: number; host: string }): Promise<ServedSockets> {
  for (let attempt = 1; ; attempt++) {
    const tcp = dns2.createTCPServer(tcpHandler(store));
    const udp = createSocket(options.host.includes(':') ? 'udp6' : 'udp4');
    udp.on('message', (message, from) => answerUdp(store, udp, message, from));
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
