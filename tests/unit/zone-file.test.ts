import { describe, expect, it } from 'vitest';
import { lex } from '../../src/lib/dns/zone-file/lexer';
import { nameText } from '../../src/lib/dns/zone-file/names';
import { rdataText } from '../../src/lib/dns/zone-file/rdata';
import { readZoneFile } from '../../src/lib/dns/zone-file/reader';
import { stringsOfValue, valueOfStrings } from '../../src/lib/dns/zone-file/text-values';

/** The records read, one line each as BIND prints them: owner, TTL, type, data. */
const read = (text: string, origin = 'example.com') => {
  const reading = readZoneFile(text, origin);
  return { ...reading, lines: reading.records.map((r) => `${nameText(r.owner)} ${r.ttl} ${r.type} ${rdataText(r.rdata)}`) };
};
const problems = (text: string) => readZoneFile(text, 'example.com').problems.map((p) => [p.line, p.kind, p.message]);

describe('the zone file reader: TTLs (RFC 1035, 5.1; RFC 2308, 4; as BIND reads them)', () => {
  it('gives a record without a TTL the $TTL before it (issue 31, 1)', () => {
    expect(read('$ORIGIN example.com.\n$TTL 7200\n@ IN A 1.2.3.4\nwww 300 IN A 1.2.3.5\n').lines).toEqual(['example.com. 7200 A 1.2.3.4', 'www.example.com. 300 A 1.2.3.5']);
  });

  it('reads TTLs with units, in either case and combined', () => {
    expect(read('$TTL 1d\na 1h30m A 192.0.2.1\nb 2W A 192.0.2.2\nc A 192.0.2.3\n').records.map((r) => r.ttl)).toEqual([5400, 1209600, 86400]);
  });

  it("without $TTL, takes the TTL of the record before, or the SOA's minimum when the SOA has none", () => {
    expect(read('@ 3600 IN SOA ns. h. 1 2 3 4 300\nwww A 192.0.2.1\n').records.map((r) => r.ttl)).toEqual([3600, 3600]);
    expect(read('@ IN SOA ns. h. 1 2 3 4 300\nwww 60 A 192.0.2.1\nftp A 192.0.2.2\n').records.map((r) => r.ttl)).toEqual([300, 60, 300]);
  });

  it('refuses a record whose TTL nothing gives, reads a TTL above 2^31 - 1 as 0, and gives a record set its first TTL', () => {
    expect(problems('www IN A 192.0.2.1\n')).toEqual([[1, 'syntax', 'This record has no TTL, and no $TTL line or record before it gives one.']]);
    expect(read('$TTL 60\nwww 2147483648 A 192.0.2.1\n').records[0]!.ttl).toBe(0);
    expect(read('$TTL 60\nwww 100 A 192.0.2.1\nwww 200 A 192.0.2.2\n').records.map((r) => r.ttl)).toEqual([100, 100]);
  });
});

