import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailAddressesTab } from '../../../src/islands/domains/extras/EmailAddressesTab';
import { SubdomainsTab } from '../../../src/islands/domains/extras/SubdomainsTab';
import type { EmailForwarder } from '../../../src/lib/api/domain-extras';
import type { Domain } from '../../../src/lib/api/domains';
import { forwardersList, subdomainsList } from '../../../src/stores/domain-extras';

const DOMAIN = '00000000-0000-4000-8000-000000000001';
const page = <T>(data: T[]) => ({ data, page: 1, per_page: 25, total: data.length });

describe('the Subdomains tab', () => {
  it('lists name, status, hosting type and creation with Manage, and Reload', () => {
    // Only the columns the tab shows matter here; the rest of a Domain answer is left out.
    const sub = {
      guid: '00000000-0000-4000-8000-000000000002',
      domain: 'blog.example.com',
      status: 'PENDING',
      hosting_type: 'SUBDOMAIN',
      date_created: '2026-11-20T10:00:00.000Z',
    } as Domain;
    subdomainsList.$list.set({ loading: false, page: 1, perPage: 25, filters: { domain: DOMAIN }, answer: page([sub]) });
    const html = renderToString(createElement(SubdomainsTab, { domain: DOMAIN }));
    for (const text of ['blog.example.com', 'Pending', 'Subdomain', '2026/11/20 10:00:00', 'Manage', 'Reload']) expect(html).toContain(text);
  });
});

describe('the Email Addresses tab', () => {
  it('shows each forwarder as address@domain, the catch-all marked', () => {
    const forwarder: EmailForwarder = {
      guid: '00000000-0000-4000-8000-000000000003',
      address: '*',
      email_address: '*@example.com',
      email_type: 'FORWARDER',
      forward_address: 'owner@elsewhere.example',
      is_catchall: true,
      date_created: '2026-11-20T10:00:00.000Z',
      status: 'ACTIVE',
    };
    forwardersList.$list.set({ loading: false, page: 1, perPage: 25, filters: { domain: DOMAIN }, answer: page([forwarder]) });
    const html = renderToString(createElement(EmailAddressesTab, { domain: DOMAIN }));
    for (const text of ['*@example.com (catch-all)', 'owner@elsewhere.example', 'FORWARDER', 'Active', 'Forwards to']) expect(html).toContain(text);
  });
});
