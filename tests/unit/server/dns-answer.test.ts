import dns2 from 'dns2';
import { describe, expect, it } from 'vitest';
import { answerQuestion, indexZone, mailboxName, RR_TYPE, targetName, txtStrings, type Answer, type ResourceRecord, type ZoneData } from '../../../src/server/dns/answer';
import { encodeResponse, labelsOf, RCODE, type ResponseMessage } from '../../../src/server/dns/wire';
import { DKIM, DNS_QUESTIONS, DNS_ZONES, ORACLE, questionName, UTF8_LONG } from '../../fixtures/dns-zones';

/** A character-string as kdig prints it. */
const quoted = (b: Buffer) =>
  `"${[...b].map((c) => (c === 0x22 || c === 0x5c ? `\\${String.fromCharCode(c)}` : c < 0x20 || c > 0x7e ? `\\${String(c).padStart(3, '0')}` : String.fromCharCode(c))).join('')}"`;

function text(rr: ResourceRecord): string {
  const d = rr.data;
  const data =
    d.type === 'A'
      ? d.address
      : d.type === 'NS' || d.type === 'CNAME'
        ? d.host
        : d.type === 'MX'
          ? `${d.preference} ${d.exchange}`
          : d.type === 'TXT'
            ? d.strings.map(quoted).join(' ')
            : `${d.mname} ${d.rname} ${d.serial} ${d.refresh} ${d.retry} ${d.expire} ${d.minimum}`;
  return `${rr.name} ${rr.ttl} ${d.type} ${data}`;
}

const indexes = DNS_ZONES.map(indexZone);

/** The answer as text, from the zone whose origin the name ends in (the first zone for a name in none). */
function ask(name: string, type: keyof typeof RR_TYPE) {
  const qname = questionName(name).toLowerCase();
  const index = indexes.find((z) => qname === z.origin || qname.endsWith(`.${z.origin}`)) ?? indexes[0]!;
  const a: Answer = answerQuestion(index, qname, RR_TYPE[type]);
  return { rcode: a.rcode, aa: a.authoritative, answer: a.answer.map(text), authority: a.authority.map(text), additional: a.additional.map(text) };
}

const SOA = 'oracle.example. 3600 SOA ns1.hostdeck.test. hostmaster.oracle.example. 2026112701 86400 7200 3600000 3600';
const SOA_WILD = 'oracle-wild.example. 7200 SOA ns1.hostdeck.test. hostmaster.oracle-wild.example. 2026112701 86400 7200 3600000 7200';
const MAIL = ['mail.oracle.example. 3600 A 192.0.2.2', 'mail.oracle.example. 3600 A 192.0.2.3'];

interface Expected {
  rcode: Answer['rcode'];
  aa: boolean;
  answer: string[];
  authority: string[];
  additional: string[];
}
const REFERRAL: Expected = {
  rcode: 'NOERROR',
  aa: false,
  answer: [],
  authority: ['sub.oracle.example. 3600 NS ns.sub.oracle.example.'],
  additional: ['ns.sub.oracle.example. 3600 A 192.0.2.40'],
};
const ok = (answer: string[], additional: string[] = []): Expected => ({ rcode: 'NOERROR', aa: true, answer, authority: [], additional });
const nodata = (soa = SOA): Expected => ({ rcode: 'NOERROR', aa: true, answer: [], authority: [soa], additional: [] });
const nxdomain = (soa = SOA, answer: string[] = []): Expected => ({ rcode: 'NXDOMAIN', aa: true, answer, authority: [soa], additional: [] });