describe('the zone file reader: names', () => {
  it('completes relative names with $ORIGIN, in owners and in data (issue 31, 2)', () => {
    expect(read('$ORIGIN d.com.\n$TTL 60\nportal IN CNAME shop\n@ IN MX 10 mail\nwww CNAME @\n', 'd.com').lines).toEqual([
      'portal.d.com. 60 CNAME shop.d.com.',
      'd.com. 60 MX 10 mail.d.com.',
      'www.d.com. 60 CNAME d.com.',
    ]);
  });

  it('follows $ORIGIN as it changes, a relative one completed with the one before', () => {
    expect(read('$TTL 60\n$ORIGIN eu\nwww A 192.0.2.1\n$ORIGIN west\n@ A 192.0.2.2\n$ORIGIN example.com.\nus A 192.0.2.3\n').lines).toEqual([
      'www.eu.example.com. 60 A 192.0.2.1',
      'west.eu.example.com. 60 A 192.0.2.2',
      'us.example.com. 60 A 192.0.2.3',
    ]);
  });

  it('gives a line that starts with a blank the owner of the record before it, across $ORIGIN', () => {
    expect(read('$TTL 60\nmail A 192.0.2.1\n\tMX 10 mail\n$ORIGIN sub.example.com.\n  TXT "x"\n').lines).toEqual([
      'mail.example.com. 60 A 192.0.2.1',
      'mail.example.com. 60 MX 10 mail.example.com.',
      'mail.example.com. 60 TXT "x"',
    ]);
    expect(problems(' A 192.0.2.1\n')).toEqual([[1, 'syntax', 'This line starts with a blank, so it takes the name of the record before it, and there is none.']]);
  });

  it('reads escapes in names, and refuses empty and long labels', () => {
    expect(read('$TTL 60\na\\.b A 192.0.2.1\nc\\065\\032d A 192.0.2.2\n').lines).toEqual(['a\\.b.example.com. 60 A 192.0.2.1', 'cA\\032d.example.com. 60 A 192.0.2.2']);
    expect(problems('$TTL 60\nwww..shop A 192.0.2.1\n')).toEqual([
      [2, 'record', 'www..shop is not a valid name: two dots in a row (or a dot at its start) leave a part of it empty.'],
    ]);
    expect(problems(`$TTL 60\n${'a'.repeat(64)} A 192.0.2.1\n`)[0]![2]).toMatch(/at most 63 characters/);
  });

  it('leaves out records outside the zone, and names them', () => {
    const reading = read('$TTL 60\nwww A 192.0.2.1\nwww.example.org. A 192.0.2.2\n');
    expect(reading.lines).toEqual(['www.example.com. 60 A 192.0.2.1']);
    expect(reading.outside.map((o) => [o.line, nameText(o.owner)])).toEqual([[3, 'www.example.org.']]);
  });
});

describe('the zone file reader: the words of a line', () => {
  it('reads an entry across lines in parentheses, nested or empty, with comments inside', () => {
    expect(read('$TTL 60\n@ IN SOA ns.example.net. h.example.net. ( 1 ; serial\n ( 2 3 ) ; timers\n 4 5 ) ; done\nwww ( ) A ( 192.0.2.1 )\n').lines).toEqual([
      'example.com. 60 SOA ns.example.net. h.example.net. 1 2 3 4 5',
      'www.example.com. 60 A 192.0.2.1',
    ]);
  });

  it('takes TTL and class in either order, and types and classes in any case', () => {
    expect(read('a IN 300 A 192.0.2.1\nb 300 in a 192.0.2.2\nc CLASS1 TYPE1 192.0.2.3\n').lines).toEqual([
      'a.example.com. 300 A 192.0.2.1',
      'b.example.com. 300 A 192.0.2.2',
      'c.example.com. 300 A 192.0.2.3',
    ]);
  });

  it('ends a comment at the line end, but not inside quotes', () => {
    expect(read('$TTL 60 ; a comment\nt TXT "a; b" ; c\nu TXT a\\;b\n').lines).toEqual(['t.example.com. 60 TXT "a; b"', 'u.example.com. 60 TXT "a;b"']);
  });

  it('splits words at quotes and parentheses, and reads CR LF line ends', () => {
    expect(lex('t TXT ab"cd"ef\r\n').entries[0]!.tokens.map((t) => [t.text, t.quoted])).toEqual([
      ['t', false],
      ['TXT', false],
      ['ab', false],
      ['cd', true],
      ['ef', false],
    ]);
  });
});

