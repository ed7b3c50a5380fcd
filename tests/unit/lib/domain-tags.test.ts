import { describe, expect, it } from 'vitest';
import { expiryTag, healthTag, isSelectableDomain, softwareTag, sslTag } from '../../../src/lib/rules/domain-tags';

const base = {
  is_subdomain: false,
  ip_address: { ip_address: '5.0.0.10' },
  google_safe_browsing: null,
  health: { date_health_checked: '2026-11-01T00:00:00.000Z', is_nxdomain: false, is_expired: false, resolved_ip_address: '5.0.0.10' },
};

describe('health tag (spec part 2, 2.3)', () => {
  it('reads each state in order of weight', () => {
    expect(healthTag(base).label).toBe('Healthy');
    expect(healthTag({ ...base, is_subdomain: true }).label).toBe('Subdomain');
    expect(healthTag({ ...base, health: { ...base.health, date_health_checked: null } })).toMatchObject({ label: 'Pending check', hint: 'Health not yet checked!' });
    expect(healthTag({ ...base, health: { ...base.health, is_nxdomain: true } }).label).toBe('NXDOMAIN');
    expect(healthTag({ ...base, health: { ...base.health, is_expired: true } }).label).toBe('Expired');
    expect(healthTag({ ...base, health: { ...base.health, resolved_ip_address: '9.9.9.9' } })).toMatchObject({ label: 'Attention', group: 'warning' });
    expect(healthTag({ ...base, google_safe_browsing: { statuses: ['MALWARE'] }, health: { ...base.health, is_nxdomain: true } }).label).toBe('Unsafe');
  });
});

describe('expiry tag (spec decisions, 3)', () => {
  it('has two levels of warning', () => {
    expect(expiryTag(null)).toBeNull();
    expect(expiryTag(-1)).toMatchObject({ label: 'Expired', group: 'error' });
    expect(expiryTag(0)).toMatchObject({ label: 'Expiring', group: 'error' });
    expect(expiryTag(7)).toMatchObject({ label: 'Expiring', group: 'error' });
    expect(expiryTag(8)).toMatchObject({ label: 'Expiring', group: 'warning' });
    expect(expiryTag(30)).toMatchObject({ label: 'Expiring', group: 'warning' });
    expect(expiryTag(31)).toBeNull();
  });
});

describe('SSL and software columns', () => {
  it('say installed, updating or busy', () => {
    expect(sslTag(null)).toBeNull();
    expect(sslTag({ status: 'ACTIVE' })?.label).toBe('Installed');
    expect(sslTag({ status: 'PENDING' })?.label).toBe('Updating');
    expect(softwareTag({ status: 'ACTIVE', software_name: 'WordPress' })?.label).toBe('WordPress');
    expect(softwareTag({ status: 'INSTALLING', software_name: 'WordPress' })?.label).toBe('Busy');
    expect(isSelectableDomain({ status: 'ACTIVE' })).toBe(true);
    expect(isSelectableDomain({ status: 'ADDING' })).toBe(false);
  });
});
