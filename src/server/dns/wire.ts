import type { Rdata, ResourceRecord } from './answer';

/**
 * DNS responses in wire format (RFC 1035 4.1), written here rather than by dns2's encoder: names
 * are written from their labels (an escaped dot stays inside its label), TXT data goes out as the
 * bytes it holds, and a response that does not fit the client's UDP size is truncated as RFC 2181
 * 9 allows (additional data dropped first, then TC with the question alone).
 */

export const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5, BADVERS: 16 } as const;

const CLASS_IN = 1;
const TYPE_OPT = 41;
const WIRE_TYPE: Record<Rdata['type'], number> = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16 };

export interface WireQuestion {
  /** The name as asked, label by label (its case kept, as RFC 1035 7.3 has the question echoed). */
  labels: Buffer[];
  type: number;
  class: number;
}

export interface ResponseMessage {
  id: number;
  opcode: number;
  rd: boolean;
  aa: boolean;
  /** Up to 12 bits: the upper 8 travel in the OPT record (RFC 6891 6.1.3). */
  rcode: number;
  question: WireQuestion | null;
  answer: ResourceRecord[];
  authority: ResourceRecord[];
  additional: ResourceRecord[];
  /** Our OPT record, present when the request carried one (RFC 6891 6.1.1). */
  edns: { udpSize: number } | null;
}

/**
 * The labels of an absolute name in presentation form (`a\.b.example.com.`): `\DDD` is a byte,
 * `\X` the character X, other characters their UTF-8 bytes. Throws for a label over 63 bytes or
 * a name over 255 (RFC 1035 2.3.4).
 */
export function labelsOf(name: string): Buffer[] {
  const labels: Buffer[] = [];
  let label: number[] = [];
  const chars = Array.from(name);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\') {
      const digits = chars.slice(i + 1, i + 4).join('');
      if (/^\d{3}$/.test(digits) && Number(digits) <= 255) {
        label.push(Number(digits));
        i += 3;
      } else {
        label.push(...Buffer.from(chars[i + 1] ?? '', 'utf8'));
        i += 1;
      }
    } else if (c === '.') {
      if (!label.length && name !== '.') throw new Error(`The name "${name}" has an empty label.`);
      if (label.length) labels.push(Buffer.from(label));
      label = [];
    } else {
      label.push(...Buffer.from(c, 'utf8'));
    }
  }
  if (label.length) labels.push(Buffer.from(label));
  if (labels.some((l) => l.length > 63)) throw new Error(`The name "${name}" has a label longer than 63 bytes.`);
  if (labels.reduce((n, l) => n + l.length + 1, 1) > 255) throw new Error(`The name "${name}" is longer than 255 bytes.`);
  return labels;
}

/** Lower-cased ASCII bytes as hex: the key under which a name's suffix is compressed. */
const labelKey = (label: Buffer) => Buffer.from(label.map((b) => (b >= 0x41 && b <= 0x5a ? b + 0x20 : b))).toString('hex');

class Writer {
  private buffer = Buffer.alloc(512);
  length = 0;
  /** Offsets of the name suffixes written so far (RFC 1035 4.1.4). */
  private names = new Map<string, number>();

  private room(n: number) {
    if (this.length + n <= this.buffer.length) return;
    const bigger = Buffer.alloc(Math.max(this.buffer.length * 2, this.length + n));
    this.buffer.copy(bigger, 0, 0, this.length);
    this.buffer = bigger;
  }

  u8(v: number) {
    this.room(1);
    this.buffer.writeUInt8(v, this.length);
    this.length += 1;
  }

  u16(v: number) {
    this.room(2);
    this.buffer.writeUInt16BE(v, this.length);
    this.length += 2;
  }

  u32(v: number) {
    this.room(4);
    this.buffer.writeUInt32BE(v >>> 0, this.length);
    this.length += 4;
  }

  bytes(b: Buffer) {
    this.room(b.length);
    b.copy(this.buffer, this.length);
    this.length += b.length;
  }

  patch16(at: number, v: number) {
    this.buffer.writeUInt16BE(v, at);
  }

  name(labels: Buffer[]) {
    const keys = labels.map(labelKey);
    for (let i = 0; i < labels.length; i++) {
      const suffix = keys.slice(i).join('.');
      const at = this.names.get(suffix);
      if (at !== undefined) {
        this.u16(0xc000 | at);
        return;
      }
      // A pointer has 14 bits: suffixes further in cannot be pointed at.
      if (this.length < 0x4000) this.names.set(suffix, this.length);
      this.u8(labels[i]!.length);
      this.bytes(labels[i]!);
    }
    this.u8(0);
  }

  done() {
    return Buffer.from(this.buffer.subarray(0, this.length));
  }
}

function writeRdata(w: Writer, data: Rdata) {
  switch (data.type) {
    case 'A':
      for (const part of data.address.split('.')) w.u8(Number(part));
      return;
    case 'NS':
    case 'CNAME':
      w.name(labelsOf(data.host));
      return;
    case 'MX':
      w.u16(data.preference);
      w.name(labelsOf(data.exchange));
      return;
    case 'TXT':
      for (const s of data.strings) {
        w.u8(s.length);
        w.bytes(s);
      }
      return;
    case 'SOA':
      w.name(labelsOf(data.mname));
      w.name(labelsOf(data.rname));
      for (const n of [data.serial, data.refresh, data.retry, data.expire, data.minimum]) w.u32(n);
      return;
  }
}

