import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZoneFile } from '../../src/lib/dns/zone-file/reader';
import { previewImport, zoneFileOf } from '../../src/server/services/zone-file';
import type { ZoneSnapshot } from '../../src/server/db/schema/index';

const soa = { nameserver: 'ns1.hostdeck.test', email: 'hostmaster.example.com', serial: 2024010101, refresh: 86400, retry: 7200, expiry: 3600000, ttl: 3600 };
const zone = (records: ZoneSnapshot['records']): ZoneSnapshot => ({ soa, records });

describe('the zone file writer (the export)', () => {
  it('writes $ORIGIN, $TTL, the SOA one number a line, owners relative and names in data absolute', () => {
    const file = zoneFileOf(
      'example.com',
      zone([
        { type: 'NS', name: '', value: 'ns1.hostdeck.test', ttl: 86400 },
        { type: 'A', name: 'shop', value: '203.0.113.7', ttl: 3600 },
        { type: 'MX', name: '', value: '10 mail.example.com', ttl: 3600 },
        { type: 'CNAME', name: 'www', value: 'example.com', ttl: 3600 },
        { type: 'CNAME', name: 'store', value: 'shop', ttl: 3600 },
      ]),
    );
    expect(file).toBe(
      [
        '$ORIGIN example.com.',
        '$TTL 3600',
        '@\tIN\tSOA\tns1.hostdeck.test. hostmaster.example.com. (',
        '\t\t\t2024010101\t; serial',
        '\t\t\t86400\t; refresh',
        '\t\t\t7200\t; retry',
        '\t\t\t3600000\t; expire',
        '\t\t\t3600\t; minimum',
        '\t\t\t)',
        '@\t86400\tIN\tNS\tns1.hostdeck.test.',
        'shop\t3600\tIN\tA\t203.0.113.7',
        '@\t3600\tIN\tMX\t10 mail.example.com.',
        'www\t3600\tIN\tCNAME\texample.com.',
        // A single label is a host of the zone, as the DNS server answers it.
        'store\t3600\tIN\tCNAME\tshop.example.com.',
        '',
      ].join('\n'),
    );
  });

  it('writes a TXT value escaped as BIND does, cut into strings of at most 255 octets (issue 31, 3)', () => {
    const value = `v=DKIM1; k=rsa; p=${'A'.repeat(300)}`;
    const file = zoneFileOf(
      'example.com',
      zone([
        { type: 'TXT', name: 'hi', value: 'say "hi" \\ café', ttl: 3600 },
        { type: 'TXT', name: 'mail._domainkey', value, ttl: 3600 },
      ]),
    );
    expect(file).toContain('hi\t3600\tIN\tTXT\t"say \\"hi\\" \\\\ caf\\195\\169"\n');
    expect(file).toContain(`mail._domainkey\t3600\tIN\tTXT\t( "v=DKIM1; k=rsa; p=${'A'.repeat(237)}"\n\t\t\t"${'A'.repeat(63)}" )\n`);
  });

  it('writes an SOA mailbox given as an email address as the name it stands for', () => {
    expect(zoneFileOf('example.com', { soa: { ...soa, email: 'host.master@example.com' }, records: [] })).toContain('SOA\tns1.hostdeck.test. host\\.master.example.com. (');
  });

  it('names a stored record no zone file can hold instead of writing it', () => {
    const file = zoneFileOf('example.com', zone([{ type: 'A', name: 'a..b', value: '192.0.2.1', ttl: 3600 }]));
    expect(file).toContain('; Left out (not a valid record): A a..b 192.0.2.1\n');
    expect(readZoneFile(file, 'example.com').problems).toEqual([]);
  });

  it('writes every zone the panel can hold so that the import reads it back unchanged', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
    const name = fc.oneof(
      fc.constant(''),
      label,
      fc.tuple(label, label).map(([a, b]) => `${a}.${b}`),
      label.map((l) => `_${l}`),
    );
    const host = fc.tuple(label, label).map(([a, b]) => `${a}.${b}.test`);
    const ttl = fc.integer({ min: 3600, max: 592200 });
    const text = fc
      .string({ unit: fc.oneof(fc.constantFrom('"', '\\', ';', '(', ')', ' ', '\t', 'é', '€', '😀'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), maxLength: 600 })
      .filter((v) => !/[\r\n]/.test(v) && v.length <= 2048);
    const record = fc.oneof(
      fc.record({ type: fc.constant('A'), name, value: fc.ipV4(), ttl }),
      fc.record({ type: fc.constant('CNAME'), name: label, value: host, ttl }),
      fc.record({ type: fc.constant('MX'), name, value: fc.tuple(fc.integer({ min: 0, max: 65535 }), host).map(([p, h]) => `${p} ${h}`), ttl }),
      fc.record({ type: fc.constant('TXT'), name, value: text, ttl }),
      fc.record({ type: fc.constant('NS'), name: fc.constant(''), value: host, ttl }),
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 12 }), (records) => {
        // As the panel keeps them: one TTL a record set, each record once, a CNAME alone at its name.
        const sets = new Map<string, number>();
        const seen = new Set<string>();
        const cnames = new Set(records.filter((r) => r.type === 'CNAME').map((r) => r.name));
        const kept = records
          .filter((r) => (r.type === 'CNAME' ? !seen.has(`CNAME ${r.name}`) : !cnames.has(r.name)))
          .map((r) => {
            const set = `${r.type} ${r.name}`;
            if (!sets.has(set)) sets.set(set, r.ttl);
            return { ...r, ttl: sets.get(set)! };
          })
          .filter((r) => {
            const key = r.type === 'CNAME' ? `CNAME ${r.name}` : `${r.type} ${r.name} ${r.type === 'TXT' ? r.value : r.value.toLowerCase()}`;
            return !seen.has(key) && Boolean(seen.add(key));
          });
        const snapshot = zone(kept);
        const preview = previewImport('example.com', zoneFileOf('example.com', snapshot), snapshot);
        expect('unreadable' in preview ? preview.unreadable : preview.errors).toEqual([]);
        if (!('unreadable' in preview)) expect([preview.added, preview.removed]).toEqual([[], []]);
      }),
      { numRuns: 200 },
    );
  });
});