/** What Knot DNS answers for the shared questions (tests/api/dns-knot.test.ts asks it live). */
const EXPECTED: Record<string, Expected> = {
  '@ A': ok(['oracle.example. 3600 A 192.0.2.1']),
  '@ NS': ok(['oracle.example. 86400 NS ns1.hostdeck.test.', 'oracle.example. 86400 NS ns2.oracle.example.'], ['ns2.oracle.example. 3600 A 192.0.2.53']),
  '@ SOA': ok([SOA]),
  '@ MX': ok(['oracle.example. 3600 MX 10 mail.oracle.example.', 'oracle.example. 3600 MX 20 mx.elsewhere.example.net.'], MAIL),
  '@ TXT': ok(['oracle.example. 14400 TXT "v=spf1 a mx ~all"']),
  '@ ANY': ok(['oracle.example. 3600 A 192.0.2.1']),
  '@ AAAA': nodata(),
  'WWW.Oracle.Example. A': ok(['www.oracle.example. 3600 A 192.0.2.1']),
  'mail A': ok(MAIL),
  'mail TXT': nodata(),
  'mail ANY': ok(MAIL),
  'ns2 A': ok(['ns2.oracle.example. 3600 A 192.0.2.53']),
  'quote TXT': ok(['quote.oracle.example. 3600 TXT "say \\"hi\\""']),
  'quote2 TXT': ok(['quote2.oracle.example. 3600 TXT "fast sites, \\"happy clients\\""']),
  'backslash TXT': ok(['backslash.oracle.example. 3600 TXT "C:\\\\dir\\\\file; (note) \\\\\\""']),
  'dkim TXT': ok([`dkim.oracle.example. 3600 TXT "${DKIM.slice(0, 255)}" "${DKIM.slice(255, 510)}" "${DKIM.slice(510)}"`]),
  'utf TXT': ok(['utf.oracle.example. 3600 TXT "Gr\\195\\188\\195\\159e aus K\\195\\182ln \\226\\128\\147 \\230\\151\\165\\230\\156\\172\\232\\170\\158 \\226\\156\\147"']),
  'utf-long TXT': ok([`utf-long.oracle.example. 3600 TXT "${'\\195\\169'.repeat(127)}\\195" "\\169${'\\195\\169'.repeat(72)}"`]),
  'multi TXT': ok(['multi.oracle.example. 3600 TXT "first"', 'multi.oracle.example. 3600 TXT "second string"']),
  'exact255 TXT': ok([`exact255.oracle.example. 3600 TXT "${'x'.repeat(255)}"`]),
  'over255 TXT': ok([`over255.oracle.example. 3600 TXT "${'y'.repeat(255)}" "z"`]),
  'big TXT': ok([`big.oracle.example. 3600 TXT "one ${'a'.repeat(251)}" "${'a'.repeat(49)}"`, `big.oracle.example. 3600 TXT "two ${'b'.repeat(251)}" "${'b'.repeat(49)}"`]),
  'portal A': ok(['portal.oracle.example. 3600 CNAME shop.oracle.example.', 'shop.oracle.example. 3600 A 192.0.2.10']),
  'portal CNAME': ok(['portal.oracle.example. 3600 CNAME shop.oracle.example.']),
  'portal ANY': ok(['portal.oracle.example. 3600 CNAME shop.oracle.example.']),
  'ftp MX': ok(['ftp.oracle.example. 3600 CNAME oracle.example.', 'oracle.example. 3600 MX 10 mail.oracle.example.', 'oracle.example. 3600 MX 20 mx.elsewhere.example.net.'], MAIL),
  'legacy A': ok(['legacy.oracle.example. 3600 CNAME shop.oracle.example.', 'shop.oracle.example. 3600 A 192.0.2.10']),
  'ext A': ok(['ext.oracle.example. 3600 CNAME target.example.net.']),
  'dangling A': nxdomain(SOA, ['dangling.oracle.example. 3600 CNAME nothere.oracle.example.']),
  'chain1 A': ok(['chain1.oracle.example. 3600 CNAME chain2.oracle.example.', 'chain2.oracle.example. 3600 CNAME mail.oracle.example.', ...MAIL]),
  'chain1 TXT': { ...nodata(), answer: ['chain1.oracle.example. 3600 CNAME chain2.oracle.example.', 'chain2.oracle.example. 3600 CNAME mail.oracle.example.'] },
  'loop1 A': ok(['loop1.oracle.example. 3600 CNAME loop2.oracle.example.', 'loop2.oracle.example. 3600 CNAME loop1.oracle.example.']),
  'towild A': ok(['towild.oracle.example. 3600 CNAME q.wild.oracle.example.', 'q.wild.oracle.example. 3600 A 192.0.2.30']),
  'tosub A': { ...REFERRAL, aa: true, answer: ['tosub.oracle.example. 3600 CNAME host.sub.oracle.example.'] },
  'mail2 MX': ok(['mail2.oracle.example. 3600 MX 10 mail.oracle.example.'], MAIL),
  'nothere A': nxdomain(),
  'nothere TXT': nxdomain(),
  'b A': nodata(),
  'b ANY': nodata(),
  'z.b A': nxdomain(),
  'a.b A': ok(['a.b.oracle.example. 3600 A 192.0.2.20']),
  'x.wild A': ok(['x.wild.oracle.example. 3600 A 192.0.2.30']),
  'y.x.wild A': ok(['y.x.wild.oracle.example. 3600 A 192.0.2.30']),
  'x.wild TXT': ok(['x.wild.oracle.example. 3600 TXT "wildcard"']),
  'x.wild MX': nodata(),
  'exists.wild A': nodata(),
  'exists.wild TXT': ok(['exists.wild.oracle.example. 3600 TXT "here"']),
  'wild A': nodata(),
  '*.wild A': ok(['*.wild.oracle.example. 3600 A 192.0.2.30']),
  'a.cw A': ok(['a.cw.oracle.example. 3600 CNAME mail.oracle.example.', ...MAIL]),
  'a.cw CNAME': ok(['a.cw.oracle.example. 3600 CNAME mail.oracle.example.']),
  'a.cwloop A': ok(['a.cwloop.oracle.example. 3600 CNAME x.cwloop.oracle.example.', 'x.cwloop.oracle.example. 3600 CNAME x.cwloop.oracle.example.']),
  'sub A': REFERRAL,
  'sub NS': REFERRAL,
  'sub DS': nodata(),
  'x.sub A': REFERRAL,
  'ns.sub A': REFERRAL,
  'oracle-wild.example. A': nodata(SOA_WILD),
  'oracle-wild.example. NS': ok(['oracle-wild.example. 86400 NS ns1.hostdeck.test.']),
  'x.oracle-wild.example. A': ok(['x.oracle-wild.example. 3600 A 192.0.2.99']),
  'y.x.oracle-wild.example. MX': ok(['y.x.oracle-wild.example. 3600 MX 10 mail.oracle-wild.example.'], ['mail.oracle-wild.example. 3600 A 192.0.2.98']),
  'mail.oracle-wild.example. MX': nodata(SOA_WILD),
  'b.oracle-wild.example. A': nodata(SOA_WILD),
  'z.b.oracle-wild.example. A': nxdomain(SOA_WILD),
  'txt.oracle-wild.example. A': nodata(SOA_WILD),
  'elsewhere.invalid. A': { rcode: 'REFUSED', aa: false, answer: [], authority: [], additional: [] },
};

