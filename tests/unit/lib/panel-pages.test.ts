import { describe, expect, it } from 'vitest';
import { PANEL_ROUTES, panelView } from '../../../src/lib/rules/panel-pages';
import { APP_ROUTES } from '../../../src/lib/rules/routes';
import { panelPageAt } from '../../../src/stores/router';

const BASE = 'https://panel.example/account';

describe('panel pages', () => {
  it('names each built page with its title, and no page for an unknown tab or a key on another tab', () => {
    expect(panelView('dashboard', {})).toEqual({ route: 'dashboard', title: 'Dashboard', hideTitle: true });
    expect(panelView('account', {})).toMatchObject({ route: 'account', tab: 'profile', title: 'Profile' });
    expect(panelView('accountTab', { tab: 'logins' })).toMatchObject({ tab: 'logins', title: 'Logins', supportId: 'account' });
    expect(panelView('accountTab', { tab: 'nope' })).toBeNull();
    expect(panelView('accountItem', { tab: 'companies', key: 'abc' })).toMatchObject({ tab: 'companies', itemKey: 'abc' });
    expect(panelView('accountItem', { tab: 'logins', key: 'abc' })).toBeNull();
  });

  it('opens within the panel only addresses of its pages on the same origin', () => {
    expect(panelPageAt('/account/logs/', BASE)).toMatchObject({ tab: 'logs' });
    expect(panelPageAt('/account/select-company/0a1b', BASE)).toMatchObject({ route: 'selectCompany', guid: '0a1b' });
    expect(panelPageAt('/?error=x', BASE)).toMatchObject({ route: 'dashboard' });
    expect(panelPageAt('/domains', BASE)).toMatchObject({ route: 'domainGroups' });
    expect(panelPageAt('/domains/0a1b/tasks', BASE)).toMatchObject({ route: 'domainGroup', group: '0a1b', tab: 'tasks' });
    expect(panelPageAt('/domains/0a1b/nope', BASE)).toBeNull();
    expect(panelPageAt('/hosting/0a1b', BASE)).toMatchObject({ route: 'hostingAccount', guid: '0a1b', title: 'Hosting Account' });
    expect(panelPageAt('/hosting/0a1b/nope', BASE)).toBeNull();
    expect(panelPageAt('/account/nope', BASE)).toBeNull();
    expect(panelPageAt('/auth/logout', BASE)).toBeNull();
    expect(panelPageAt('https://elsewhere.example/account', BASE)).toBeNull();
  });

  it('lists only addresses of the route table, whose scopes guard them', () => {
    // The same address in both tables, parameters named alike apart: ':tab' is '{page}'.
    const appPatterns = new Set(APP_ROUTES.map((r) => r.pattern.replace(/\{\w+\}/g, ':')));
    for (const pattern of Object.values(PANEL_ROUTES)) expect(appPatterns, pattern).toContain(pattern.replace(/:\w+/g, ':'));
  });
});
