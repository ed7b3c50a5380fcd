import { describe, expect, it } from 'vitest';
import { accountTabPath, accountTabsFor, isAccountTab } from '../../../src/lib/rules/account-tabs';

describe('account tabs', () => {
  it('shows every tab to users, and no Companies or Invitations to SUBUSER members', () => {
    expect(accountTabsFor('USER').map((t) => t.label)).toEqual(['Profile', 'Emails', 'Notifications', 'Logins', 'Logs', 'Companies', 'Invitations']);
    expect(accountTabsFor('SUBUSER').map((t) => t.value)).toEqual(['profile', 'emails', 'notifications', 'logins', 'logs']);
  });

  it('puts profile at /account and the others at /account/{tab}', () => {
    expect(accountTabPath('profile')).toBe('/account');
    expect(accountTabPath('logins')).toBe('/account/logins');
    expect(isAccountTab('logs')).toBe(true);
    expect(isAccountTab('select-company')).toBe(false);
  });
});
