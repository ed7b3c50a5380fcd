import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ISLANDS } from '../../../src/islands/shell/PanelPage';
import { SCREEN_IDS, SCREEN_MATCHERS, screenAt } from '../../../src/lib/rules/routes';
import { SCREENS, SUPPORT_IDS, type ScreenId, type ScreenView } from '../../../src/lib/rules/screens';
import { panelPageAt } from '../../../src/stores/router';
import { touredAddresses, type DemoIds } from '../../e2e/tour/screens';

const BASE = 'https://panel.example/account';
const GUID = '0a1b2c3d-0000-4000-8000-00000000000f';
const IDS: DemoIds = {
  domainGroup: GUID,
  website: GUID,
  ipGroup: GUID,
  hostingAccount: GUID,
  firewallRule: GUID,
  order: 10001,
  invoice: 20002,
  creditNote: 30003,
  company: GUID,
  otherCompany: GUID,
  membership: GUID,
  affiliateInvoice: 40004,
  standIns: [],
};

/** Every screen with the pages the tour opens for it. */
const examples = SCREEN_IDS.map((id) => ({ id, paths: touredAddresses(id, IDS) }));

/** The island element a view renders (looked up by a runtime id, whose props the types cannot follow). */
const islandOf = (view: ScreenView): ReactElement => (ISLANDS[view.screen] as (props: object) => ReactElement)(view.props);

describe('the screen table', () => {
  it('has one pattern per screen: no two alike, even with their parameters named apart', () => {
    const shapes = SCREEN_IDS.map((id) => SCREENS[id].pattern.replace(/\{\w+\}/g, '{}'));
    expect(new Set(shapes).size).toBe(SCREEN_IDS.length);
    for (const id of SCREEN_IDS) expect(SCREENS[id].pattern, id).toMatch(/^\/([\w.-]+|\{\w+\})?(\/([\w.-]+|\{\w+\}))*$/);
  });

  it('gives every screen an island and no island to a screen it does not list', () => {
    expect(Object.keys(ISLANDS).sort()).toEqual([...SCREEN_IDS].sort());
  });

  it('opens each screen at the addresses the tour visits, with a title, its support article and an island', () => {
    for (const { id, paths } of examples) {
      expect(paths.length, id).toBeGreaterThan(0);
      for (const path of paths) {
        const view = screenAt(path);
        expect(view?.screen, path).toBe(id);
        expect(view!.title.trim(), path).not.toBe('');
        if (view!.supportId) expect(SUPPORT_IDS, path).toContain(view!.supportId);
        expect(isValidElement(islandOf(view!)), path).toBe(true);
      }
    }
  });

  it('has an article for every support id a screen names, and a screen for every article', () => {
    const named = new Set(SCREEN_IDS.map((id) => SCREENS[id].supportId).filter((supportId) => supportId !== undefined));
    expect([...named].sort()).toEqual([...SUPPORT_IDS].sort());
  });

  it('puts menu entries only on screens without parameters, each with its own order and label', () => {
    const entries = SCREEN_IDS.flatMap((id) => {
      const { pattern, menu } = SCREENS[id];
      return menu ? [{ id, pattern, ...menu }] : [];
    });
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.pattern, entry.id).not.toContain('{');
      expect(screenAt(entry.pattern)?.screen, entry.id).toBe(entry.id);
    }
    expect(new Set(entries.map((e) => e.order)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.label)).size).toBe(entries.length);
  });

  it('tries every screen once, fixed segments before parameters', () => {
    expect(SCREEN_MATCHERS.map((m) => m.id).sort()).toEqual([...SCREEN_IDS].sort());
    const rank = (id: ScreenId) => SCREEN_MATCHERS.findIndex((m) => m.id === id);
    expect(rank('selectCompany')).toBeLessThan(rank('accountItem'));
    expect(rank('firewallAddRule')).toBeLessThan(rank('firewallTab'));
    expect(rank('affiliateCreate')).toBeLessThan(rank('affiliateTab'));
  });
});

describe('panel pages', () => {
  it('names each page with its title, and no page for an unknown tab or a key on another tab', () => {
    expect(screenAt('/')).toEqual({ screen: 'dashboard', title: 'Dashboard', supportId: undefined, hideTitle: true, props: {} });
    expect(screenAt('/account')).toMatchObject({ screen: 'account', props: { tab: 'profile' }, title: 'Profile' });
    expect(screenAt('/account/logins')).toMatchObject({ props: { tab: 'logins' }, title: 'Logins', supportId: 'account' });
    expect(screenAt('/account/nope')).toBeNull();
    expect(screenAt('/account/companies/abc')).toMatchObject({ props: { tab: 'companies', itemKey: 'abc' } });
    expect(screenAt('/account/logins/abc')).toBeNull();
    expect(screenAt('/domains/g/domains')).toBeNull();
    expect(screenAt('/firewall/rules')).toBeNull();
  });

  it('opens within the panel only addresses of its pages on the same origin', () => {
    expect(panelPageAt('/account/logs/', BASE)).toMatchObject({ props: { tab: 'logs' } });
    expect(panelPageAt('/account/select-company/0a1b', BASE)).toMatchObject({ screen: 'selectCompany', props: { guid: '0a1b' } });
    expect(panelPageAt('/?error=x', BASE)).toMatchObject({ screen: 'dashboard' });
    expect(panelPageAt('/domains', BASE)).toMatchObject({ screen: 'domainGroups' });
    expect(panelPageAt('/domains/0a1b/tasks', BASE)).toMatchObject({ screen: 'domainGroupTab', props: { group: '0a1b', tab: 'tasks' } });
    expect(panelPageAt('/domains/0a1b/nope', BASE)).toBeNull();
    expect(panelPageAt('/hosting/0a1b', BASE)).toMatchObject({ screen: 'hostingAccount', props: { guid: '0a1b' }, title: 'Hosting Account' });
    expect(panelPageAt('/hosting/0a1b/nope', BASE)).toBeNull();
    expect(panelPageAt('/auth/logout', BASE)).toBeNull();
    expect(panelPageAt('https://elsewhere.example/account', BASE)).toBeNull();
  });

  it('keeps one island mounted across the tabs of an area, and starts another object afresh', () => {
    const element = (path: string) => islandOf(screenAt(path)!);
    expect(element('/account').type).toBe(element('/account/logins').type);
    expect(element('/account').type).toBe(element('/account/companies/abc').type);
    expect(element('/company').type).toBe(element(`/account/company/${GUID}/users`).type);
    expect(element('/ip-addresses/a').key).not.toBe(element('/ip-addresses/b').key);
    expect(element('/firewall/add').key).not.toBe(element(`/firewall/edit/${GUID}`).key);
  });
});
