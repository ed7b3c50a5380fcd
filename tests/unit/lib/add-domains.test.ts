import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  DOMAIN_EMPTY,
  DOMAIN_INVALID,
  DOMAIN_WITH_SCHEME,
  addDomainsSchema,
  applyRowRules,
  domainNameSchema,
  domainsOfText,
  parseImportLines,
} from '../../../src/lib/schemas/add-domains';

const messageOf = (value: unknown) => {
  const r = z.safeParse(domainNameSchema, value);
  return r.success ? r.data : r.error.issues[0]!.message;
};

describe('domain names (spec part 2, 5)', () => {
  it('are trimmed and lowercased, and refused with the spec sentences', () => {
    expect(messageOf('  Example.COM ')).toBe('example.com');
    expect(messageOf('')).toBe(DOMAIN_EMPTY);
    expect(messageOf('https://example.com')).toBe(DOMAIN_WITH_SCHEME);
    expect(messageOf('HTTP://example.com')).toBe(DOMAIN_WITH_SCHEME);
    expect(messageOf('example')).toBe(DOMAIN_INVALID);
    expect(messageOf('exa mple.com')).toBe(DOMAIN_INVALID);
    expect(messageOf('-bad.com')).toBe(DOMAIN_INVALID);
    expect(messageOf('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
  });

  it('a body is a list of at least one domain', () => {
    expect(z.safeParse(addDomainsSchema, { domains: [] }).error?.issues[0]?.message).toBe('Add at least one domain.');
  });
});

describe('the wizard rules (spec part 2, 4.6)', () => {
  const row = {
    install_lets_encrypt: false,
    redirect_to_https: false,
    install_software: null as string | null,
    software_protocol: null as string | null,
    software_preset: null as string | null,
  };
  it('tie SSL, redirect, software and protocol together', () => {
    expect(applyRowRules({ ...row, redirect_to_https: true }, false).redirect_to_https).toBe(false);
    expect(applyRowRules({ ...row, install_software: 'WORDPRESS' }, false)).toMatchObject({ software_protocol: 'https://', install_lets_encrypt: true });
    expect(applyRowRules({ ...row, install_software: 'WORDPRESS', software_protocol: 'http://www.', install_lets_encrypt: true }, false).software_protocol).toBe('https://www.');
    expect(applyRowRules({ ...row, install_software: 'WORDPRESS', software_protocol: 'http://' }, false)).toMatchObject({
      software_protocol: 'http://',
      install_lets_encrypt: false,
    });
    expect(applyRowRules({ ...row, install_software: 'WORDPRESS', software_preset: 'x' }, true)).toMatchObject({
      install_software: null,
      software_protocol: null,
      software_preset: null,
    });
  });
});

describe('the import text (spec part 2, 5 "Import line format")', () => {
  it('reads every column, skips blank and repeated lines, and names each bad line', () => {
    const text = [
      'one.example, 5.0.0.1, true, 1, wordpress, https://www., 0a1b2c3d-0000-4000-8000-000000000001',
      '',
      'two.example',
      'One.example',
      'https://three.example',
      'four.example, 999.1.1.1',
      'five.example, , maybe',
      'six.example, , 0, 1, joomla',
    ].join('\n');
    const { rows, errors } = parseImportLines(text);
    expect(rows).toEqual([
      {
        line: 1,
        domain: 'one.example',
        ip: '5.0.0.1',
        ssl: true,
        redirectToHttps: true,
        software: 'WORDPRESS',
        protocol: 'https://www.',
        preset: '0a1b2c3d-0000-4000-8000-000000000001',
      },
      { line: 3, domain: 'two.example', ip: null, ssl: false, redirectToHttps: false, software: null, protocol: null, preset: null },
    ]);
    expect(errors).toEqual([
      { line: 5, message: DOMAIN_WITH_SCHEME },
      { line: 6, message: '999.1.1.1 is not an IPv4 address.' },
      { line: 7, message: 'SSL must be true, 1, false or 0.' },
      { line: 8, message: 'Only WORDPRESS can be installed here.' },
    ]);
  });

  it('honours redirect to https only with SSL on', () => {
    expect(parseImportLines('a.example, , 0, 1').rows[0]!.redirectToHttps).toBe(false);
  });

  it('splits the one-domain-a-row text', () => {
    expect(domainsOfText('A.example\n\n a.example \nb.example, c.example')).toEqual(['a.example', 'b.example', 'c.example']);
  });
});
