import { describe, expect, it } from 'vitest';
import { RR_TYPE, type ZoneData } from '../../../src/server/dns/answer';
import { parsePlainQuery, questionLabels } from '../../../src/server/dns/wire';
import { ANSWERS_PER_ZONE, ZoneStore } from '../../../src/server/dns/zone-store';

const zone = (origin: string, serial: number, a = '192.0.2.1'): ZoneData => ({
  origin,
  soa: { nameserver: 'ns1.hostdeck.test', email: `hostmaster.${origin}`, serial, refresh: 86400, retry: 7200, expiry: 3600000, ttl: 3600 },
  records: [{ name: 'www', type: 'A', ttl: 3600, value: a }],
});

const addresses = (store: ZoneStore, name: string) => store.answer(name, RR_TYPE.A).answer.map((rr) => (rr.data.type === 'A' ? rr.data.address : ''));

describe('the zones in memory (issue 30)', () => {
  it('finds the longest domain served that a name ends in, and none for other names', () => {
    const store = new ZoneStore();
    store.apply({
      reset: true,
      zones: [
        { guid: 'z1', data: zone('example.com', 1) },
        { guid: 'z2', data: zone('shop.example.com', 1, '192.0.2.2') },
      ],
      dropped: [],
    });
    expect(store.find('www.example.com')?.guid).toBe('z1');
    expect(store.find('example.com')?.guid).toBe('z1');
    expect(store.find('www.shop.example.com')?.guid).toBe('z2');
    expect(store.find('notexample.com')).toBeUndefined();
    expect(store.find('')).toBeUndefined();
    expect(addresses(store, 'WWW.Shop.Example.COM.')).toEqual(['192.0.2.2']);
    expect(store.answer('www.example.org', RR_TYPE.A).rcode).toBe('REFUSED');
  });

  it('swaps a changed zone in whole, drops one gone, follows a rename, and a reset leaves only what it names', () => {
    const store = new ZoneStore();
    store.apply({
      reset: true,
      zones: [
        { guid: 'z1', data: zone('example.com', 1) },
        { guid: 'z2', data: zone('example.net', 1) },
      ],
      dropped: [],
    });
    const before = store.zone('example.com')!;
    store.remember(before, 'key', Buffer.from('kept'));
    store.apply({ reset: false, zones: [{ guid: 'z1', data: zone('example.com', 2, '192.0.2.9') }], dropped: [] });
    const after = store.zone('example.com')!;
    expect(after).not.toBe(before);
    expect(after.serial).toBe(2);
    expect(after.answers.size).toBe(0);
    expect(addresses(store, 'www.example.com')).toEqual(['192.0.2.9']);

    store.apply({ reset: false, zones: [], dropped: ['z2'] });
    expect(store.zone('example.net')).toBeUndefined();
    store.apply({ reset: false, zones: [{ guid: 'z1', data: zone('example.org', 3) }], dropped: [] });
    expect(store.zone('example.com')).toBeUndefined();
    expect(store.zone('example.org')?.guid).toBe('z1');

    store.apply({ reset: true, zones: [{ guid: 'z3', data: zone('example.io', 1) }], dropped: [] });
    expect(store.size).toBe(1);
    expect(store.zone('example.org')).toBeUndefined();
    // A zone dropped twice, or never served, changes nothing.
    store.apply({ reset: false, zones: [], dropped: ['z1', 'unknown'] });
    expect(store.zone('example.io')?.guid).toBe('z3');
  });

  it('keeps answers within bounds, and none for a zone already swapped out', () => {
    const store = new ZoneStore();
    store.apply({ reset: true, zones: [{ guid: 'z1', data: zone('example.com', 1) }], dropped: [] });
    const served = store.zone('example.com')!;
    for (let i = 0; i < ANSWERS_PER_ZONE + 10; i++) store.remember(served, `q${i}`, Buffer.alloc(1));
    expect(served.answers.size).toBe(ANSWERS_PER_ZONE);
    store.apply({ reset: false, zones: [{ guid: 'z1', data: zone('example.com', 2) }], dropped: [] });
    store.remember(served, 'late', Buffer.alloc(1));
    expect(served.answers.has('late')).toBe(false);
  });
});

/** A query as a client writes it: RD set, one question, and with `edns` an OPT record of that UDP size. */
function encoded(name: string, type: number, options: { id?: number; edns?: number; opcode?: number } = {}): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(options.id ?? 7, 0);
  header.writeUInt16BE(0x0100 | ((options.opcode ?? 0) << 11), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(options.edns === undefined ? 0 : 1, 10);
  const labels = name.split('.').map((l) => Buffer.concat([Buffer.from([Buffer.byteLength(l, 'latin1')]), Buffer.from(l, 'latin1')]));
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(type, 0);
  tail.writeUInt16BE(1, 2);
  const opt = Buffer.alloc(options.edns === undefined ? 0 : 11);
  if (options.edns !== undefined) {
    opt.writeUInt16BE(41, 1);
    opt.writeUInt16BE(options.edns, 3);
  }
  return Buffer.concat([header, ...labels, Buffer.from([0]), tail, opt]);
}

describe('the plain query, read straight from its bytes', () => {
  it('reads the name in lower case, the type, RD and the EDNS size, and where the question ends', () => {
    const message = encoded('WWW.Example.COM', RR_TYPE.MX, { edns: 1232 });
    expect(parsePlainQuery(message)).toEqual({ rd: true, name: 'www.example.com', type: RR_TYPE.MX, class: 1, questionEnd: 12 + 17 + 4, ednsSize: 1232 });
    expect(questionLabels(message).map((l) => l.toString())).toEqual(['WWW', 'Example', 'COM']);
    expect(parsePlainQuery(encoded('example.com', RR_TYPE.A))).toMatchObject({ name: 'example.com', ednsSize: null });
    // Bytes outside ASCII keep their value (RFC 4343).
    const latin = encoded('\u00c9t\u00c9.example', RR_TYPE.A);
    expect(parsePlainQuery(latin)?.name).toBe('\u00c9t\u00c9.example');
  });

  it('leaves every other shape to the general reading', () => {
    const plain = encoded('example.com', RR_TYPE.A);
    const changed = (at: number, value: number) => {
      const copy = Buffer.from(plain);
      copy.writeUInt16BE(value, at);
      return copy;
    };
    expect(parsePlainQuery(changed(2, 0x8100))).toBeNull(); // a response
    expect(parsePlainQuery(encoded('example.com', RR_TYPE.A, { opcode: 2 }))).toBeNull(); // STATUS
    expect(parsePlainQuery(changed(4, 2))).toBeNull(); // two questions
    expect(parsePlainQuery(changed(6, 1))).toBeNull(); // an answer section
    expect(parsePlainQuery(changed(10, 2))).toBeNull(); // two additional records
    expect(parsePlainQuery(plain.subarray(0, plain.length - 1))).toBeNull(); // cut short
    expect(parsePlainQuery(Buffer.concat([plain, Buffer.from([0])]))).toBeNull(); // bytes after the question
    const pointer = Buffer.from(plain);
    pointer[12] = 0xc0;
    expect(parsePlainQuery(pointer)).toBeNull(); // a compression pointer in the question
    const dotted = Buffer.from(plain);
    dotted[14] = 0x2e;
    expect(parsePlainQuery(dotted)).toBeNull(); // a dot inside a label
    const version = encoded('example.com', RR_TYPE.A, { edns: 1232 });
    version[version.length - 5] = 1;
    expect(parsePlainQuery(version)).toBeNull(); // EDNS version 1: BADVERS is the general reading's
  });
});