describe('the zone file reader: TXT values (issue 31, 3)', () => {
  it('keeps escaped quotes and backslashes, and reads \\DDD as an octet', () => {
    const reading = readZoneFile('$TTL 60\nhi TXT "say \\"hi\\""\nslogan TXT "fast sites, \\"happy clients\\""\np TXT "C:\\\\sites \\065 caf\\195\\169"\n', 'example.com');
    expect(reading.records.map((r) => (r.rdata.kind === 'TXT' ? valueOfStrings(r.rdata.strings) : null))).toEqual([
      { value: 'say "hi"' },
      { value: 'fast sites, "happy clients"' },
      { value: 'C:\\sites A café' },
    ]);
  });

  it('reads several strings on a line, and a DKIM key in parentheses across lines, as their concatenation', () => {
    const reading = readZoneFile('$TTL 60\ntwo TXT "a" "b"\nk TXT ( "v=DKIM1; k=rsa; "\n  "p=MIIB"\n  "IjAN" )\n', 'example.com');
    expect(reading.records.map((r) => (r.rdata.kind === 'TXT' ? r.rdata.strings.length : 0))).toEqual([2, 3]);
    expect(reading.records.map((r) => (r.rdata.kind === 'TXT' ? valueOfStrings(r.rdata.strings) : null))).toEqual([{ value: 'ab' }, { value: 'v=DKIM1; k=rsa; p=MIIBIjAN' }]);
  });

  it('refuses a string longer than 255 octets, and a value no text row can hold', () => {
    expect(problems(`$TTL 60\nt TXT "${'x'.repeat(256)}"\n`)).toEqual([
      [2, 'record', 'A quoted text can be at most 255 characters long: split a longer text into several quoted parts.'],
    ]);
    expect(valueOfStrings([Uint8Array.of(0xff)])).toEqual({ problem: 'The text of this TXT record is not UTF-8 text, which is all a TXT value here can hold.' });
    expect(valueOfStrings([new TextEncoder().encode('a\nb')])).toEqual({ problem: 'The text of this TXT record holds a line break, which a TXT value here cannot hold.' });
  });

  it('cuts a value into strings of at most 255 octets of its UTF-8, and joins them back', () => {
    const value = `${'é'.repeat(200)}${'x'.repeat(100)}`;
    const strings = stringsOfValue(value);
    expect(strings.map((s) => s.length)).toEqual([255, 245]);
    expect(valueOfStrings(strings)).toEqual({ value });
    expect(stringsOfValue('')).toEqual([new Uint8Array()]);
  });
});

describe('the zone file reader: what is not a zone file (issue 31, 4)', () => {
  it('names a parenthesis never closed at the line it opens on, and stops there', () => {
    expect(problems('$TTL 60\n@ IN SOA ns. h. (\n 1 2 3 4 5\nwww A 192.0.2.1\n')).toEqual([
      [2, 'syntax', 'The parenthesis opened on this line is never closed, so the file cannot be read past it.'],
    ]);
  });

  it('names a closing parenthesis without an opening one, and a quote not closed on its line', () => {
    expect(problems('$TTL 60\nwww A 192.0.2.1 )\nt TXT "open\nok A 192.0.2.2\n')).toEqual([
      [2, 'syntax', 'A closing parenthesis here has no opening one.'],
      [3, 'syntax', 'A quoted text starts on this line and is not closed on it.'],
    ]);
  });

  it('names lines that are no records, and directives it does not read', () => {
    expect(problems('Dear support,\n\nThanks!\n$INCLUDE other.zone\n$GENERATE 1-5 host$ A 192.0.2.$\n$FOO 1\n')).toEqual([
      [1, 'syntax', 'support, is not a record type, so this line is no record.'],
      [3, 'syntax', 'This line has no record type, so it is no record.'],
      [4, 'syntax', '$INCLUDE reads another file, which cannot be done here: put the records of that file in its place.'],
      [5, 'syntax', '$GENERATE is not read here: write out the records it would make.'],
      [6, 'syntax', '$FOO is not a directive of a zone file: the directives are $ORIGIN, $TTL and $INCLUDE.'],
    ]);
  });
});

