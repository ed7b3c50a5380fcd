import { describe, expect, it } from 'vitest';
import { activeMenuKey, buildMenu, canOpen, matchScreen, screenAt } from '../../../src/lib/rules/routes';
import { ALL_SCOPES, PRESETS, SCOPE_GROUPS } from '../../../src/lib/rules/scopes';

const owner = { permissions: ALL_SCOPES, isCustomer: false };
const customer = { permissions: PRESETS.CUSTOMER, isCustomer: true };
const noBilling = { permissions: PRESETS.STAFF.filter((s) => !(SCOPE_GROUPS.billing as readonly string[]).includes(s)), isCustomer: false };

describe('matchScreen', () => {
  it('matches fixed segments before parameters, whatever the order of the table', () => {
    expect(matchScreen('/firewall/add')?.id).toBe('firewallAddRule');
    expect(matchScreen('/firewall/policies')?.id).toBe('firewallTab');
    expect(matchScreen('/billing/orders/10001')).toMatchObject({ id: 'billingOrder', params: { id: '10001' } });
    // /account/{tab}/{key} is declared before it: the fixed second segment still wins.
    expect(matchScreen('/account/select-company/abc')).toMatchObject({ id: 'selectCompany', screen: { scopes: ['can_switch_companies'] } });
    expect(matchScreen('/account/company/abc')?.id).toBe('accountCompany');
    expect(matchScreen('/affiliate/create')?.id).toBe('affiliateCreate');
  });
  it('accepts a trailing slash, decodes parameters and answers null for unknown paths and bad escapes', () => {
    expect(matchScreen('/domains/')?.id).toBe('domainGroups');
    expect(matchScreen('/ip-addresses/a%20b')?.params).toEqual({ group: 'a b' });
    expect(matchScreen('/nope/a/b/c')).toBeNull();
    expect(matchScreen('/hosting/%E0%A4%A')).toBeNull();
    expect(matchScreen('/Account')).toBeNull();
  });
});

describe('screenAt', () => {
  it('names the page with its title, and no page where the parameters name none', () => {
    expect(screenAt('/billing/invoices/12')).toMatchObject({ screen: 'billingInvoice', title: 'Invoice #12', supportId: 'billing', props: { id: 12 } });
    expect(screenAt('/billing/invoices/0')).toBeNull();
    expect(screenAt('/billing/orders')).toBeNull();
    expect(screenAt('/company/users')).toMatchObject({ screen: 'companyKey', title: 'Users', props: { tab: 'users', guid: null } });
    expect(screenAt('/company/0A1B2C3D-0000-4000-8000-000000000000')).toMatchObject({ props: { tab: 'profile', guid: '0a1b2c3d-0000-4000-8000-000000000000' } });
    expect(screenAt('/company/nope')).toBeNull();
    expect(screenAt('/account/company/users')).toBeNull();
  });
});

describe('canOpen', () => {
  it('needs every scope of the screen', () => {
    const invoice = matchScreen('/billing/invoices/1')!.screen;
    expect(canOpen(invoice, owner)).toBe(true);
    expect(canOpen(invoice, { permissions: ['can_view_billing'], isCustomer: false })).toBe(false);
  });
  it('keeps customers out of account, company, affiliate and support', () => {
    for (const path of ['/account', '/company', '/affiliate', '/support', '/account/profile']) {
      expect(canOpen(matchScreen(path)!.screen, { permissions: ALL_SCOPES, isCustomer: true }), path).toBe(false);
    }
  });
});

describe('buildMenu', () => {
  const labels = (v: typeof owner) => buildMenu(v, '/support').map((m) => m.label);
  it('shows the owner every entry', () => {
    expect(labels(owner)).toEqual([
      'Dashboard',
      'Domains',
      'Websites',
      'IP Addresses',
      'Hosting',
      'Firewall',
      'Billing',
      'Services',
      'Account',
      'Company',
      'Affiliate',
      'Support',
      'Knowledge Base',
    ]);
  });
  it('hides the entries closed to customers and those their scopes lack', () => {
    expect(labels(customer)).toEqual(['Dashboard', 'Domains', 'IP Addresses', 'Hosting', 'Knowledge Base']);
  });
  it('hides Billing and Services without can_view_billing', () => {
    expect(labels(noBilling)).not.toContain('Billing');
    expect(labels(noBilling)).not.toContain('Services');
  });
  it('opens an http Knowledge Base link in a new window', () => {
    const kb = buildMenu(owner, 'https://kb.example.com').at(-1)!;
    expect(kb).toMatchObject({ external: true, href: 'https://kb.example.com' });
    expect(buildMenu(owner, '/support').at(-1)!.external).toBe(false);
  });
});

describe('activeMenuKey', () => {
  it('is the first path segment', () => {
    expect(activeMenuKey('/')).toBe('');
    expect(activeMenuKey('/billing/invoices/3')).toBe('billing');
  });
});

describe('presets', () => {
  it('STAFF lacks user and contact management, invoice download, credit notes and transactions', () => {
    for (const s of ['can_add_company_users', 'can_edit_company_contacts', 'can_download_invoices', 'can_view_credit_notes', 'can_view_transactions'] as const) {
      expect(PRESETS.STAFF).not.toContain(s);
    }
    expect(PRESETS.STAFF).toContain('can_view_billing');
  });
  it('BILLING holds only billing and VAT scopes (and the company page)', () => {
    expect(PRESETS.BILLING.every((s) => (SCOPE_GROUPS.billing as readonly string[]).includes(s) || s === 'can_view_company_info')).toBe(true);
  });
  it('has no duplicate scope names', () => {
    expect(new Set(ALL_SCOPES).size).toBe(ALL_SCOPES.length);
  });
});
