import { describe, expect, it } from 'vitest';
import { createExportWriter } from '../../../src/server/services/export-writer';

// The streamed export's text, chunk by chunk (domains and IP addresses).
const labels = { domain: 'Domain', ip: 'IP address' };
const fields = ['domain', 'ip'] as const;

describe('createExportWriter', () => {
  it('writes the CSV header once, before the first chunk', () => {
    const write = createExportWriter('CSV', fields, labels);
    const text = write([['a.example', '192.0.2.1']], false) + write([['b.example', null]], true);
    expect(text).toBe('Domain,IP address\na.example,192.0.2.1\nb.example,\n');
  });

  it('writes one JSON array across chunks, closed by the last', () => {
    const write = createExportWriter('JSON', fields, labels);
    const text = write([['a.example', '192.0.2.1']], false) + write([], false) + write([['b.example', null]], true);
    expect(JSON.parse(text)).toEqual([
      { domain: 'a.example', ip: '192.0.2.1' },
      { domain: 'b.example', ip: null },
    ]);
  });

  it('writes an empty array or a lone header for nothing', () => {
    expect(createExportWriter('JSON', fields, labels)([], true)).toBe('[]\n');
    expect(createExportWriter('CSV', fields, labels)([], true)).toBe('Domain,IP address\n');
  });
});
