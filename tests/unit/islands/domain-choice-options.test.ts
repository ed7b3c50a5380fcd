import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HostingAccountOptions } from '../../../src/islands/domains/HostingAccountOptions';
import { IpAddressOptions } from '../../../src/islands/domains/IpAddressOptions';

/** The <option>s as HTML, without React's markers between text parts. */
const options = (children: ReactNode) => renderToString(createElement('select', { value: '', onChange: () => undefined }, children)).replaceAll('<!-- -->', '');

describe('HostingAccountOptions', () => {
  it('offers ACTIVE accounts and shows the others with their status, disabled', () => {
    const html = options(
      createElement(HostingAccountOptions, {
        accounts: [
          { guid: 'a1', name: 'Main Shared Hosting', status: 'ACTIVE' },
          { guid: 'a2', name: 'Old Reseller', status: 'SUSPENDED' },
        ],
      }),
    );
    expect(html).toContain('<option value="a1">Main Shared Hosting</option>');
    expect(html).toContain('<option value="a2" disabled="">Old Reseller (suspended)</option>');
  });
});

describe('IpAddressOptions', () => {
  const ip = (guid: string, domain_count: number) => ({
    guid,
    ip_address: `192.0.2.${domain_count}`,
    country_code: 'EE',
    city: 'Tallinn',
    ip_address_type: 'SHARED' as const,
    domain_count,
    domains_allowed: 2,
  });

  it('disables addresses with no free website slot, except the one the domain is on', () => {
    const html = options(createElement(IpAddressOptions, { ips: [ip('free', 1), ip('full', 2), ip('mine', 3)], current: 'mine' }));
    expect(html).toContain('<option value="free">🇪🇪 192.0.2.1 (Tallinn, shared) 1/2</option>');
    expect(html).toContain('<option value="full" disabled="">🇪🇪 192.0.2.2 (Tallinn, shared) 2/2 - full</option>');
    expect(html).toContain('<option value="mine">🇪🇪 192.0.2.3 (Tallinn, shared) 3/2</option>');
  });
});
