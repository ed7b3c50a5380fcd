import { describe, expect, it } from 'vitest';
import { activeMenuKey, buildMenu, canOpen, matchAppRoute } from '../../../src/lib/rules/routes';
import { ALL_SCOPES, PRESETS, SCOPE_GROUPS } from '../../../src/lib/rules/scopes';

const owner = { permissions: ALL_SCOPES, isCustomer: false };
const customer = { permissions: PRESETS.CUSTOMER, isCustomer: true };
const noBilling = { permissions: PRESETS.STAFF.filter((s) => !(SCOPE_GROUPS.billing as readonly string[]).includes(s)), isCustomer: false };

describe('matchAppRoute', () => {
  it('matches fixed paths before parameter paths', () => {
    expect(matchAppRoute('/firewall/add')?.route.pattern).toBe('/firewall/add');
    expect(matchAppRoute('/firewall/policies')?.route.pattern).toBe('/firewall/{page}');
    expect(matchAppRoute('/billing/orders/10001')).toMatchObject({ route: { pattern: '/billing/orders/{id}' }, params: { id: '10001' } });
    expect(matchAppRoute('/account/select-company/abc')?.route.scopes).toEqual(['can_switch_companies']);
  });
  it('accepts a trailing slash and answers null for unknown paths', () => {
    expect(matchAppRoute('/domains/')?.route.pattern).toBe('/domains');
    expect(matchAppRoute('/nope/a/b/c')).toBeNull();
  });
});

describe('canOpen', () => {
  it('needs every scope of the route', () => {
    const invoice = matchAppRoute('/billing/invoices/1')!.route;
    expect(canOpen(invoice, owner)).toBe(true);
    expect(canOpen(invoice, { permissions: ['can_view_billing'], isCustomer: false })).toBe(false);
  });
  it('keeps customers out of account, company, affiliate and support', () => {
    for (const path of ['/account', '/company', '/affiliate', '/support', '/account/profile']) {
      expect(canOpen(matchAppRoute(path)!.route, { permissions: ALL_SCOPES, isCustomer: true }), path).toBe(false);
    }
  });
});

describe('buildMenu', () => {
  const labels = (v: typeof owner) => buildMenu(v, '/support').map((m) => m.label);
  it('shows the owner every entry', () => {
    expect(labels(owner)).toEqual(['Dashboard', 'Domains', 'Websites', 'IP Addresses', 'Hosting', 'Firewall', 'Billing', 'Services', 'Account', 'Company', 'Affiliate', 'Support', 'Knowledge Base']);
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