describe('the zone file reader: line numbers (issue 31, 5)', () => {
  it('names the line a record starts on, not a line that merely holds its value', () => {
    expect(problems('$TTL 60\n; 999.1.1.1 in a comment\nt TXT "999.1.1.1"\nb A (\n  999.1.1.1 )\nc A 999.1.1.1\n').map((p) => p[0])).toEqual([4, 6]);
  });

  it('counts lines inside quoted texts that hold an escaped line break', () => {
    expect(problems('$TTL 60\nt TXT "a\\\nb"\nbad A 1.2.3\n').map((p) => p[0])).toEqual([4]);
  });
});

describe('the zone file reader: zone data rules BIND applies while loading', () => {
  it('refuses a CNAME beside other data, a second CNAME or SOA, an SOA below the apex, and NS at a wildcard', () => {
    expect(problems('$TTL 60\nwww A 192.0.2.1\nwww CNAME a.example.net.\n')).toEqual([
      [3, 'record', 'www.example.com. has a CNAME record and other records: a CNAME stands alone at its name.'],
    ]);
    expect(problems('$TTL 60\nwww CNAME a.example.net.\nwww CNAME b.example.net.\n')).toEqual([
      [3, 'record', 'This is a second CNAME record for www.example.com.: a name can have only one.'],
    ]);
    expect(problems('$TTL 60\n@ SOA a. b. 1 2 3 4 5\n@ SOA c. d. 1 2 3 4 5\nsub SOA a. b. 1 2 3 4 5\n*  NS ns.example.net.\n').map((p) => p[0])).toEqual([3, 4, 5]);
  });

  it('keeps one of two records that differ only in the case of their names', () => {
    expect(read('$TTL 60\n@ NS ns1.example.net.\n@ NS NS1.EXAMPLE.NET.\nwww A 192.0.2.1\nWWW A 192.0.2.1\n').lines).toEqual([
      'example.com. 60 NS ns1.example.net.',
      'www.example.com. 60 A 192.0.2.1',
    ]);
  });

  it('refuses classes other than IN and types of questions', () => {
    expect(problems('$TTL 60\nv CH TXT "9"\nw IN ANY 192.0.2.1\n').map((p) => p[2])).toEqual([
      'This record is of class CH: a zone of the Internet holds IN records only.',
      'ANY is a type of question, not of data: a zone cannot hold it.',
    ]);
  });
});

describe('the zone file reader: data of other types', () => {
  it('prints AAAA addresses as BIND does', () => {
    expect(read('$TTL 60\na AAAA 2001:DB8:0:0:0:0:0:1\nb AAAA ::ffff:192.0.2.1\nc AAAA 2001:db8:0:0:1:0:0:1\nd AAAA ::\n').records.map((r) => rdataText(r.rdata))).toEqual([
      '2001:db8::1',
      '::ffff:192.0.2.1',
      '2001:db8::1:0:0:1',
      '::',
    ]);
  });

  it('reads RFC 3597 data into the type it names, and keeps unknown types as octets', () => {
    expect(read('$TTL 60\na A \\# 4 C0000201\nt TXT \\# 6 0568656c6c6f\nx TYPE65280 \\# 2 ABCD\n').lines).toEqual([
      'a.example.com. 60 A 192.0.2.1',
      't.example.com. 60 TXT "hello"',
      'x.example.com. 60 TYPE65280 \\# 2 ABCD',
    ]);
    expect(problems('$TTL 60\na A \\# 5 C0000201\n')).toEqual([[2, 'record', 'The data after \\# is 4 octets long, not 5 as written.']]);
  });

  it('reads SRV and CAA, and keeps types it does not read as written', () => {
    expect(read('$TTL 60\n_sip._tcp SRV 10 60 5060 sip\n@ CAA 0 issue "letsencrypt.org"\nh HINFO "PC" "Linux"\n').lines).toEqual([
      '_sip._tcp.example.com. 60 SRV 10 60 5060 sip.example.com.',
      'example.com. 60 CAA 0 issue "letsencrypt.org"',
      'h.example.com. 60 HINFO "PC" "Linux"',
    ]);
  });
});