describe('answerQuestion: the shared questions, answered as Knot answers them', () => {
  it('has an expected answer for every shared question', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(DNS_QUESTIONS.map(([n, t]) => `${n} ${t}`).sort());
  });

  it.each(DNS_QUESTIONS)('%s %s', (name, type) => {
    expect(ask(name, type as keyof typeof RR_TYPE)).toEqual(EXPECTED[`${name} ${type}`]);
  });
});

describe('record data for the wire', () => {
  it('cuts TXT text every 255 bytes of its UTF-8, adding no quotes or escapes', () => {
    expect(txtStrings('say "hi"')).toEqual([Buffer.from('say "hi"')]);
    expect(txtStrings('')).toEqual([Buffer.alloc(0)]);
    const cut = txtStrings(UTF8_LONG);
    expect(cut.map((s) => s.length)).toEqual([255, 145]);
    expect(Buffer.concat(cut).toString('utf8')).toBe(UTF8_LONG);
    expect(txtStrings('x'.repeat(510)).map((s) => s.length)).toEqual([255, 255]);
  });

  it('makes stored host names absolute: dotted names as they are, a single label within the zone', () => {
    expect(targetName('mail.example.net', 'oracle.example')).toBe('mail.example.net.');
    expect(targetName('Mail.Example.NET.', 'oracle.example')).toBe('mail.example.net.');
    expect(targetName('shop', 'oracle.example')).toBe('shop.oracle.example.');
  });

  it("writes the SOA's email as a mailbox name, a dotted local part as one label", () => {
    expect(mailboxName('hostmaster.example.com')).toBe('hostmaster.example.com.');
    expect(mailboxName('john.doe@example.com')).toBe('john\\.doe.example.com.');
    expect(labelsOf('john\\.doe.example.com.').map((l) => l.toString())).toEqual(['john.doe', 'example', 'com']);
  });

  it('does not follow a CNAME at the apex, where the SOA and NS are', () => {
    const zone: ZoneData = { ...ORACLE, records: [...ORACLE.records, { type: 'CNAME', name: '', value: 'elsewhere.example.net', ttl: 3600 }] };
    const index = indexZone(zone);
    expect(answerQuestion(index, 'oracle.example', RR_TYPE.SOA).answer.map(text)).toEqual([SOA]);
    expect(answerQuestion(index, 'oracle.example', RR_TYPE.CNAME).answer.map(text)).toEqual(['oracle.example. 3600 CNAME elsewhere.example.net.']);
  });

  it('leaves out rows no record form would have kept, rather than answering them malformed', () => {
    const zone: ZoneData = {
      ...ORACLE,
      records: [
        { type: 'A', name: 'bad', value: '999.1.1.1', ttl: 3600 },
        { type: 'MX', name: 'bad', value: 'mail', ttl: 3600 },
        { type: 'SRV', name: 'bad', value: '0 0 1 x', ttl: 3600 },
      ],
    };
    expect(answerQuestion(indexZone(zone), 'bad.oracle.example', RR_TYPE.A)).toMatchObject({ rcode: 'NXDOMAIN' });
  });
});