function writeRecord(w: Writer, rr: ResourceRecord) {
  w.name(labelsOf(rr.name));
  w.u16(WIRE_TYPE[rr.data.type]);
  w.u16(CLASS_IN);
  w.u32(rr.ttl);
  const lengthAt = w.length;
  w.u16(0);
  writeRdata(w, rr.data);
  w.patch16(lengthAt, w.length - lengthAt - 2);
}

function write(m: ResponseMessage, truncated: boolean): Buffer {
  const w = new Writer();
  w.u16(m.id);
  // QR, opcode, AA, TC, RD; RA clear: this server does not recurse.
  w.u16(0x8000 | ((m.opcode & 0xf) << 11) | (m.aa ? 0x0400 : 0) | (truncated ? 0x0200 : 0) | (m.rd ? 0x0100 : 0) | (m.rcode & 0xf));
  w.u16(m.question ? 1 : 0);
  w.u16(m.answer.length);
  w.u16(m.authority.length);
  w.u16(m.additional.length + (m.edns ? 1 : 0));
  if (m.question) {
    w.name(m.question.labels);
    w.u16(m.question.type);
    w.u16(m.question.class);
  }
  for (const rr of [...m.answer, ...m.authority, ...m.additional]) writeRecord(w, rr);
  if (m.edns) {
    w.u8(0);
    w.u16(TYPE_OPT);
    w.u16(m.edns.udpSize);
    // Extended RCODE, version 0, no flags; no options.
    w.u32(((m.rcode >> 4) & 0xff) << 24);
    w.u16(0);
  }
  return w.done();
}

/**
 * The response as at most `limit` bytes: whole when it fits; else without its additional section
 * (no TC needed, RFC 2181 9); else TC set with the question alone, for the client to ask over TCP.
 */
export function encodeResponse(m: ResponseMessage, limit: number): Buffer {
  const whole = write(m, false);
  if (whole.length <= limit) return whole;
  const lean = write({ ...m, additional: [] }, false);
  if (lean.length <= limit) return lean;
  return write({ ...m, answer: [], authority: [], additional: [] }, true);
}

/** A query as nearly every client sends one, read straight from its bytes (see parsePlainQuery). */
export interface PlainQuery {
  rd: boolean;
  /** The name asked, in lower case, its labels joined by dots, without the final dot ('' for the root). */
  name: string;
  type: number;
  class: number;
  /** Where the question section ends: the bytes from 12 to here are the question as asked. */
  questionEnd: number;
  /** The UDP size of the client's OPT record (RFC 6891 6.2.3), or null when it sent none. */
  ednsSize: number | null;
}

const OPCODE_AND_QR = 0xf800;
const RD = 0x0100;
const MAX_LABEL = 63;
const MAX_NAME = 255;
const DOT = 0x2e;

/**
 * The common query, read without building a message object: QR clear, opcode QUERY, one
 * question, no answer or authority records, at most an OPT record of version 0, nothing after.
 * Null for anything else, and for names no zone here can hold (a compression pointer in the
 * question, a dot inside a label): those take the general reading, which answers them as before.
 */
export function parsePlainQuery(message: Buffer): PlainQuery | null {
  if (message.length < 17) return null;
  const flags = message.readUInt16BE(2);
  if ((flags & OPCODE_AND_QR) !== 0) return null;
  if (message.readUInt16BE(4) !== 1 || message.readUInt16BE(6) !== 0 || message.readUInt16BE(8) !== 0) return null;
  const additional = message.readUInt16BE(10);
  if (additional > 1) return null;
  let at = 12;
  let name = '';
  for (;;) {
    const length = message[at]!;
    if (length === 0) break;
    const end = at + 1 + length;
    if (length > MAX_LABEL || end >= message.length) return null;
    let upper = false;
    for (let i = at + 1; i < end; i++) {
      const b = message[i]!;
      if (b === DOT) return null;
      if (b >= 0x41 && b <= 0x5a) upper = true;
    }
    const label = message.toString('latin1', at + 1, end);
    // RFC 4343: ASCII letters only; other bytes keep their value.
    name += (name ? '.' : '') + (upper ? label.replace(/[A-Z]+/g, (m: string) => m.toLowerCase()) : label);
    at = end;
  }
  at += 1;
  if (at - 12 > MAX_NAME || at + 4 > message.length) return null;
  const type = message.readUInt16BE(at);
  const klass = message.readUInt16BE(at + 2);
  at += 4;
  const questionEnd = at;
  let ednsSize: number | null = null;
  if (additional === 1) {
    // OPT: the root as owner, type 41, the UDP size as class, then extended RCODE, version and flags, then its options.
    if (at + 11 > message.length || message[at] !== 0 || message.readUInt16BE(at + 1) !== TYPE_OPT || message[at + 6] !== 0) return null;
    ednsSize = message.readUInt16BE(at + 3);
    at += 11 + message.readUInt16BE(at + 9);
  }
  if (at !== message.length) return null;
  return { rd: (flags & RD) !== 0, name, type, class: klass, questionEnd, ednsSize };
}

/** The labels of a plain query's question, as sent (parsePlainQuery has checked them). */
export function questionLabels(message: Buffer): Buffer[] {
  const labels: Buffer[] = [];
  for (let at = 12; message[at]! > 0; at += 1 + message[at]!) labels.push(message.subarray(at + 1, at + 1 + message[at]!));
  return labels;
}
