/**
 * The preferences in this browser (theme, sidebar, time zone) in Node: the page they change
 * and the screen they read are the panel environment's (src/stores/environment.ts), here a page
 * in memory.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { panelApi, setEnvironment } from '../../../src/stores/environment';
import { DARK_CLASS, DARK_KEY, DRAWER_BELOW, PREFERENCE_PREFIX } from '../../../src/stores/preference-keys';
import { $drawerOpen, $narrowScreen, $preferences, $sidebar, setDarkMode, setDrawerOpen, setSidebarCollapsed, setTimeZone, toggleSidebar } from '../../../src/stores/preferences';
import { pageInMemory, type PageInMemory } from '../../api/helpers/page';

useTestStorageEngine();

let page: PageInMemory;
/** The query the sidebar asks: narrower than the drawer width. */
const PHONE = `(max-width: ${DRAWER_BELOW - 0.02}px)`;

beforeEach(() => {
  cleanStores($sidebar, $narrowScreen);
  cleanTestStorage();
  setDrawerOpen(false);
  page = pageInMemory('/');
  // No call reaches the API here.
  setEnvironment(page.environment(panelApi('http://api.test')));
});

describe('the theme', () => {
  it('is kept under the key the pre-paint script reads, and set on the root at once', () => {
    setDarkMode(true);
    expect($preferences.get().darkMode).toBe(true);
    expect(getTestStorage()).toMatchObject({ [DARK_KEY]: 'true' });
    expect(DARK_KEY.startsWith(PREFERENCE_PREFIX)).toBe(true);
    expect(page.rootClasses).toEqual(new Set([DARK_CLASS]));
    setDarkMode(false);
    expect(page.rootClasses).toEqual(new Set());
    expect($preferences.get().darkMode).toBe(false);
  });
});

describe('the sidebar', () => {
  it('collapses to icons on a wide screen, remembered', () => {
    const stop = $sidebar.listen(() => undefined);
    expect($sidebar.get()).toEqual({ drawer: false, expanded: true });
    toggleSidebar();
    expect($sidebar.get()).toEqual({ drawer: false, expanded: false });
    expect(getTestStorage()).toMatchObject({ [`${PREFERENCE_PREFIX}sidebar`]: 'collapsed' });
    stop();
  });

  it('is a drawer, closed until opened, once the screen is narrow, and follows the screen', () => {
    setSidebarCollapsed(true);
    page.matches = (query) => query === PHONE;
    const stop = $sidebar.listen(() => undefined);
    expect($narrowScreen.get()).toBe(true);
    expect($sidebar.get()).toEqual({ drawer: true, expanded: false });
    toggleSidebar();
    expect($drawerOpen.get()).toBe(true);
    expect($sidebar.get()).toEqual({ drawer: true, expanded: true });
    // The collapsed column is not touched by the drawer.
    expect($preferences.get().sidebarCollapsed).toBe(true);
    page.matches = () => false;
    page.mediaChanged();
    expect($sidebar.get()).toEqual({ drawer: false, expanded: false });
    stop();
  });
});

describe('the time zone', () => {
  it('is UTC until the viewer asks for their own', () => {
    expect($preferences.get().timeZone).toBe('utc');
    setTimeZone('local');
    expect($preferences.get().timeZone).toBe('local');
    expect(getTestStorage()).toMatchObject({ [`${PREFERENCE_PREFIX}time`]: 'local' });
  });
});