describe('encodeResponse', () => {
  const index = indexZone(ORACLE);
  const message = (qname: string, qtype: number, over: Partial<ResponseMessage> = {}): ResponseMessage => {
    const a = answerQuestion(index, qname, qtype);
    return {
      id: 4242,
      opcode: 0,
      rd: true,
      aa: a.authoritative,
      rcode: a.rcode === 'NXDOMAIN' ? RCODE.NXDOMAIN : RCODE.NOERROR,
      question: { labels: labelsOf(`${qname}.`), type: qtype, class: 1 },
      answer: a.answer,
      authority: a.authority,
      additional: a.additional,
      edns: null,
      ...over,
    };
  };

  it('writes TXT character-strings byte for byte, as a DNS client reads them back', () => {
    const packet = dns2.Packet.parse(encodeResponse(message('quote2.oracle.example', RR_TYPE.TXT), 512));
    expect(packet.header).toMatchObject({ id: 4242, qr: 1, aa: 1, tc: 0, rd: 1, ra: 0, rcode: 0 });
    expect(packet.answers[0]!.data).toEqual(['fast sites, "happy clients"']);
    const dkim = dns2.Packet.parse(encodeResponse(message('dkim.oracle.example', RR_TYPE.TXT), 0xffff));
    expect((dkim.answers[0]!.data as string[]).join('')).toBe(DKIM);
  });

  it('compresses names, and reads back the SOA and MX names absolute', () => {
    const wire = encodeResponse(message('oracle.example', RR_TYPE.MX), 512);
    const packet = dns2.Packet.parse(wire);
    expect(packet.answers.map((r) => `${r.priority} ${r.exchange}`)).toEqual(['10 mail.oracle.example', '20 mx.elsewhere.example.net']);
    expect(packet.additionals.map((r) => r.address)).toEqual(['192.0.2.2', '192.0.2.3']);
    // The zone's name is written once; every later occurrence points at it.
    expect(wire.toString('latin1').split('oracle\x07example').length - 1).toBe(1);
    const negative = dns2.Packet.parse(encodeResponse(message('nothere.oracle.example', RR_TYPE.A), 512));
    expect(negative.header.rcode).toBe(RCODE.NXDOMAIN);
    expect(negative.authorities[0]).toMatchObject({ primary: 'ns1.hostdeck.test', admin: 'hostmaster.oracle.example', minimum: 3600, ttl: 3600 });
  });

  it('drops the additional section first, then truncates to the question with TC, to fit UDP', () => {
    const mx = message('oracle.example', RR_TYPE.MX);
    const whole = encodeResponse(mx, 512).length;
    expect(dns2.Packet.parse(encodeResponse(mx, whole - 1))).toMatchObject({ header: { tc: 0 }, additionals: [] });
    const big = dns2.Packet.parse(encodeResponse(message('big.oracle.example', RR_TYPE.TXT), 512));
    expect(big.header).toMatchObject({ tc: 1, qdcount: 1, ancount: 0 });
    expect(big.questions[0]).toMatchObject({ name: 'big.oracle.example', type: RR_TYPE.TXT });
  });

  it('answers EDNS with an OPT record, carrying the upper bits of an extended rcode', () => {
    const packet = dns2.Packet.parse(
      encodeResponse(message('oracle.example', RR_TYPE.A, { answer: [], authority: [], additional: [], rcode: RCODE.BADVERS, edns: { udpSize: 1232 } }), 512),
    );
    expect(packet.additionals).toHaveLength(1);
    expect(packet.additionals[0]).toMatchObject({ type: 41, class: 1232, version: 0 });
    expect(packet.header.rcode).toBe(RCODE.BADVERS);
  });
});
